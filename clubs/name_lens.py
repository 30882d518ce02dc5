"""Who may read the name of a member who shows it only to their clubs' members
(docs/privacy.md#my-name-off-public-pages): themselves, and anyone signed in who is a
member of one of the same clubs; and how a club's own pages number the pseudonyms.
Registered with `games.wording.readers`, which asks it for the lens of each reader."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.urls import ResolverMatch

from clubs import access
from clubs.models import Club, Membership
from games.wording import readers
from games.wording.readers import Lens


def lens_for(user: Any) -> Lens:
    """The names hidden from `user` (None: from anyone not signed in)."""
    return Lens(lambda: hidden_from(user))


def hidden_from(user: Any) -> frozenset[str]:
    if user is None:
        return frozenset(
            get_user_model()
            .objects.filter(name_to_club_members=True, is_active=True)
            .values_list("username", flat=True)
        )
    # Everyone who hides their name, kept a few seconds per process: when no one does,
    # a page that reads names costs no query for it.
    hiding = set(readers.strict_hidden())
    if not hiding:
        return frozenset()
    hiding.discard(user.username)
    clubs = Membership.objects.filter(user=user).values("club")
    shared = Membership.objects.filter(club__in=clubs, user__name_to_club_members=True).values_list(
        "user__username", flat=True
    )
    return frozenset(hiding.difference(shared))


def forget_who_hides(**_: Any) -> None:
    """A member's choice has changed (or a member was made): this process asks again."""
    readers.forget_strict_lens()


def club_scope(club_id: int, reader: Any) -> readers.Scope:
    """A club's pages (its members, its season) number pseudonyms in the order its
    members joined; its organizers read every name there."""

    def numbers() -> dict[str, int]:
        joined = Membership.objects.filter(club_id=club_id).order_by("joined_at", "pk")
        names = joined.values_list("user__username", flat=True)
        return {name: number for number, name in enumerate(names, start=1)}

    def sees_all() -> bool:
        club = Club.objects.filter(pk=club_id).first()
        return bool(club and reader is not None and access.organizes(reader, club))

    return readers.Scope(f"club-{club_id}", numbers, sees_all)


def page_scope(match: ResolverMatch, viewer: Any) -> readers.Scope | None:
    """The scope of a page of one club: a URL of the club's `slug`."""
    slug = match.kwargs.get("slug")
    if slug is None or match.app_name not in ("clubs", "tournaments"):
        return None

    def find() -> readers.Scope | None:
        club = Club.objects.filter(slug=slug).values_list("pk", flat=True).first()
        return club_scope(club, viewer) if club is not None else None

    return readers.DeferredScope(find)
