"""Calls: lines at the top of every page for one person ("Your game is ready: table 3,
seat 2 →"), kept up to date live over a socket of their own
(docs/club-night.md#calls-led-to-your-seat)."""
