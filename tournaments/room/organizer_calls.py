"""Calls to the organizer, as each page shows them (docs/club-night.md#calling-the-organizer):
the console's open calls at the top, the caller's own call on their table's pages (the
card table's result page, the call page an event table's page links to), and the
organizers' calls bar. Read when drawn, never stored beyond the call itself."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from calls.registry import Call
from clubs.models import Membership
from games.models import Table
from games.notes import Line
from tournaments.cards import table_links
from tournaments.models import Event, OrganizerCall, RoundSeat, RoundTable
from tournaments.words import seat_name


@dataclass(frozen=True)
class OpenCall:
    """One open call on the console: its table, why, who, how long ago."""

    pk: int
    table: int
    reason: str
    note: str
    who: str
    ago: str


def ago(moment: datetime, now: datetime) -> str:
    minutes = max(0, int((now - moment).total_seconds() // 60))
    if minutes == 0:
        return _("just now")
    return ngettext("%(count)s min ago", "%(count)s min ago", minutes) % {"count": minutes}


def open_calls(event: Event, now: datetime | None = None) -> list[OpenCall]:
    """The event's open calls, oldest first: the console's top (one read, and one for
    the callers' seats, named as the event's pages name them; a phone calling through
    its table's link is named as its table names it, "Phone 2", in two reads more)."""
    now = now or timezone.now()
    found = list(
        OrganizerCall.objects.filter(event=event, answered_at__isnull=True).select_related(
            "table", "caller"
        )
    )
    if not found:
        return []
    seats = {
        (s.table_id, s.entry.user_id): s
        for s in RoundSeat.objects.filter(
            table_id__in={c.table_id for c in found},
            entry__user_id__in={c.caller_id for c in found},
        ).select_related("entry__user")
    }
    by_link = {c.table_id for c in found if c.caller_id is None}
    phones = table_links.phone_names(by_link) if by_link else {}
    return [
        OpenCall(
            pk=c.pk,
            table=c.table.number,
            reason=c.get_reason_display(),
            note=c.note,
            who=seat_name(seat)
            if (seat := seats.get((c.table_id, c.caller_id)))
            else phones.get((c.table_id, c.device), ""),
            ago=ago(c.created_at, now),
        )
        for c in found
    ]


@dataclass(frozen=True)
class MyCall:
    """What a player's table page says of calling the organizer: whether they may, and
    their latest call there (None: none made)."""

    may_call: bool
    latest: OrganizerCall | None
    url: str  # where the form posts

    @property
    def open(self) -> bool:
        return self.latest is not None and self.latest.answered_at is None


def for_phone(phone: table_links.Phone, table: RoundTable, event: Event, url: str) -> MyCall | None:
    """A phone's call at `table` through its link (posting to `url`), as `for_caller`."""
    latest = (
        OrganizerCall.objects.filter(table=table, caller__isnull=True, device=phone.device)
        .order_by("-created_at", "-pk")
        .first()
    )
    running = event.status == Event.RUNNING
    if not running and latest is None:
        return None
    return MyCall(may_call=running, latest=latest, url=url)


def for_caller(user: Any, table: RoundTable, event: Event) -> MyCall | None:
    """`user`'s call at `table`: None unless they are seated there (nobody else is
    offered the button) while the event runs or their last call is answered."""
    if not (
        user.is_authenticated and RoundSeat.objects.filter(table=table, entry__user=user).exists()
    ):
        return None
    latest = (
        OrganizerCall.objects.filter(table=table, caller=user)
        .order_by("-created_at", "-pk")
        .first()
    )
    running = event.status == Event.RUNNING
    if not running and latest is None:
        return None
    url = reverse("tournaments:call_organizer", args=[event.pk, table.pk])
    return MyCall(may_call=running, latest=latest, url=url)


def table_notes(table: Table, viewer: Any) -> list[str | Line]:
    """On an event table's page (games.notes), for a player seated at it: a link to
    call the organizer, or where their call is. Nothing for anyone else."""
    if viewer is None or not viewer.is_authenticated:
        return []
    if table.starters != Table.STARTED_BY_SYSTEM:
        return []  # a casual table: no event, no organizer to call (and no query)
    # One read: the seat, and whether its player's call there is open (one open call
    # per caller and table: an open one is their latest).
    calling = OrganizerCall.objects.filter(
        table=OuterRef("table"), caller=viewer, answered_at__isnull=True
    )
    seat = (
        RoundSeat.objects.filter(
            table__table=table, entry__user=viewer, table__round__event__status=Event.RUNNING
        )
        .annotate(calling=Exists(calling))
        .select_related("table__round")
        .order_by("-table__round__number")
        .first()
    )
    if seat is None:
        return []
    here = seat.table
    url = reverse("tournaments:call_organizer", args=[here.round.event_id, here.pk])
    if seat.calling:
        return [Line(_("The organizer is called: on the way."), url)]
    return [Line(_("Call the organizer to this table"), url)]


def calls_for(user: Any) -> list[Call]:
    """The organizers' calls bar: each open call at a running event of a club they
    organize, leading to the console (one read)."""
    found = OrganizerCall.objects.filter(
        answered_at__isnull=True,
        event__status=Event.RUNNING,
        event__club__memberships__user=user,
        event__club__memberships__role__in=Membership.ORGANIZING,
    ).select_related("table", "event")
    return [
        Call(
            key=f"organizer-call-{c.pk}",
            text=_("%(event)s: table %(table)s calls you (%(reason)s)")
            % {"event": c.event.name, "table": c.table.number, "reason": c.get_reason_display()},
            url=reverse("tournaments:manage", args=[c.event_id]),
            link=_("To the console"),
            urgent=True,
        )
        for c in found
    ]
