"""Deleting an account (docs/privacy.md#deleting-an-account): asked for with the password,
taking effect after the grace period or at once, kept by logging in meanwhile; and once
it has, a crawl of every page a visitor, a member, an organizer and staff can reach finds
neither the old username nor the e-mail address, while the standings and the seating
checks are what they were."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import quote

import pytest
from allauth.account.models import EmailAddress
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts import deletion, tasks
from accounts.models import User
from clubs.models import Membership
from games import chat
from games.models import ChatMessage, Game, GamePlayer
from games.wording.names import shown_name
from notifications.models import Notification
from ratings.models import Rating
from tests.accounts.crawling import crawl, reachable
from tests.tournaments.test_verify import finished_swiss, outcomes
from tournaments import verify
from tournaments.formats.swiss import results
from tournaments.models import CalendarFeed, Event

pytestmark = pytest.mark.django_db

PASSWORD = "x" * 12


def asked(client: Client, password: str = PASSWORD) -> Any:
    return client.post(reverse("delete_account"), {"password": password})


def logged_in(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_a_wrong_password_is_refused_with_a_sentence_and_changes_nothing(
    members: list[Any],
) -> None:
    member = members[0]
    response = asked(logged_in(member), "not my password")
    assert response.status_code == 400
    assert "That is not your password: nothing was changed." in response.content.decode()
    member.refresh_from_db()
    assert member.deletion_requested_at is None and member.deleted_number is None


def test_the_only_owner_of_a_club_is_told_to_hand_it_over_first(ann: Any, club: Any) -> None:
    ann.set_password(PASSWORD)
    ann.save()
    client = logged_in(ann)
    page = client.get(reverse("delete_account")).content.decode()
    assert "You are the only owner of Kitchen Club" in page
    assert 'name="password"' not in page, "no control that can only be refused"
    asked(client)
    ann.refresh_from_db()
    assert ann.deletion_requested_at is None


def test_a_deletion_waits_for_its_grace_period_and_logging_in_can_keep_the_account(
    members: list[Any], settings: Any
) -> None:
    settings.THIRTYONE_DELETION_GRACE_DAYS = 30
    member = members[0]
    response = asked(logged_in(member))
    assert response.status_code == 302 and response.url == reverse("deletion_pending")
    assert tasks.erase_due() == 0, "not before the grace period is over"
    # Logging in meanwhile leads to the page that keeps it.
    client = Client()
    response = client.post(
        reverse("account_login"), {"login": member.username, "password": PASSWORD}
    )
    assert response.status_code == 302 and response.url == reverse("deletion_pending")
    page = client.get(response.url).content.decode()
    assert "It will be deleted on" in page and "Keep my account" in page
    client.post(reverse("keep_account"))
    member.refresh_from_db()
    assert member.deletion_requested_at is None
    # Asked again, and the 30 days pass: the sweep makes it take effect, once.
    asked(client)
    User.objects.filter(pk=member.pk).update(
        deletion_requested_at=timezone.now() - timedelta(days=31)
    )
    assert tasks.erase_due() == 1
    assert tasks.erase_due() == 0, "safe to run twice"
    member.refresh_from_db()
    assert member.deleted_number == 1 and member.username == "#deleted-1"


def test_taking_effect_removes_what_is_theirs_and_renames_the_rest(
    members: list[Any], club: Any, settings: Any
) -> None:
    settings.THIRTYONE_DELETION_GRACE_DAYS = 0
    member, other = members[0], members[1]
    EmailAddress.objects.create(user=member, email="p1@example.org", primary=True, verified=True)
    member.email = "p1@example.org"
    member.first_name = "Petra"
    member.save()
    CalendarFeed.objects.create(user=member)
    Rating.objects.create(user=member, family="lives", updated=timezone.now())
    from games import services as games

    table = games.create_table(owner=other, name="", rule_set=_scat(), seat_count=2)
    games.join_table(table=table, user=member)
    chat.post(table=table, user=member, text="my secret plan")
    chat.post(table=table, user=other, text="good luck p1")
    Notification.objects.create(user=member, kind="x", key="k", text="for p1")
    Notification.objects.create(user=other, kind="x", key="k", text="p1 joined your table")
    client = logged_in(member)
    other_client = logged_in(other)

    response = asked(client)
    assert response.status_code == 302 and response.url == reverse("lobby")
    member.refresh_from_db()
    assert (member.username, member.email, member.first_name) == ("#deleted-1", "", "")
    assert not member.has_usable_password() and not member.is_active
    assert not EmailAddress.objects.filter(user=member).exists()
    assert not CalendarFeed.objects.filter(user=member).exists()
    assert not Rating.objects.filter(user=member).exists()
    assert not Membership.objects.filter(user=member).exists()
    assert not Notification.objects.filter(user=member).exists()
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["good luck p1"]
    assert Notification.objects.get(user=other).text == "Deleted player 1 joined your table"
    sessions = [s.get_decoded().get("_auth_user_id") for s in Session.objects.all()]
    assert str(member.pk) not in sessions and str(other.pk) in sessions
    assert not table.seats.filter(user=member).exists(), "their waiting seat is freed"
    assert other_client.get(reverse("my_profile")).status_code == 200
    # Read in each language.
    with translation.override("da"):
        assert member.get_username() == "Slettet spiller 1"
    with translation.override("de"):
        assert str(member) == "Gelöschter Spieler 1"
    assert client.get(reverse("profile", args=[member.username])).status_code == 404


def _scat() -> Any:
    from games.models import RuleSet

    RuleSet.sync_presets()
    return RuleSet.objects.get(preset="scat", is_preset=True)


def test_an_organizer_erases_a_guest_after_asking(
    ann: Any, club: Any, make_event: Any, settings: Any
) -> None:
    from tournaments import services as events

    event = make_event(venue=Event.CARDS, bots_fill=False)
    entry = events.add_guest(event=event, by=ann, name="Anna")
    ann.set_password(PASSWORD)
    ann.save()
    client = logged_in(ann)
    url = reverse("tournaments:manage", args=[event.pk])
    fields = {"action": "erase_guest", "entry": entry.pk}
    asks = client.post(url, fields).content.decode()
    assert "Erase Anna (guest)?" in asks
    entry.user.refresh_from_db()
    assert entry.user.deleted_number is None, "the first press only asks"
    client.post(url, {**fields, "confirm": "yes"})
    entry.user.refresh_from_db()
    assert entry.user.deleted_number == 1
    told = client.get(url).content.decode()
    assert "Anna (guest) is erased: their places stay, their name is gone." in told
    assert "Anna" not in client.get(url).content.decode(), "once told, named nowhere"


def test_after_a_deletion_no_page_export_or_feed_names_them_and_the_results_stand(
    make_event: Any,
    ann: Any,
    members: list[Any],
    staff: Any,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.THIRTYONE_DELETION_GRACE_DAYS = 0
    leaving = members[1]
    leaving.username, leaving.email = "rosalind", "rosalind@example.org"
    leaving.save()
    EmailAddress.objects.create(user=leaving, email=leaving.email, primary=True, verified=True)
    event = finished_swiss(make_event, ann, members, django_capture_on_commit_callbacks)
    game = Game.objects.filter(players__user=leaving).first()
    chat.post(table=game.table, user=leaving, text="well played all")
    before = [(row.points, row.player) for row in results.standings(event)]
    checks = outcomes(verify.report(event))
    ann.set_password(PASSWORD)
    ann.save()
    clients = {
        "visitor": Client(),
        "member": logged_in(members[2]),
        "organizer": logged_in(ann),
        "staff": Client(),
    }
    clients["staff"].force_login(staff)
    games = [
        str(pk) for pk in GamePlayer.objects.filter(user=leaving).values_list("game", flat=True)
    ]
    tables = [str(pk) for pk in Game.objects.filter(pk__in=games).values_list("table", flat=True)]
    ints = list(dict.fromkeys([str(event.pk), *games[:3], *tables[:3], "1"]))
    known = {"int": ints, "path": ints, "slug": [event.club.slug, "scat"], "str": ["rosalind"]}

    urls = reachable(clients["staff"], known)
    before_seen = crawl({"visitor": clients["visitor"]}, urls)
    named = [where for where, body in before_seen.items() if "rosalind" in body]
    assert named, "the crawl reaches pages that name her while she is a member"

    asked(logged_in(leaving))
    leaving.refresh_from_db()
    assert leaving.deleted_number is not None
    urls = [url.replace("/rosalind/", f"/{quote(leaving.username)}/") for url in urls]
    seen = crawl(clients, urls)
    kinds = sorted({url.rpartition(".")[2] for url in urls if "." in url.rpartition("/")[2]})
    print(f"crawled {len(urls)} URLs as {len(clients)} roles: {len(seen)} pages answered 200")
    print(f"before the deletion {len(named)} of them named her (as a visitor); files: {kinds}")
    assert len(seen) > 40
    for where, body in seen.items():
        assert "rosalind" not in body.lower(), where
        assert "#deleted-" not in body, f"{where}: a token shown as it is stored"
    assert any("Deleted player" in body for body in seen.values())
    after = [(row.points, row.player) for row in results.standings(event)]
    assert after == before, "the same points for the same entries"
    assert outcomes(verify.report(event)) == checks
    assert shown_name(leaving.username) in GamePlayer.objects.get(user=leaving, game=game).name


def test_a_game_in_play_pushes_the_new_name_to_every_seat_in_its_language(
    members: list[Any], settings: Any
) -> None:
    from games import realtime
    from games import services as games

    settings.THIRTYONE_DELETION_GRACE_DAYS = 0
    leaving, other = members[0], members[1]
    leaving.username = "rosalind"
    leaving.save()
    table = games.create_table(owner=other, name="", rule_set=_scat(), seat_count=2)
    games.join_table(table=table, user=leaving)
    game = games.start_game(table=table, by=other)
    assert deletion.erase(leaving.pk)
    game.refresh_from_db()
    views = dict(realtime.views_for(game))
    assert len(views) == 3 * 4, "two seats and the spectators, in four languages"
    for group, html in views.items():
        assert "rosalind" not in html and "#deleted-" not in html, group
    danish = [html for group, html in views.items() if group.endswith("da")]
    assert danish and all("Slettet spiller 1" in html for html in danish)
