"""The game socket (Channels' WebsocketCommunicator against the real ASGI app)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import engine, ratelimit, realtime, services
from games.models import Game
from tests.games import dom
from thirtyone.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://localhost")


def _cookie_for(user: Any) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def _socket(game: Game, cookie: bytes | None = None, origin: tuple[bytes, bytes] = ORIGIN):
    """A socket to `game`, logged in with `cookie` (from `_cookie_for`, made before the
    async part of a test: logging in touches the database)."""
    headers = [origin, (b"host", b"localhost")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=headers)


def _seq(html: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', html).group(1))


# Per socket: what its client shows, and every message it was sent.
_pages: dict[int, dom.Node] = {}
_received: dict[int, list[str]] = {}


async def _latest(socket: WebsocketCommunicator, timeout: float = 3) -> str:
    """What the client shows once the pushes that arrive within a moment (they may come
    in a burst) are in: the first message is the whole game area, later ones the parts
    that changed, swapped in as htmx and live.js do."""
    message = await socket.receive_from(timeout=timeout)
    while True:
        if message.lstrip().startswith('<section id="game-area"'):
            _received[id(socket)] = []  # a whole view: this socket's first, or a new shape
        _received.setdefault(id(socket), []).append(message)
        _pages[id(socket)] = dom.show(_pages.get(id(socket)), message)
        if await socket.receive_nothing(timeout=0.2):
            return _pages[id(socket)].html()
        message = await socket.receive_from(timeout=timeout)


def _hidden_names(state: engine.GameState, seat: int) -> set[str]:
    """Names of the cards in the other hands that the viewer may not see now."""
    visible = set(state.discard[-1:]) | set(state.hands[seat])
    return {
        c.name for s, hand in enumerate(state.hands) if s != seat for c in hand if c not in visible
    }


@pytest.fixture
def two_player_game(table: Any, bob: Any) -> Game:
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def test_a_move_reaches_every_seat_and_the_spectators_each_with_only_their_view(
    two_player_game: Game, ann: Any, bob: Any
) -> None:
    game = two_player_game
    players = [ann, bob]
    cookies = [_cookie_for(ann), _cookie_for(bob)]

    async def scenario() -> None:
        sockets = [_socket(game, cookies[0]), _socket(game, cookies[1]), _socket(game)]
        for socket in sockets:
            connected, _ = await socket.connect()
            assert connected
        state = game.engine_state()
        mover = players[state.turn]
        await database_sync_to_async(services.play)(
            game_id=game.pk, user=mover, action="draw:stock", expected_seq=game.seq
        )
        after = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).engine_state())()
        for seat, socket in enumerate(sockets):
            html = await _latest(socket)
            assert _seq(html) > game.seq
            html += "".join(_received[id(socket)])  # each message as sent, too
            if seat < 2:
                assert all(c.name in html for c in after.hands[seat]), "own hand shown"
                leaked = [name for name in _hidden_names(after, seat) if name in html]
            else:
                leaked = [
                    c.name
                    for hand in after.hands
                    for c in hand
                    if c not in after.discard and c.name in html
                ]
            assert not leaked, f"viewer {seat} was sent hidden cards {leaked}"
            await socket.disconnect()

    async_to_sync(scenario)()


def test_a_client_that_reconnects_with_an_old_seq_gets_the_current_view(
    two_player_game: Game, ann: Any, bob: Any
) -> None:
    game = two_player_game
    mover = [ann, bob][game.engine_state().turn]
    services.play(game_id=game.pk, user=mover, action="draw:stock", expected_seq=game.seq)
    current = Game.objects.get(pk=game.pk).seq
    cookie = _cookie_for(ann)

    async def scenario() -> None:
        socket = _socket(game, cookie)
        assert (await socket.connect())[0]
        await socket.send_to(text_data=json.dumps({"seq": game.seq}))
        assert _seq(await _latest(socket)) == current
        await socket.send_to(text_data=json.dumps({"seq": current}))
        assert await socket.receive_nothing(timeout=0.3), "an up-to-date client gets nothing"
        await socket.disconnect()

    async_to_sync(scenario)()


def test_a_socket_from_another_origin_is_refused(two_player_game: Game, ann: Any) -> None:
    cookie = _cookie_for(ann)

    async def scenario() -> None:
        socket = _socket(two_player_game, cookie, origin=(b"origin", b"http://evil.example"))
        connected, _ = await socket.connect()
        assert not connected

    async_to_sync(scenario)()


def test_a_private_table_refuses_a_socket_without_a_session(two_player_game: Game) -> None:
    table = two_player_game.table
    table.is_public = False
    table.save()

    async def scenario() -> None:
        connected, _ = await _socket(two_player_game).connect()
        assert not connected

    async_to_sync(scenario)()


def test_a_private_table_refuses_a_stranger(two_player_game: Game, django_user_model: Any) -> None:
    table = two_player_game.table
    table.is_public = False
    table.save()
    stranger = django_user_model.objects.create_user("eve", password="x-y-z-cards")
    cookie = _cookie_for(stranger)

    async def scenario() -> None:
        connected, _ = await _socket(two_player_game, cookie).connect()
        assert not connected

    async_to_sync(scenario)()


def test_a_seat_shows_whether_its_player_is_connected(
    two_player_game: Game, ann: Any, bob: Any
) -> None:
    game = two_player_game
    cookies = [_cookie_for(ann), _cookie_for(bob)]

    async def scenario() -> None:
        bobs = _socket(game, cookies[1])
        assert (await bobs.connect())[0]
        await _latest(bobs)  # bob's own arrival
        anns = _socket(game, cookies[0])
        assert (await anns.connect())[0]
        await database_sync_to_async(
            lambda: services.play(
                game_id=game.pk,
                user=[ann, bob][game.engine_state().turn],
                action="draw:stock",
                expected_seq=game.seq,
            )
        )()
        html = await _latest(bobs)
        # Bob's view shows the other seats; Ann's is marked online...
        assert html.count('visually-hidden">online:') == 1, "ann shows as online"
        await anns.disconnect(timeout=10)  # leaving re-pushes the views: give it time
        html = await _latest(bobs)
        assert html.count('visually-hidden">online:') == 0, "...until she leaves"
        await bobs.disconnect()

    async_to_sync(scenario)()


# ---- bad input -----------------------------------------------------------------------


BAD_MESSAGES = [
    '{"seq": 1e309}',  # a float too large: was int(inf), an OverflowError and 1011
    '{"seq": 3.0}',
    '{"seq": true}',
    '{"seq": "3"}',
    '{"seq": 100000000000000000000}',
    '{"seq": -2}',
    "[" * 99 + "]" * 99,  # nested, within the length
    "[" * 5000 + "]" * 5000,  # deeper than the parser's recursion
    '{"seq": 1, "pad": "' + "x" * 200 + '"}',  # too long
    '{"seq": 1, "pad": "' + "é" * 90 + '"}',  # 200 characters are more bytes
    "not json",
    "[]",
    '{"seq": 1, "chat": "4"}',  # the chat line shown: an id, or nothing
    '{"seq": 1, "chat": -1}',
    '{"seq": 1, "chat": true}',
    "null",
    "{}",
]


def test_a_bad_message_closes_the_socket_with_4400_not_a_server_error(
    two_player_game: Game,
) -> None:
    async def scenario() -> None:
        for message in [*BAD_MESSAGES, b"\x00binary"]:
            socket = _socket(two_player_game)
            assert (await socket.connect())[0]
            if isinstance(message, bytes):
                await socket.send_to(bytes_data=message)
            else:
                await socket.send_to(text_data=message)
            closed = await socket.receive_output(timeout=3)
            assert closed == {"type": "websocket.close", "code": 4400}, message[:40]
            await socket.disconnect()

    async_to_sync(scenario)()


def test_a_socket_to_a_path_that_is_not_a_game_is_refused_cleanly(
    two_player_game: Game, caplog: pytest.LogCaptureFixture
) -> None:
    async def attempt(path: str) -> tuple[bool, int | None]:
        socket = WebsocketCommunicator(application, path, headers=[ORIGIN, (b"host", b"localhost")])
        return await socket.connect()

    with caplog.at_level("ERROR"):
        for path in ["/ws/games/abc/", f"/ws/games/{'9' * 30}/", "/ws/games/-1/", "/ws/other/"]:
            assert async_to_sync(attempt)(path) == (False, 4404), path
        assert async_to_sync(attempt)(f"/ws/games/{'9' * 18}/") == (False, 4403)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_a_client_that_is_up_to_date_costs_no_render(
    two_player_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = two_player_game
    renders: list[int] = []
    render_for = realtime.render_for

    def counted(game_id: int, seat: int | None) -> tuple[int, str]:
        renders.append(game_id)
        return render_for(game_id, seat)

    monkeypatch.setattr(realtime, "render_for", counted)

    async def scenario() -> None:
        socket = _socket(game)  # a spectator: no view is pushed on arrival
        assert (await socket.connect())[0]
        for _ in range(5):
            await socket.send_to(text_data=json.dumps({"seq": game.seq}))
        assert await socket.receive_nothing(timeout=0.3)
        assert renders == [], "no render for a client that shows the current seq"
        await socket.send_to(text_data=json.dumps({"seq": -1}))
        assert _seq(await _latest(socket)) == game.seq
        assert renders == [game.pk]
        await socket.disconnect()

    async_to_sync(scenario)()


def test_a_flood_of_messages_closes_the_socket_with_4429(
    two_player_game: Game, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every message in one window: 31 of them could otherwise straddle a window's edge.
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_000_003.5)
    game = two_player_game
    cookie = _cookie_for(ann)

    async def scenario() -> None:
        socket = _socket(game, cookie)
        assert (await socket.connect())[0]
        await _latest(socket)  # the view pushed on arrival
        for _ in range(ratelimit.SOCKET_MESSAGES.count):
            await socket.send_to(text_data=json.dumps({"seq": game.seq}))
        assert await socket.receive_nothing(timeout=0.5), "within the limit: no answer"
        await socket.send_to(text_data=json.dumps({"seq": game.seq}))
        assert await socket.receive_output(timeout=3) == {"type": "websocket.close", "code": 4429}
        await socket.disconnect()

    async_to_sync(scenario)()
