"""Fixtures for the accounts' tests: the clubs' and events' people (ann owns the Kitchen
Club, bob, the members p1..p7), for the tests of the data download and of deleting an account."""

from tests.accounts.exports import export_dir  # noqa: F401  (shared fixtures)
from tests.games.conftest import staff  # noqa: F401
from tests.tournaments.conftest import (  # noqa: F401  (shared fixtures)
    ann,
    bob,
    club,
    make_event,
    members,
    presets,
    scat,
)
