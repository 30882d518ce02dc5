"""Time zones: a club's own (set from its founder's browser, docs/clubs.md#time-zones), the
zones a form offers, and the one place an aware datetime becomes a club's wall-clock
time (`local`), which the pages show when JavaScript is off; static/js/local-time.js
rewrites each such time into the viewer's zone."""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from functools import cache
from typing import Any

from django.utils.translation import gettext as _

DEFAULT = "UTC"
# Offered first in a zone select, after the club's own: where most clubs play.
COMMON = (
    "Europe/Copenhagen",
    "Europe/Berlin",
    "Europe/Paris",
    "Europe/London",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "Australia/Sydney",
    "UTC",
)


@cache
def all_zones() -> tuple[str, ...]:
    """Every IANA zone this machine's tz database knows, but for two that are not places."""
    return tuple(sorted(zoneinfo.available_timezones() - {"localtime", "Factory"}))


def is_known(name: str) -> bool:
    return name in all_zones()


def label(name: str) -> str:
    return name.replace("_", " ")


def choices(first: str | None = None) -> list[Any]:
    """A select's choices: `first` (the club's zone) on its own at the top, then the
    common zones and then all the others (two option groups), each zone once."""
    head = [(first, _("%(zone)s (the club's)") % {"zone": label(first)})] if first else []
    taken = {first, *COMMON}
    common = [(name, label(name)) for name in COMMON if name != first]
    others = [(name, label(name)) for name in all_zones() if name not in taken]
    return [*head, (_("Common"), common), (_("All zones"), others)]


def zone(name: str) -> zoneinfo.ZoneInfo:
    """The zone called `name`; UTC for a name the database does not know (a club saved
    before names were checked, or a zone since withdrawn): a time shown in UTC, and
    saying so, beats a page that fails."""
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(DEFAULT)


def local(moment: datetime, name: str) -> datetime:
    """`moment` (aware) as the clock reads in the zone `name`."""
    return moment.astimezone(zone(name))


def abbreviation(moment: datetime) -> str:
    """What to write after a local time so nobody mistakes the zone: its abbreviation
    (CET, EST, UTC), or its name where the database has only an offset such as "+04"."""
    short = moment.tzname() or ""
    if short.isalpha():
        return short
    return label(str(moment.tzinfo))
