"""`{% club_time moment club %}`: a time of a club's event as that club's clock reads
it, its zone named, in a <time datetime> that static/js/local-time.js rewrites into the
viewer's own zone (the text here stays when JavaScript is off). Every event page shows
its times through this tag, so none repeats the conversion (clubs.zones.local)."""

from __future__ import annotations

from datetime import UTC, datetime

from django import template
from django.utils.dateformat import format as date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop

from clubs import zones
from clubs.models import Club

register = template.Library()

# A date format is a message: each language writes its own order (docs/i18n.md).
FORMAT = gettext_noop("D j M Y, H:i")


def club_clock(moment: datetime, club: Club, format: str | None = None) -> str:
    """The words of `moment` on the club's clock, its zone named: "Fri 7 Mar 2031, 19:30
    CET" (also for text that is no element, such as an event's status line)."""
    here = zones.local(moment, club.time_zone)
    return f"{date_format(here, format or gettext(FORMAT))} {zones.abbreviation(here)}"


@register.simple_tag
def club_time(
    moment: datetime | None, club: Club, format: str | None = None, *, room: bool = False
) -> SafeString | str:
    """`room=True`: the room's clock only, not rewritten into the viewer's zone (a time
    of day read at the club, such as the check-in desk's "checked in 20:12 CET")."""
    if moment is None:
        return ""
    text = club_clock(moment, club, format)
    iso = moment.astimezone(UTC).isoformat()
    if room:
        return format_html('<time datetime="{}">{}</time>', iso, text)
    return format_html('<time datetime="{}" data-local>{}</time>', iso, text)


@register.simple_tag
def club_time_kept(
    moment: datetime | None, club: Club, format: str | None = None
) -> SafeString | str:
    """`club_time` that no script rewrites: a printed sheet is read in the club's room,
    on the club's clock, whatever zone the organizer who printed it was in."""
    if moment is None:
        return ""
    iso = moment.astimezone(UTC).isoformat()
    return format_html('<time datetime="{}">{}</time>', iso, club_clock(moment, club, format))
