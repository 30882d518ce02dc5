"""A game's moves and its game area: play a move, answer a proposal of levels, the
host's or staff's controls (`manage`; games.absence), and the game area a poll reads.

An htmx request gets the fresh game area; a refused move answers it with status 200
and the message inside the area, because htmx swaps only 2xx answers: the player sees
why, next to the table as it now is, with no script of ours. A plain form gets a
redirect to the table with the outcome in Django's messages.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRefresh

from games import access, area_parts, presence, ratelimit, realtime, rendering, services
from games.models import Game
from games.views.posting import MAX_ACTION_LENGTH, over_limit, posted_int, too_many


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
    seq = None
    wait = over_limit(request)
    if wait and not request.htmx:
        return too_many(request, wait, game.table)
    try:
        if wait:  # htmx: said inside the game area, like any refused move
            raise services.ServiceError(ratelimit.too_fast(wait))
        action = _posted_action(request.POST)
        if action == "back":
            services.come_back(game_id=game.pk, user=request.user)
        else:
            seq = posted_int(
                request.POST, "seq", _("This form is out of date: here is the table as it is now.")
            )
            moved = services.play(
                game_id=game.pk, user=request.user, action=action, expected_seq=seq
            ).game
    except services.StaleMove as stale:
        notice = stale.message
    except services.ServiceError as refused:
        error = refused.message
    return _answer_move(request, game, error=error, notice=notice, moved=moved, shown_seq=seq)


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
    wait = over_limit(request)
    if wait and not request.htmx:
        return too_many(request, wait, game.table)
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
    shown_seq: int | None = None,
) -> HttpResponse:
    """How a move (or a levels answer) is answered: without htmx a redirect to the table
    with the outcome as a message; with htmx the game area as it is now, for its viewer.
    `moved`: the game as the move saved it, which the push after the commit rendered
    from: unless the game has moved on since (one value read: a bot's reply, another
    request), the answer renders from it too, with what the push read at its seq --
    only the parts the move changed since `shown_seq`, the seq the mover's page showed,
    where they hold all of it (`games.area_parts.answer`)."""
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
        # The push after the commit rendered this seat's parts (or whole view) already,
        # if it has a socket: the same fragments (no CSRF token: htmx sends it in a header).
        parts = (
            area_parts.answer(game, seat, shown_seq)
            if game is moved and shown_seq is not None
            else None
        )
        if parts is not None:
            return HttpResponse(parts, headers={"HX-Reswap": "none"})
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
    if wait := over_limit(request):
        return too_many(request, wait, game.table)
    action = request.POST.get("action")
    try:
        seq = posted_int(
            request.POST, "seq", _("This form is out of date: here is the table as it is now.")
        )
        if action == "bot":
            position = posted_int(request.POST, "position", _("Choose a player."))
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
