"""Where a table's pseudonyms are numbered (docs/privacy.md#my-name-off-public-pages): at
an event's table, the event's numbers (its app registers them with
`games.wording.readers`); at any other, the order in which people first sat at it, so
the 2nd player of its first game reads "Player 2" in every game and replay of it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from django.urls import ResolverMatch

from games.models import Game, GamePlayer, Seat
from games.wording import readers
from games.wording.names import stored_name

# The pages of one table, by the name of their `pk` ...
TABLE_PAGES = frozenset({"table", "table_seats", "table_start", "table_close", "table_leave"})
TABLE_PAGES |= {"table_chat", "table_chat_mute", "table_chat_hide"}
# ... and of one game.
GAME_PAGES = frozenset({"play", "game_view", "manage_game", "game_levels", "shuffles"})
GAME_PAGES |= {"game_page", "replay", "transcript"}


def of_table(table_id: int, reader: Any = None) -> readers.Scope:
    found = readers.table_scope(table_id, reader)
    if found is not None:
        return found

    def numbers() -> dict[str, int]:
        played = GamePlayer.objects.filter(game__table_id=table_id, user__isnull=False)
        names = list(
            played.order_by("game_id", "position").values_list("user__username", flat=True)
        )
        seated = Seat.objects.filter(table_id=table_id, user__isnull=False)
        names += seated.order_by("position").values_list("user__username", flat=True)
        return {name: number for number, name in enumerate(dict.fromkeys(names), start=1)}

    return readers.Scope(f"table-{table_id}", numbers)


def page_scope(match: ResolverMatch, viewer: Any) -> readers.Scope | None:
    pk = match.kwargs.get("pk")
    if pk is None or not match.func.__module__.startswith("games."):
        return None
    if match.url_name in TABLE_PAGES:
        return readers.DeferredScope(lambda: of_table(int(pk), viewer))
    if match.url_name in GAME_PAGES:
        return readers.DeferredScope(lambda: _of_game(int(pk), viewer))
    return None


def _of_game(game_id: int, viewer: Any) -> readers.Scope | None:
    table = Game.objects.filter(pk=game_id).values_list("table_id", flat=True).first()
    return of_table(table, viewer) if table is not None else None


def register() -> None:
    readers.register_scope(page_scope)


def names_vary(game: Game) -> bool:
    """Whether `game`'s names read differently to different readers: someone at it
    keeps their name off public pages."""
    stored = {stored_name(name) for name in game.state.get("names", ())}
    return bool(stored & readers.strict_hidden())


@contextlib.contextmanager
def reading_seat(game: Game, seat: int | None) -> Iterator[None]:
    """Names in `seat`'s view of `game` as that seat's player reads them; in the
    spectators' view -- one render for all of them, pushed to all -- as no one in
    particular does (the strict lens). Costs nothing at a table where no one hides
    their name."""
    if not names_vary(game):
        yield
        return
    user = None
    if seat is not None:
        player = GamePlayer.objects.filter(game=game, position=seat).select_related("user")
        user = next((p.user for p in player), None)
    with readers.reading_as(user, of_table(game.table_id, user)):
        yield
