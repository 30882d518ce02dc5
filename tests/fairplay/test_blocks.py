"""Blocks (docs/fair-play.md#blocks): the blocked person's lines hidden for the blocker
on the page, in the poll and in the pushed fragment; they cannot join the blocker's
casual tables (a neutral sentence); unblocking from the list."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from fairplay import blocks
from fairplay.models import Block
from games import chat, services
from games.errors import ServiceError
from games.models import Table
from tests.games.test_chat import _chat_pushes
from tests.games.test_consumers import _cookie_for, _socket

HIDDEN = "A message from someone you blocked"


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_blocking_from_a_profile_hides_their_lines_on_the_page_and_in_the_poll(
    table: Table, ann: Any, bob: Any
) -> None:
    chat.post(table=table, user=bob, text="secret words")
    client = _client(ann)
    client.post(reverse("fairplay:block", args=["bob"]), {"action": "block", "next": "/"})
    assert Block.objects.filter(blocker=ann, blocked=bob).exists()
    page = client.get(table.get_absolute_url()).content.decode()
    assert "secret words" not in page and HIDDEN in page
    poll = client.get(reverse("table_chat", args=[table.pk])).content.decode()
    assert "secret words" not in poll and HIDDEN in poll
    assert "secret words" in _client(bob).get(table.get_absolute_url()).content.decode()
    listed = client.get(reverse("fairplay:blocks")).content.decode()
    assert "bob" in listed
    client.post(reverse("fairplay:block", args=["bob"]), {"action": "unblock", "next": "/"})
    assert not Block.objects.exists()
    assert "secret words" in client.get(table.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_a_blocked_person_cannot_join_a_casual_table_where_the_blocker_sits(
    ann: Any, bob: Any, cat: Any, scat: Any
) -> None:
    own = services.create_table(owner=ann, name="Ann's", rule_set=scat)
    blocks.block(by=ann, user_id=cat.pk)
    with pytest.raises(ServiceError, match=r"^You cannot join this table\.$"):
        services.join_table(table=own, user=cat)
    assert own.seats.count() == 1
    page = _client(cat).get(own.get_absolute_url()).content.decode()
    assert "You cannot join this table." in page and 'value="join"' not in page
    link = _client(cat).get(reverse("join_by_link", args=[own.invite_token])).content.decode()
    assert "You cannot join this table." in link
    services.join_table(table=own, user=bob)  # anyone else may
    # The lobby lists the table to anyone else, but not to cat: its Join would be
    # refused. Once a game is being played there, cat may find it to watch.
    assert "Ann&#x27;s" in _client(bob).get(reverse("lobby")).content.decode()
    assert "Ann&#x27;s" not in _client(cat).get(reverse("lobby")).content.decode()
    services.start_game(table=own, by=ann)
    assert "Ann&#x27;s" in _client(cat).get(reverse("lobby")).content.decode()


@pytest.mark.django_db
def test_blocking_oneself_is_refused(ann: Any) -> None:
    with pytest.raises(ServiceError, match="You cannot block yourself"):
        blocks.block(by=ann, user_id=ann.pk)
    assert not Block.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_pushed_chat_hides_a_blocked_authors_line_for_the_blocker_only(
    table: Table, ann: Any, bob: Any
) -> None:
    game = services.start_game(table=table, by=ann)
    blocks.block(by=ann, user_id=bob.pk)
    cookies = [_cookie_for(ann), _cookie_for(bob)]

    async def scenario() -> None:
        blocker, author, spectator = (
            _socket(game, cookies[0]),
            _socket(game, cookies[1]),
            _socket(game),
        )
        for socket in (blocker, author, spectator):
            assert (await socket.connect())[0]
        await database_sync_to_async(chat.post)(table=table, user=bob, text="secret words")
        got = await _chat_pushes(blocker)
        assert len(got) == 1 and "secret words" not in got[0] and HIDDEN in got[0]
        for other in (author, spectator):
            pushed = await _chat_pushes(other)
            assert len(pushed) == 1 and "secret words" in pushed[0]
        for socket in (blocker, author, spectator):
            await socket.disconnect()

    async_to_sync(scenario)()
