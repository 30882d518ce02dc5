"""A seat's standing in words (`games.rendering.standing`): the one text the game-over
panel of a game ended early and the archive's replay both show."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import SeatView
from games.rendering import standing


def seat(**fields: Any) -> SeatView:
    standing_at_the_start = dict(
        seat=0, name="ann", lives=3, on_county=False, stage_label=None, points=0, chips=0, out=False
    )
    return SeatView(**{**standing_at_the_start, **fields})


@pytest.mark.parametrize(
    ("scoring", "fields", "text"),
    [
        ("lives", {"out": True, "lives": 0}, "out"),
        ("points", {"out": True, "points": 40}, "out"),
        ("points", {"points": 1}, "1 point"),
        ("points", {"points": 0}, "0 points"),
        ("banking", {"chips": 1}, "1 chip"),
        ("banking", {"chips": 12}, "12 chips"),
        ("lives", {"lives": 1}, "1 life"),
        ("lives", {"lives": 3}, "3 lives"),
        ("lives", {"lives": 0, "on_county": True}, "on the county"),
        ("lives", {"lives": 2, "stage_label": "middle of the bus"}, "middle of the bus"),
        # Rules that name their stages name the county's too (ride the bus: "on the stairs").
        ("lives", {"lives": 0, "on_county": True, "stage_label": "on the stairs"}, "on the stairs"),
    ],
)
def test_a_standing_in_words(scoring: str, fields: dict[str, Any], text: str) -> None:
    assert standing(scoring, seat(**fields)) == text
