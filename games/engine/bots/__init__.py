"""Bots: each picks one of `observation.legal` from what its observation shows."""

from .baseline import BaselineBot

__all__ = ["BaselineBot"]
