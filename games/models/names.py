"""A column that keeps a copy of a person's name as it was at a table (a seat, a chat
line, an unnamed table's host): read through `shown_name`, so a deleted member's token
reads "Deleted player 7" in the reader's language, and written back as the token
(docs/privacy.md#deleting-an-account)."""

from __future__ import annotations

from typing import Any

from django.db import models

from games.wording.names import shown_name, stored_name


class NameCopyField(models.CharField):
    def from_db_value(self, value: str | None, expression: Any, connection: Any) -> str | None:
        return None if value is None else shown_name(value)

    def get_prep_value(self, value: Any) -> Any:
        return super().get_prep_value(stored_name(value) if isinstance(value, str) else value)

    def deconstruct(self) -> Any:
        # Stored as a plain CharField: reading it differently changes no column.
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs
