"""Placeholder until games/services is split: ServiceError's own module."""

from games.services import ServiceError

__all__ = ["ServiceError"]
