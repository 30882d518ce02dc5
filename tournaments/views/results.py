"""A card table's result page (docs/club-night.md#entering-and-confirming): where the
players of a table played with real cards enter its result from their phones, and another of
them confirms it. A plain form, one select per seat, that works without JavaScript: a POST
calls one service (`tournaments.cards.card_results`) and redirects with a message. It shows
this table only: its seats, names and the submitted places; nothing of any other table.
The table's own link (`tournaments.views.table_link`, docs/club-night.md#a-tables-own-link)
shows the same page and takes the same forms through `act` and `page_context`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs import access as club_access
from games.errors import ServiceError
from games.notes import Line
from tournaments import formats, news
from tournaments.cards import card_next, card_results, card_state, table_links
from tournaments.formats.cards import Places
from tournaments.models import CardResult, Event, OrganizerCall, Round, RoundSeat, RoundTable
from tournaments.room import organizer_calls
from tournaments.words import ordinal, seat_name

# Seconds between reloads without JavaScript of a page with no form to fill in (a
# recorded table, a round not started): the break, the announcements and the next round
# reach a phone that gets no push (docs/club-night.md#news-on-the-result-page). A page
# with the result's form never reloads by itself: the choices made in it would be lost.
REFRESH_SECONDS = 20


def _dealer(request: HttpRequest) -> int | None:
    given = request.POST.get("dealer", "").strip()
    try:
        return int(given) if given else None
    except ValueError:
        raise ServiceError(_("Choose who dealt from the players at this table.")) from None


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def result(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    table = get_object_or_404(
        RoundTable.objects.select_related("round"), pk=table_pk, round__event=event
    )
    if not table.cards:
        raise Http404("This table plays online.")
    seats = list(table.seats.select_related("entry__user").order_by("position"))
    organizer = club_access.organizes(request.user, event.club)
    player = any(s.entry is not None and s.entry.user_id == request.user.pk for s in seats)
    if not (organizer or player):
        raise PermissionDenied(
            f"Only the players at table {table.number} and the organizers can see its result."
        )
    viewer = Viewer(
        user=request.user,
        by=request.user,
        organizer=organizer,
        here=reverse("tournaments:card_result", args=[event.pk, table.pk]),
    )
    posted: dict[str, Any] = {}
    if request.method == "POST":
        try:
            messages.success(request, act(request, event, table, seats, viewer))
            return redirect(viewer.here)
        except ServiceError as error:
            # The page again with what they chose, and why it was refused.
            messages.error(request, error.message)
            posted = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
    table.refresh_from_db()
    return render(
        request, "tournaments/results.html", page_context(event, table, seats, viewer, posted)
    )


@dataclass(frozen=True)
class Viewer:
    """Who looks at a card table's result page and acts on it: `user` (perhaps not
    logged in), `by` the person acting (None: a phone through the table's link, its
    `phone`), whether they organize, and the page's own address."""

    user: Any
    by: Any
    organizer: bool
    here: str
    phone: table_links.Phone | None = None
    call_url: str = ""  # where a phone's call to the organizer posts


def act(
    request: HttpRequest, event: Event, table: RoundTable, seats: list[RoundSeat], viewer: Viewer
) -> str:
    """The page's POST: a confirmation or a result entered, by one service call; the
    sentence to say (a refusal raises its ServiceError)."""
    if request.POST.get("action") == "confirm":
        given = request.POST.get("result", "")
        # Only digits are an id (int() also reads " 1", "1_0" and "+1"); a number too
        # large for the column matches no row (thirtyone/lookups.py).
        found = (
            CardResult.objects.filter(pk=int(given), round_table=table).first()
            if given.isascii() and given.isdigit() and len(given) <= 19
            else None
        )
        if found is None:
            raise ServiceError(_("That result is no longer there: reload the page."))
        card_results.confirm_result(result=found, by=viewer.by, phone=viewer.phone)
        return _("Confirmed: table %(table)s's result is recorded.") % {"table": table.number}
    entered = formats.of(event).card_result.read(request.POST, seats)
    done = card_results.submit_result(
        round_table=table,
        by=viewer.by,
        phone=viewer.phone,
        places=entered.places,
        scores=entered.scores,
        reason=request.POST.get("reason", ""),
        lives_lost=entered.lives_lost,
        dealer=_dealer(request),
    )
    return _said(done)


def _said(done: CardResult) -> str:
    if done.status == CardResult.CONFIRMED:
        return _("The result is recorded.")
    if done.status == CardResult.DISPUTED:
        return _("Your result differs from another player's: the organizer settles it.")
    return _("Saved: waiting for another player at the table to confirm.")


