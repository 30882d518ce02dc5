"""The table page: seats before a game, the game itself, and its decks' proofs.

Thin views: they read, call `games.services`, and render or redirect. Writes are POSTs
by logged-in users: the table between games in `between_games`, the moves and the
game area in `moves`, what they share (the rate limit first) in `posting`.

The host (the table's owner) and staff also get controls while a game is played: let
a bot play for someone who is gone, or end the game (`moves.manage`; games.absence).
"""

from __future__ import annotations

import hashlib
from typing import Any, NamedTuple

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from games import (
    access,
    engine,
    gates,
    notes,
    presence,
    proofs,
    rendering,
    services,
    site,
)
from games.models import Game, Seat, Table
from games.rule_text import differences, how_to_play, rule_sections, rule_summary

# Seconds between reloads of the page without JavaScript, while waiting for others.
REFRESH_PLAYING, REFRESH_WAITING = 3, 5


@require_safe
def table_page(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("owner"), pk=pk)
    seats = list(table.seats.select_related("user"))
    game = table.games.order_by("-pk").first()
    if not access.may_watch(request.user, table, seats, game):
        raise Http404("No such table.")
    if request.user.is_authenticated and any(s.user_id == request.user.pk for s in seats):
        services.note_activity(table=table)  # the page's polls count too
    # Lines other apps add (games.notes): a knockout's arrivals and departures. Part of
    # the poll's version: they change between games without a seat or game changing
    # (a knockout's deal recorded everywhere, a table broken).
    table_notes = notes.for_table(table, request.user)
    version = _version(table, seats, game, table_notes)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)  # the poll before a game: nothing changed
    if game is not None and game.in_play:
        presence.mark_seen(game.pk, request.user)  # a sign of them (games.absence)
        arrived = services.arrive(game_id=game.pk, user=request.user)
        if arrived and table.first_turn_grace:
            game.refresh_from_db(fields=["turn_deadline"])  # their timer may start now
    context = _page_context(request, table, seats, game, version)
    context["table_notes"] = table_notes
    if not request.htmx:  # links at the page's foot, outside the part the poll swaps
        context["table_footer"] = notes.footer_for(table, request.user)
    template = "games/table.html#table-body" if request.htmx else "games/table.html"
    return render(request, template, context)


def _version(table: Table, seats: list[Seat], game: Game | None, lines: list[notes.Line]) -> str:
    """What the page shows between games, in a word: the poll compares it."""
    text = f"{table.owner_id}:{table.closed_at};"
    text += ";".join(f"{s.position}:{s.user_id}:{s.bot_level}" for s in seats)
    if game is not None:
        text += f"|{game.pk}:{game.status}"
    text += "|" + "\n".join(f"{line.text} {line.url}" for line in lines)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _seat_rows(table: Table, seats: list[Seat], user: Any) -> list[tuple[int, Seat | None, bool]]:
    """(position, seat or None, whether `user` may free it) for every seat: players leave
    their own seat; the owner, who keeps theirs, removes anyone else."""
    by_position = {s.position: s for s in seats}
    return [
        (
            position,
            seat,
            access.may_free_seat(user, table, seat),
        )
        for position in range(table.seat_count)
        for seat in [by_position.get(position)]
    ]


def _page_context(
    request: HttpRequest, table: Table, seats: list[Seat], game: Game | None, version: str
) -> dict[str, Any]:
    user = request.user
    my_seat = (
        next((s for s in seats if s.user_id == user.pk), None) if user.is_authenticated else None
    )
    is_owner = access.is_host(user, table)
    manager = access.manager_role(user, table)
    playing = game is not None and game.in_play
    closed = table.is_closed
    rules = table.engine_rules()
    context: dict[str, Any] = {
        "table": table,
        "seats": seats,
        "seat_rows": _seat_rows(table, seats, user),
        "free_seats": 0 if closed else table.seat_count - len(seats),
        "my_seat": my_seat,
        "is_owner": is_owner,
        "closed": closed,
        **_between_games(
            table, seats, user, my_seat, is_owner=is_owner, playing=playing, manager=manager
        ),
        "bot_levels": Seat.BOT_LEVELS,
        "playing": playing,
        "game": game,
        "version": version,
        "rules": rules,
        "summary": rule_summary(rules),
        "house_rules": differences(table.preset_rules(), rules),
        "sections": rule_sections(rules),
        "how_to_play": how_to_play(rules),
    }
    if game is not None:
        context.update(_game_part(request, game, manager=manager if playing else None))
    if playing:
        context["refresh_seconds"] = None if context["my_turn"] else REFRESH_PLAYING
    else:
        context["refresh_seconds"] = None if is_owner or closed else REFRESH_WAITING
    return context


