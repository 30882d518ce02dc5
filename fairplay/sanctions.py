"""The sanctions in force and the sentences that refuse what they forbid
(docs/fair-play.md#sanctions): registered with games.gates (chat, rated play) and
tournaments.entry_gates (a club's events) by the app's ready, so games and the
tournaments enforce them without knowing this app."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _

from fairplay.models import Sanction
from fairplay.reasons import label
from games.models import Table
from tournaments.models import Event


def in_force(user_id: int, kind: str, club_id: int | None = None) -> Sanction | None:
    """The sanction of `kind` on `user_id` that runs longest, of those in force now."""
    now = timezone.now()
    found = Sanction.objects.filter(user_id=user_id, kind=kind, starts_at__lte=now, ends_at__gt=now)
    if club_id is not None:
        found = found.filter(club_id=club_id)
    return found.order_by("-ends_at").first()


def all_in_force(user_id: int) -> list[Sanction]:
    """Every sanction on `user_id` in force now, soonest end first (their own profile)."""
    now = timezone.now()
    return list(
        Sanction.objects.filter(user_id=user_id, starts_at__lte=now, ends_at__gt=now)
        .select_related("club")
        .order_by("ends_at")
    )


def until(moment: datetime) -> str:
    """ "12 December, 14:00 UTC": the end of a sanction, on the site's clock."""
    shown = date_format(timezone.localtime(moment), _("j F, H:i"))
    return f"{shown} {timezone.get_current_timezone_name()}"


def sentence(sanction: Sanction) -> str:
    """What the sanction forbids, until when and why, as its person reads it."""
    words = {"until": until(sanction.ends_at), "reason": label(sanction.reason)}
    if sanction.kind == Sanction.CHAT_MUTE:
        return _("You may not write in table chat until %(until)s: %(reason)s") % words
    if sanction.kind == Sanction.RATED_BAN:
        return _("You may not play rated games until %(until)s: %(reason)s") % words
    club = sanction.club.name if sanction.club is not None else ""
    return _("You may not enter the events of %(club)s until %(until)s: %(reason)s") % {
        **words,
        "club": club,
    }


def chat_refusal(user: Any, table: Table | None) -> str | None:
    found = in_force(user.pk, Sanction.CHAT_MUTE)
    return None if found is None else sentence(found)


def rated_refusal(user: Any, table: Table | None) -> str | None:
    found = in_force(user.pk, Sanction.RATED_BAN)
    return None if found is None else sentence(found)


def event_refusal(user: Any, event: Event) -> str | None:
    found = in_force(user.pk, Sanction.CLUB_BAN, club_id=event.club_id)
    return None if found is None else sentence(found)
