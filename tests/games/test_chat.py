"""A table's chat (issue 26): who writes and reads, escaping, limits, muting, hiding,
and the socket (games.chat)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from games import chat, ratelimit, services
from games.models import ChatMessage, Game, Table, TableMute
from tests.games.test_consumers import _cookie_for, _socket

SCRIPT = "<script>alert('x')</script>"
HTMX = {"HX-Request": "true"}


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def seated(table: Table, bob: Any) -> Table:
    services.join_table(table=table, user=bob)
    return table


def _say(client: Client, table: Table, text: str, **kwargs: Any) -> Any:
    return client.post(reverse("table_chat", args=[table.pk]), {"text": text}, **kwargs)


def test_a_player_writes_without_javascript_and_everyone_reads_it_escaped(
    seated: Table, bob: Any
) -> None:
    response = _say(_client(bob), seated, f"hi {SCRIPT}")
    assert response.status_code == 302 and response["Location"].endswith("#chat")
    assert ChatMessage.objects.get().text == f"hi {SCRIPT}"
    for reader in (_client(), _client(bob), _client(seated.owner)):
        page = reader.get(seated.get_absolute_url()).content.decode()
        assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
        assert SCRIPT not in page
    poll = _client().get(reverse("table_chat", args=[seated.pk])).content.decode()
    assert "&lt;script&gt;" in poll and SCRIPT not in poll


def test_spectators_and_strangers_read_but_do_not_write(
    seated: Table, django_user_model: Any
) -> None:
    eve = django_user_model.objects.create_user("eve", password="x" * 12)
    _say(_client(eve), seated, "let me in")
    _say(_client(), seated, "anonymous")
    assert not ChatMessage.objects.exists()
    page = _client(eve).get(seated.get_absolute_url()).content.decode()
    assert 'id="chat-lines"' in page and 'name="text"' not in page
    assert "spectators read along" in page


def test_a_private_tables_chat_is_not_found_for_strangers(
    seated: Table, bob: Any, django_user_model: Any
) -> None:
    Table.objects.filter(pk=seated.pk).update(is_public=False)
    _say(_client(bob), seated, "between us")
    eve = django_user_model.objects.create_user("eve", password="x" * 12)
    assert _client(eve).get(reverse("table_chat", args=[seated.pk])).status_code == 404
    assert _say(_client(eve), seated, "hello").status_code == 404


def test_quick_phrases_and_htmx_posts_answer_with_the_panel(seated: Table, bob: Any) -> None:
    url = reverse("table_chat", args=[seated.pk])
    response = _client(bob).post(url, {"phrase": "gg"}, headers=HTMX)
    assert response.status_code == 200
    assert 'id="chat"' in response.content.decode() and "Good game!" in response.content.decode()
    _client(bob).post(url, {"phrase": "not-a-phrase"}, headers=HTMX)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Good game!"]


def test_a_line_is_one_line_of_at_most_the_limit(seated: Table, bob: Any) -> None:
    client = _client(bob)
    _say(client, seated, "  two\nlines\x07 here  ")
    assert ChatMessage.objects.get().text == "two lines here"
    # A NUL never reaches the chat: the site refuses it at the door (thirtyone.unstorable).
    assert _say(client, seated, "nul\x00here").status_code == 400
    answer = _say(client, seated, "x" * (ChatMessage.MAX_LENGTH + 1), headers=HTMX)
    assert "at most 200 characters" in answer.content.decode()
    answer = _say(client, seated, " \n ", headers=HTMX)
    assert "Write something first" in answer.content.decode()
    assert ChatMessage.objects.count() == 1


def test_chat_is_rate_limited_per_user(seated: Table, bob: Any) -> None:
    client = _client(bob)
    for n in range(ratelimit.CHAT.count):
        assert _say(client, seated, f"line {n}").status_code == 302
    response = _say(client, seated, "one too many")
    assert response.status_code == 429 and "Too many actions" in response.content.decode()
    answer = _say(client, seated, "again", headers=HTMX)
    assert answer.status_code == 200 and "Too many actions" in answer.content.decode()
    assert ChatMessage.objects.count() == ratelimit.CHAT.count
    assert _say(_client(seated.owner), seated, "the host still may").status_code == 302


def test_the_host_mutes_a_player_who_then_reads_only_and_whose_lines_come_down(
    seated: Table, bob: Any
) -> None:
    _say(_client(bob), seated, "rude words")
    url = reverse("table_chat_mute", args=[seated.pk])
    # Only the host (or staff) mutes.
    _client(bob).post(url, {"user": seated.owner.pk, "action": "mute"})
    assert not TableMute.objects.exists()
    page = _client(seated.owner).get(seated.get_absolute_url()).content.decode()
    assert "Mute bob" in page
    _client(seated.owner).post(url, {"user": bob.pk, "action": "mute"})
    assert TableMute.objects.filter(table=seated, user=bob).exists()
    assert "rude words" not in _client().get(seated.get_absolute_url()).content.decode()
    _say(_client(bob), seated, "more rude words")
    assert ChatMessage.objects.filter(hidden=False).count() == 0
    page = _client(bob).get(seated.get_absolute_url()).content.decode()
    assert "The host muted you" in page and 'name="text"' not in page
    _client(seated.owner).post(url, {"user": bob.pk, "action": "unmute"})
    _say(_client(bob), seated, "sorry")
    assert list(ChatMessage.objects.filter(hidden=False).values_list("text", flat=True)) == [
        "sorry"
    ]


def test_the_host_mutes_only_a_player_at_the_table(
    seated: Table, bob: Any, django_user_model: Any
) -> None:
    """Any other id (a stranger, no one, a number no column holds) is refused with a
    sentence and mutes no one (docs/security.md#numbers-no-column-holds)."""
    stranger = django_user_model.objects.create_user("eve", password="x" * 12)
    url = reverse("table_chat_mute", args=[seated.pk])
    for user in (stranger.pk, 10**6, 2**63, -(2**63) - 1):
        response = _client(seated.owner).post(url, {"user": user, "action": "mute"}, follow=True)
        assert "Choose a player at this table." in response.content.decode()
    assert not TableMute.objects.exists()
    _client(seated.owner).post(url, {"user": 2**63, "action": "unmute"})


def test_a_player_can_hide_the_chat_and_show_it_again(seated: Table, bob: Any) -> None:
    _say(_client(seated.owner), seated, "hello bob")
    client = _client(bob)
    hide = reverse("table_chat_hide", args=[seated.pk])
    client.post(hide, {"hidden": "1"})
    page = client.get(seated.get_absolute_url()).content.decode()
    assert "hello bob" not in page and "You hid this table" in page
    assert client.get(reverse("table_chat", args=[seated.pk])).status_code == 204
    client.post(hide, {"hidden": "0"})
    assert "hello bob" in client.get(seated.get_absolute_url()).content.decode()


async def _chat_pushes(socket: Any, timeout: float = 1.0) -> list[str]:
    """The chat pushes that arrive within a moment (game views come through too)."""
    found = []
    while not await socket.receive_nothing(timeout=timeout):
        html = await socket.receive_from()
        if 'id="chat-lines"' in html:
            found.append(html)
    return found


@pytest.mark.django_db(transaction=True)
def test_a_line_is_stored_then_pushed_through_the_game_socket_to_players_and_spectators(
    table: Table, bob: Any
) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    cookies = [_cookie_for(table.owner), _cookie_for(bob)]
    stored: list[bool] = []
    real_push = chat.push

    def push(table_id: int) -> None:
        stored.append(ChatMessage.objects.filter(table_id=table_id).exists())
        real_push(table_id)

    async def scenario() -> None:
        sockets = [_socket(game, cookies[0]), _socket(game, cookies[1]), _socket(game)]
        for socket in sockets:
            assert (await socket.connect())[0]
        await database_sync_to_async(chat.post)(table=table, user=bob, text=SCRIPT)
        state = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).engine_state())()
        for socket in sockets:
            pushes = await _chat_pushes(socket)
            assert len(pushes) == 1
            html = pushes[0]
            assert 'id="game-area"' not in html
            assert "&lt;script&gt;" in html and SCRIPT not in html
            # Nothing but what was typed: no card of any hand rides along.
            assert not [c for hand in state.hands for c in hand if c.name in html]
            await socket.disconnect()

    chat.push = push
    try:
        async_to_sync(scenario)()
    finally:
        chat.push = real_push
    assert stored == [True], "pushed once, after the line was stored"


