"""The bot levels are declared once, in the engine (`games.engine.bots.SEATED_LEVELS`):
the levels a table offers read from it, and every one of them has a fixed rating in
every family, or a game played against it could not be rated (`ratings.fold` reads
BOT_RATINGS[family][level])."""

from __future__ import annotations

from games.engine.bots import LEVELS, SEATED_LEVELS
from games.models import Seat
from ratings.bots import BOT_RATINGS
from ratings.families import FAMILIES


def test_every_level_a_table_may_seat_is_a_bot_the_engine_can_make() -> None:
    assert set(SEATED_LEVELS) <= set(LEVELS)


def test_the_tables_offer_the_engines_levels_by_the_names_the_migrations_have() -> None:
    assert Seat.BOT_LEVELS == [("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")]
    assert [level for level, _ in Seat.BOT_LEVELS] == list(SEATED_LEVELS)


def test_every_seated_level_has_a_fixed_rating_in_every_family() -> None:
    assert set(BOT_RATINGS) == set(FAMILIES)
    for family, ratings in BOT_RATINGS.items():
        assert list(ratings) == list(SEATED_LEVELS), family
        for mu, sigma in ratings.values():
            assert mu > 0 and sigma > 0
