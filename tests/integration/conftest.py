"""Integration tests against real PostgreSQL and Redis.

`make test` runs them a second time with DATABASE_URL and REDIS_URL pointing at the
local servers; in the plain run (SQLite, no Redis) they skip and say why.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection

from tests.games.conftest import ann, bob, presets, scat, table  # noqa: F401  (shared fixtures)
from tests.tournaments.conftest import club, make_event, members  # noqa: F401


@pytest.fixture
def postgres() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: run with DATABASE_URL=postgres://... (make test does)")


@pytest.fixture
def redis_url() -> str:
    if not settings.REDIS_URL:
        pytest.skip("needs Redis: run with REDIS_URL=redis://... (make test does)")
    return settings.REDIS_URL


from tests.tournaments.cards.test_card_tables import twelve  # noqa: E402, F401  (a shared fixture)
