"""Notifications of fair play (docs/fair-play.md#what-people-are-told): a report handled
(to the reporter: whether action was taken, never what), a moderator's warning or
restriction (to the person: what, until when, why, and the moderator's note), and rated
play paused for leaving (to the person: until when, and why). Each keyed by the audit
row or the sanction, so a task run twice tells once."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from fairplay import sanctions
from fairplay.models import ModerationAction, Sanction
from fairplay.reasons import label
from notifications import kinds
from notifications.services import Draft
from notifications.sources import source
from notifications.speaking import in_their_languages

REPORT_HANDLED, MODERATED, RATED_PAUSED = "report_handled", "moderated", "rated_paused"
ALL = {"site": True, "email": True, "browser": True, "push": True}

kinds.register(
    kinds.Kind(
        REPORT_HANDLED,
        gettext_lazy("Your report was handled"),
        gettext_lazy("A moderator looked at a report you made: whether action was taken."),
        ALL,
        order=95,
    )
)
kinds.register(
    kinds.Kind(
        MODERATED,
        gettext_lazy("A moderator warned or restricted you"),
        gettext_lazy("What a moderator decided about you, until when and why."),
        ALL,
        order=96,
    )
)
kinds.register(
    kinds.Kind(
        RATED_PAUSED,
        gettext_lazy("Rated play paused"),
        gettext_lazy("You left rated games early: until when you may not play rated games."),
        ALL,
        order=97,
    )
)


def _profile() -> str:
    return reverse("my_profile")


@source("moderated")
def moderated(*, action_id: int) -> list[Draft]:
    done = (
        ModerationAction.objects.select_related("report", "sanction__club")
        .filter(pk=action_id)
        .first()
    )
    if done is None:
        return []
    report = done.report
    acted = done.action != ModerationAction.DISMISS

    def outcome() -> str:
        if acted:
            return _("Your report was handled: action was taken. Thank you.")
        return _("Your report was handled: no action was taken.")

    drafts = [
        Draft(
            kind=REPORT_HANDLED,
            user_id=report.reporter_id,
            key=f"report-{report.pk}",
            text=in_their_languages([report.reporter_id], outcome)[report.reporter_id],
        )
    ]
    if not acted:
        return drafts
    person = report.reported_id

    def told() -> str:
        if done.sanction is not None:
            return sanctions.sentence(done.sanction)
        return _("A moderator warned you: %(reason)s") % {"reason": label(report.reason)}

    drafts.append(
        Draft(
            kind=MODERATED,
            user_id=person,
            key=f"moderated-{done.pk}",
            text=in_their_languages([person], told)[person],
            body=done.note,
            url=_profile(),
        )
    )
    return drafts


@source("rated_paused")
def rated_paused(*, sanction_id: int) -> list[Draft]:
    ban = Sanction.objects.filter(pk=sanction_id).first()
    if ban is None:
        return []
    return [
        Draft(
            kind=RATED_PAUSED,
            user_id=ban.user_id,
            key=f"sanction-{ban.pk}",
            text=in_their_languages([ban.user_id], lambda: sanctions.sentence(ban))[ban.user_id],
            url=_profile(),
            valid_until=ban.ends_at,
        )
    ]
