from tests.tournaments.conftest import (  # noqa: F401  (shared fixtures)
    ann,
    bob,
    club,
    make_event,
    members,
    presets,
    scat,
    staff,
)
from tests.tournaments.test_knockout import field, quick  # noqa: F401
