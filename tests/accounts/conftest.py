"""The clubs' and events' fixtures, for the tests of what an account's deletion keeps."""

from tests.games.conftest import ann, bob, presets, scat, staff  # noqa: F401  (shared fixtures)
from tests.tournaments.conftest import club, make_event, members  # noqa: F401