def _between_games(
    table: Table,
    seats: list[Seat],
    user: Any,
    my_seat: Seat | None,
    *,
    is_owner: bool,
    playing: bool,
    manager: str | None,
) -> dict[str, Any]:
    """Who may do what between games, and what the seats and the invitation show."""
    closed = table.is_closed
    open_between_games = not closed and not playing
    may_join = (
        user.is_authenticated
        and access.seats_itself(table)
        and open_between_games
        and my_seat is None
        and len(seats) < table.seat_count
    )
    may_start = open_between_games and services.may_start(table, user, seats)
    join_refusal = _join_refusal(table, user) if may_join else None
    start_refusal = services.rated_refusal(table, user, seats) if may_start else None
    return {
        # Who may do what between games (games.services.close_table, leave_table).
        "hosting": is_owner and open_between_games,
        "can_close": open_between_games and manager is not None,
        # Who may start the next game (Table.starters; games.services.start_game).
        "can_start": may_start and start_refusal is None,
        "start_refusal": start_refusal,
        "next_host": services.next_host(table, seats) if is_owner else None,
        "can_join": may_join and join_refusal is None,
        "join_refusal": join_refusal,
        # Nobody joins a table the system seats: no invitation to hand out there.
        "invite_url": site.absolute(table.invite_url())
        if my_seat and not closed and access.seats_itself(table)
        else None,
        # The seats between games: not at a table the system seats once it has no one
        # left in them (a knockout's broken table, games.notes says where they went).
        "show_seats": not playing and (access.seats_itself(table) or bool(seats)),
    }


def _join_refusal(table: Table, user: Any) -> str | None:
    """Why another app's rule (games.gates: a ban from rated play, a block) would refuse
    `user` a seat here: the page then offers none, and says why instead."""
    if table.rated and (banned := gates.refusal(gates.RATED_PLAY, user, table)):
        return banned
    return gates.refusal(gates.JOIN, user, table)


def _game_part(request: HttpRequest, game: Game, *, manager: str | None) -> dict[str, Any]:
    """The game area's context for the viewer; with `manager` (a game in play that the
    viewer hosts or moderates), the controls to manage it too."""
    seat = access.seat_at(game, request.user)
    state = game.engine_state()
    context = rendering.seat_context(game, state, seat)
    # A whole page (not an htmx swap) focuses the first control of your turn itself,
    # JavaScript or not (static/js/live.js does it after a swap).
    context["autofocus"] = not request.htmx
    if manager is not None:
        context["manage"] = _manage_context(game, state, as_staff=manager == "staff")
    return context


class ManagedPlayer(NamedTuple):
    position: int
    name: str
    away: bool
    out: bool


def _manage_context(game: Game, state: engine.GameState, *, as_staff: bool) -> dict[str, Any]:
    """The host's (or staff's) controls: every person in the game, whether a bot plays
    for them already, and where the forms post."""
    return {
        "as_staff": as_staff,
        "url": reverse("manage_game", args=[game.pk]),
        "players": [
            ManagedPlayer(p.position, p.name, p.away, state.players[p.position].out)
            for p in rendering.rows(game).players
            if not p.is_bot
        ],
    }


@require_safe
def shuffles(request: HttpRequest, pk: int) -> HttpResponse:
    """Every deck of a game: its commitment, and once revealed its salt and order, for
    anyone who may watch the game to check."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    if not access.may_watch(request.user, game.table, game=game):
        raise Http404("No such game.")
    context = {"game": game, "table": game.table, "proofs": proofs.all_proofs(game)}
    return render(request, "games/shuffles.html", context)