def page_context(
    event: Event,
    table: RoundTable,
    seats: list[RoundSeat],
    viewer: Viewer,
    posted: dict[str, Any],
) -> dict[str, Any]:
    names = [seat_name(s) for s in seats]
    state = card_state.card_state(
        table, list(table.card_results.select_related("submitted_by", "confirmed_by"))
    )
    me = viewer.user.pk if viewer.user.is_authenticated else None
    # What the table enters, and how the page shows it, is the format's: a finishing
    # order, or a balanced knockout's one deal's lives lost
    # (docs/club-night.md#knockouts-with-cards).
    kind = formats.of(event).card_result
    organizer = viewer.organizer
    playing = table.round.status == Round.PLAYING and table.finished_at is None
    versions = _versions(kind, table, seats, names, state, viewer)
    # Another player of the table confirms an open version; an organizer (even one who
    # plays at the table) enters a result instead, with a reason.
    confirming = playing and not organizer and state.state in ("pending", "disputed")
    return {
        # The organizer's news, as the event's pages show it (the calls bar leaves it to
        # the pages under the event's address, this one included); pushed to it over
        # the event's news socket (consumers.NewsConsumer).
        "news": news.news(event),
        "refresh_seconds": (
            REFRESH_SECONDS if event.status == Event.RUNNING and not playing else None
        ),
        # Once the result is in, where the viewer goes next (a phone without JavaScript
        # gets no push: the page leads on), and how players came and went
        # (docs/club-night.md#moves-on-the-result-page).
        "next_step": card_next.next_step(
            event, table, viewer.user, organizer=organizer, here=viewer.here
        ),
        "notes": [
            Line(line, None) if isinstance(line, str) else line
            for line in kind.notes(event, table, viewer.user)
        ],
        # Guests cannot log in: with fewer than two players who can, the organizer
        # enters the result (card_results.organizer_settles) — unless the table's
        # phones enter it through its link.
        "organizer_settles": card_results.organizer_settles(seats)
        if viewer.phone is None
        else None,
        # Its players may call the organizer (docs/club-night.md#calling-the-organizer).
        "organizer_call": _organizer_call(event, table, viewer),
        "here": viewer.here,
        "reasons": OrganizerCall.REASONS,
        "corrected": _corrected(table, seats, names, state),
        "event": event,
        "table": table,
        "round": table.round,
        "rows": kind.seat_rows(event, table, seats, names, me, posted),
        "state": state.state,
        "versions": versions,
        "may_confirm": [v["result"].pk for v in versions if confirming and not v["mine"]],
        "playing": playing,
        "organizer": organizer,
        "refusal": _("Round %(round)s has not started: enter the result once it is played.")
        % {"round": table.round.number}
        if table.round.status == Round.SEATED
        else None,
        **kind.page(event, table, len(seats)),
        "dealer": str(posted.get("dealer", table.dealer if table.dealer is not None else "")),
        "reason": posted.get("reason", ""),
    }


def _versions(
    kind: Places,
    table: RoundTable,
    seats: list[RoundSeat],
    names: list[str],
    state: card_state.CardState,
    viewer: Viewer,
) -> list[dict[str, Any]]:
    """The versions the page shows, each with who entered and confirmed it: a player,
    or a phone through the table's link, named as the console names it ("Phone 1")."""
    phones = (
        table_links.phone_names([table.pk])
        if any(r.submitted_device or r.confirmed_device for r in state.results)
        else {}
    )
    by_position = {s.position: names[k] for k, s in enumerate(seats)}
    return [
        {
            "result": r,
            # (seat number as the form numbers it, name, place or lives lost, score)
            "lines": kind.version_lines(r, seats, names),
            "mine": card_results.own(r, viewer.by, viewer.phone),
            "by": table_links.who(r.submitted_by, r.submitted_device, table.pk, phones),
            "confirmed": table_links.who(r.confirmed_by, r.confirmed_device, table.pk, phones)
            if r.status == CardResult.CONFIRMED
            else "",
            # The players say another seat dealt than the app named.
            "dealer": by_position.get(r.dealer, "") if r.dealer is not None else "",
        }
        for r in state.results
    ]


def _organizer_call(
    event: Event, table: RoundTable, viewer: Viewer
) -> organizer_calls.MyCall | None:
    if viewer.by is None and viewer.phone is not None:
        return organizer_calls.for_phone(viewer.phone, table, event, viewer.call_url)
    return organizer_calls.for_caller(viewer.user, table, event)


def _corrected(
    table: RoundTable, seats: list[RoundSeat], names: list[str], state: card_state.CardState
) -> list[tuple[str, str]]:
    """A recorded table's places if corrected since (services.correct_result): the page
    then says what counts now."""
    recorded = [s.place for s in seats] if table.finished_at is not None else []
    confirmed = next((r for r in state.results if r.status == CardResult.CONFIRMED), None)
    if confirmed is None or not recorded or recorded == list(confirmed.places):
        return []
    return [(names[k], ordinal(p)) for k, p in enumerate(recorded) if p]
