"""The club pages with JavaScript off: plain GETs and form POSTs, redirects and messages."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import services
from clubs.models import Club, ClubRuleSet, JoinRequest, Membership
from games.engine import Rules, RulesError
from games.models import RuleSet
from games.rule_text import differences
from tests.clubs.conftest import counts
from tests.games.test_rule_forms import rules_data
from tournaments import services as tournaments
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def messages_of(response: Any) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def url(name: str, club: Club, *args: Any) -> str:
    return reverse(f"clubs:{name}", args=[club.slug, *args])


def test_the_list_shows_each_club_with_its_members_and_your_role(
    client: Client, club: Club, bob: Any, member_of: Any
) -> None:
    member_of(bob, Membership.ORGANIZER)
    client.force_login(bob)

    page = client.get(reverse("clubs:list")).content.decode()

    row = re.search(r"<tr>\s*<th scope=\"row\">.*?</tr>", page, re.S)
    assert row is not None
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row.group(0), re.S)
    assert "Kitchen Club" in cells[0]
    assert cells[1:] == ["2", "Players ask; an organizer accepts", "Organizer"]
    assert 'href="/clubs/"' in page  # the site navigation links here


def test_creating_a_club_from_the_list(client: Client, ann: Any) -> None:
    client.force_login(ann)

    response = client.post(
        reverse("clubs:list"),
        {"name": "Den", "description": "Fridays", "join_policy": "open"},
        follow=True,
    )

    assert response.redirect_chain == [("/clubs/den/", 302)]
    assert messages_of(response) == ["Den is created, with you as its owner."]
    assert Membership.objects.get(club__slug="den").user == ann


def test_a_refused_club_name_is_shown_on_its_field(client: Client, club: Club, ann: Any) -> None:
    client.force_login(ann)

    response = client.post(reverse("clubs:list"), {"name": "KITCHEN club", "join_policy": "open"})

    assert response.status_code == 400
    assert response.context["form"].errors == {
        "name": ["There is already a club called \u201cKITCHEN club\u201d."]
    }
    assert Club.objects.count() == 1


def test_anonymous_visitors_see_clubs_but_must_log_in_to_create_one(
    client: Client, club: Club
) -> None:
    page = client.get(reverse("clubs:list"))
    posted = client.post(reverse("clubs:list"), {"name": "Den", "join_policy": "open"})

    assert "Log in to create or join a club" in page.content.decode()
    assert posted.status_code == 302
    assert posted["Location"].startswith(reverse("account_login"))
    assert Club.objects.count() == 1


def test_asking_to_join_then_an_organizer_accepts(
    client: Client, club: Club, ann: Any, bob: Any
) -> None:
    client.force_login(bob)
    asked = client.post(url("join", club), follow=True)
    assert messages_of(asked) == ["You asked to join Kitchen Club: an organizer will answer."]
    assert "You asked to join: an organizer will answer." in asked.content.decode()

    client.force_login(ann)
    page = client.get(url("detail", club)).content.decode()
    request = JoinRequest.objects.get(club=club, user=bob)
    assert url("answer_request", club, request.pk) in page
    accepted = client.post(
        url("answer_request", club, request.pk), {"action": "accept"}, follow=True
    )

    assert messages_of(accepted) == ["bob is a member now."]
    assert Membership.objects.get(club=club, user=bob).role == Membership.MEMBER


def test_joining_an_open_club_and_leaving_it(client: Client, club: Club, bob: Any) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.OPEN)
    client.force_login(bob)

    joined = client.post(url("join", club), follow=True)
    assert messages_of(joined) == ["Welcome to Kitchen Club: you are a member."]
    assert "Leave the club" in joined.content.decode()

    left = client.post(url("leave", club), follow=True)
    assert messages_of(left) == ["You left Kitchen Club."]
    assert not Membership.objects.filter(club=club, user=bob).exists()


def test_the_last_owner_is_told_why_they_cannot_leave(client: Client, club: Club, ann: Any) -> None:
    client.force_login(ann)

    response = client.post(url("leave", club), follow=True)

    assert messages_of(response) == [
        "You are the only owner of Kitchen Club: make someone else an owner before you leave."
    ]
    assert Membership.objects.filter(club=club, user=ann).exists()


def test_members_see_no_organizer_controls(
    client: Client, club: Club, bob: Any, cat: Any, member_of: Any
) -> None:
    member_of(bob)
    cats = member_of(cat)
    client.force_login(bob)

    page = client.get(url("detail", club)).content.decode()

    for hidden in (
        "Invite link",
        "Set role",
        "Remove",
        "New event",
        "Club settings",
        club.invite_token,
    ):
        assert hidden not in page
    assert url("member", club, cats.pk) not in page
    assert "Season standings" in page


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("new_invite", {}),
        ("edit", {"name": "Bob's", "join_policy": "open"}),
        ("add_rule_set", {"rule_set": "1"}),
        ("new_rule_set", {"name": "Bob's", "preset": "scat"}),
    ],
)
def test_members_and_other_clubs_organizers_are_refused_the_organizers_forms(
    client: Client, club: Club, bob: Any, cat: Any, member_of: Any, name: str, data: Any
) -> None:
    member_of(bob)
    other = services.create_club(by=cat, name="Den", join_policy=Club.OPEN)
    token = club.invite_token
    for user in (bob, cat):
        client.force_login(user)
        before = counts()

        response = client.post(url(name, club), data)

        assert response.status_code == 403
        assert "Only the organizers of Kitchen Club" in response.content.decode()
        assert counts() == before
    assert Club.objects.get(pk=club.pk).invite_token == token
    assert Club.objects.get(pk=club.pk).name == "Kitchen Club"
    assert other.memberships.get().role == Membership.OWNER


def test_a_member_cannot_change_roles_or_remove_members(
    client: Client, club: Club, ann: Any, bob: Any, member_of: Any
) -> None:
    member_of(bob)
    anns = Membership.objects.get(club=club, user=ann)
    client.force_login(bob)

    promoted = client.post(url("member", club, anns.pk), {"action": "role", "role": "member"})
    removed = client.post(url("member", club, anns.pk), {"action": "remove"})

    assert (promoted.status_code, removed.status_code) == (403, 403)
    assert Membership.objects.get(pk=anns.pk).role == Membership.OWNER


def test_an_owner_makes_an_organizer_and_cannot_step_down_alone(
    client: Client, club: Club, ann: Any, bob: Any, member_of: Any
) -> None:
    bobs = member_of(bob)
    anns = Membership.objects.get(club=club, user=ann)
    client.force_login(ann)

    made = client.post(
        url("member", club, bobs.pk), {"action": "role", "role": "organizer"}, follow=True
    )
    stepped = client.post(
        url("member", club, anns.pk), {"action": "role", "role": "member"}, follow=True
    )

    assert messages_of(made) == ["bob\u2019s role is now organizer."]
    assert messages_of(stepped) == [
        "Kitchen Club needs an owner: make someone else an owner first."
    ]
    assert Membership.objects.get(pk=bobs.pk).role == Membership.ORGANIZER
    assert Membership.objects.get(pk=anns.pk).role == Membership.OWNER


def test_an_organizer_removes_a_member(
    client: Client, club: Club, bob: Any, cat: Any, member_of: Any
) -> None:
    member_of(bob, Membership.ORGANIZER)
    cats = member_of(cat)
    client.force_login(bob)

    response = client.post(url("member", club, cats.pk), {"action": "remove"}, follow=True)

    assert messages_of(response) == ["cat is no longer a member."]
    assert not Membership.objects.filter(pk=cats.pk).exists()


def test_the_invite_link_flow_and_a_new_link_ending_the_old(
    client: Client, club: Club, ann: Any, bob: Any, cat: Any
) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.INVITE)
    old = club.invite_url()

    anonymous = client.get(old)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("account_login"))

    client.force_login(bob)
    asked = client.get(old)
    assert "Join Kitchen Club?" in asked.content.decode()
    joined = client.post(old, follow=True)
    assert messages_of(joined) == ["Welcome to Kitchen Club: you are a member."]

    client.force_login(ann)
    page = client.get(url("detail", club)).content.decode()
    assert "http://testserver" + old in page
    renewed = client.post(url("new_invite", club), follow=True)
    assert messages_of(renewed) == ["There is a new invite link: the old one no longer works."]
    club.refresh_from_db()
    assert club.invite_url() in renewed.content.decode()

    client.force_login(cat)
    assert client.get(old).status_code == 404
    refused = client.post(old)
    assert refused.status_code == 409
    assert "no longer works" in refused.content.decode()
    assert not Membership.objects.filter(club=club, user=cat).exists()
    assert client.post(club.invite_url()).status_code == 302
    assert Membership.objects.filter(club=club, user=cat).exists()


def test_an_organizer_adds_and_removes_a_site_rule_set(
    client: Client, club: Club, ann: Any, scat: RuleSet
) -> None:
    client.force_login(ann)

    added = client.post(url("add_rule_set", club), {"rule_set": scat.pk}, follow=True)
    entry = ClubRuleSet.objects.get(club=club)
    removed = client.post(url("remove_rule_set", club, entry.pk), follow=True)

    assert messages_of(added) == ["\u201cScat\u201d is on the club's list."]
    assert messages_of(removed) == ["\u201cScat\u201d is off the club's list."]
    assert not ClubRuleSet.objects.filter(club=club).exists()


def test_a_site_rule_set_not_on_offer_is_refused_on_the_field(
    client: Client, club: Club, ann: Any, presets: None
) -> None:
    withdrawn = RuleSet.objects.create(name="Old", preset="scat", offered=False)
    client.force_login(ann)

    response = client.post(url("add_rule_set", club), {"rule_set": withdrawn.pk})

    assert response.status_code == 400
    assert response.context["add_form"].errors == {
        "rule_set": ["Choose one of the site's rule sets."]
    }


def test_an_organizer_creates_the_clubs_own_rules_from_a_preset(
    client: Client, club: Club, ann: Any
) -> None:
    client.force_login(ann)
    form = client.get(url("new_rule_set", club), {"preset": "ride_the_bus"})
    assert form.context["form"]["preset"].value() == "ride_the_bus"
    rules = Rules.preset("ride_the_bus", knock_min=17)

    response = client.post(
        url("new_rule_set", club),
        {"name": "Bus rules", "preset": "ride_the_bus", **rules_data(rules)},
        follow=True,
    )

    assert messages_of(response) == ["\u201cBus rules\u201d is on the club's list."]
    entry = ClubRuleSet.objects.get(club=club)
    assert (entry.own, entry.rule_set.changes, entry.rule_set.offered) == (
        True,
        {"knock_min": 17},
        False,
    )
    [change] = differences(Rules.preset("ride_the_bus"), rules)
    assert f"<li>{change}</li>" in response.content.decode()


def test_a_bad_house_rule_shows_the_engines_message_on_its_field(
    client: Client, club: Club, ann: Any
) -> None:
    with pytest.raises(RulesError) as engine:
        Rules.preset("scat", lives=0)
    client.force_login(ann)
    before = counts()

    response = client.post(
        url("new_rule_set", club),
        {"name": "Sudden", "preset": "scat", **rules_data(Rules(), lives=0)},
    )

    assert response.status_code == 400
    assert response.context["form"].errors["lives"] == [str(engine.value)]
    assert counts() == before


def test_a_non_organizer_cannot_open_the_rules_form(client: Client, club: Club, bob: Any) -> None:
    client.force_login(bob)

    assert client.get(url("new_rule_set", club)).status_code == 403


def test_the_club_page_lists_upcoming_and_past_events(
    client: Client, club: Club, ann: Any, scat: RuleSet
) -> None:
    soon = timezone.now() + timedelta(days=1)
    later = tournaments.create_event(
        club=club, by=ann, name="Later", rule_set=scat, starts_at=soon + timedelta(days=7)
    )
    tournaments.create_event(club=club, by=ann, name="Soon", rule_set=scat, starts_at=soon)
    old = tournaments.create_event(club=club, by=ann, name="Old", rule_set=scat, starts_at=soon)
    Event.objects.filter(pk=old.pk).update(status="finished", starts_at=soon - timedelta(days=30))
    client.force_login(ann)

    response = client.get(url("detail", club))
    page = response.content.decode()

    assert [e.name for e in response.context["upcoming"]] == ["Soon", "Later"]
    assert [e.name for e in response.context["past"]] == ["Old"]
    assert f'<a href="/tournaments/{later.pk}/">Later</a>' in page
    assert f'<time datetime="{later.starts_at.isoformat()}"' in page
    assert 'href="/clubs/kitchen-club/season/">Season standings' in page
    assert 'href="/clubs/kitchen-club/events/new/">New event' in page


def test_a_rule_set_an_event_plays_cannot_be_removed(
    client: Client, club: Club, ann: Any, scat: RuleSet
) -> None:
    entry = services.add_rule_set(by=ann, club=club, rule_set=scat)
    tournaments.create_event(
        club=club, by=ann, name="Swiss", rule_set=scat, starts_at=timezone.now()
    )
    client.force_login(ann)

    response = client.post(url("remove_rule_set", club, entry.pk), follow=True)

    assert messages_of(response) == [
        "\u201cScat\u201d is the rules of the club's event \u201cSwiss\u201d, "
        "so it stays on the list."
    ]
    assert ClubRuleSet.objects.filter(pk=entry.pk).exists()


def test_an_organizer_edits_the_club(client: Client, club: Club, ann: Any) -> None:
    client.force_login(ann)

    response = client.post(
        url("edit", club),
        {"name": "Kitchen Table", "description": "Now Wednesdays", "join_policy": "invite"},
        follow=True,
    )

    assert messages_of(response) == ["Kitchen Table is saved."]
    club.refresh_from_db()
    assert (club.name, club.join_policy, club.slug) == ("Kitchen Table", "invite", "kitchen-club")
