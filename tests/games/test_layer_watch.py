"""Sockets while the channel layer is down (docs/realtime.md#when-the-layer-is-down):
the probe closes every socket of the process with 4503, a socket that cannot join its
groups is refused with 4503 (no traceback), and one that cannot leave them still
leaves the catch-up's count."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer
from redis.exceptions import ConnectionError as RedisConnectionError

from games import layer_watch, services
from games.models import Game
from games.socket_watch import watcher
from tests.games.test_consumers import _cookie_for, _socket

pytestmark = pytest.mark.django_db(transaction=True)


class Socket:
    def __init__(self) -> None:
        self.closed: list[int] = []

    async def close(self, code: int) -> None:
        self.closed.append(code)


class Layer:
    def __init__(self, down: bool) -> None:
        self.down = down

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        if self.down:
            raise RedisConnectionError("Error 111 connecting to redis. Connection refused.")


def test_the_probe_closes_every_socket_with_4503_when_the_layer_is_down() -> None:
    watch = layer_watch.LayerWatch()
    sockets = [Socket(), Socket()]
    watch.sockets.update(sockets)
    assert async_to_sync(watch.check)(Layer(down=False)) is True
    assert [s.closed for s in sockets] == [[], []]
    assert async_to_sync(watch.check)(Layer(down=True)) is False
    assert [s.closed for s in sockets] == [[4503], [4503]]
    assert watch.sockets == set() and watch.down


def _down(*args: Any, **kwargs: Any) -> None:
    raise RedisConnectionError("Error 111 connecting to redis. Connection refused.")


@pytest.fixture
def game(table: Any, bob: Any) -> Game:
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def test_a_socket_that_cannot_join_its_groups_is_refused_with_4503(
    game: Game, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    cookie = _cookie_for(bob)
    monkeypatch.setattr(InMemoryChannelLayer, "group_add", _down)

    async def scenario() -> tuple[bool, int | str | None]:
        socket = _socket(game, cookie)
        found = await socket.connect()
        await socket.disconnect()
        return found

    assert async_to_sync(scenario)() == (False, 4503)


def test_a_socket_that_cannot_leave_its_groups_still_leaves_the_count(
    game: Game, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    cookie = _cookie_for(bob)

    async def scenario() -> None:
        socket = _socket(game, cookie)
        connected, _code = await socket.connect()
        assert connected
        assert watcher.has(game.pk, 1)
        monkeypatch.setattr(InMemoryChannelLayer, "group_discard", _down)
        await socket.disconnect()

    async_to_sync(scenario)()
    assert not watcher.has(game.pk, 1)
