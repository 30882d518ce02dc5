"""The round-start benchmark's driver (`python -m lab.bench_round_start` runs it inside
the profile's environment, so this process's settings are the servers').

It makes a club (an owner and the players as members) and starts the profile's real
server processes. Then, for each repeat, a fresh Swiss event (tables of 4, no bots
needed, Scat, no turn timer, rounds started by the organizer) with every player
registered and round 1 seated (`tournaments.services.start_event`, before the clock).
Every player has the event page open: a socket to `/ws/tournaments/<id>/` with their
logged-in session, as the page's htmx ws extension opens it.

The clock starts when the owner posts "Start round" on the event's manage page (an
HTTP POST of `action=start_round` to `/tournaments/<id>/manage/`, with the session
cookie and the form's CSRF token, as the browser does). Each player's event socket
is then told their table ("Go to your game", the table's address); the driver finds
that table's game (one query here: the stand-in for the browser following the link)
and opens the game socket `/ws/games/<id>/`, saying `{"seq": -1}` as static/js/live.js
does for a page that shows no game yet. A seat is done when that socket holds a view
of the first deal (a `data-seq`).

Printed per repeat: start -> event socket told the table, and start -> game socket
showing the first deal, for every seat (p50/p95/max), the start request's own duration
(the transaction, the commit and the pushes after it, until the redirect) and the
time after it; then the medians of the repeats.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import close_old_connections
from django.utils import timezone
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from clubs.models import Club, Membership
from games.models import Game, RuleSet
from lab.bench import stats
from lab.bench.event import machine
from lab.bench.live import _session, profile_servers
from lab.bench.processes import Daphne, Process, running
from tournaments import services as tournaments
from tournaments.models import Event, Round

PROGRESS_EVERY = 2.0
WAIT_SECONDS = 240.0  # for every seat to show its first deal
OPENING = 8  # event sockets opening at once before the start (they were open long before)
# The live part's "Go to your game" link: the table's page.
YOUR_TABLE = re.compile(r'class="your-table"[^\n]*?href="/tables/(\d+)/"')
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@dataclass(frozen=True)
class Plan:
    profile: str  # "production" or "embedded"
    players: int
    repeats: int
    log_dir: Path

    def servers(self) -> list[Process]:
        return profile_servers(self.profile, self.log_dir)


@dataclass
class Seat:
    """One player: their session, and when each of their sockets heard of the round."""

    user_id: int
    sessionid: str
    server: Daphne
    told: float | None = None  # epoch seconds: the event socket showed the table
    dealt: float | None = None  # epoch seconds: the game socket showed the first deal
    game_id: int | None = None
    reopened: int = 0


@dataclass
class Repeat:
    number: int
    tables: int = 0
    clicked: float = 0.0  # epoch seconds: the POST was sent
    answered: float = 0.0  # epoch seconds: its response (the redirect) came back
    committed: float | None = None  # Round.started_at, stamped just before the commit
    told: stats.Latencies = field(default_factory=stats.Latencies)
    dealt: stats.Latencies = field(default_factory=stats.Latencies)
    after: stats.Latencies = field(default_factory=stats.Latencies)  # response -> dealt
    reopened: int = 0
    cpu: dict[str, float] = field(default_factory=dict)
    machine_busy: float = 0.0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @property
    def request(self) -> float:
        return self.answered - self.clicked


# ---- setting up ------------------------------------------------------------------------


def prepare(players: int) -> tuple[Any, list[Any], Club]:
    """A club, its owner and `players` members."""
    model = get_user_model()
    users = model.objects.bulk_create(
        [model(username="bench-owner", password=make_password(None))]
        + [
            model(username=f"bench-player-{n:03d}", password=make_password(None))
            for n in range(1, players + 1)
        ]
    )
    owner, members = users[0], users[1:]
    club = Club.objects.create(name="Bench Club", slug="bench-club", join_policy=Club.INVITE)
    Membership.objects.create(club=club, user=owner, role=Membership.OWNER)
    Membership.objects.bulk_create(Membership(club=club, user=user) for user in members)
    return owner, members, club


def seated_event(club: Club, owner: Any, members: list[Any], number: int) -> tuple[Event, Round]:
    """A new Swiss event with every member registered and round 1 seated, waiting for
    its organizer to start it."""
    event = tournaments.create_event(
        club=club,
        by=owner,
        name=f"Bench round start {number}",
        rule_set=RuleSet.objects.get(preset="scat", is_preset=True),
        # Later than the run: beat's sweep must not start it.
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=3,
        table_size=4,
        table_min=3,
        table_max=5,
        bots_fill=True,
        advance=Event.MANUAL,
        turn_timer=0,
    )
    for user in members:
        tournaments.register(event=event, user=user)
    round_ = tournaments.start_event(event=event, by=owner)
    assert round_.status == Round.SEATED, round_.status
    close_old_connections()
    return event, round_


# ---- the organizer's browser -------------------------------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _open(request: urllib.request.Request) -> tuple[int, str, list[str]]:
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=120) as response:
            return (
                response.status,
                response.read().decode(),
                response.headers.get_all("Set-Cookie") or [],
            )
    except urllib.error.HTTPError as error:  # the 302 after a POST lands here
        return (
            error.code,
            error.read().decode(errors="replace"),
            error.headers.get_all("Set-Cookie") or [],
        )


def csrf_token(server: Daphne, event_id: int, sessionid: str) -> tuple[str, str]:
    """(the csrftoken cookie, the form's token) from the manage page, as the browser has
    them after loading it."""
    status, body, cookies = _open(
        urllib.request.Request(
            f"{server.http}/tournaments/{event_id}/manage/",
            headers={"Cookie": f"sessionid={sessionid}"},
        )
    )
    if status != 200:
        raise RuntimeError(f"the manage page answered {status}")
    cookie = next(
        c.split(";", 1)[0].split("=", 1)[1] for c in cookies if c.startswith("csrftoken=")
    )
    found = CSRF_INPUT.search(body)
    if found is None:
        raise RuntimeError("no CSRF token on the manage page")
    return cookie, found.group(1)


def press_start(
    server: Daphne, event_id: int, round_id: int, sessionid: str, csrf: tuple[str, str]
) -> int:
    """POST "Start round" as the owner: the response's status (302, back to the page)."""
    data = urllib.parse.urlencode(
        {"action": "start_round", "round": round_id, "csrfmiddlewaretoken": csrf[1]}
    ).encode()
    status, _, _ = _open(
        urllib.request.Request(
            f"{server.http}/tournaments/{event_id}/manage/",
            data=data,
            headers={
                "Cookie": f"sessionid={sessionid}; csrftoken={csrf[0]}",
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": server.http,
                "Referer": f"{server.http}/tournaments/{event_id}/manage/",
            },
            method="POST",
        )
    )
    return status


# ---- the players' browsers -----------------------------------------------------------------


def game_of_table(table_id: int) -> int | None:
    found = Game.objects.filter(table_id=table_id).order_by("-pk").values_list("pk", flat=True)
    game_id = found.first()
    close_old_connections()
    return game_id


class Players:
    """Every player's event socket, and their game socket once told their table."""

    def __init__(self, event_id: int, seats: list[Seat]) -> None:
        self.event_id = event_id
        self.seats = seats
        self.open_sockets = 0
        self.armed = False  # the start was pressed: a table shown now is the round's
        self.tasks: list[asyncio.Task] = []
        self._opening = asyncio.Semaphore(OPENING)
        self._quiet = 0.0  # the last message before the start (presence, seating)

    def start(self) -> None:
        self.tasks = [asyncio.create_task(self._event_socket(seat)) for seat in self.seats]

    async def settle(self, say: Callable[[str], None]) -> None:
        """Until every event socket is open and none has heard anything for a second."""
        began = time.monotonic()
        while self.open_sockets < len(self.seats) or time.monotonic() - self._quiet < 1.0:
            if time.monotonic() - began > 120:
                raise RuntimeError(f"only {self.open_sockets} event sockets opened")
            await asyncio.sleep(0.2)
        say(f"  {self.open_sockets} event sockets open after {time.monotonic() - began:.1f} s")

    async def _event_socket(self, seat: Seat) -> None:
        first, retries = True, 0
        while True:
            socket: ClientConnection | None = None
            try:
                async with self._opening if first else _nothing():
                    socket = await _connect(seat.server, f"/ws/tournaments/{self.event_id}/", seat)
                if first:
                    self.open_sockets += 1
                    first = False
                retries = 0
                async for message in socket:
                    if not self.armed:
                        self._quiet = time.monotonic()
                        continue
                    text = message if isinstance(message, str) else message.decode()
                    found = YOUR_TABLE.search(text)
                    if found and seat.told is None:
                        seat.told = time.time()
                        self.tasks.append(
                            asyncio.create_task(self._game_socket(seat, int(found.group(1))))
                        )
            except (OSError, TimeoutError, WebSocketException):
                seat.reopened += 1
            finally:
                if socket is not None:
                    await socket.close()
            retries += 1
            await asyncio.sleep(backoff(retries))

    async def _game_socket(self, seat: Seat, table_id: int) -> None:
        seat.game_id = await asyncio.to_thread(game_of_table, table_id)
        if seat.game_id is None:
            raise RuntimeError(f"table {table_id} has no game")
        retries = 0
        while seat.dealt is None:
            socket: ClientConnection | None = None
            try:
                socket = await _connect(seat.server, f"/ws/games/{seat.game_id}/", seat)
                await socket.send(json.dumps({"seq": -1}))
                async for message in socket:
                    text = message if isinstance(message, str) else message.decode()
                    if stats.SEQ.search(text):
                        seat.dealt = time.time()
                        break
                if seat.dealt is None:  # closed before it showed the deal
                    raise ConnectionError("closed")
                # Held open, as the page holds it, until the repeat ends.
                await asyncio.Future()
            except (OSError, TimeoutError, WebSocketException):
                # Refused or dropped (Daphne gives a handshake 5 s): open it again later,
                # as the page's script does.
                seat.reopened += 1
                retries += 1
                await asyncio.sleep(backoff(retries))
            finally:
                if socket is not None:
                    await socket.close()

    def reopened(self) -> int:
        return sum(s.reopened for s in self.seats)

    def counts(self) -> tuple[int, int]:
        return (
            sum(1 for s in self.seats if s.told is not None),
            sum(1 for s in self.seats if s.dealt is not None),
        )

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


class _nothing:
    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, *args: object) -> None:
        return None


