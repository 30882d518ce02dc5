"""The accounts' own parts of the download (docs/privacy.md#download-my-data): the
profile, the e-mail addresses and the clubs."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.urls import reverse
from django.utils.translation import gettext_lazy

from accounts import networks
from accounts.data_export.parts import one_file
from clubs.models import JoinRequest, Membership
from games import site


def profile(user: Any) -> dict[str, Any]:
    return {
        "username": user.get_username(),
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "profile_url": site.absolute(reverse("profile", args=[user.get_username()])),
        # The language chosen on the profile ("" : pages follow the browser), and the
        # one last read in, which mail and notifications use until one is chosen.
        "language": user.language,
        "language_last_read": user.reads_in,
        "preferences": {"sound_when_my_game_is_ready": user.call_sound},
        "guest": user.is_guest,
        "staff": user.is_staff,
        # How many, never the fingerprints (docs/privacy.md#the-network-fingerprint).
        "networks_signed_in_from": networks.export_line(user),
    }


def emails(user: Any) -> list[dict[str, Any]]:
    return [
        {"email": address.email, "verified": address.verified, "primary": address.primary}
        for address in EmailAddress.objects.filter(user=user).order_by("-primary", "email")
    ]


def clubs(user: Any) -> dict[str, Any]:
    memberships = Membership.objects.filter(user=user).select_related("club")
    asked = JoinRequest.objects.filter(user=user).select_related("club")
    return {
        "memberships": [
            {
                "club": m.club.name,
                "url": site.absolute(m.club.get_absolute_url()),
                "role": m.role,
                "role_name": m.get_role_display(),
                "joined_at": m.joined_at,
            }
            for m in memberships.order_by("club__name")
        ],
        "requests_to_join": [
            {"club": r.club.name, "message": r.message, "asked_at": r.created_at}
            for r in asked.order_by("created_at")
        ],
    }


def register() -> None:
    one_file(
        "profile.json",
        gettext_lazy(
            "Your account: username, name, the e-mail address on it, when you joined and last "
            "logged in, your language and your settings."
        ),
        profile,
        order=10,
    )
    one_file(
        "emails.json",
        gettext_lazy("Your e-mail addresses, each verified or not, and which is your primary one."),
        emails,
        order=20,
    )
    one_file(
        "clubs.json",
        gettext_lazy(
            "The clubs you are a member of, your role in each and when you joined, and your "
            "requests to join that are waiting."
        ),
        clubs,
        order=30,
    )
