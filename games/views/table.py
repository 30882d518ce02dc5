"""The table page: seats before a game, the game itself, and the moves.

Thin views: they read, call `games.services`, and render or redirect. Writes are POSTs
by logged-in users; the services decide the seat from `request.user`, never from the
form. A plain form gets a redirect to the table (Post/Redirect/Get) with the outcome
in Django's messages. An htmx request gets the fresh game area; a refused move answers
it with status 200 and the message inside the area, because htmx swaps only 2xx
answers: the player sees why, next to the table as it now is, with no script of ours.

The host (the table's owner) and staff also get controls while a game is played: let
a bot play for someone who is gone, or end the game (`manage`; games.absence).

Every POST counts against the user's `ratelimit.ACTIONS` before it reads or writes
anything else: past the limit a plain form gets a 429 page that says how long to wait,
and an htmx move gets that message inside the game area like any other refusal.
"""

from __future__ import annotations

import hashlib
from typing import Any, NamedTuple

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, HttpResponseClientRefresh

from games import (
    access,
    engine,
    notes,
    presence,
    proofs,
    ratelimit,
    realtime,
    rendering,
    services,
    site,
)
from games.models import Game, Seat, Table
from games.rule_text import differences, how_to_play, rule_sections, rule_summary

# Seconds between reloads of the page without JavaScript, while waiting for others.
REFRESH_PLAYING, REFRESH_WAITING = 3, 5
MAX_ACTION_LENGTH = 200


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
    template = "games/table.html#table-body" if request.htmx else "games/table.html"
    return render(request, template, context)


def _over_limit(request: HttpRequest) -> int:
    """Count this POST against the user's limit: 0 if it is within it, else the seconds
    until they may act again."""
    return ratelimit.throttled(ratelimit.ACTIONS, f"user:{request.user.pk}")


def _too_many(request: HttpRequest, wait: int, table: Table) -> HttpResponse:
    """The answer to a POST over the limit: 429, the reason and the way back."""
    context = {"message": ratelimit.too_fast(wait), "table": table}
    response = render(request, "games/too_many.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


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
        # Who may do what between games (games.services.close_table, leave_table).
        "hosting": is_owner and not closed and not playing,
        "can_close": not closed and not playing and manager is not None,
        # Who may start the next game (Table.starters; games.services.start_game).
        "can_start": not closed and not playing and services.may_start(table, user, seats),
        "next_host": services.next_host(table, seats) if is_owner else None,
        "can_join": user.is_authenticated
        and access.seats_itself(table)
        and not closed
        and my_seat is None
        and not playing
        and len(seats) < table.seat_count,
        # Nobody joins a table the system seats: no invitation to hand out there.
        "invite_url": site.absolute(table.invite_url())
        if my_seat and not closed and access.seats_itself(table)
        else None,
        # The seats between games: not at a table the system seats once it has no one
        # left in them (a knockout's broken table, games.notes says where they went).
        "show_seats": not playing and (access.seats_itself(table) or bool(seats)),
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
        seat = access.seat_at(game, user)
        state = game.engine_state()
        context.update(rendering.game_context(game, state, seat))
        # A whole page (not an htmx swap) focuses the first control of your turn itself,
        # JavaScript or not (static/js/live.js does it after a swap).
        context["autofocus"] = not request.htmx
        if playing and manager is not None:
            context["manage"] = _manage_context(game, state, as_staff=manager == "staff")
    if playing:
        context["refresh_seconds"] = None if context["my_turn"] else REFRESH_PLAYING
    else:
        context["refresh_seconds"] = None if is_owner or closed else REFRESH_WAITING
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


def _visible_table(request: HttpRequest, pk: int) -> Table:
    """The table `pk`, or 404 for anyone who may not see it (a private table is not
    confirmed to exist)."""
    table = get_object_or_404(Table, pk=pk)
    if not access.may_watch(request.user, table):
        raise Http404("No such table.")
    return table


@login_required
@require_POST
def seats(request: HttpRequest, pk: int) -> HttpResponse:
    """action=join (the first free seat), leave (position: your seat, or as the owner
    any other), or add_bot (level)."""
    table = _visible_table(request, pk)
    if wait := _over_limit(request):
        return _too_many(request, wait, table)
    action = request.POST.get("action")
    try:
        if action == "join":
            seat = services.join_table(table=table, user=request.user)
            messages.success(request, _("You sit in seat %(seat)s.") % {"seat": seat.position + 1})
        elif action == "leave":
            position = _posted_int(request.POST, "position", _("Choose a seat to leave."))
            services.leave_seat(table=table, by=request.user, position=position)
            messages.success(request, _("The seat is free."))
        elif action == "add_bot":
            seat = services.add_bot(
                table=table, by=request.user, level=request.POST.get("level", "")
            )
            messages.success(request, _("%(name)s joins the table.") % {"name": seat.display_name})
        else:
            raise services.ServiceError(_("Choose to join, to leave or to add a bot."))
    except services.ServiceError as refused:
        messages.error(request, refused.message)
    if not access.may_watch(request.user, table):
        return redirect("lobby")  # they left a private table
    return redirect(table)


@login_required
@require_POST
def start(request: HttpRequest, pk: int) -> HttpResponse:
    table = _visible_table(request, pk)
    if wait := _over_limit(request):
        return _too_many(request, wait, table)
    try:
        position = request.POST.get("dealer")
        services.start_game(
            table=table,
            by=request.user,
            dealer_position=None
            if position is None
            else _posted_int(request.POST, "dealer", _("Choose who deals first.")),
        )
    except services.ServiceError as refused:
        messages.error(request, refused.message)
    if request.htmx:  # "Play again" in a game area: show the new game's whole page
        return HttpResponseClientRedirect(table.get_absolute_url())
    return redirect(table)


@login_required
@require_POST
def close(request: HttpRequest, pk: int) -> HttpResponse:
    """The host (or a staff member) closes the table for good, between games."""
    table = _visible_table(request, pk)
    if wait := _over_limit(request):
        return _too_many(request, wait, table)
    try:
        services.close_table(table=table, by=request.user)
    except services.ServiceError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("%(table)s is closed.") % {"table": table.title})
    return redirect(table)


