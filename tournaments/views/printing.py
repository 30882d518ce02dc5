"""The printed pages of an event (docs/club-night.md#print), for an organizer running it in a
room: a round's pairings, its table cards (one per table, with a QR code to the table's
page), a sign-in sheet, and the standings. Reading only.

Who may see what is the event page's rule: the pairings, cards and standings show names
and seats, public once the round has started; a round seated but not started is the
organizer's draft (they print its cards before calling the room to the tables). The
sign-in sheet lists who registered and who checked in: the organizer's only.
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from clubs import access as club_access
from games import site
from tournaments import formats, pages
from tournaments.cards import table_links
from tournaments.formats.printed import PrintedRound, PrintedTable
from tournaments.models import Entry, Event, Round, RoundTable
from tournaments.room import qr

DIGITS = re.compile(r"(\d+)")


def _event(pk: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=pk)


def _printed(request: HttpRequest, event: Event, number: int | None) -> PrintedRound:
    """Round `number` as its format prints it (None: the latest the viewer may see, a
    knockout's current deal); a round not started is the organizer's only (to anyone
    else it is not there, as on the event page)."""
    visible = event.round_set.all()
    if not club_access.organizes(request.user, event.club):
        visible = visible.exclude(status=Round.SEATED)
    if number is None:
        round_ = visible.order_by("-number").first()
    else:
        round_ = visible.filter(number=number).first()
    if round_ is None:
        raise Http404("This event has no such round yet.")
    return formats.of(event).pages.printed_round(event, round_)


def _base(request: HttpRequest, event: Event) -> dict[str, Any]:
    return {
        "event": event,
        "format_heading": formats.of(event).pages.heading(event),
        "printed_at": timezone.now(),
        "organizes": club_access.organizes(request.user, event.club),
    }


@require_safe
def pairings(request: HttpRequest, pk: int, number: int | None = None) -> HttpResponse:
    """Round `number`'s tables, each with its seats in order, and every player by name
    with their table and seat: the sheet on the wall."""
    event = _event(pk)
    printed = _printed(request, event, number)
    return render(
        request,
        "tournaments/print/pairings.html",
        {**_base(request, event), "printed": printed, "index": name_index(printed)},
    )


def name_index(printed: PrintedRound) -> list[tuple[str, int, int]]:
    """(player, table, seat) by name, bots left out: whom a player looks for is
    themselves."""
    found = [
        (seat.name, t.number, seat.seat) for t in printed.tables for seat in t.seats if not seat.bot
    ]
    return sorted(found, key=lambda row: (by_name(row[0]), row[1], row[2]))


def by_name(name: str) -> list[tuple[int, str]]:
    """A name's sort key: regardless of case, and with its numbers as numbers (k2 before
    k10), as a person reads down a list."""
    return [
        (int(part), "") if part.isdigit() else (-1, part) for part in DIGITS.split(name.casefold())
    ]


def table_url(event: Event, table: PrintedTable, link: RoundTable | None = None) -> str:
    """Where a card's QR code leads: the table's page, or, before the round starts and
    opens the table, the event's page (cards are printed ahead of the round). A table
    played with real cards: its result page, where its players enter the result; on
    the organizer's cards its own `link`, which opens that page on a phone without an
    account (docs/club-night.md#a-tables-own-link). At the site's address, whichever the
    organizer printed from (games.site)."""
    if link is not None:
        return table_links.url_for(link)
    if table.cards_id is not None:
        return site.absolute(reverse("tournaments:card_result", args=[event.pk, table.cards_id]))
    if table.table_id is not None:
        return site.absolute(reverse("table", args=[table.table_id]))
    return site.absolute(event.get_absolute_url())


@require_safe
def table_cards(request: HttpRequest, pk: int, number: int | None = None) -> HttpResponse:
    """One card per table of round `number`: the event, the round, the table's number,
    its seats in order and a QR code to its page, two to an A4 page."""
    event = _event(pk)
    printed = _printed(request, event, number)
    # Only the organizer's cards carry the tables' own links: the page is public, the
    # links let whoever holds them enter a result.
    links = (
        RoundTable.objects.select_related("round")
        .exclude(round__status=Round.FINISHED)
        .in_bulk([t.cards_id for t in printed.tables if t.cards_id is not None])
        if club_access.organizes(request.user, event.club)
        else {}
    )
    cards = []
    for table in printed.tables:
        url = table_url(event, table, links.get(table.cards_id) if table.cards_id else None)
        cards.append(
            {
                "table": table,
                "url": url,
                "opened": table.table_id is not None,
                "cards": table.cards_id is not None,
                "qr": mark_safe(qr.svg(url)),  # noqa: S308 (segno's SVG of our own URL)
            }
        )
    return render(
        request,
        "tournaments/print/table_cards.html",
        {
            **_base(request, event),
            "printed": printed,
            "cards": cards,
            # Opened at another address (the laptop's loopback one): the page says which
            # the codes lead to.
            "codes_lead_to": site.address() if site.opened_elsewhere(request) else None,
        },
    )


@login_required
@require_safe
def sign_in(request: HttpRequest, pk: int) -> HttpResponse:
    """The registered players by name, with a box to sign and whether they checked in
    (when the event has check-in): the organizer's, like the manage page."""
    event = _event(pk)
    if not club_access.organizes(request.user, event.club):
        raise PermissionDenied(f"Only {event.club.name}'s organizers can print the sign-in sheet.")
    entries = sorted(
        event.entries.filter(status=Entry.REGISTERED).select_related("user"),
        key=lambda e: (by_name(e.user.get_username()), e.pk),
    )
    return render(
        request,
        "tournaments/print/sign_in.html",
        {
            **_base(request, event),
            "entries": entries,
            "checks_in": event.checkin_minutes > 0,
        },
    )


@require_safe
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's live part as anyone sees it (no viewer's marks): its status, the
    round being played and the standings, on a page of its own to print."""
    event = _event(pk)
    context = pages.live_context(event, AnonymousUser())
    return render(request, "tournaments/print/standings.html", {**context, **_base(request, event)})
