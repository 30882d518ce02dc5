"""Who may do what in a club: one function per rule, used by views, services and
templates (clubs and tournaments)."""

from __future__ import annotations

from typing import Any

from clubs.models import Club, Membership


def membership(user: Any, club: Club) -> Membership | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return Membership.objects.filter(club=club, user=user).first()


def role(user: Any, club: Club) -> str | None:
    """`user`'s role in `club` (Membership.ROLES), or None for a non-member."""
    found = membership(user, club)
    return found.role if found else None


def is_member(user: Any, club: Club) -> bool:
    return role(user, club) is not None


def organizes(user: Any, club: Club) -> bool:
    """Owners and organizers run the club's events, accept members and manage its
    house rules; so may site staff, for any club (to help, and in the admin)."""
    if getattr(user, "is_staff", False) and user.is_active:
        return True
    return role(user, club) in Membership.ORGANIZING


def owns(user: Any, club: Club) -> bool:
    return role(user, club) == Membership.OWNER


def may_see_events(user: Any, club: Club) -> bool:
    """Whether `user` (anyone, logged in or not: a calendar app fetching a feed is
    nobody) may see the club's events: their pages, standings and calendars. Every
    club's events are public, as its page is; a rule for private clubs goes here, and
    the event pages and calendar feeds follow it (docs/calendars.md#who-may-see-a-clubs-events)."""
    return True
