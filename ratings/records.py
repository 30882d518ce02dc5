"""Which games are rated, and their results as the fold's `Record`s.

A game is rated when it is over (played out, or ended early: it is rated as it stood,
by place), was played at a table opened as rated or at a tournament's table, and had at
least two people with accounts at it. A game whose players all share one place (ended
before anyone lost a thing) tells nothing and is not rated. Nor is a game of a fixed
number of deals (the engine's `last_deal`): a knockout's deal or a duplicate board is a
slice of an event, not a game, and duplicate boards dealt alike at every table are
strongly correlated (issue 25). Everything is read from the
results `games` stores (`GamePlayer.place`, `bot_moves`) and the event log (the moves
made at each seat, for the weights).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from games.engine.events import MOVE_KINDS
from games.models import Game, GameEvent, GamePlayer
from ratings.families import family_of
from ratings.fold import Player, Record
from tournaments.models import RoundTable

BATCH = 2000


def rated_games() -> QuerySet[Game]:
    """Games that count, in the fold's order (finishing time, then id)."""
    humans = Count("players", filter=Q(players__bot_level="", players__user__isnull=False))
    return (
        Game.objects.filter(status__in=(Game.FINISHED, Game.ENDED), finished_at__isnull=False)
        .filter(Q(table__rated=True) | Exists(RoundTable.objects.filter(game=OuterRef("pk"))))
        # A whole game has no `last_deal` (a missing key, or JSON null since it was kept).
        .filter(Q(state__last_deal__isnull=True) | Q(state__last_deal=None))
        .annotate(humans=humans)
        .filter(humans__gte=2)
        .order_by("finished_at", "pk")
    )


def record_of(game_id: int) -> Record | None:
    """The game's `Record`, or None if it is not rated."""
    found = rated_games().filter(pk=game_id).select_related("table")
    game = found.only("finished_at", "table__rules").first()
    if game is None:
        return None
    return next(iter(records([game])), None)


def records(games: Iterable[Game]) -> Iterator[Record]:
    """The `Record`s of `games` (rated ones, with their tables), in the order given, read
    a batch at a time; games whose players all share a place are left out."""
    batch: list[Game] = []
    for game in games:
        batch.append(game)
        if len(batch) == BATCH:
            yield from _batch(batch)
            batch = []
    yield from _batch(batch)


def _batch(games: list[Game]) -> Iterator[Record]:
    if not games:
        return
    players: dict[int, list[GamePlayer]] = defaultdict(list)
    rows = GamePlayer.objects.filter(game__in=games).order_by("game", "position")
    for row in rows:
        players[row.game_id].append(row)
    moves = _moves({row.game_id for rows in players.values() for row in rows if row.bot_moves})
    for game in games:
        seats = players[game.pk]
        if any(p.place is None for p in seats) or len({p.place for p in seats}) < 2:
            continue
        yield Record(
            game_id=game.pk,
            family=family_of(game.table.rules),
            finished_at=game.finished_at,
            players=tuple(
                Player(
                    place=p.place,
                    user_id=None if p.bot_level else p.user_id,
                    bot_level=p.bot_level,
                    bot_moves=p.bot_moves,
                    moves=moves.get((game.pk, p.position), 0),
                )
                for p in seats
            ),
        )


def _moves(game_ids: set[int]) -> dict[tuple[int, int], int]:
    """(game, seat) → moves made at that seat, for games where a bot played for someone."""
    if not game_ids:
        return {}
    counted = (
        GameEvent.objects.filter(game__in=game_ids, kind__in=MOVE_KINDS, seat__isnull=False)
        .values_list("game", "seat")
        .annotate(n=Count("pk"))
        .order_by()
    )
    return {(game, seat): n for game, seat, n in counted}
