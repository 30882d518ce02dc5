"""The event socket (Channels' WebsocketCommunicator against the real ASGI app)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from tests.games.test_consumers import ORIGIN, _cookie_for
from thirtyone.asgi import application
from tournaments import services
from tournaments.models import Event, RoundSeat

pytestmark = pytest.mark.django_db(transaction=True)


def _socket(path: str, cookie: bytes | None = None) -> WebsocketCommunicator:
    headers = [ORIGIN, (b"host", b"localhost")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, path, headers=headers)


async def _latest(socket: WebsocketCommunicator) -> str:
    """The newest fragment that arrives within a moment (a change may send several)."""
    html = await socket.receive_from(timeout=3)
    while not await socket.receive_nothing(timeout=0.2):
        html = await socket.receive_from(timeout=3)
    return html


def test_a_change_sends_each_viewer_their_own_live_part(
    make_event: Any, members: list, ann: Any
) -> None:
    event = make_event(advance=Event.MANUAL)
    for player in members[:4]:
        services.register(event=event, user=player)
    cookie = _cookie_for(members[0])
    path = f"/ws/tournaments/{event.pk}/"

    async def scenario() -> None:
        player, anonymous = _socket(path, cookie), _socket(path)
        for socket in (player, anonymous):
            assert (await socket.connect())[0]
        await database_sync_to_async(services.start_event)(event=event, by=ann)
        round_ = await database_sync_to_async(lambda: event.round_set.get())()
        await database_sync_to_async(services.start_round)(round_=round_, by=ann)
        seat = await database_sync_to_async(
            lambda: RoundSeat.objects.select_related("table").get(entry__user=members[0])
        )()
        mine, theirs = await _latest(player), await _latest(anonymous)
        for html in (mine, theirs):
            assert html.startswith('<div id="event-live"') and 'hx-swap-oob="true"' in html
            assert "Round 1 of 3 is being played." in html
            assert "csrfmiddlewaretoken" not in html
        assert f"Your table: {seat.table.number}, seat {seat.position + 1}" in mine
        assert "Your table" not in theirs
        for socket in (player, anonymous):
            await socket.disconnect()

    async_to_sync(scenario)()


def test_an_unknown_event_or_a_bad_or_second_message_closes_the_socket(make_event: Any) -> None:
    event = make_event()
    path = f"/ws/tournaments/{event.pk}/"

    async def scenario() -> None:
        connected, code = await _socket("/ws/tournaments/999999/").connect()
        assert not connected and code == 4404
        long = '{"shown": 0, "pad": "' + "x" * 100 + '"}'
        for bad in ("hello", '{"shown": -1}', '{"shown": "0"}', '{"shown": true}', "[0]", long):
            socket = _socket(path)
            assert (await socket.connect())[0]
            await socket.send_to(text_data=bad)
            assert (await socket.receive_output(timeout=1))["code"] == 4400, bad
        socket = _socket(path)
        assert (await socket.connect())[0]
        await socket.send_to(bytes_data=b'{"shown": 0}')
        assert (await socket.receive_output(timeout=1))["code"] == 4400
        # The one message a page sends is heard once: a second one closes the socket.
        socket = _socket(path)
        assert (await socket.connect())[0]
        await socket.send_to(text_data='{"shown": 0}')
        assert await socket.receive_nothing(timeout=0.3)
        await socket.send_to(text_data='{"shown": 0}')
        assert (await socket.receive_output(timeout=1))["code"] == 4400
        # games' catch-all still refuses any other path.
        connected, code = await _socket("/ws/nowhere/").connect()
        assert not connected and code == 4404

    async_to_sync(scenario)()


def test_a_socket_that_opens_after_a_change_gets_the_part_it_missed(
    client: Any, make_event: Any, members: list, ann: Any
) -> None:
    """The page shows the event's live part as it was when the page was made; a change
    before its socket opens (or while the socket was down) is sent when the page says
    which version it shows, and nothing is sent when it shows the latest."""
    event = make_event(advance=Event.MANUAL)
    for player in members[:4]:
        services.register(event=event, user=player)
    page = client.get(f"/tournaments/{event.pk}/").content.decode()
    shown = int(re.search(r'id="event-live" class="event-live" data-version="(\d+)"', page)[1])
    services.start_event(event=event, by=ann)  # no socket open: no one is told
    path = f"/ws/tournaments/{event.pk}/"

    async def scenario() -> None:
        stale = _socket(path)
        assert (await stale.connect())[0]
        await stale.send_to(text_data=json.dumps({"shown": shown}))
        html = await _latest(stale)
        assert html.startswith('<div id="event-live"') and 'hx-swap-oob="true"' in html
        assert "Round 1 of 3" in html and "Round 1 of 3" not in page
        newest = int(re.search(r'data-version="(\d+)"', html)[1])
        assert newest > shown
        fresh = _socket(path)
        assert (await fresh.connect())[0]
        await fresh.send_to(text_data=json.dumps({"shown": newest}))
        assert await fresh.receive_nothing(timeout=0.3)
        for socket in (stale, fresh):
            await socket.disconnect()

    async_to_sync(scenario)()
