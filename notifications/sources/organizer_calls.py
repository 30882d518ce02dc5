"""A table calls the organizer (docs/club-night.md#calling-the-organizer): each organizer
of the event's club is told at once — on the site, in the browser and by Web Push, never
by e-mail (it would arrive after the call was answered), and not held through quiet
hours: someone waits at the table now. It stops being news when the call is answered."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from notifications import kinds, services
from notifications.services import Draft
from notifications.sources import source
from notifications.sources.clubs import organizers_of
from notifications.speaking import in_their_languages
from tournaments.models import OrganizerCall

CALLED = "organizer_called"


def _key(call_id: int) -> str:
    return f"organizer-call-{call_id}"


def _not_answered(notifications: list[Any]) -> set[int]:
    """Those whose call is still open."""
    by_call: dict[int, list[int]] = {}
    for n in notifications:
        by_call.setdefault(int(n.key.removeprefix("organizer-call-")), []).append(n.pk)
    open_ = OrganizerCall.objects.filter(pk__in=by_call, answered_at__isnull=True)
    return {pk for call_id in open_.values_list("pk", flat=True) for pk in by_call[call_id]}


kinds.register(
    kinds.Kind(
        CALLED,
        gettext_lazy("A table calls you"),
        gettext_lazy("At an event you organize, the players at a table call the organizer."),
        {"site": True, "email": False, "browser": True, "push": True},
        still_news=_not_answered,
        order=12,
        urgent=True,
        can_wait=False,
    )
)


def _said(call: OrganizerCall) -> str:
    return _("Table %(table)s calls the organizer at %(event)s: %(reason)s.") % {
        "table": call.table.number,
        "event": call.event.name,
        "reason": call.get_reason_display(),
    }


@source(CALLED)
def organizer_called(*, call_id: int) -> list[Draft]:
    """Each organizer of the call's club, while the call is open (a late task: none)."""
    call = (
        OrganizerCall.objects.select_related("event__club", "table")
        .filter(pk=call_id, answered_at__isnull=True)
        .first()
    )
    if call is None:
        return []
    told = organizers_of(call.event.club)
    texts = in_their_languages(told, partial(_said, call))
    url = reverse("tournaments:manage", args=[call.event_id])
    return [Draft(CALLED, user_id, _key(call.pk), texts[user_id], url) for user_id in told]


@source("organizer_call_answered")
def organizer_call_answered(*, call_id: int) -> list[Draft]:
    """An organizer answered the call: the others' notifications of it are read (no
    longer news); nothing new is made."""
    call = OrganizerCall.objects.select_related("event__club").filter(pk=call_id).first()
    if call is not None:
        services.seen(organizers_of(call.event.club), [CALLED], key=_key(call.pk))
    return []