@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """Leave the table between games: the host's seat and the table go to the next
    player, or the table closes if no other player sits there."""
    table = _visible_table(request, pk)
    if wait := _over_limit(request):
        return _too_many(request, wait, table)
    try:
        after = services.leave_table(table=table, by=request.user)
    except services.ServiceError as refused:
        messages.error(request, refused.message)
        return redirect(table)
    if after.is_closed:
        messages.success(
            request,
            _("You left %(table)s, and it is closed: no other player sat there.")
            % {"table": table.title},
        )
    elif after.owner_id is not None and after.owner_id != table.owner_id:
        host = Seat.objects.select_related("user").get(table=after, user_id=after.owner_id)
        messages.success(
            request,
            _("You left %(table)s. %(host)s hosts it now.")
            % {"table": table.title, "host": host.display_name},
        )
    else:
        messages.success(request, _("You left %(table)s.") % {"table": table.title})
    return redirect("lobby")


@login_required
@require_POST
def play(request: HttpRequest, pk: int) -> HttpResponse:
    """action=<an action's code> (or a compact form's fields) and seq=<the seq seen>."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    if not access.may_watch(request.user, game.table, game=game):
        raise Http404("No such game.")
    presence.mark_seen(game.pk, request.user)
    error = notice = None
    moved = None
    wait = _over_limit(request)
    if wait and not request.htmx:
        return _too_many(request, wait, game.table)
    try:
        if wait:  # htmx: said inside the game area, like any refused move
            raise services.ServiceError(ratelimit.too_fast(wait))
        action = _posted_action(request.POST)
        if action == "back":
            services.come_back(game_id=game.pk, user=request.user)
        else:
            seq = _posted_int(
                request.POST, "seq", _("This form is out of date: here is the table as it is now.")
            )
            moved = services.play(
                game_id=game.pk, user=request.user, action=action, expected_seq=seq
            ).game
    except services.StaleMove as stale:
        notice = stale.message
    except services.ServiceError as refused:
        error = refused.message
    return _answer_move(request, game, error=error, notice=notice, moved=moved)


@login_required
@require_POST
def levels(request: HttpRequest, pk: int) -> HttpResponse:
    """Ride the Bus levels added by agreement: action=propose with level=<a name>, or
    action=agree / decline with proposal=<the key of the proposal answered>. Answered
    like a move: the game area for htmx, else a redirect with the outcome."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    if not access.may_watch(request.user, game.table, game=game):
        raise Http404("No such game.")
    error = notice = None
    wait = _over_limit(request)
    if wait and not request.htmx:
        return _too_many(request, wait, game.table)
    action = request.POST.get("action", "")
    try:
        if wait:
            raise services.ServiceError(ratelimit.too_fast(wait))
        if action == "propose":
            name = request.POST.get("level", "")[:MAX_ACTION_LENGTH]
            services.propose_levels(game_id=game.pk, user=request.user, names=[name])
            notice = _("Your proposal is on the table: everyone still in must agree.")
        elif action in ("agree", "decline"):
            services.answer_levels(
                game_id=game.pk,
                user=request.user,
                agree=action == "agree",
                key=request.POST.get("proposal", ""),
            )
        else:
            raise services.ServiceError(_("Propose a level, or agree or decline."))
    except services.StaleMove as stale:
        notice = stale.message
    except services.ServiceError as refused:
        error = refused.message
    return _answer_move(request, game, error=error, notice=notice)


