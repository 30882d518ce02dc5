"""What a card table's result page says comes next once the table's result is recorded
(docs/club-night.md#the-result-page-leads-on): a phone with JavaScript off gets no push,
so the page itself leads on. To the viewer's table in the round that followed (a
knockout's next deal, perhaps at another table), with the button that opens its result
page or its game; while other tables still play, which ones, and a link to look again; a
player with no table in what followed, why (the format says: "You went out on deal 2:
=7th of 10."); once the event is over, their place and the final standings. Reading
only, the same for every format: the format gives its words (`Format.words`: what it
calls a round, and whether a player moves) and its pages the line of a player with no
table (`Pages.unseated_line`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import formats
from tournaments.models import Event, Round, RoundSeat, RoundTable
from tournaments.page_parts import entry_of, table_url
from tournaments.pages import end_of_event
from tournaments.words import number_list, table_seat


@dataclass(frozen=True)
class NextStep:
    text: str
    url: str
    label: str  # the link's words


def next_step(
    event: Event, table: RoundTable, user: Any, *, organizer: bool, here: str = ""
) -> NextStep | None:
    """Where `user` (a player of `table`, or an organizer) goes once `table`'s result is
    recorded; None while it is not. `here`: the page's own address to look again (the
    result page's, or the table's own link)."""
    if table.finished_at is None:
        return None
    fmt = formats.of(event)
    here = here or reverse("tournaments:card_result", args=[event.pk, table.pk])
    me = entry_of(event, user)
    if event.status == Event.FINISHED:
        line = end_of_event(event, me)["own_line"] or _("The event is over.")
        return NextStep(line, event.get_absolute_url(), _("See the final standings"))
    latest = event.round_set.order_by("-number").first()
    if latest is None or latest.number <= table.round.number:
        return _still_playing(event, table, here, organizer=organizer)
    title = fmt.words.title(latest.number)
    if latest.status == Round.SEATED:
        # A seated round is the organizer's draft (seats may still be swapped): the
        # public pages show it once it starts (docs/tournaments.md#shared-reading), and
        # so does this.
        if organizer:
            return _to_console(event, _("%(title)s is seated.") % {"title": title})
        return NextStep(
            _("%(title)s is being seated: your table shows here when it starts.")
            % {"title": title},
            here,
            _("Check again"),
        )
    seat = (
        RoundSeat.objects.filter(table__round=latest, entry__isnull=False, entry=me)
        .select_related("table")
        .first()
        if me is not None
        else None
    )
    if seat is None:
        if organizer:
            return _to_console(event, _("%(title)s is under way.") % {"title": title})
        return NextStep(
            fmt.pages.unseated_line(event, me, latest),
            event.get_absolute_url(),
            _("See the standings"),
        )
    where = table_seat(seat.table.number, seat.position + 1)
    text = fmt.words.next_seat(title, where, moved=seat.table.number != table.number)
    if seat.table.cards:
        url = reverse("tournaments:card_result", args=[event.pk, seat.table.pk])
        return NextStep(text, url, fmt.words.enter_result(latest.number))
    return NextStep(text, table_url(seat.table) or event.get_absolute_url(), _("Go to your game"))


def _to_console(event: Event, text: str) -> NextStep:
    return NextStep(text, reverse("tournaments:manage", args=[event.pk]), _("Back to the console"))


def _still_playing(
    event: Event, table: RoundTable, here: str, *, organizer: bool
) -> NextStep | None:
    """The table's round goes on at others: which, and a link to look again (the
    organizer's: the console, where every table is)."""
    fmt = formats.of(event)
    others = list(
        table.round.tables.filter(finished_at__isnull=True)
        .order_by("number")
        .values_list("number", flat=True)
    )
    if not others:
        return None
    n = table.round.number
    if fmt.rounds.is_last(event, n):  # the last round of a format with set rounds
        text = ngettext(
            "Table %(tables)s is still playing round %(number)s: the event ends when every "
            "table has finished.",
            "Tables %(tables)s are still playing round %(number)s: the event ends when "
            "every table has finished.",
            len(others),
        ) % {"tables": number_list(others), "number": n}
    else:
        text = fmt.words.still_playing(number_list(others), n, len(others))
    if organizer:
        return _to_console(event, text)
    return NextStep(text, here, _("Check again"))
