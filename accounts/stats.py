"""What a profile page shows about a player's games.

The games app fills this in (recent games, wins, lives left …); the profile
page renders whatever `player_summary` returns and needs no change for it.
"""

from __future__ import annotations

from typing import Any, TypedDict

from accounts.models import User


class PlayerSummary(TypedDict):
    # One entry per game, newest first; the games app decides what an entry holds.
    games: list[Any]


def player_summary(user: User) -> PlayerSummary:
    """The summary shown on `user`'s profile page."""
    return {"games": []}
