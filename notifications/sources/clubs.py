"""Notifications from clubs: a request to join answered (to the person who asked), and a
club announcement, which an organizer writes to every member
(`notifications.announcements`). docs/design.md §24."""

from __future__ import annotations

from clubs.models import Club, Membership
from notifications import kinds
from notifications.models import ClubAnnouncement
from notifications.services import Draft
from notifications.sources import source
from notifications.sources.events import ANNOUNCEMENT

JOIN_ANSWERED = "join_answered"
FIRST_LINE = 120  # of a club announcement, in the list and a pop-up; the rest in its body

kinds.register(
    kinds.Kind(
        JOIN_ANSWERED,
        "Request to join answered",
        "A club accepted or declined your request to join it.",
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
    answer = "accepted you as a member" if accepted else "declined your request to join"
    return [
        Draft(
            kind=JOIN_ANSWERED,
            user_id=user_id,
            key=f"join-{request_id}",
            text=f"{club.name} {answer}",
            url=club.get_absolute_url(),
        )
    ]


@source("club_announcement")
def club_announcement(*, announcement_id: int) -> list[Draft]:
    """Every member of the club but its writer."""
    said = ClubAnnouncement.objects.select_related("club").filter(pk=announcement_id).first()
    if said is None:
        return []
    first, _, rest = said.text.strip().partition("\n")
    if len(first) > FIRST_LINE:
        first = first[: FIRST_LINE - 1].rstrip() + "…"
    members = Membership.objects.filter(club=said.club).values_list("user_id", flat=True)
    return [
        Draft(
            kind=ANNOUNCEMENT,
            user_id=user_id,
            key=f"club-announcement-{said.pk}",
            text=f"{said.club.name}: {first}",
            body=said.text.strip(),
            url=said.club.get_absolute_url(),
        )
        for user_id in members
        if user_id != said.by_id
    ]
