"""`__in` on an integer column leaves out the numbers the column cannot hold
(docs/security.md#numbers-no-column-holds).

Django already says that `exact`, `gt` and the like on an integer column match no row
(or every row) for a number out of the column's range, rather than send it
(`IntegerFieldOverflow`). It does not for `in`, which a form's multiple choice of rows
uses (`pk__in`, the admin's groups and permissions, say): SQLite's driver then raises
OverflowError for a number past 64 bits, a 500 for anyone who posts one. Such a number
matches no row, so it is dropped from the list; a list left empty matches nothing, as
Django's `In` says of an empty list.
"""

from __future__ import annotations

from typing import Any

from django.db.models import IntegerField
from django.db.models.lookups import In


@IntegerField.register_lookup
class IntegerFieldIn(In):
    # The list of values on the right of `__in`, set by Django's Lookup (untyped here).
    rhs: Any

    def process_rhs(self, compiler: Any, connection: Any) -> Any:
        if self.rhs_is_direct_value():
            kind = self.lhs.output_field.get_internal_type()
            low, high = connection.ops.integer_field_range(kind)
            self.rhs = [value for value in self.rhs if not _outside(value, low, high)]
        return super().process_rhs(compiler, connection)


def _outside(value: Any, low: int | None, high: int | None) -> bool:
    if not isinstance(value, int):
        return False
    return (low is not None and value < low) or (high is not None and value > high)
