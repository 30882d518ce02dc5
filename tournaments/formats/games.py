"""Where a format keeps its games (docs/tournaments.md#formats-one-plug-in-each): the
round tables' games, a game a table a round (or a deal), as most formats do. A format
that keeps them elsewhere (duplicate's boards, `tournaments.formats.duplicate.games`)
has its own module of these two functions, its `Format.games`; the registry asks each
kind once."""

from __future__ import annotations

from tournaments import progress
from tournaments.models import RoundTable


def event_of_game(game_id: int) -> int | None:
    """The event whose round table played `game_id`, if any."""
    found = RoundTable.objects.filter(game_id=game_id).values_list("round__event_id", flat=True)
    return found[0] if found else None


def unrecorded_games() -> list[int]:
    """The round tables' games that are over but not recorded (a lost task)."""
    return progress.unrecorded_round_games()
