"""The event socket (Channels' WebsocketCommunicator against the real ASGI app)."""

from __future__ import annotations

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


def test_an_unknown_event_or_a_message_closes_the_socket(make_event: Any) -> None:
    event = make_event()

    async def scenario() -> None:
        connected, code = await _socket("/ws/tournaments/999999/").connect()
        assert not connected and code == 4404
        socket = _socket(f"/ws/tournaments/{event.pk}/")
        assert (await socket.connect())[0]
        await socket.send_to(text_data="hello")
        assert (await socket.receive_output(timeout=1))["code"] == 4400
        # games' catch-all still refuses any other path.
        connected, code = await _socket("/ws/nowhere/").connect()
        assert not connected and code == 4404

    async_to_sync(scenario)()
