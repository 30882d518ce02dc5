"""Measuring and tuning the bots of games.engine.bots (docs/bots.md)."""
