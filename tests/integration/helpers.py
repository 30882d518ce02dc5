"""Real server processes, a player's socket and form POSTs for the integration tests.

The processes come from lab.bench.processes (shared with `python -m lab.bench_live`);
`GameSocket` reads the `data-seq` of each pushed view; `post_move` makes a move over
HTTP as the table's form does.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from django.db import connection
from django.test import Client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from games import engine, services
from games.models import Game
from games.services import sources
from lab.bench.processes import (  # noqa: F401  (the tests import them from here)
    Daphne,
    Process,
    Worker,
    database_url,
    free_port,
    running,
    server_env,
)
from thirtyone.celery import app as celery_app

# A view's seq: on the game area of a whole view, on #game-meta of a push of parts.
SEQ = re.compile(r'id="game-(?:area|meta)"[^>]*?data-seq="(\d+)"')


def live_env(redis_url: str, var_dir: Path, **overrides: str | float | None) -> dict[str, str]:
    """The servers' environment: this test's database (a test marked
    `django_db(transaction=True)` commits its data, so they see it), Redis for the
    channel layer and the broker, bots that move at once."""
    return server_env(
        var_dir,
        DATABASE_URL=database_url(connection.settings_dict),
        REDIS_URL=redis_url,
        DEBUG="true",
        THIRTYONE_BOT_DELAY=0,
        THIRTYONE_CATCH_UP_SECONDS=0.5,
        CELERY_EAGER=None,
        **overrides,
    )


@contextlib.contextmanager
def tasks_go_to_workers() -> Iterator[None]:
    """Within: this process sends its Celery tasks to the broker, as a web process
    does, instead of running them inline as the tests otherwise do."""
    eager, celery_app.conf.task_always_eager = celery_app.conf.task_always_eager, False
    try:
        yield
    finally:
        celery_app.conf.task_always_eager = eager


# ---- a player's browser, reduced to what the tests need ---------------------------


class GameSocket:
    """The game socket as the page's script uses it: cookies and Origin like a browser,
    and the seq of the view it shows (`seq`, -1 before the first)."""

    def __init__(self, server: Daphne, game_id: int, sessionid: str, *, seq: int = -1) -> None:
        self.server, self.game_id, self.sessionid = server, game_id, sessionid
        self.seq = seq
        self.seqs: list[int] = []  # every view received, in order
        self.html = ""
        self._exit = contextlib.ExitStack()
        self.conn: ClientConnection = self._exit.enter_context(
            connect(
                f"{server.ws}/ws/games/{game_id}/",
                origin=server.http,
                additional_headers={"Cookie": f"sessionid={sessionid}"},
                proxy=None,
                compression=None,
                open_timeout=15,
            )
        )
        # What the page does on (re)connect: say which view it shows.
        self.conn.send(json.dumps({"seq": self.seq}))

    def wait_for_seq(self, seq: int, timeout: float = 15) -> int:
        """Read views until one with `data-seq` >= `seq` arrives; return its seq."""
        deadline = time.monotonic() + timeout
        while self.seq < seq:
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise TimeoutError
                html = self.conn.recv(timeout=remaining)
            except TimeoutError:
                raise AssertionError(
                    f"no view with seq >= {seq} within {timeout} s on {self.server.name}; "
                    f"received seqs {self.seqs}"
                ) from None
            self.receive(html)
        return self.seq

    def receive(self, html: str | bytes) -> None:
        """A view: the whole game area, or the parts of it that changed (whose seq is on
        #game-meta; a push of who is online at the same seq has none)."""
        text = html.decode() if isinstance(html, bytes) else html
        found = SEQ.search(text)
        if found is None:
            assert 'id="game-area"' not in text, f"a whole view without data-seq: {text[:200]!r}"
            return
        self.seqs.append(int(found.group(1)))
        self.seq, self.html = max(self.seq, self.seqs[-1]), text

    def wait_closed(self, timeout: float = 10) -> None:
        """Read until the server's end goes away (its process died)."""
        deadline = time.monotonic() + timeout
        with contextlib.suppress(ConnectionClosed):
            while time.monotonic() < deadline:
                with contextlib.suppress(TimeoutError):
                    self.receive(self.conn.recv(timeout=max(0.1, deadline - time.monotonic())))
            raise AssertionError(f"the socket to {self.server.name} stayed open")

    def close(self) -> None:
        self._exit.close()


# ---- moves over HTTP, as a form POST --------------------------------------------------


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # the 303 after a plain POST is the answer; do not follow it


_opener = urllib.request.build_opener(_NoRedirects)


def post_move(
    server: Daphne, game_id: int, sessionid: str, *, action: str, seq: int
) -> tuple[int, str]:
    """POST /games/<id>/play/ as the table's form does; (status, body).

    CSRF as a browser passes it: a csrftoken cookie and the same token in the
    X-CSRFToken header (what htmx sends)."""
    token = secrets.token_hex(16)  # 32 characters: a valid unmasked CSRF secret
    body = urllib.parse.urlencode({"action": action, "seq": seq}).encode()
    request = urllib.request.Request(
        f"{server.http}/games/{game_id}/play/",
        data=body,
        method="POST",
        headers={
            "Cookie": f"sessionid={sessionid}; csrftoken={token}",
            "X-CSRFToken": token,
            "Origin": server.http,
            "Referer": server.http + "/",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    try:
        with _opener.open(request, timeout=15) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


# ---- a player's moves and session -----------------------------------------------------


def session_of(user: Any) -> str:
    """A logged-in session for `user`: its `sessionid` cookie opens sockets and POSTs."""
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def choose(game_id: int, user: Any, pick: Callable[[engine.Action], bool]) -> tuple[Game, str]:
    """The game now, and the code of `user`'s first legal move that `pick` accepts."""
    game = Game.objects.get(pk=game_id)
    seat = game.players.get(user=user).position
    action = next(a for a in engine.legal_actions(game.engine_state(), seat) if pick(a))
    return game, action.code


def play_through(
    server: Daphne, game_id: int, user: Any, sessionid: str, pick: Callable[[engine.Action], bool]
) -> int:
    """`user` makes the first legal move `pick` accepts by POSTing it to `server`, as
    the table's form does; returns the game's new seq."""
    game, action = choose(game_id, user, pick)
    status, body = post_move(server, game_id, sessionid, action=action, seq=game.seq)
    assert status in (200, 204, 302, 303), f"POST play answered {status}: {body[:500]}"
    new_seq = Game.objects.get(pk=game_id).seq
    assert new_seq > game.seq, f"the move {action} was not made"
    return new_seq


def play_here(game_id: int, user: Any, pick: Callable[[engine.Action], bool]) -> int:
    """`user`'s move made in this process, through the write path; the new seq."""
    game, action = choose(game_id, user, pick)
    return services.play(game_id=game_id, user=user, action=action, expected_seq=game.seq).game.seq


def deal(table: Any, monkeypatch: Any) -> Game:
    """Start a game at `table` from a known deal (seed 7 has no 31 in the first turns,
    which would end the round). While tests run tasks inline, bots that have the first
    turns play them at once: the game is returned at a person's turn."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: engine.SeededDeckSource(7))
    game = services.start_game(table=table, by=table.owner)
    game.refresh_from_db()
    return game


def is_draw(action: engine.Action) -> bool:
    return isinstance(action, engine.Draw)


def is_plain_discard(action: engine.Action) -> bool:
    return isinstance(action, engine.Discard) and not action.knock


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.1)