def backoff(retries: int) -> float:
    """Seconds before opening a socket again after `retries` failures in a row, as the
    htmx ws extension waits (its "full-jitter" default): up to 2^retries s, at most 64."""
    return random.uniform(0, 2.0 ** min(retries, 6))


async def _connect(server: Daphne, path: str, seat: Seat) -> ClientConnection:
    """A socket as the browser opens it: the session cookie and the page's Origin."""
    return await connect(
        f"{server.ws}{path}",
        origin=server.http,  # type: ignore[arg-type]
        additional_headers={"Cookie": f"sessionid={seat.sessionid}"},
        proxy=None,
        compression=None,
        open_timeout=30,
        max_queue=None,
    )


# ---- a repeat ---------------------------------------------------------------------------------


async def one_repeat(
    number: int,
    club: Club,
    owner: Any,
    members: list[Any],
    sessions: dict[int, str],
    servers: list[Process],
    say: Callable[[str], None],
) -> Repeat:
    web = [server for server in servers if isinstance(server, Daphne)]
    say(f"Repeat {number}: a new event, {len(members)} players registered, round 1 seated ...")
    event, round_ = await asyncio.to_thread(seated_event, club, owner, members, number)
    seats = [
        Seat(user_id=user.pk, sessionid=sessions[user.pk], server=web[index % len(web)])
        for index, user in enumerate(members)
    ]
    players = Players(event.pk, seats)
    players.start()
    await players.settle(say)
    csrf = await asyncio.to_thread(csrf_token, web[0], event.pk, sessions[owner.pk])
    processes = {server.name: server.pid for server in servers}
    cpu_before, busy_before = stats.cpu_seconds(processes), stats.machine_busy()
    repeat = Repeat(number=number, load=os.getloadavg())
    players.armed = True
    repeat.clicked = time.time()
    status = await asyncio.to_thread(
        press_start, web[0], event.pk, round_.pk, sessions[owner.pk], csrf
    )
    repeat.answered = time.time()
    if status != 302:
        raise RuntimeError(f"the start request answered {status}")
    say(f"  start request answered after {repeat.request:.3f} s")
    began, said = time.monotonic(), time.monotonic()
    while players.counts()[1] < len(seats) and time.monotonic() - began < WAIT_SECONDS:
        await asyncio.sleep(0.05)
        if time.monotonic() - said >= PROGRESS_EVERY:
            told, dealt = players.counts()
            say(
                f"  [{time.time() - repeat.clicked:5.1f} s] {told} event sockets told their "
                f"table, {dealt} game sockets show the first deal "
                f"({players.reopened()} sockets opened again so far)"
            )
            said = time.monotonic()
    cpu_after = stats.cpu_seconds(processes)
    repeat.cpu = {name: cpu_after[name] - cpu_before[name] for name in cpu_after}
    repeat.machine_busy = stats.machine_busy() - busy_before
    await players.close()

    def facts() -> tuple[int, float | None]:
        found = Round.objects.get(pk=round_.pk)
        tables = found.tables.count()
        close_old_connections()
        return tables, found.started_at.timestamp() if found.started_at else None

    repeat.tables, repeat.committed = await asyncio.to_thread(facts)
    for seat in seats:
        repeat.reopened += seat.reopened
        if seat.told is None:
            repeat.told.missing += 1
        else:
            repeat.told.values.append(seat.told - repeat.clicked)
        if seat.dealt is None:
            repeat.dealt.missing += 1
            repeat.after.missing += 1
        else:
            repeat.dealt.values.append(seat.dealt - repeat.clicked)
            repeat.after.values.append(seat.dealt - repeat.answered)
    for line in repeat_lines(repeat):
        say(line)
    return repeat


