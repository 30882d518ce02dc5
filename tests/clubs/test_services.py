"""clubs.services: who may do what, and every refusal writes nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from clubs import services
from clubs.models import Club, ClubRuleSet, JoinRequest, Membership
from games.engine import Rules, RulesError
from games.models import RuleSet
from tests.clubs.conftest import counts
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


def refused(call: Any, **kwargs: Any) -> services.ServiceError:
    """The refusal `call(**kwargs)` raises, having written nothing."""
    before = counts()
    with pytest.raises(services.ServiceError) as caught:
        call(**kwargs)
    assert counts() == before
    return caught.value


# ---- creating and changing a club --------------------------------------------------


def test_the_creator_of_a_club_is_its_owner(ann: Any) -> None:
    club = services.create_club(by=ann, name="  Kitchen   Club ", join_policy=Club.OPEN)

    assert (club.name, club.slug, club.join_policy) == ("Kitchen Club", "kitchen-club", "open")
    assert Membership.objects.get(club=club).user == ann
    assert Membership.objects.get(club=club).role == Membership.OWNER


def test_slugs_stay_unique_when_names_differ_only_in_punctuation(ann: Any) -> None:
    first = services.create_club(by=ann, name="Kitchen Club", join_policy=Club.OPEN)
    second = services.create_club(by=ann, name="Kitchen-Club!", join_policy=Club.OPEN)
    third = services.create_club(by=ann, name="Kitchen: Club", join_policy=Club.OPEN)

    assert [first.slug, second.slug, third.slug] == [
        "kitchen-club",
        "kitchen-club-2",
        "kitchen-club-3",
    ]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "Name the club."),
        ("kitchen CLUB", "There is already a club called \u201ckitchen CLUB\u201d."),
        ("!!!", "Put some letters or digits in the club's name."),
        ("x" * 81, "A club's name has at most 80 characters."),
    ],
)
def test_a_club_needs_a_name_of_its_own(club: Club, ann: Any, name: str, message: str) -> None:
    error = refused(services.create_club, by=ann, name=name, join_policy=Club.OPEN)

    assert (error.message, error.field) == (message, "name")


def test_a_club_needs_a_join_policy_from_the_list(ann: Any) -> None:
    error = refused(services.create_club, by=ann, name="Den", join_policy="anyone")

    assert error.field == "join_policy"


def test_creating_a_club_needs_a_log_in() -> None:
    error = refused(services.create_club, by=AnonymousUser(), name="Den", join_policy=Club.OPEN)

    assert error.message == "Log in to create a club."


def test_organizers_change_the_club_and_members_cannot(
    club: Club, bob: Any, cat: Any, member_of: Any
) -> None:
    member_of(bob, Membership.ORGANIZER)
    member_of(cat)

    services.update_club(
        by=bob, club=club, name="Kitchen Table", description="Wednesdays.", join_policy="open"
    )
    error = refused(
        services.update_club, by=cat, club=club, name="Cat's", description="", join_policy="open"
    )

    club.refresh_from_db()
    assert (club.name, club.slug, club.join_policy) == ("Kitchen Table", "kitchen-club", "open")
    assert isinstance(error, services.NotAllowed)
    assert error.message == "Only the organizers of Kitchen Table can change the club."


def test_renaming_to_another_clubs_name_is_refused(club: Club, ann: Any) -> None:
    services.create_club(by=ann, name="Den", join_policy=Club.OPEN)

    error = refused(
        services.update_club, by=ann, club=club, name="den", description="", join_policy="open"
    )

    assert error.field == "name"
    assert Club.objects.get(pk=club.pk).name == "Kitchen Club"


# ---- joining -----------------------------------------------------------------------


def test_anyone_joins_an_open_club_at_once(club: Club, bob: Any) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.OPEN)
    club.refresh_from_db()

    joined = services.join(by=bob, club=club)

    assert isinstance(joined, Membership)
    assert joined.role == Membership.MEMBER


def test_joining_a_club_that_takes_requests_asks_once(club: Club, bob: Any) -> None:
    asked = services.join(by=bob, club=club)
    error = refused(services.join, by=bob, club=club)

    assert isinstance(asked, JoinRequest)
    assert not Membership.objects.filter(club=club, user=bob).exists()
    assert error.message == "You have already asked to join Kitchen Club: an organizer will answer."


def test_an_invite_only_club_sends_players_to_the_invite_link(club: Club, bob: Any) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.INVITE)
    club.refresh_from_db()

    error = refused(services.join, by=bob, club=club)

    assert "use the invite link" in error.message


def test_a_member_cannot_join_again(club: Club, ann: Any) -> None:
    error = refused(services.join, by=ann, club=club)

    assert error.message == "You are already a member of Kitchen Club."


def test_joining_needs_a_log_in(club: Club) -> None:
    assert refused(services.join, by=AnonymousUser(), club=club).message == "Log in to join a club."


def test_the_invite_link_lets_anyone_join_and_a_new_one_stops_the_old(
    club: Club, ann: Any, bob: Any, cat: Any
) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.INVITE)
    club.refresh_from_db()
    old = club.invite_token
    JoinRequest.objects.create(club=club, user=bob)  # asked while the club took requests

    services.join_by_invite(by=bob, club=club, token=old)
    services.new_invite_link(by=ann, club=club)
    error = refused(services.join_by_invite, by=cat, club=club, token=old)

    assert Membership.objects.get(club=club, user=bob).role == Membership.MEMBER
    assert not JoinRequest.objects.filter(user=bob).exists()  # the request is answered
    assert club.invite_token != old
    assert error.message == (
        "This invite link to Kitchen Club no longer works: ask an organizer for a new one."
    )
    services.join_by_invite(by=cat, club=club, token=club.invite_token)
    assert Membership.objects.filter(club=club, user=cat).exists()


def test_only_organizers_make_a_new_invite_link(club: Club, bob: Any, member_of: Any) -> None:
    member_of(bob)
    old = club.invite_token

    error = refused(services.new_invite_link, by=bob, club=club)

    assert isinstance(error, services.NotAllowed)
    assert Club.objects.get(pk=club.pk).invite_token == old


def test_organizers_accept_and_decline_requests(
    club: Club, bob: Any, cat: Any, django_user_model: Any, member_of: Any
) -> None:
    dan = django_user_model.objects.create_user("dan")
    member_of(dan, Membership.ORGANIZER)
    bobs = services.join(by=bob, club=club)
    cats = services.join(by=cat, club=club)

    services.accept_request(by=dan, join_request=bobs)
    services.decline_request(by=dan, join_request=cats)

    assert Membership.objects.get(club=club, user=bob).role == Membership.MEMBER
    assert not Membership.objects.filter(club=club, user=cat).exists()
    assert not JoinRequest.objects.filter(club=club).exists()


def test_members_and_organizers_of_another_club_cannot_answer_requests(
    club: Club, ann: Any, bob: Any, cat: Any, member_of: Any
) -> None:
    other = services.create_club(by=cat, name="Den", join_policy=Club.OPEN)
    member_of(ann, Membership.OWNER, other)  # an owner there too, but it's the wrong club
    request = services.join(by=bob, club=club)
    services.join(by=cat, club=club)

    for call in (services.accept_request, services.decline_request):
        error = refused(call, by=cat, join_request=request)
        assert isinstance(error, services.NotAllowed)
    assert JoinRequest.objects.filter(club=club).count() == 2


# ---- roles -------------------------------------------------------------------------


def test_only_owners_make_organizers(
    club: Club, ann: Any, bob: Any, cat: Any, member_of: Any
) -> None:
    bobs = member_of(bob, Membership.ORGANIZER)
    cats = member_of(cat)

    error = refused(services.set_role, by=bob, membership=cats, role=Membership.ORGANIZER)
    services.set_role(by=ann, membership=cats, role=Membership.ORGANIZER)

    assert isinstance(error, services.NotAllowed)
    assert Membership.objects.get(pk=cats.pk).role == Membership.ORGANIZER
    assert bobs.role == Membership.ORGANIZER


def test_a_role_must_be_one_of_the_list(club: Club, ann: Any, bob: Any, member_of: Any) -> None:
    bobs = member_of(bob)

    error = refused(services.set_role, by=ann, membership=bobs, role="president")

    assert (error.message, error.field) == ("Choose a role from the list.", "role")


def test_the_last_owner_cannot_step_down_but_one_of_two_can(
    club: Club, ann: Any, bob: Any, member_of: Any
) -> None:
    anns = Membership.objects.get(club=club, user=ann)

    error = refused(services.set_role, by=ann, membership=anns, role=Membership.MEMBER)
    assert error.message == "Kitchen Club needs an owner: make someone else an owner first."

    member_of(bob, Membership.OWNER)
    services.set_role(by=ann, membership=anns, role=Membership.MEMBER)
    assert Membership.objects.get(pk=anns.pk).role == Membership.MEMBER


def test_the_last_owner_cannot_leave(club: Club, ann: Any) -> None:
    error = refused(services.leave, by=ann, club=club)

    assert error.message == (
        "You are the only owner of Kitchen Club: make someone else an owner before you leave."
    )


def test_a_member_leaves(club: Club, bob: Any, member_of: Any) -> None:
    member_of(bob)

    services.leave(by=bob, club=club)

    assert not Membership.objects.filter(club=club, user=bob).exists()
    assert refused(services.leave, by=bob, club=club).message == (
        "You are not a member of Kitchen Club."
    )


def test_organizers_remove_members_but_not_organizers(
    club: Club, ann: Any, bob: Any, cat: Any, django_user_model: Any, member_of: Any
) -> None:
    member_of(bob, Membership.ORGANIZER)
    cats = member_of(cat)
    dans = member_of(django_user_model.objects.create_user("dan"), Membership.ORGANIZER)
    anns = Membership.objects.get(club=club, user=ann)

    services.remove_member(by=bob, membership=cats)
    for target in (dans, anns):
        assert isinstance(
            refused(services.remove_member, by=bob, membership=target), services.NotAllowed
        )
    services.remove_member(by=ann, membership=dans)

    assert set(club.memberships.values_list("user__username", flat=True)) == {"ann", "bob"}


def test_members_remove_no_one(club: Club, bob: Any, cat: Any, member_of: Any) -> None:
    member_of(bob)
    cats = member_of(cat)

    error = refused(services.remove_member, by=bob, membership=cats)

    assert error.message == "Only the organizers of Kitchen Club can remove members."


def test_removing_oneself_is_leaving(club: Club, ann: Any) -> None:
    anns = Membership.objects.get(club=club, user=ann)

    assert refused(services.remove_member, by=ann, membership=anns).message == (
        "To leave the club, use Leave."
    )


# ---- house rules -------------------------------------------------------------------


def test_organizers_add_a_site_rule_set_once(club: Club, ann: Any, scat: RuleSet) -> None:  # noqa: F811
    entry = services.add_rule_set(by=ann, club=club, rule_set=scat)
    error = refused(services.add_rule_set, by=ann, club=club, rule_set=scat)

    assert (entry.own, entry.added_by) == (False, ann)
    assert error.message == "\u201cScat\u201d is already on the club's list."


def test_a_rule_set_not_on_offer_cannot_be_added(club: Club, ann: Any, presets: None) -> None:  # noqa: F811
    withdrawn = RuleSet.objects.create(name="Old", preset="scat", offered=False)

    error = refused(services.add_rule_set, by=ann, club=club, rule_set=withdrawn)

    assert (error.message, error.field) == ("Choose one of the site's rule sets.", "rule_set")


def test_members_cannot_change_the_house_rules(
    club: Club,
    bob: Any,
    scat: RuleSet,
    member_of: Any,  # noqa: F811
) -> None:
    member_of(bob)

    error = refused(services.add_rule_set, by=bob, club=club, rule_set=scat)

    assert error.message == "Only the organizers of Kitchen Club can change the club's house rules."


def test_the_clubs_own_rules_are_checked_by_the_engine_and_kept_out_of_the_lobby(
    club: Club, ann: Any
) -> None:
    entry = services.create_rule_set(
        by=ann, club=club, name="Kitchen rules", preset="scat", changes={"lives": 5}
    )

    assert entry.own
    assert entry.rule_set.rules() == Rules.preset("scat", lives=5)
    assert (entry.rule_set.offered, entry.rule_set.created_by) == (False, ann)
    assert not RuleSet.on_offer().filter(pk=entry.rule_set.pk).exists()


def test_a_bad_option_is_refused_with_the_engines_message_on_that_option(
    club: Club, ann: Any
) -> None:
    with pytest.raises(RulesError) as engine:
        Rules.preset("scat", lives=0)

    error = refused(
        services.create_rule_set,
        by=ann,
        club=club,
        name="Sudden",
        preset="scat",
        changes={"lives": 0},
    )

    assert (error.message, error.field) == (str(engine.value), "lives")


def test_the_clubs_own_rules_need_a_name_of_their_own(club: Club, ann: Any) -> None:
    services.create_rule_set(by=ann, club=club, name="Ours", preset="scat", changes={})

    error = refused(
        services.create_rule_set, by=ann, club=club, name="ours", preset="scat", changes={}
    )

    assert error.field == "name"


def test_removing_the_clubs_own_rules_deletes_them(club: Club, ann: Any, scat: RuleSet) -> None:  # noqa: F811
    own = services.create_rule_set(by=ann, club=club, name="Ours", preset="scat", changes={})
    site = services.add_rule_set(by=ann, club=club, rule_set=scat)

    services.remove_rule_set(by=ann, entry=own)
    services.remove_rule_set(by=ann, entry=site)

    assert not ClubRuleSet.objects.filter(club=club).exists()
    assert not RuleSet.objects.filter(name="Ours").exists()
    assert RuleSet.objects.filter(pk=scat.pk).exists()  # a site rule set stays on the site


def test_rules_an_event_plays_stay_on_the_list(club: Club, ann: Any, presets: None) -> None:  # noqa: F811
    own = services.create_rule_set(by=ann, club=club, name="Ours", preset="scat", changes={})
    tournaments.create_event(
        club=club,
        by=ann,
        name="Tuesday Swiss",
        rule_set=own.rule_set,
        starts_at=timezone.now() + timedelta(days=1),
    )

    error = refused(services.remove_rule_set, by=ann, entry=own)

    assert error.message == (
        "\u201cOurs\u201d is the rules of the club's event \u201cTuesday Swiss\u201d, "
        "so it stays on the list."
    )