def _answer_move(
    request: HttpRequest,
    game: Game,
    *,
    error: str | None,
    notice: str | None,
    moved: Game | None = None,
) -> HttpResponse:
    """How a move (or a levels answer) is answered: without htmx a redirect to the table
    with the outcome as a message; with htmx the game area as it is now, for its viewer.
    `moved`: the game as the move saved it, which the push after the commit rendered
    from: unless the game has moved on since (one value read: a bot's reply, another
    request), the answer renders from it too, with what the push read at its seq."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        elif notice:
            messages.info(request, notice)
        return redirect(game.table)
    if moved is not None and moved.seq == realtime.current_seqs([game.pk]).get(game.pk):
        game = moved
    else:
        game = Game.objects.select_related("table").get(pk=game.pk)
    seat = access.seat_at(game, request.user)
    if error is None and notice is None:
        # The push after the commit rendered this seat's view already, if it has a
        # socket: the same fragment (no CSRF token: htmx sends it in a header).
        return HttpResponse(rendering.render_game_area(game, game.engine_state(), seat))
    return HttpResponse(
        rendering.render_game_area(
            game, game.engine_state(), seat, request=request, error=error, notice=notice
        )
    )


@require_safe
def game_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The game area for the viewer; 204 if `?seq=` is still the current seq."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    if not access.may_watch(request.user, game.table, game=game):
        raise Http404("No such game.")
    if game.in_play:
        presence.mark_seen(game.pk, request.user)  # a page without a socket polls
    if request.GET.get("seq") == str(game.seq):
        if (
            request.htmx
            and not game.in_play
            and Game.objects.filter(table_id=game.table_id, pk__gt=game.pk).exists()
        ):
            return HttpResponseClientRefresh()  # a new game was dealt: show it
        return HttpResponse(status=204)
    seat = access.seat_at(game, request.user)
    return HttpResponse(
        rendering.render_game_area(game, game.engine_state(), seat, request=request)
    )


@login_required
@require_POST
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    """The host's or staff's: action=bot with position=<a seat> (a bot plays for that
    person until they are back) or action=end (the game ends, no one wins), with
    seq=<the seq seen>. A plain form: the answer is the table page, with what happened."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    if not access.may_watch(request.user, game.table, game=game):
        raise Http404("No such game.")
    if wait := _over_limit(request):
        return _too_many(request, wait, game.table)
    action = request.POST.get("action")
    try:
        seq = _posted_int(
            request.POST, "seq", _("This form is out of date: here is the table as it is now.")
        )
        if action == "bot":
            position = _posted_int(request.POST, "position", _("Choose a player."))
            player = services.replace_with_bot(
                game_id=game.pk, by=request.user, position=position, expected_seq=seq
            )
            messages.success(
                request,
                _("A bot plays for %(name)s until they press “I'm back”.") % {"name": player.name},
            )
        elif action == "end":
            services.end_game(game_id=game.pk, by=request.user, expected_seq=seq)
            messages.success(request, _("The game is ended: no one wins, the standings stand."))
        else:
            raise services.ServiceError(_("Choose to let a bot play or to end the game."))
    except services.StaleMove:
        messages.info(
            request,
            _(
                "The table moved on before your request arrived, so nothing was done: here "
                "is the table as it is now. Ask again if you still want to."
            ),
        )
    except services.ServiceError as refused:
        messages.error(request, refused.message)
    return redirect(game.table)


@require_safe
def shuffles(request: HttpRequest, pk: int) -> HttpResponse:
    """Every deck of a game: its commitment, and once revealed its salt and order, for
    anyone who may watch the game to check."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    if not access.may_watch(request.user, game.table, game=game):
        raise Http404("No such game.")
    context = {"game": game, "table": game.table, "proofs": proofs.all_proofs(game)}
    return render(request, "games/shuffles.html", context)


def _posted_int(data: QueryDict, name: str, message: str) -> int:
    try:
        return int(data.get(name, ""))
    except ValueError as error:
        raise services.ServiceError(message) from error


def _posted_action(data: QueryDict) -> str:
    """The action's code. The compact forms (several cards to discard, a widow exchange)
    post their cards in fields; the engine judges whatever comes of them."""
    action = data.get("action", "").strip()
    if action == "discard":
        chosen = data.getlist("discard")
        if not chosen:
            raise services.ServiceError(_("Choose the cards to discard (or keep your cards)."))
        top = data.get("top", "")
        if len(chosen) > 1:
            if top not in chosen:
                raise services.ServiceError(_("Choose which of your discards lies on top."))
            chosen = [c for c in chosen if c != top] + [top]
        return "discard:" + ",".join(chosen) + (":knock" if data.get("knock") else "")
    if action == "exchange":
        return f"exchange:{','.join(data.getlist('give'))}>{','.join(data.getlist('take'))}"
    if not action or len(action) > MAX_ACTION_LENGTH:
        raise services.ServiceError(_("That is not a move: choose one of the buttons."))
    return action
