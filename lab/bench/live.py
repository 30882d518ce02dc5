"""The live benchmark's driver (`python -m lab.bench_live` runs it inside the profile's
environment, so this process's settings are the servers' settings).

It seats bench users at the tables and marks them away, so the bots play for them and
every seat has a user whose session opens a socket; starts the servers as the profile
runs them; opens a socket per seat (like a browser: cookie, Origin, `{"seq": -1}`);
lets the tables play for the duration; and meanwhile measures the floor, a bare
channel-layer send of a fixed fragment. Moves' commit times come from the event log
afterwards (see lab.bench.stats).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.backends.db import SessionStore
from django.db import close_old_connections
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from games import realtime, services, tasks
from games.models import Game, GameEvent, GamePlayer, RuleSet
from lab.bench import floor, stats
from lab.bench.processes import Beat, Daphne, Process, Valkey, Worker, running, server_env

PROGRESS_EVERY = 5.0
GRACE = 3.0  # seconds after the window for the last moves' views to arrive
OPENING = 8  # sockets opening at once


@dataclass(frozen=True)
class Plan:
    profile: str  # "production" or "embedded"
    tables: int
    seats: int
    duration: float
    bot_delay: float
    log_dir: Path

    @property
    def web_processes(self) -> int:
        return 2 if self.profile == "production" else 1

    def servers(self) -> list[Process]:
        """The processes of the profile, as its Procfile runs them."""
        return profile_servers(self.profile, self.log_dir)


def profile_servers(profile: str, log_dir: Path) -> list[Process]:
    """The processes of `profile` ("production" or "embedded"), as its Procfile runs
    them (also the full-event benchmark's, lab.bench.event)."""
    env = server_env(Path(settings.VAR_DIR))
    web = [
        Daphne(f"daphne-{n + 1}", env, log_dir) for n in range(2 if profile == "production" else 1)
    ]
    if profile == "production":  # Procfile: web=2, worker=2, beat=1
        return [
            *web,
            Worker("worker-1", env, log_dir, pool="prefork", concurrency=2),
            Worker("worker-2", env, log_dir, pool="prefork", concurrency=2),
            Beat("beat", env, log_dir),
        ]
    # Procfile.embedded (`make run`): the embedded Valkey, one web process, one worker
    # with beat inside.
    return [
        Valkey("valkey", env, log_dir, Path(settings.VAR_DIR)),
        *web,
        Worker("worker", env, log_dir, beat=True, concurrency=4),
    ]


@dataclass
class Seating:
    """Who sits where: each table's game and seats, and a session per seat."""

    games: dict[int, int] = field(default_factory=dict)  # game id -> seats
    sessions: dict[tuple[int, int], str] = field(default_factory=dict)  # (game, seat)
    floor_game: int = 0


def seat_players(plan: Plan) -> Seating:
    users = get_user_model().objects.bulk_create(
        [
            get_user_model()(username=f"bench-{table}-{seat}", password=make_password(None))
            for table in range(plan.tables + 1)
            for seat in range(plan.seats)
        ]
    )
    scat = RuleSet.objects.get(preset="scat", is_preset=True)
    seating = Seating()
    for table_no in range(plan.tables + 1):  # the last table is the floor's
        players = users[table_no * plan.seats : (table_no + 1) * plan.seats]
        # No turn timer: the floor's table must stand still for the whole run.
        table = services.create_table(
            owner=players[0],
            name=f"Bench {table_no}",
            rule_set=scat,
            seat_count=plan.seats,
            turn_timer=0,
        )
        for user in players[1:]:
            services.join_table(table=table, user=user)
        game = services.start_game(table=table, by=players[0])
        for seat, user in enumerate(players):
            seating.sessions[(game.pk, seat)] = _session(user)
        if table_no < plan.tables:
            seating.games[game.pk] = plan.seats
        else:
            seating.floor_game = game.pk  # nobody away: its game stands still
    return seating


def _session(user: Any) -> str:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


class Sockets:
    """A socket per seat, each recording the new seqs it shows and when."""

    def __init__(self) -> None:
        self.arrivals: dict[tuple[int, int], stats.Arrivals] = {}
        self.views = 0
        self.reopened = 0  # sockets refused, timed out or dropped, and opened again
        self.sizes: list[tuple[float, int, int]] = []  # (when, bytes, game) of each message
        self.tasks: list[asyncio.Task] = []
        self._opening = asyncio.Semaphore(OPENING)

    def open(self, server: Daphne, game_id: int, seat: int, sessionid: str) -> None:
        record = self.arrivals[(game_id, seat)] = stats.Arrivals()
        self.tasks.append(asyncio.create_task(self._listen(server, game_id, sessionid, record)))

    async def _listen(
        self, server: Daphne, game_id: int, sessionid: str, record: stats.Arrivals
    ) -> None:
        """Record every view until cancelled; open again, as the page's script does, if
        the server refuses or drops the socket."""
        while True:
            socket: ClientConnection | None = None
            try:
                # Held until the first view: a web process does a new socket's work
                # (presence push, current view) on its one database thread, so a crowd
                # of new sockets queues past Daphne's 5 s limit for a handshake.
                async with self._opening:
                    socket = await connect(
                        f"{server.ws}/ws/games/{game_id}/",
                        origin=server.http,
                        additional_headers={"Cookie": f"sessionid={sessionid}"},
                        proxy=None,
                        compression=None,
                        open_timeout=30,
                        max_queue=None,
                    )
                    # What the page says on open: the seq it shows.
                    await socket.send(json.dumps({"seq": record.seqs[-1] if record.seqs else -1}))
                    self._record(record, await asyncio.wait_for(socket.recv(), 30), game_id)
                async for message in socket:
                    self._record(record, message, game_id)
            except (OSError, TimeoutError, WebSocketException):
                self.reopened += 1
            finally:
                if socket is not None:
                    await socket.close()
            await asyncio.sleep(1.0)

    def _record(self, record: stats.Arrivals, message: str | bytes, game_id: int) -> None:
        at = time.time()
        self.views += 1
        text = message if isinstance(message, str) else message.decode()
        self.sizes.append((at, len(text.encode()), game_id))
        found = stats.SEQ.search(text)
        if found:
            record.add(int(found.group(1)), at)

    def first_views(self) -> int:
        return sum(1 for record in self.arrivals.values() if record.seqs)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


# ---- the run ------------------------------------------------------------------------


@dataclass
class Run:
    started: float = 0.0
    ended: float = 0.0
    sockets: Sockets | None = None
    floor_sent: dict[int, float] = field(default_factory=dict)
    fragment_bytes: int = 0
    cpu: dict[str, float] = field(default_factory=dict)
    machine_busy: float = 0.0


def committed_moves(game_ids: list[int], since: float, until: float) -> list[stats.Move]:
    """The moves whose commit (last event) lies in [since, until]."""
    start = datetime.fromtimestamp(since, UTC) - timedelta(seconds=1)
    rows = (
        GameEvent.objects.filter(game_id__in=game_ids, created_at__gte=start)
        .order_by("game_id", "seq")
        .values_list("game_id", "seq", "created_at")
    )
    moves = stats.moves_from_events(rows.iterator())
    close_old_connections()
    return [move for move in moves if since <= move.committed <= until]


async def play(
    plan: Plan, seating: Seating, servers: list[Process], say: Callable[[str], None]
) -> Run:
    web = [server for server in servers if isinstance(server, Daphne)]
    run, sockets = Run(), Sockets()
    run.sockets = sockets
    for index, ((game_id, seat), sessionid) in enumerate(seating.sessions.items()):
        if game_id != seating.floor_game or seat < len(web):
            sockets.open(web[index % len(web)], game_id, seat, sessionid)
    say(f"Opening {len(sockets.tasks)} sockets ...")
    started, said = time.monotonic(), time.monotonic()
    while sockets.first_views() < len(sockets.tasks) and time.monotonic() < started + 180:
        await asyncio.sleep(0.5)
        if time.monotonic() - said > PROGRESS_EVERY:
            say(f"  {sockets.first_views()} of {len(sockets.tasks)} open")
            said = time.monotonic()
    # Let the presence pushes of the last ones settle: until no view came for a second.
    views = -1
    while views != sockets.views and time.monotonic() < started + 240:
        views = sockets.views
        await asyncio.sleep(1.0)
    say(
        f"  {sockets.first_views()} of {len(sockets.tasks)} sockets show their table after "
        f"{time.monotonic() - started:.0f} s ({sockets.reopened} opened again)"
    )

    fragment = await asyncio.to_thread(floor.fragment, seating.floor_game)
    run.fragment_bytes = len(fragment.format(seq=floor.FIRST_SEQ).encode())
    games = {
        game.pk: game.seq
        for game in await asyncio.to_thread(lambda: list(Game.objects.filter(pk__in=seating.games)))
    }
    processes = {process.name: process.pid for process in servers}
    cpu_before, busy_before = stats.cpu_seconds(processes), stats.machine_busy()
    run.started = time.time()
    run.ended = run.started + plan.duration
    await asyncio.to_thread(_kick, games, plan.bot_delay)
    groups = [realtime.seat_group(seating.floor_game, seat) for seat in range(len(web))]
    floor_task = asyncio.create_task(
        floor.through_daphne(groups, fragment, run.ended, run.floor_sent)
    )
    say(
        f"Playing for {plan.duration:.0f} s: {len(games)} tables, bots move every "
        f"{plan.bot_delay} s"
    )
    while (now := time.time()) < run.ended:
        await asyncio.sleep(min(PROGRESS_EVERY, run.ended - now))
        say(await asyncio.to_thread(_progress, plan, seating, run))
    await floor_task
    cpu_after = stats.cpu_seconds(processes)
    run.cpu = {name: cpu_after[name] - cpu_before[name] for name in cpu_after}
    run.machine_busy = stats.machine_busy() - busy_before
    # Stop the bots: nobody is away any more, so their queued turns do nothing.
    await asyncio.to_thread(
        lambda: GamePlayer.objects.filter(game_id__in=seating.games).update(away=False)
    )
    await asyncio.sleep(GRACE)
    await sockets.close()
    return run


def _kick(games: dict[int, int], bot_delay: float) -> None:
    """Away from now on, so the bots play for everyone (services.play_for_bot); and
    every table's first bot turn, spread over one bot delay. (Not earlier: beat's
    sweep would start the tables that look stalled while the sockets open.)"""
    GamePlayer.objects.filter(game_id__in=games).update(away=True)
    for game_id, seq in games.items():
        tasks.bot_turn.apply_async((game_id, seq), countdown=random.uniform(0, bot_delay))
    close_old_connections()


def _progress(plan: Plan, seating: Seating, run: Run) -> str:
    now = time.time()
    moves = committed_moves(list(seating.games), run.started, now - 1.0)
    _, per_move = stats.move_latencies(moves, run.sockets.arrivals, seating.games)
    elapsed = now - run.started
    text = (
        f"  [{elapsed:4.0f} s] {len(moves):6} moves ({len(moves) / max(elapsed, 1):5.1f}/s)"
        f"  {run.sockets.views:7} views received"
    )
    if per_move.values:
        text += (
            f"  commit -> all seats: p50 {stats.ms(per_move.percentile(0.5))}"
            f"  p95 {stats.ms(per_move.percentile(0.95))}"
        )
    return text + (f"  (missing {per_move.missing})" if per_move.missing else "")


# ---- the whole benchmark, and what it prints ---------------------------------------------


def drive(plan: Plan, say: Callable[[str], None]) -> None:
    say(f"Seating {plan.tables} tables x {plan.seats} players ...")
    seating = seat_players(plan)
    servers = plan.servers()
    say("Starting " + ", ".join(server.name for server in servers) + " ...")
    try:
        with running(*servers):
            run = asyncio.run(play(plan, seating, servers, say))
    except BaseException:
        for server in servers:
            say(f"--- the end of {server.name}'s log ---\n{server.tail(15)}")
        raise
    for line in report(plan, seating, run):
        say(line)


def report(plan: Plan, seating: Seating, run: Run) -> list[str]:
    moves = committed_moves(list(seating.games), run.started, run.ended)
    per_seat, per_move = stats.move_latencies(moves, run.sockets.arrivals, seating.games)
    floor_figures = stats.Latencies()
    for (game_id, _), record in run.sockets.arrivals.items():
        if game_id == seating.floor_game:
            for seq, at in zip(record.seqs, record.times, strict=True):
                if seq in run.floor_sent:
                    floor_figures.values.append(at - run.floor_sent[seq])
    floor_figures.missing = len(run.floor_sent) - len(floor_figures.values)
    floor_path = (
        "bench process -> Redis -> Daphne -> socket"
        if plan.profile == "production"
        else "bench process -> embedded Valkey -> Daphne -> socket"
    )
    target = 0.1 if plan.profile == "production" else 0.25
    lines = [
        "",
        f"Results: {plan.profile} profile, {len(seating.games)} tables x {plan.seats} seats, "
        f"{plan.duration:.0f} s, bots every {plan.bot_delay} s, "
        f"catch-up check every {settings.THIRTYONE_CATCH_UP_SECONDS} s",
        f"  moves committed in the window: {len(moves)} ({len(moves) / plan.duration:.1f}/s); "
        f"views received: {run.sockets.views}; sockets refused or dropped (and opened "
        f"again): {run.sockets.reopened}",
        "  commit -> a seat's socket (each move x seat)",
        f"      {per_seat.summary()}",
        "  commit -> every seat's socket (each move's slowest seat)",
        f"      {per_move.summary()}",
        f"  floor: bare group_send of a fixed {run.fragment_bytes} B fragment ({floor_path})",
        f"      {floor_figures.summary()}",
    ]
    sizes = [
        size
        for at, size, game_id in run.sockets.sizes
        if run.started <= at <= run.ended and game_id != seating.floor_game
    ]
    if sizes:
        sizes.sort()
        lines.append(
            f"  bytes per seat per push (socket messages in the window): median "
            f"{statistics.median(sizes):.0f}, p95 {sizes[int(0.95 * (len(sizes) - 1))]}"
        )
    if per_move.values:
        p95 = per_move.percentile(0.95)
        verdict = "met" if p95 < target and not per_move.missing else "MISSED"
        lines.append(
            f"  target p95 under {target * 1000:.0f} ms (every seat): {verdict} "
            f"({p95 * 1000:.0f} ms)"
        )
    cpu = ", ".join(f"{name} {seconds:.1f}" for name, seconds in run.cpu.items())
    servers = sum(seconds for name, seconds in run.cpu.items() if name != "bench driver")
    if moves:
        lines.append(
            f"  CPU per move in the app's processes: {servers / len(moves) * 1000:.1f} ms "
            f"(plus PostgreSQL/SQLite and Redis)"
        )
    lines += [
        f"  CPU seconds in the window: {cpu}",
        f"  machine busy: {run.machine_busy:.1f} CPU s of "
        f"{plan.duration * (os.cpu_count() or 1):.0f} "
        f"(everything on the machine, including PostgreSQL and Redis)",
    ]
    return lines
