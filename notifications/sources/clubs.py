"""Notifications from clubs: a request to join answered (to the person who asked), and a
club announcement, which an organizer writes to every member
(`notifications.announcements`). docs/design.md §24."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Membership
from notifications import kinds
from notifications.models import ClubAnnouncement
from notifications.services import Draft
from notifications.sources import source
from notifications.sources.events import ANNOUNCEMENT
from notifications.speaking import in_their_languages

JOIN_ANSWERED = "join_answered"
FIRST_LINE = 120  # of a club announcement, in the list and a pop-up; the rest in its body

kinds.register(
    kinds.Kind(
        JOIN_ANSWERED,
        gettext_lazy("Request to join answered"),
        gettext_lazy("A club accepted or declined your request to join it."),
        {"site": True, "email": True, "browser": True},
        order=90,
    )
)


@source("join_request_answered")
def join_request_answered(
    *, club_id: int, user_id: int, request_id: int, accepted: bool
) -> list[Draft]:
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        return []

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
