"""Where a duplicate event keeps its games (docs/tournaments.md#boards): one a board at each
table, `BoardPlay`, not the round table's. Its `Format.games`."""

from __future__ import annotations

from games.models import Game
from tournaments.models import BoardPlay


def event_of_game(game_id: int) -> int | None:
    """The event whose board `game_id` is a game of, if any."""
    found = BoardPlay.objects.filter(game_id=game_id).values_list(
        "board__round__event_id", flat=True
    )
    return found[0] if found else None


def unrecorded_games() -> list[int]:
    """Board games over but not recorded (a lost task): the sweep records them."""
    return list(
        BoardPlay.objects.filter(
            finished_at__isnull=True, game__status__in=[Game.FINISHED, Game.ENDED]
        ).values_list("game_id", flat=True)
    )
