"""The moderation queue and its actions (docs/fair-play.md#who-moderates).

Who sees a report: staff, every report; the organizers (owners and organizers) of a
club, the reports about its events' tables -- a seat there, a line of their chat --
but never one about themselves. Profiles and casual tables are the site's: staff only.

What they may do: warn, ban from the club's events for N days, dismiss; staff also mute
in every table's chat and ban from rated play for N days (the site's sanctions, never
an organizer's). Each action is one transaction under the report's row lock: the audit
row, the sanction, the report handled; then `signals.moderated`, after the commit, from
which the reported person hears the warning or the sanction (what, until when, why) and
the reporter the outcome ("action was taken" or "no action"), never the sanction.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Membership
from fairplay import signals
from fairplay.models import ModerationAction, Report, Sanction
from games.errors import ServiceError
from games.signals import send_on_commit

MOST_DAYS = 365
SITE_ONLY = (ModerationAction.MUTE, ModerationAction.RATED)
SANCTIONS = {
    ModerationAction.MUTE: Sanction.CHAT_MUTE,
    ModerationAction.RATED: Sanction.RATED_BAN,
    ModerationAction.CLUB: Sanction.CLUB_BAN,
}


def organized_clubs(user: Any) -> list[int]:
    if not getattr(user, "is_authenticated", False):
        return []
    return list(
        Membership.objects.filter(user=user, role__in=Membership.ORGANIZING).values_list(
            "club_id", flat=True
        )
    )


def is_moderator(user: Any) -> bool:
    """Whether `user` has a queue at all: staff, or an organizer of a club."""
    return bool(getattr(user, "is_staff", False)) or bool(organized_clubs(user))


def queue(user: Any) -> QuerySet[Report]:
    """The reports `user` may see, newest first (none for anyone else)."""
    reports = Report.objects.select_related("reporter", "reported", "table", "club")
    if getattr(user, "is_staff", False):
        return reports
    return reports.filter(club_id__in=organized_clubs(user)).exclude(reported=user)


def actions_for(user: Any, report: Report) -> list[tuple[str, str]]:
    """The actions `user` may take on `report`: (value, label), as offered."""
    staff = bool(getattr(user, "is_staff", False))
    return [
        (value, str(text))
        for value, text in ModerationAction.ACTIONS
        if (staff or value not in SITE_ONLY) and (value != ModerationAction.CLUB or report.club_id)
    ]


def act(*, report_id: int, by: Any, action: str, days: int = 0, note: str = "") -> ModerationAction:
    """`by` takes `action` on the report; refused, with nothing written, to anyone who may
    not see it, for an action they may not take, a report handled already, or days out
    of 1 to MOST_DAYS for a sanction."""
    with transaction.atomic():
        report = queue(by).select_for_update(of=("self",)).filter(pk=report_id).first()
        if report is None:
            raise ServiceError(_("There is no such report."))
        if action not in dict(actions_for(by, report)):
            if action in SITE_ONLY:
                raise ServiceError(
                    _("Only the site's moderators mute chat or ban from rated play.")
                )
            raise ServiceError(_("Choose one of the actions offered."))
        if report.status == Report.HANDLED:
            raise ServiceError(_("This report was handled already."))
        sanction = None
        if action in SANCTIONS:
            if not 1 <= days <= MOST_DAYS:
                raise ServiceError(_("Choose from 1 to %(most)s days.") % {"most": MOST_DAYS})
            now = timezone.now()
            sanction = Sanction.objects.create(
                user_id=report.reported_id,
                kind=SANCTIONS[action],
                club=report.club if action == ModerationAction.CLUB else None,
                reason=report.reason,
                starts_at=now,
                ends_at=now + timedelta(days=days),
                key=f"report-{report.pk}",
            )
        else:
            days = 0
        done = ModerationAction.objects.create(
            report=report,
            by=by,
            action=action,
            days=days,
            note=note.strip()[:1000],
            sanction=sanction,
        )
        report.status = Report.HANDLED
        report.save(update_fields=["status"])
        send_on_commit(signals.moderated, sender=ModerationAction, action_id=done.pk)
    return done
