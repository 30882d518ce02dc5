"""The tournaments' parts of a person's data download (docs/privacy.md#download-my-data),
registered with `accounts.data_export.parts` in `TournamentsConfig.ready`: the events
they entered with their place and their row of the standings, their private calendar
feed, and the corrections and disputed card results that touched their results.

A row of the standings is the one the event's own standings CSV has for them
(`pages.csv_rows`, the formats' own `exports.csv_rows`:
docs/tournaments.md#formats-one-plug-in-each), headed by its columns, and a finished
event's place and line are its own placings' (`pages.placings_of`, `pages.end_of_event`):
nothing here ranks anyone again. Names are as the pages show them (`words.seat_name`)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.data_export.parts import one_file
from games import site
from tournaments import formats, pages
from tournaments.models import CalendarFeed, CardResult, Correction, Entry, Event, RoundSeat
from tournaments.schedule import calendars as schedule
from tournaments.words import seat_name


def events(user: Any) -> list[dict[str, Any]]:
    entries = Entry.objects.filter(user=user).select_related("event__club", "user")
    return [_event(entry) for entry in entries.order_by("event__starts_at", "pk")]


def _event(entry: Entry) -> dict[str, Any]:
    event = entry.event
    placing = None
    if event.status == Event.FINISHED:
        placing = next((p for p in pages.placings_of(event) if p.entry_id == entry.pk), None)
    return {
        "event": event.pk,
        "name": event.name,
        "club": event.club.name,
        "url": site.absolute(event.get_absolute_url()),
        "format": formats.of(event).pages.heading(event),
        "rules": event.rules_title,
        "starts_at": event.starts_at,
        "status": event.status,
        "status_name": event.get_status_display(),
        "entry": {
            "status": entry.status,
            "status_name": entry.get_status_display(),
            "registered_at": entry.registered_at,
            "checked_in_at": entry.checked_in_at,
            "withdrawn_at": entry.withdrawn_at,
            "withdrawn_for_not_checking_in": entry.missed_check_in,
        },
        "place": placing.place if placing is not None else None,
        "your_line": pages.end_of_event(event, entry)["own_line"],
        "standings": _standings_row(event, entry),
    }


def _standings_row(event: Event, entry: Entry) -> dict[str, str] | None:
    """The person's row of the event's standings CSV, by its columns ("final" or
    "provisional" in the first); None before they are in the standings."""
    rows = pages.csv_rows(event)
    header = rows[0]
    name = entry.user.get_username()
    shown = {name, _("%(name)s (withdrawn)") % {"name": name}}
    column = header.index(_("Player")) if _("Player") in header else None
    mine = next((row for row in rows[1:] if column is not None and row[column] in shown), None)
    return dict(zip(header, mine, strict=True)) if mine is not None else None


def calendar_feed(user: Any) -> dict[str, Any]:
    feed = CalendarFeed.objects.filter(user=user).first()
    if feed is None:
        return {"feed": None, "events_in_it": []}
    url = site.absolute(feed.get_absolute_url())
    return {
        "feed": {"url": url, "subscribe": site.webcal(url), "made_at": feed.created_at},
        "events_in_it": [
            {"event": event.pk, "name": event.name, "starts_at": event.starts_at}
            for event in schedule.player_events(user)
        ],
    }


def corrections(user: Any) -> dict[str, Any]:
    fixed = Correction.objects.filter(seat__entry__user=user).select_related(
        "seat__table__round__event", "by"
    )
    seats = RoundSeat.objects.select_related("entry__user").order_by("position")
    cards = (
        CardResult.objects.filter(round_table__seats__entry__user=user)
        .distinct()
        .select_related("round_table__round__event", "submitted_by", "confirmed_by")
        .prefetch_related(Prefetch("round_table__seats", queryset=seats))
    )
    return {
        "corrections": [_correction(c) for c in fixed.order_by("at", "pk")],
        "card_results": [_card_result(r, user) for r in cards.order_by("submitted_at", "pk")],
    }


def _where(round_table: Any) -> dict[str, Any]:
    round_ = round_table.round
    return {
        "event": round_.event.pk,
        "event_name": round_.event.name,
        "round": round_.number,
        "table": round_table.number,
    }


def _correction(correction: Correction) -> dict[str, Any]:
    return _where(correction.seat.table) | {
        "old_place": correction.old_place,
        "new_place": correction.new_place,
        "reason": correction.reason,
        "by": correction.by.get_username() if correction.by else None,
        "at": correction.at,
    }


def _card_result(result: CardResult, user: Any) -> dict[str, Any]:
    seats = list(result.round_table.seats.all())
    places = list(result.places)
    return _where(result.round_table) | {
        "status": result.status,
        "status_name": result.get_status_display(),
        "places": [
            {
                "seat": seat.position + 1,
                "name": seat_name(seat),
                "place": places[seat.position] if seat.position < len(places) else None,
                "yours": seat.entry is not None and seat.entry.user_id == user.pk,
            }
            for seat in seats
        ],
        "scores": result.scores,
        "entered_by": result.submitted_by.get_username() if result.submitted_by else None,
        "entered_at": result.submitted_at,
        "confirmed_by": result.confirmed_by.get_username() if result.confirmed_by else None,
        "confirmed_at": result.confirmed_at,
        "reason": result.reason,
    }


def register() -> None:
    one_file(
        "events.json",
        gettext_lazy(
            "The events you entered: your entry, your place once the event is over, and "
            "your row of its standings as its page and its standings file show them."
        ),
        events,
        order=40,
    )
    one_file(
        "calendars.json",
        gettext_lazy(
            "Your private calendar feed's address, if you made one, and the events it "
            "shows. Anyone with the address sees those events: renew it on its page if "
            "it got out."
        ),
        calendar_feed,
        order=90,
    )
    one_file(
        "corrections.json",
        gettext_lazy(
            "Every correction an organizer made to one of your places, with its reason, and "
            "every version of a result entered at the card tables you sat at: who entered "
            "and confirmed it, disputed or not."
        ),
        corrections,
        order=100,
    )