@pytest.mark.django_db(transaction=True)
def test_a_socket_whose_viewer_hid_the_chat_gets_no_chat(table: Table, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    client = _client(bob)
    client.post(reverse("table_chat_hide", args=[table.pk]), {"hidden": "1"})
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()

    async def scenario() -> None:
        socket = _socket(game, cookie)
        assert (await socket.connect())[0]
        await database_sync_to_async(chat.post)(table=table, user=table.owner, text="hi")
        assert await _chat_pushes(socket) == []
        await socket.disconnect()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_a_socket_opening_sends_the_chat_said_before_it_joined_the_chat_group(
    table: Table, bob: Any
) -> None:
    """The table page swaps in a new socket whenever its body changes (seated, then
    playing): a line said after the page's last poll of the chat and before the new
    socket joined the chat group was shown nowhere until the next line. The page says
    on opening which line it shows (#chat-lines' data-last); a socket whose page is
    behind gets the chat at once, one that is up to date gets nothing."""
    services.join_table(table=table, user=bob)
    chat.post(table=table, user=table.owner, text="Hello!")
    page = _client(bob).get(table.get_absolute_url()).content.decode()  # seated: no game
    shown = chat.newest(table.pk)
    assert f'data-last="{shown}"' in page
    game = services.start_game(table=table, by=table.owner)
    chat.post(table=table, user=table.owner, text="Good luck, everyone!")  # no socket yet
    newest = chat.newest(table.pk)
    cookies = [_cookie_for(bob), _cookie_for(table.owner)]

    async def scenario() -> None:
        behind, current = _socket(game, cookies[0]), _socket(game, cookies[1])
        for socket in (behind, current):
            assert (await socket.connect())[0]
        await behind.send_to(text_data=json.dumps({"seq": game.seq, "chat": shown}))
        await current.send_to(text_data=json.dumps({"seq": game.seq, "chat": newest}))
        caught_up = await _chat_pushes(behind)
        assert len(caught_up) == 1
        assert "Good luck, everyone!" in caught_up[0] and f'data-last="{newest}"' in caught_up[0]
        assert await _chat_pushes(current) == [], "up to date: no chat sent"
        for socket in (behind, current):
            await socket.disconnect()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_a_socket_whose_viewer_hid_the_chat_gets_none_on_opening(table: Table, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    chat.post(table=table, user=table.owner, text="hi")
    client = _client(bob)
    client.post(reverse("table_chat_hide", args=[table.pk]), {"hidden": "1"})
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()

    async def scenario() -> None:
        socket = _socket(game, cookie)
        assert (await socket.connect())[0]
        await socket.send_to(text_data=json.dumps({"seq": game.seq, "chat": 0}))
        assert await _chat_pushes(socket) == []
        await socket.disconnect()

    async_to_sync(scenario)()
