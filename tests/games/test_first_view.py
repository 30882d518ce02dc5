"""A seat's socket that has just opened is sent its first view once: by its arrival's
presence push, not also by its answer (games.consumers, games.socket_watch.Arrivals),
and by the answer after all if that push did not bring it."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from games import consumers, presence, realtime, services, socket_watch
from games.models import Game, GamePlayer
from tests.games.test_consumers import _cookie_for, _seq, _socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(table: Any, bob: Any) -> Game:
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Counter[int | None]:
    """How many times each seat's view was rendered."""
    counted: Counter[int | None] = Counter()
    render = realtime.render_game_area

    def counting(game: Game, state: Any, seat: int | None, **options: Any) -> str:
        counted[seat] += 1
        return render(game, state, seat, **options)

    monkeypatch.setattr(realtime, "render_game_area", counting)
    return counted


async def _first_view(socket: WebsocketCommunicator) -> str:
    assert (await socket.connect())[0]
    await socket.send_to(text_data=json.dumps({"seq": -1}))
    return await socket.receive_from(timeout=5)


def test_the_first_view_is_rendered_once(
    game: Game, ann: Any, renders: Counter[int | None]
) -> None:
    cookie = _cookie_for(ann)

    async def scenario() -> None:
        socket = _socket(game, cookie)
        html = await _first_view(socket)
        assert html.lstrip().startswith('<section id="game-area"')
        assert _seq(html) == game.seq
        assert await socket.receive_nothing(timeout=0.5)
        await socket.disconnect()

    async_to_sync(scenario)()
    assert renders[0] == 1


def test_the_answer_sends_it_when_the_push_did_not(
    game: Game, ann: Any, renders: Counter[int | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(game_id: int, started: list[bool]) -> None:
        raise RuntimeError("the layer is away")

    monkeypatch.setattr(socket_watch.arrivals, "_push_now", failing)
    monkeypatch.setattr(consumers, "PUSH_GRACE_SECONDS", 0.05)
    cookie = _cookie_for(ann)

    async def scenario() -> None:
        socket = _socket(game, cookie)
        html = await _first_view(socket)
        assert html.lstrip().startswith('<section id="game-area"')
        assert _seq(html) == game.seq
        await socket.disconnect()

    async_to_sync(scenario)()
    assert renders[0] == 1


def test_a_handshake_past_daphne_s_limit_does_nothing(
    game: Game, ann: Any, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refused by Daphne while it waited for the database thread: no presence, no
    arrival, no presence push when it closes."""
    settings.THIRTYONE_HANDSHAKE_SECONDS = 0.5
    clock = iter([100.0, 101.0])  # connect reads the clock, then the trip: 1 s later
    monkeypatch.setattr(consumers, "_clock", lambda: next(clock))
    cookie = _cookie_for(ann)

    async def scenario() -> tuple[bool, Any]:
        return await _socket(game, cookie).connect()

    connected, code = async_to_sync(scenario)()
    assert (connected, code) == (False, consumers.TOO_LATE)
    assert presence.connected(game, 2) == set()
    assert GamePlayer.objects.filter(game=game, arrived_at__isnull=False).count() == 0


def test_a_handshake_within_the_limit_is_taken(game: Game, ann: Any, settings: Any) -> None:
    settings.THIRTYONE_HANDSHAKE_SECONDS = 30.0
    cookie = _cookie_for(ann)

    async def scenario() -> str:
        socket = _socket(game, cookie)
        html = await _first_view(socket)
        await socket.disconnect()
        return html

    assert _seq(async_to_sync(scenario)()) == game.seq
    assert GamePlayer.objects.filter(game=game, arrived_at__isnull=False).count() == 1
