"""A pushed view reaches its socket without Channels' hop to the database thread; a
message whose handler may touch the database still makes it (games.sockets,
docs/realtime.md#consumers-forward)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels import consumer as channels_consumer
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import realtime, services
from games.models import Game
from thirtyone.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_push_skips_the_old_connections_hop_and_a_clients_message_does_not(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    client = Client()
    client.force_login(table.owner)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    hops: list[str] = []
    close = channels_consumer.aclose_old_connections

    async def counted() -> None:
        hops.append("closed")
        await close()

    # Where Channels' dispatch looks it up.
    monkeypatch.setattr(channels_consumer, "aclose_old_connections", counted)

    async def scenario() -> None:
        socket = WebsocketCommunicator(
            application,
            f"/ws/games/{game.pk}/",
            headers=[
                (b"origin", b"http://localhost"),
                (b"host", b"localhost"),
                (b"cookie", cookie),
            ],
        )
        connected, _ = await socket.connect()
        assert connected
        assert hops, "the socket's connect went through Channels' dispatch"
        while not await socket.receive_nothing(timeout=1):
            await socket.receive_from()  # the presence push of its arrival
        hops.clear()
        seat = next(p.position for p in await _players(game) if p.user_id == table.owner.pk)
        layer = get_channel_layer()
        for seq in (game.seq + 1, game.seq + 2):
            html = f'<section id="game-area" data-seq="{seq}"><p>pushed {seq}</p></section>'
            message = {"type": "game.view", "seq": seq, "html": html, "refresh": False}
            await layer.group_send(realtime.seat_group(game.pk, seat), message)
            assert f"pushed {seq}" in await socket.receive_from(timeout=3)
        assert hops == [], "a push touches no database: no hop to its thread"
        # A client's message is answered from the database: Channels closes old
        # connections first, as before.
        await socket.send_to(text_data=json.dumps({"seq": game.seq + 2}))
        await socket.receive_nothing(timeout=0.3)
        assert hops == ["closed"]
        await socket.disconnect()

    async_to_sync(scenario)()


async def _players(game: Game) -> list[Any]:
    from channels.db import database_sync_to_async

    return await database_sync_to_async(lambda: list(game.players.all()))()


def test_the_catch_up_check_reads_the_seqs_in_one_query(table: Any, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    assert realtime.current_seqs([game.pk, game.pk + 1000]) == {game.pk: game.seq}
    assert realtime.current_seqs([]) == {}


def test_the_catch_up_check_and_its_presence_refresh_are_one_trip_to_the_database_thread(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games import presence, socket_watch

    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    trips: list[str] = []
    wrap = socket_watch.database_sync_to_async

    def counted(function: Any) -> Any:
        trips.append(function.__name__)
        return wrap(function)

    monkeypatch.setattr(socket_watch, "database_sync_to_async", counted)
    watcher = socket_watch.Watcher()
    watcher.sockets[(game.pk, 0, "en")] += 1
    presence.mark_absent(game.pk, 0, None)

    async def check() -> None:
        await watcher.check(refresh_presence=True)

    async_to_sync(check)()
    assert trips == ["_seqs_and_presence"]
    assert watcher.known_seq == {(game.pk, "en"): game.seq}
    assert presence.connected(Game.objects.get(pk=game.pk), 2) == {0}
