"""The refusals of the write paths (docs/persistence.md#the-write-path): a `ServiceError` carries a
sentence for the person who asked. A module of its own, importing nothing, so that
anything may catch or raise them -- a form, a view, another app's services -- without
importing the code that writes games."""

from __future__ import annotations


class ServiceError(Exception):
    """A request that cannot be done, with a message for the person who made it.

    `field` names the form field it is about, when there is one.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class StaleMove(ServiceError):
    """The move was made against an old view of the table (or was sent twice)."""
