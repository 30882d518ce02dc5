"""The projector view of an event (docs/club-night.md#the-projector): one screen for the club room's
big screen, the same for everyone who opens it, logged in or not. The common part is
here (the event's name and status, a break's clock, the latest announcements, a
finished event's podium); the
format fills in the round, its tables and the standings (`Format.pages.projector_context`,
its template's `projector` partial). Names, places and points only: nothing here comes
near a card.

Since it is nobody's in particular, a push renders it once per change in a process,
whatever number of screens watch (`render_live`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from games import site
from tournaments import formats, news, pages
from tournaments.fairness import commitment
from tournaments.formats.screen_parts import TOP_ROWS
from tournaments.models import Event
from tournaments.pushes.renders import PushedRenders


@dataclass(frozen=True)
class Break:
    """A break the organizer called, as the room reads it: what starts when it ends."""

    until: datetime
    next_up: str | None  # "Round 3", or None when nothing follows
    clock: str  # "20:15", in the club's time zone

    @property
    def text(self) -> str:
        if self.next_up is None:
            return _("Play starts at %(clock)s") % {"clock": self.clock}
        return _("%(next)s starts at %(clock)s") % {"next": self.next_up, "clock": self.clock}


def context(event: Event) -> dict[str, Any]:
    """The screen's context: the format's part, then the common one."""
    fmt = formats.of(event)
    found = fmt.pages.projector_context(event)
    told = news.news(event)
    pause = told.break_ if event.status != Event.FINISHED else None
    found.update(
        {
            "event": event,
            "format_heading": fmt.pages.heading(event),
            "format_projector": f"{fmt.template}#projector",
            "break": Break(pause.until, found.get("next_up"), pause.clock) if pause else None,
            "announcements": told.announcements,
            # The end of the evening: its first three places, as the event page opens
            # with them (`pages.end_of_event`, from the cache that page fills).
            "podium": pages.podium_of(event),
            "top_rows": TOP_ROWS,
            # The hash in groups of eight, to read off the screen
            # (docs/fair-seating.md#the-commitment).
            "commitment_groups": commitment.grouped(event.seed_commitment),
            # Where the room's players open the site: the site's address, whatever
            # address the screen itself was opened at (games.site).
            "join_at": site.address(),
        }
    )
    return found


# The screen's live part is nobody's in particular: one render per change and language
# in this process, for every screen watching.
_pushed = PushedRenders()


def render_live(event_id: int, change: Hashable | None = None) -> str | None:
    """The screen's live part to push (None: the event is gone). `change`: the push's
    token (`tournaments.pushes.live.push`): every screen told of it in the same language gets
    the same render, made once in this process. None: rendered afresh. In the language
    active (the screen's socket's: `tournaments.consumers`)."""

    def render() -> str | None:
        event = Event.objects.select_related("club").filter(pk=event_id).first()
        if event is None:
            return None
        return render_to_string(
            "tournaments/projector.html#live", {**context(event), "pushed": True}
        ).strip()

    return _pushed.get(event_id, change, render)