# ---- what it prints -------------------------------------------------------------------------


def _figures(values: stats.Latencies) -> str:
    if not values.values:
        return f"n=0 (missing {values.missing})"
    text = (
        f"p50 {values.percentile(0.5):6.3f} s  p95 {values.percentile(0.95):6.3f} s  "
        f"max {max(values.values):6.3f} s  (n={len(values.values)})"
    )
    return text + (f"  MISSING {values.missing}" if values.missing else "")


def repeat_lines(repeat: Repeat) -> list[str]:
    commit = f"{repeat.committed - repeat.clicked:.3f} s" if repeat.committed is not None else "n/a"
    cpu = ", ".join(f"{name} {seconds:.1f}" for name, seconds in repeat.cpu.items())
    return [
        f"  repeat {repeat.number}: {repeat.tables} tables; load before "
        f"{repeat.load[0]:.2f} {repeat.load[1]:.2f} {repeat.load[2]:.2f}",
        f"    start request (POST -> redirect): {repeat.request:.3f} s; of it, POST -> "
        f"round stamped started (just before the commit): {commit}",
        f"    start -> event socket shows the table: {_figures(repeat.told)}",
        f"    start -> game socket shows the first deal: {_figures(repeat.dealt)}",
        f"    start request answered -> first deal shown: {_figures(repeat.after)}",
        f"    sockets opened again: {repeat.reopened}; CPU s in the window: {cpu}; machine "
        f"busy {repeat.machine_busy:.1f} CPU s",
    ]


