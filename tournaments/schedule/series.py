"""Weekly series of events (docs/calendars.md#weekly-series): an organizer repeats an event every
week, on its weekday at its time in the club's zone, and beat makes each week's event by
itself, a copy of the first one's settings whose registration opens a set number of
days before it starts.

Each week's event is made exactly once: `make_due` locks the series row, reads the
latest week it has and makes the weeks due after it, and the database backs that up
with a unique (series, week) constraint (`one_event_per_series_week`), so two workers,
a task run twice or a late one make one event a week, and none whose start has passed
(`tournaments.schedule.recurrence`).
"""

from __future__ import annotations

import copy
import logging
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs import zones
from clubs.templatetags.club_time import club_clock
from games.errors import ServiceError
from tournaments import registration
from tournaments.models import Event, EventSeries
from tournaments.schedule import recurrence
from tournaments.services import changed, organizer_event
from tournaments.words import EVERY_WEEKDAY, every_weekday_lower

log = logging.getLogger(__name__)

# What each week's event copies from the series' first (its settings), and what it does
# not (its own time, state and secrets); a test checks every field of Event is in one.
COPIED = (
    "name",
    "description",
    "format",
    "format_options",
    "venue",
    "top_q",
    "rule_set",
    "rules",
    "rules_name",
    "rules_preset",
    "rounds",
    "boards",
    "table_size",
    "table_min",
    "table_max",
    "bots_fill",
    "bye_points",
    "scoring",
    "place_points",
    "tiebreaks",
    "stand_in_scoring",
    "checkin_minutes",
    "entry",
    "player_cap",
    "advance",
    "turn_timer",
    "move_hours",
    "round_days",
    "vacation_days",
    "first_turn_grace",
    # Who may enter (docs/tournaments.md#entry-conditions): each week the same.
    "members_only",
    "rating_min",
    "rating_max",
    "min_rated_games",
    "max_no_shows",
    "no_show_window",
)
NOT_COPIED = (
    "id",
    "club",
    "created_by",
    "created_at",
    "starts_at",
    "invite_token",
    "registration_open",
    "registration_opens_at",
    "registration_opened_at",
    "seed",
    # Each week commits to its own seed when it is made (Event.save,
    # docs/fair-seating.md#the-commitment).
    "seed_salt",
    "seating_algorithm",
    "seed_commitment",
    "seed_committed_at",
    "status",
    "paused",
    "break_until",
    "started_at",
    "finished_at",
    "live_version",
    "cancelled_at",
    "calendar_sequence",
    "calendar_changed_at",
    "series",
    "occurrence",
)


def repeat_weekly(*, event: Event, by: Any, registration_days: int) -> EventSeries:
    """The organizer repeats `event` every week on its weekday at its time (the club's
    clock), registration opening `registration_days` days before each (0: as soon as
    it is made). An event of a series that was stopped takes up that series again,
    with the new number of days, so no week is made twice."""
    if not 0 <= registration_days <= recurrence.MAX_DAYS:
        raise ServiceError(
            _("Registration opens 0 to %(most)s days before each event.")
            % {"most": recurrence.MAX_DAYS},
            "registration_days",
        )
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        if event.status == Event.CANCELLED:
            raise ServiceError(_("A cancelled event is not repeated."))
        series = event.series
        if series is not None and series.active:
            raise ServiceError(_("This event already repeats every week."))
        if series is not None:
            series.stopped_at, series.registration_days = None, registration_days
            series.save(update_fields=["stopped_at", "registration_days"])
        else:
            here = zones.local(event.starts_at, event.club.time_zone)
            series = EventSeries.objects.create(
                club=event.club,
                template=event,
                weekday=here.weekday(),
                local_time=here.time().replace(second=0, microsecond=0),
                registration_days=registration_days,
                created_by=by,
            )
            event.series, event.occurrence = series, here.date()
            event.save(update_fields=["series", "occurrence"])
        changed(event)
    make_due(series_id=series.pk)
    return series


