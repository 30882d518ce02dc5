"""Where notifications come from: each source a function registered here by name, given
plain values (ids) by a Celery task (`notifications.tasks.make`) and returning drafts
(`services.Draft`) for `services.notify`. What calls a source is a receiver of another
app's signal (`notifications.receivers`) or beat's sweep (`notifications.sweep`, for the
ones a clock brings: an event starting soon, check-in opening). A source module also
registers the kinds it makes (`notifications.kinds`).
docs/notifications.md#kinds-channels-and-sources."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.utils.dateformat import format as date_format
from django.utils.translation import gettext

from clubs import zones
from notifications.services import Draft

Source = Callable[..., list[Draft]]
_sources: dict[str, Source] = {}


def source(name: str) -> Callable[[Source], Source]:
    """Register the decorated function as the source `name`."""

    def add(function: Source) -> Source:
        _sources[name] = function
        return function

    return add


def drafts_of(name: str, **kwargs: Any) -> list[Draft]:
    return _sources[name](**kwargs)


def clock(moment: datetime, club: Any, *, day: bool = False) -> str:
    """ "19:30 CET" (with `day`: "Tue 4 Nov, 19:30 CET"): a time on the club's clock, its
    zone named, as an e-mail or a pop-up says it (no script rewrites them)."""
    here = zones.local(moment, club.time_zone)
    text = date_format(here, gettext("D j M, H:i") if day else "H:i")
    return f"{text} {zones.abbreviation(here)}"


def load() -> None:
    """Import the sources, which register themselves and their kinds."""
    from notifications.sources import (  # noqa: F401
        clubs,
        data,
        events,
        fairplay,
        organizer_calls,
        tables,
        turn_alarms,
    )
