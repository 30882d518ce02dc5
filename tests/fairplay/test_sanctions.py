"""Sanctions enforced where the control is (docs/fair-play.md#sanctions): a chat mute,
a ban from rated play, a ban from a club's events -- each refused with its sentence,
nothing written, and the control not offered."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from fairplay.models import Sanction
from games import chat, services
from games.errors import ServiceError
from games.models import ChatMessage, Game, Table
from tournaments import services as events
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def _sanction(user: Any, kind: str, club: Any = None, reason: str = "abuse") -> Sanction:
    now = timezone.now()
    return Sanction.objects.create(
        user=user,
        kind=kind,
        club=club,
        reason=reason,
        starts_at=now,
        ends_at=now + timedelta(days=2),
        key=f"test-{user.pk}-{kind}",
    )


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_chat_mute_refuses_every_tables_chat_and_the_panel_says_why(
    table: Table, bob: Any
) -> None:
    _sanction(bob, Sanction.CHAT_MUTE)
    with pytest.raises(
        ServiceError, match="You may not write in table chat until .*: Abusive chat"
    ):
        chat.post(table=table, user=bob, text="hello")
    assert not ChatMessage.objects.exists()
    page = _client(bob).get(table.get_absolute_url()).content.decode()
    assert "You may not write in table chat until" in page
    assert 'id="chat-text"' not in page


def test_an_ended_mute_refuses_nothing(table: Table, bob: Any) -> None:
    found = _sanction(bob, Sanction.CHAT_MUTE)
    Sanction.objects.filter(pk=found.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    chat.post(table=table, user=bob, text="hello")
    assert ChatMessage.objects.count() == 1


def test_a_rated_ban_refuses_sitting_opening_and_starting_a_rated_table(
    ann: Any, bob: Any, cat: Any, scat: Any
) -> None:
    rated = services.create_table(owner=ann, name="Rated", rule_set=scat, rated=True)
    _sanction(bob, Sanction.RATED_BAN, reason="leaving")
    sentence = "You may not play rated games until .*: you left 3 rated games in a week"
    with pytest.raises(ServiceError, match=sentence):
        services.join_table(table=rated, user=bob)
    with pytest.raises(ServiceError, match=sentence):
        services.create_table(owner=bob, name="Mine", rule_set=scat, rated=True)
    assert rated.seats.count() == 1 and not Table.objects.filter(name="Mine").exists()
    page = _client(bob).get(rated.get_absolute_url()).content.decode()
    assert "You may not play rated games until" in page and 'value="join"' not in page
    casual = services.create_table(owner=ann, name="Casual", rule_set=scat)
    services.join_table(table=casual, user=bob)  # a casual table is not rated play
    # Banned after sitting down: the start is refused, naming no one to the host.
    services.join_table(table=rated, user=cat)
    _sanction(cat, Sanction.RATED_BAN)
    with pytest.raises(ServiceError, match="Someone seated here may not play rated games now"):
        services.start_game(table=rated, by=ann)
    assert not Game.objects.filter(table=rated).exists()
    assert "Someone seated here" in _client(ann).get(rated.get_absolute_url()).content.decode()


def test_the_lobby_offers_no_rated_box_to_a_banned_person_and_says_why(
    bob: Any, cat: Any, scat: Any
) -> None:
    _sanction(bob, Sanction.RATED_BAN, reason="leaving")
    page = _client(bob).get(reverse("lobby")).content.decode()
    box = re.search(r'<input[^>]*name="rated"[^>]*>', page)
    assert box is not None and "disabled" in box.group(0)
    assert "You may not play rated games until" in page
    # A forged POST of the box opens a casual table: the disabled field keeps False.
    _client(bob).post(
        reverse("create_table"),
        {
            "action": "create",
            "name": "Mine",
            "rule_set": scat.pk,
            "seat_count": 4,
            "turn_timer": 0,
            "bots": 0,
            "bot_level": "medium",
            "visibility": "public",
            "rated": "on",
        },
    )
    assert Table.objects.get(name="Mine").rated is False
    open_box = re.search(
        r'<input[^>]*name="rated"[^>]*>', _client(cat).get(reverse("lobby")).content.decode()
    )
    assert open_box is not None and "disabled" not in open_box.group(0)


def test_a_club_events_ban_refuses_registering_and_the_page_says_why(
    make_event: Any, members: list[Any], club: Any, ann: Any
) -> None:
    event = make_event()
    p1 = members[0]
    _sanction(p1, Sanction.CLUB_BAN, club=club, reason="stalling")
    sentence = "You may not enter the events of Kitchen Club until .*: Stalling or leaving games"
    with pytest.raises(ServiceError, match=sentence):
        events.register(event=event, user=p1)
    with pytest.raises(ServiceError, match=sentence):
        events.add_entry(event=event, user=p1, by=ann)
    assert not Entry.objects.exists()
    page = _client(p1).get(event.get_absolute_url()).content.decode()
    assert "You may not enter the events of Kitchen Club" in page
    assert f'action="/tournaments/{event.pk}/register/"' not in page
    assert "Blocking someone does not change how this event seats its players" in page
    events.register(event=event, user=members[1])  # another member is not banned


def test_after_a_rated_game_play_again_is_not_offered_while_someone_seated_is_banned(
    ann: Any, bob: Any, scat: Any
) -> None:
    from games import rendering
    from tests.games.playing import play_out

    rated = services.create_table(owner=ann, name="Rated", rule_set=scat, rated=True)
    services.join_table(table=rated, user=bob)
    game = play_out(services.start_game(table=rated, by=ann))
    seat = game.players.get(user=ann).position
    assert "Play again" in rendering.render_game_area(game, game.engine_state(), seat)
    _sanction(bob, Sanction.RATED_BAN, reason="leaving")
    game = Game.objects.get(pk=game.pk)  # a new instance: the area is kept per instance and seq
    area = rendering.render_game_area(game, game.engine_state(), seat)
    assert "Play again" not in area
    assert "Someone seated here may not play rated games now" in area
    # Bob does not start games here (the host does): he is offered nothing either.
    bob_seat = game.players.get(user=bob).position
    assert "Play again" not in rendering.render_game_area(game, game.engine_state(), bob_seat)
