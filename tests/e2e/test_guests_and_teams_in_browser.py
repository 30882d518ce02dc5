"""The pages a guest's invitation and a team battle add, in a browser without JavaScript
(docs/clubs.md#a-guest-becomes-a-member, docs/tournaments.md#team-battles): the
organizer's "Invite to join" form and the invitation as the guest opens it; a team battle's
event page, projector and printed standings with both tables, after its first round. Each
at a phone's and a laptop's size: key words shown, nothing wider than the window, axe-core
finding nothing (tests/e2e/pages_without_js.py). Screenshots go to /tmp/shots/."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from clubs.services import guest_invitations
from tests.e2e.pages_without_js import check_pages
from tests.tournaments.conftest import club, make_event  # noqa: F401
from tests.tournaments.formats.team_battle.conftest import (  # noqa: F401
    squads,
    team_event,
    teams_text,
)
from tests.tournaments.test_guests import cards_swiss, four  # noqa: F401
from tests.tournaments.test_knockout import quick  # noqa: F401
from tests.tournaments.test_services import play_round, register_all
from tournaments import services
from tournaments.models import Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


class Capture:
    """On-commit hooks run at once on a transactional test database."""

    def __call__(self, execute: bool = True) -> Any:
        import contextlib

        return contextlib.nullcontext()


def test_the_guest_invitation_and_team_battle_pages_without_javascript(
    browser: Any,
    live_server: Any,
    ann: Any,
    club: Any,  # noqa: F811
    make_event: Any,  # noqa: F811
    four: list[Any],  # noqa: F811
    squads: dict[str, list[Any]],  # noqa: F811
    team_event: Any,  # noqa: F811
    django_user_model: Any,
) -> None:
    evening = cards_swiss(make_event, four[:2], rounds=1)
    entry = services.add_guest(event=evening, by=ann, name="Anna")
    invitation = guest_invitations.invite_guest(
        by=ann, club=club, guest=entry.user, email="anna@example.org"
    )
    newcomer = django_user_model.objects.create_user("anna_lee", password="x" * 12)
    battle = team_event(teams_text(squads), table_size=4, table_min=4, table_max=4)
    register_all(battle, [u for users in squads.values() for u in users])
    services.start_event(event=battle, by=ann)
    play_round(Round.objects.get(event=battle, number=1), Capture())
    readers = [
        (
            ann,
            {
                "invite-guest": (
                    reverse("tournaments:invite_guest", args=[evening.pk, entry.pk]),
                    ["Invite Anna (guest) to join", "anna@example.org", "Send the invitation"],
                ),
                "team-battle": (battle.get_absolute_url(), ["Team standings", "Reds", "r1"]),
                "team-battle-print": (
                    reverse("tournaments:print_standings", args=[battle.pk]),
                    ["Team standings", "Whites"],
                ),
            },
        ),
        (
            newcomer,
            {
                "guest-invitation": (
                    reverse("clubs:invitation", args=[club.slug, invitation.token]),
                    ["This invitation is for Anna (guest)", "Join Kitchen Club"],
                ),
            },
        ),
    ]
    check_pages(browser, live_server, readers, shot_prefix="guests-teams-")
