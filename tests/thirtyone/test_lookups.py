"""`__in` on an integer column with numbers it cannot hold (thirtyone.lookups)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db


def test_numbers_no_integer_column_holds_match_no_row_among_the_rest(
    django_user_model: Any,
) -> None:
    ann = django_user_model.objects.create_user("ann")
    users = django_user_model.objects

    assert list(users.filter(pk__in=[2**63, ann.pk, -(2**63) - 1])) == [ann]
    assert not users.filter(pk__in=[2**63]).exists()
    assert users.exclude(pk__in=[2**63]).count() == 1
    assert list(users.filter(pk__in=[ann.pk])) == [ann]
