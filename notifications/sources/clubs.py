"""Notifications from clubs: requests to join waiting (to the club's organizers: one
row each, its count updated by each new request), a request to join answered (to the
person who asked), and a club announcement, which an organizer writes to every member
(`notifications.announcements`). docs/notifications.md#updated-not-repeated."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs.models import Club, JoinRequest, Membership
from notifications import kinds, services
from notifications.models import ClubAnnouncement
from notifications.services import Draft
from notifications.sources import source
from notifications.sources.events import ANNOUNCEMENT
from notifications.speaking import in_their_languages

JOIN_ANSWERED, JOIN_WAITING = "join_answered", "join_waiting"
FIRST_LINE = 120  # of a club announcement, in the list and a pop-up; the rest in its body

kinds.register(
    kinds.Kind(
        JOIN_ANSWERED,
        gettext_lazy("Request to join answered"),
        gettext_lazy("A club accepted or declined your request to join it."),
        {"site": True, "email": True, "browser": True, "push": True},
        order=90,
    )
)


def _waiting_key(club_id: int) -> str:
    return f"join-waiting-{club_id}"


def _someone_waits(notifications: list[Any]) -> set[int]:
    """Those whose club still has a request to join unanswered."""
    by_club: dict[int, list[int]] = {}
    for n in notifications:
        by_club.setdefault(int(n.key.removeprefix("join-waiting-")), []).append(n.pk)
    waiting = JoinRequest.objects.filter(club_id__in=by_club).values_list("club_id", flat=True)
    return {pk for club_id in set(waiting) for pk in by_club[club_id]}


kinds.register(
    kinds.Kind(
        JOIN_WAITING,
        gettext_lazy("Requests to join"),
        gettext_lazy("People ask to join a club you organize."),
        {"site": True, "email": True, "browser": True, "push": True},
        still_news=_someone_waits,
        order=85,
    )
)


def organizers_of(club: Club) -> list[int]:
    return list(
        Membership.objects.filter(club=club, role__in=Membership.ORGANIZING).values_list(
            "user_id", flat=True
        )
    )


@source("join_requested")
def join_requested(*, club_id: int, user_id: int, request_id: int) -> list[Draft]:
    """Each organizer of the club: how many wait now, linking to where they answer. One
    row per organizer and club, its revision the newest request's id: a new request
    rewrites it (unread again), a task run twice or late changes nothing."""
    club = Club.objects.filter(pk=club_id).first()
    waiting = JoinRequest.objects.filter(club_id=club_id).order_by("-pk")
    newest = waiting.values_list("pk", flat=True).first()
    if club is None or newest is None:
        return []
    count = waiting.count()
    told = [pk for pk in organizers_of(club) if pk != user_id]

    def word() -> str:
        return ngettext(
            "%(count)d person asks to join %(club)s",
            "%(count)d people ask to join %(club)s",
            count,
        ) % {"count": count, "club": club.name}

    texts = in_their_languages(told, word)
    return [
        Draft(
            kind=JOIN_WAITING,
            user_id=organizer,
            key=_waiting_key(club.pk),
            text=texts[organizer],
            url=f"{club.get_absolute_url()}#requests-heading",
            revision=newest,
        )
        for organizer in told
    ]


def _all_answered(club: Club) -> None:
    """When no request waits any more, the organizers' "people ask to join" is read (and
    their counts recounted): it is no longer news."""
    if not JoinRequest.objects.filter(club=club).exists():
        services.seen(organizers_of(club), [JOIN_WAITING], key=_waiting_key(club.pk))


@source("join_request_answered")
def join_request_answered(
    *, club_id: int, user_id: int, request_id: int, accepted: bool
) -> list[Draft]:
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        return []
    _all_answered(club)

    def word() -> str:
        if accepted:
            return _("%(club)s accepted you as a member") % {"club": club.name}
        return _("%(club)s declined your request to join") % {"club": club.name}

    return [
        Draft(
            kind=JOIN_ANSWERED,
            user_id=user_id,
            key=f"join-{request_id}",
            text=in_their_languages([user_id], word)[user_id],
            url=club.get_absolute_url(),
        )
    ]


@source("club_announcement")
def club_announcement(*, announcement_id: int) -> list[Draft]:
    """Every member of the club but its writer."""
    said = ClubAnnouncement.objects.select_related("club").filter(pk=announcement_id).first()
    if said is None:
        return []
    first, _newline, _rest = said.text.strip().partition("\n")
    if len(first) > FIRST_LINE:
        first = first[: FIRST_LINE - 1].rstrip() + "…"
    members = [
        user_id
        for user_id in Membership.objects.filter(club=said.club).values_list("user_id", flat=True)
        if user_id != said.by_id
    ]
    texts = in_their_languages(
        members, lambda: _("%(club)s: %(text)s") % {"club": said.club.name, "text": first}
    )
    return [
        Draft(
            kind=ANNOUNCEMENT,
            user_id=user_id,
            key=f"club-announcement-{said.pk}",
            text=texts[user_id],
            body=said.text.strip(),
            url=said.club.get_absolute_url(),
        )
        for user_id in members
    ]
