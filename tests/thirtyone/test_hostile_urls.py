"""The hostile-input walk on SQLite (tests/thirtyone/hostile.py,
docs/security.md#the-hostile-input-walk)."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, JoinRequest, Membership
from games import archive, chat, ratelimit, services
from games.models import ImportedTranscript, RuleSet
from tests.games.playing import play_out
from tests.thirtyone import hostile
from tournaments import services as events
from tournaments.models import League, Round

pytestmark = pytest.mark.django_db


class World:
    """What the walk is given: its clients, and the values that lead to real things."""

    def __init__(self, clients: dict[str, Client], known: hostile.Known) -> None:
        self.clients, self.known = clients, known


@pytest.fixture
def world(django_user_model: Any, settings: Any, monkeypatch: pytest.MonkeyPatch) -> World:
    """A site with something behind each kind of page: members, and a staff member who
    also organizes the club (so its organizers' pages are reached); the club with a
    request to join, an upcoming event and a running one; a finished game, an open
    table with a line of chat, an imported transcript. The limits are lifted, so that
    the walk reaches every view rather than stopping at the 429."""
    for name in ("ACTIONS", "CHAT", "TABLES"):
        monkeypatch.setattr(ratelimit, name, ratelimit.Limit(name.lower(), 10**9, 10))
    settings.ACCOUNT_RATE_LIMITS = False
    RuleSet.sync_presets()
    scat = RuleSet.objects.get(preset="scat", is_preset=True)
    users = [
        django_user_model.objects.create_user(name, password="cards-on-the-table")
        for name in ("ann", "bob", "cat", "dan", "eve")
    ]
    ann, bob = users[:2]
    members = [ann, *users[2:]]
    staff = django_user_model.objects.create_superuser("sam", password="x" * 12)
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    organizer = Membership.objects.create(club=club, user=staff, role=Membership.ORGANIZER)
    for user in users[2:]:
        Membership.objects.create(club=club, user=user)
    asked = JoinRequest.objects.create(club=club, user=bob)

    def event(name: str) -> Any:
        starts = timezone.now() + timedelta(hours=1)
        return events.create_event(
            club=club, by=ann, rule_set=scat, name=name, starts_at=starts, turn_timer=0
        )

    upcoming, running = event("Tuesday Swiss"), event("Friday Swiss")
    for user in members:
        events.register(event=running, user=user)
    round_ = events.start_event(event=running, by=ann)
    if round_.status == Round.SEATED:
        round_ = events.start_round(round_=round_, by=ann)
    round_table = round_.tables.first()

    # One life: a short game, so that the admin pages of its events stay cheap to ask.
    table = services.create_table(
        owner=ann, name="Kitchen", rule_set=scat, seat_count=2, changes={"lives": 1}
    )
    services.join_table(table=table, user=bob)
    game = play_out(services.start_game(table=table, by=ann))
    open_table = services.create_table(owner=bob, name="Open", rule_set=scat, seat_count=3)
    services.join_table(table=open_table, user=ann)
    chat.post(table=open_table, user=bob, text="Good luck")
    text = archive.transcript(game)
    imported = ImportedTranscript.objects.create(
        key=hashlib.sha256(text.encode()).hexdigest(), text=text, created_by=ann
    )
    # A league of the running event (docs/tournaments.md#leagues): its pages and forms walked.
    league = League.objects.create(club=club, name="Thursday league", created_by=ann)
    league.events.set([running])
    ints = [
        running.pk,
        league.pk,
        round_table.table_id,
        1,
        game.pk,
        table.pk,
        open_table.pk,
        upcoming.pk,
        asked.pk,
        organizer.pk,
        ann.pk,
        timezone.now().year,
    ]
    ints_text = [str(pk) for pk in dict.fromkeys(ints)]
    known = {
        "int": ints_text,
        "path": ints_text,
        "slug": [club.slug, "scat", imported.key],
        "str": [
            table.invite_token,
            open_table.invite_token,
            upcoming.invite_token,
            club.invite_token,
            "ann",
            "lives",
        ],
    }
    clients = {"staff": hostile.csrf_client(staff), "visitor": hostile.csrf_client()}
    return World(clients, known)


def test_no_route_answers_500_or_changes_anything_on_sqlite(world: World) -> None:
    """The walk with the values SQLite answers differently from PostgreSQL (numbers its
    driver cannot bind); tests/integration runs every value on PostgreSQL."""
    found = hostile.walk(world.clients, world.known, hostile.PAST_64_BITS, hostile.PAST_64_BITS)
    print(found.summary("SQLite"))
    assert found.errors == []
    assert found.changes == []
    assert found.resolved > 0 and found.statuses[200] > 0, "the walk reached pages"
    staff = world.clients["staff"].get(reverse("my_profile"))
    assert staff.status_code == 200, "the staff member was logged in throughout"