def summary(plan: Plan, repeats: list[Repeat]) -> list[str]:
    def median(pick: Callable[[Repeat], float]) -> float:
        return statistics.median(pick(r) for r in repeats)

    def column(pick: Callable[[Repeat], float]) -> str:
        return " / ".join(f"{pick(r):.3f}" for r in repeats)

    done = [r for r in repeats if r.dealt.values]
    lines = [
        "",
        f"Results: a tournament round start, {plan.profile} profile "
        + (
            "(PostgreSQL, Redis, 2 Daphne, 2 Celery workers, beat)"
            if plan.profile == "production"
            else "(SQLite, embedded Valkey, 1 Daphne, 1 worker with beat)"
        )
        + f", {plan.players} players at tables of 4 (Scat, no turn timer), "
        f"{len(repeats)} repeats, a fresh event each",
        f"  machine: {machine()}; load now {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        "  'start' = the owner's POST of Start round to /tournaments/<id>/manage/; each figure "
        "per repeat (1 / 2 / ...), then the median of the repeats, seconds",
    ]
    if not done:
        return [*lines, "  no repeat got a first deal to a socket"]
    rows: list[tuple[str, Callable[[Repeat], float]]] = [
        ("start request (POST -> redirect)", lambda r: r.request),
        ("start -> table told, p50", lambda r: r.told.percentile(0.5)),
        ("start -> table told, p95", lambda r: r.told.percentile(0.95)),
        ("start -> first deal shown, p50", lambda r: r.dealt.percentile(0.5)),
        ("start -> first deal shown, p95", lambda r: r.dealt.percentile(0.95)),
        ("start -> first deal shown, max", lambda r: max(r.dealt.values)),
        ("request answered -> first deal, p95", lambda r: r.after.percentile(0.95)),
    ]
    for name, pick in rows:
        lines.append(f"  {name:<38} {column(pick)}   median {median(pick):.3f}")
    missing = sum(r.dealt.missing for r in repeats)
    lines.append(
        f"  seats that never showed the first deal: {missing}; sockets opened again "
        f"(per repeat): {' / '.join(str(r.reopened) for r in repeats)}; load average "
        f"before each: {' / '.join(f'{r.load[0]:.1f}' for r in repeats)}"
    )
    if any(r.reopened for r in repeats):
        lines.append(
            "  (a socket opened again was refused or dropped, e.g. a handshake past "
            "Daphne's 5 s limit while the web process's database thread was busy, and "
            "waited the page's backoff: its seat's figure includes that wait)"
        )
    lines.append(
        f"  figure: {plan.players // 4} tables created and every seat's socket showing its "
        f"first deal, p95 from 'start round': {median(lambda r: r.dealt.percentile(0.95)):.3f} s "
        f"(median of {len(done)} repeats)"
    )
    return lines


def drive(plan: Plan, say: Callable[[str], None]) -> None:
    say(f"Making a club with {plan.players} members ...")
    owner, members, club = prepare(plan.players)
    sessions = {user.pk: _session(user) for user in [owner, *members]}
    servers = plan.servers()
    say("Starting " + ", ".join(server.name for server in servers) + " ...")
    repeats: list[Repeat] = []

    async def run_all() -> None:
        for number in range(1, plan.repeats + 1):
            repeats.append(await one_repeat(number, club, owner, members, sessions, servers, say))
            await asyncio.sleep(2.0)  # the servers' after-work (presence, catch-up) settles

    try:
        with running(*servers):
            asyncio.run(run_all())
    except BaseException:
        for server in servers:
            say(f"--- the end of {server.name}'s log ---\n{server.tail(15)}")
        raise
    for line in summary(plan, repeats):
        say(line)