def stop_repeating(*, event: Event, by: Any) -> EventSeries:
    """No more weeks of `event`'s series are made; those made already stay (each can be
    cancelled on its own)."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        series = (
            EventSeries.objects.select_for_update().filter(pk=event.series_id).first()
            if event.series_id
            else None
        )
        if series is None or not series.active:
            raise ServiceError(_("This event does not repeat."))
        series.stopped_at = timezone.now()
        series.save(update_fields=["stopped_at"])
        changed(event)
    return series


def make_due(*, series_id: int, now: datetime | None = None) -> list[Event]:
    """Make each week's event of the series that is due by `now` and not made yet; the
    events made (none for a repeated or late call, or a stopped series)."""
    now = now or timezone.now()
    made = []
    with transaction.atomic():
        series = (
            EventSeries.objects.select_for_update()
            .select_related("club", "template")
            .filter(pk=series_id)
            .first()
        )
        if series is None or not series.active:
            return []
        last = series.occurrences.aggregate(last=Max("occurrence"))["last"]
        if last is None:  # its first event lost its week (the admin): nothing to follow
            return []
        zone = zones.zone(series.club.time_zone)
        for week in recurrence.due(last, series.local_time, zone, series.registration_days, now):
            try:
                with transaction.atomic():
                    made.append(_make(series, week, now))
            except IntegrityError:
                # Made meanwhile by another worker (a database without row locks, such
                # as SQLite, relies on this constraint alone).
                continue
    return made


def _make(series: EventSeries, week: recurrence.Week, now: datetime) -> Event:
    template = series.template
    opens = week.registration_opens_at
    copied = {
        field.attname: copy.deepcopy(getattr(template, field.attname))  # rule_set_id, not a row
        for field in (Event._meta.get_field(name) for name in COPIED)
    }
    event = Event.objects.create(
        **copied,
        club=series.club,
        created_by=series.created_by,
        starts_at=week.starts_at,
        registration_opens_at=opens if opens is not None and opens > now else None,
        series=series,
        occurrence=week.day,
    )
    registration.announce(event, now)
    log.info("series %s: made event %s for %s", series.pk, event.pk, week.day)
    return event


def sweep(now: datetime | None = None) -> int:
    """Beat's: make the due weeks of every series still repeating; how many were made.
    One series in trouble (a bug: logged) does not stop the others."""
    now = now or timezone.now()
    count = 0
    for series_id in EventSeries.objects.filter(stopped_at__isnull=True).values_list(
        "pk", flat=True
    ):
        try:
            count += len(make_due(series_id=series_id, now=now))
        except Exception:
            log.exception("series %s: making its next event failed", series_id)
    return count


# ---- what the pages say --------------------------------------------------------------


# "Every Thursday": how a series' day is said at the start of a sentence, by weekday
# (Monday 0), and within one ("every Thursday"), as languages differ in both.
def describe(series: EventSeries) -> str:
    """ "Every Thursday at 19:30 (Europe/Copenhagen); registration opens 6 days before
    each." """
    values = {
        "day": EVERY_WEEKDAY[series.weekday],
        "time": f"{series.local_time:%H:%M}",
        "zone": zones.label(series.club.time_zone),
        "days": series.registration_days,
    }
    if series.registration_days == 0:
        return (
            _(
                "%(day)s at %(time)s (%(zone)s); registration opens as soon as each is on the "
                "calendar."
            )
            % values
        )
    return (
        ngettext(
            "%(day)s at %(time)s (%(zone)s); registration opens %(days)s day before each.",
            "%(day)s at %(time)s (%(zone)s); registration opens %(days)s days before each.",
            series.registration_days,
        )
        % values
    )


def rule_of(event: Event) -> str:
    """How `event` would repeat: "every Thursday at 19:30 (Europe/Copenhagen)"."""
    here = zones.local(event.starts_at, event.club.time_zone)
    return _("%(day)s at %(time)s (%(zone)s)") % {
        "day": every_weekday_lower(here.weekday()),
        "time": f"{here:%H:%M}",
        "zone": zones.label(event.club.time_zone),
    }


def next_line(series: EventSeries, now: datetime | None = None) -> str:
    """When the series' next event is made, for its organizers: "The next, Thu 12 Mar
    2026, 19:30 CET, is put on the calendar on Thu 5 Mar 2026, 19:30 CET." ("" when
    stopped)."""
    if not series.active:
        return ""
    now = now or timezone.now()
    last = series.occurrences.aggregate(last=Max("occurrence"))["last"]
    if last is None:
        return ""
    zone = zones.zone(series.club.time_zone)
    upcoming = recurrence.next_week(last, series.local_time, zone, series.registration_days, now)
    if upcoming is None:
        return ""
    starts = club_clock(upcoming.starts_at, series.club)
    if upcoming.made_at <= now:
        return _("The next, %(starts)s, is put on the calendar within a minute.") % {
            "starts": starts
        }
    made = club_clock(upcoming.made_at, series.club)
    return _("The next, %(starts)s, is put on the calendar on %(made)s.") % {
        "starts": starts,
        "made": made,
    }
