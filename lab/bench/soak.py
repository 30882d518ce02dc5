"""The soak's driver (`python -m lab.soak` runs it inside the embedded profile's environment):
bot tables play for a long time on the real processes of `make run`, and it counts what
a club evening would feel: processes that died (and were started again, as a supervisor
would), tables that stalled, and the moves made.

Each table: its owner (marked away, so a bot plays for them, with a socket open as a
watching player's page would have) and bots. A finished game is followed by a new one
at the same table, so the load stays the same all along.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import close_old_connections
from django.utils import timezone

from games import services, tasks
from games.models import Game, GameEvent, GamePlayer, RuleSet, Table
from lab.bench.live import Sockets, _session
from lab.bench.processes import Daphne, Process, Valkey, Worker, running, server_env

BOTS = ("medium", "easy", "medium")  # beside each table's owner
CHECK_EVERY = 5.0  # seconds between looks at the processes and the tables
PROGRESS_EVERY = 60.0
# A table whose game has not moved for this long is stalled: a bot moves every
# THIRTYONE_BOT_DELAY seconds, and beat's sweep re-enqueues a lost bot turn after
# THIRTYONE_STALLED_BOT_SECONDS (10 s) more.
STALL_SECONDS = 20.0


@dataclass
class Tally:
    restarts: dict[str, int] = field(default_factory=dict)
    crash_lines: list[str] = field(default_factory=list)
    stalls: int = 0
    stalled_now: set[int] = field(default_factory=set)
    games_finished: int = 0
    moves: int = 0


def servers(log_dir: Path, var_dir: Path) -> list[Process]:
    """Procfile.embedded's processes."""
    env = server_env(var_dir)
    return [
        Valkey("valkey", env, log_dir, var_dir),
        Daphne("daphne", env, log_dir),
        Worker("worker", env, log_dir, beat=True, concurrency=4),
    ]


def open_tables(count: int) -> list[Table]:
    owners = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"soak-{n}", password=make_password(None)) for n in range(count)]
    )
    scat = RuleSet.objects.get(preset="scat", is_preset=True)
    tables = []
    for n, owner in enumerate(owners):
        table = services.create_table(
            owner=owner, name=f"Soak {n}", rule_set=scat, seat_count=1 + len(BOTS)
        )
        for level in BOTS:
            services.add_bot(table=table, by=owner, level=level)
        tables.append(table)
    return tables


def deal(table: Table) -> Game:
    """A new game at `table`, its owner away from the start so a bot plays for them."""
    game = services.start_game(table=table, by=table.owner)
    GamePlayer.objects.filter(game=game, user=table.owner).update(away=True)
    game.refresh_from_db()
    tasks.bot_turn.delay(game.pk, game.seq)  # harmless if it is a bot's turn anyway
    return game


def check_tables(tables: list[Table], playing: dict[int, Game], tally: Tally) -> list[Game]:
    """Deal again where a game ended; count tables that stopped moving. Returns the
    games dealt now."""
    dealt = []
    quiet_since = timezone.now() - timedelta(seconds=STALL_SECONDS)
    for table in tables:
        game = Game.objects.get(pk=playing[table.pk].pk)
        if not game.in_play:
            tally.games_finished += 1
            tally.stalled_now.discard(game.pk)
            playing[table.pk] = deal(table)
            dealt.append(playing[table.pk])
        elif game.updated_at < quiet_since:
            if game.pk not in tally.stalled_now:
                tally.stalls += 1
                tally.stalled_now.add(game.pk)
        else:
            tally.stalled_now.discard(game.pk)
    close_old_connections()
    return dealt


def check_processes(processes: list[Process], tally: Tally, say: Callable[[str], None]) -> None:
    """Start again any process that exited, as a supervisor would, and keep why."""
    for process in processes:
        if process.running():
            continue
        tally.restarts[process.name] = tally.restarts.get(process.name, 0) + 1
        last = [line for line in process.tail(30).splitlines() if "rror" in line][-3:]
        tally.crash_lines += [f"{process.name}: {line}" for line in last]
        say(f"  !! {process.name} exited; starting it again. Its last errors: {last}")
        process.start()


def count_moves(game_ids: list[int], since: Any) -> int:
    found = GameEvent.objects.filter(game_id__in=game_ids, created_at__gte=since).count()
    close_old_connections()
    return found


async def soak(
    tables: list[Table],
    sessions: dict[int, str],
    processes: list[Process],
    minutes: float,
    say: Callable[[str], None],
) -> Tally:
    web = next(process for process in processes if isinstance(process, Daphne))
    tally, sockets = Tally(), Sockets()
    playing: dict[int, Game] = {}
    for table in tables:
        playing[table.pk] = await asyncio.to_thread(deal, table)
        sockets.open(web, playing[table.pk].pk, 0, sessions[table.pk])
    game_ids = [game.pk for game in playing.values()]
    started_at, started = timezone.now(), time.monotonic()
    ends = started + minutes * 60
    next_progress = started + PROGRESS_EVERY
    say(f"Soaking for {minutes:g} min: {len(tables)} tables, {1 + len(BOTS)} seats each")
    while (now := time.monotonic()) < ends:
        await asyncio.sleep(min(CHECK_EVERY, ends - now))
        check_processes(processes, tally, say)
        for game in await asyncio.to_thread(check_tables, tables, playing, tally):
            game_ids.append(game.pk)
            sockets.open(web, game.pk, 0, sessions[game.table_id])
        if time.monotonic() >= next_progress:
            next_progress += PROGRESS_EVERY
            tally.moves = await asyncio.to_thread(count_moves, game_ids, started_at)
            elapsed = time.monotonic() - started
            say(
                f"  [{elapsed / 60:4.1f} min] {tally.moves:7} moves "
                f"({tally.moves / elapsed:5.1f}/s), {tally.games_finished} games finished, "
                f"{sum(tally.restarts.values())} restarts, {tally.stalls} stalls, "
                f"{sockets.views} views on {len(sockets.tasks)} sockets"
            )
    tally.moves = await asyncio.to_thread(count_moves, game_ids, started_at)
    await asyncio.to_thread(
        lambda: GamePlayer.objects.filter(game_id__in=game_ids).update(away=False)
    )
    await sockets.close()
    return tally


def drive(tables: int, minutes: float, log_dir: Path, var_dir: Path, say: Callable) -> bool:
    """Run the soak; True when nothing restarted and nothing stalled."""
    say(f"Opening {tables} tables ...")
    opened = open_tables(tables)
    sessions = {table.pk: _session(table.owner) for table in opened}
    close_old_connections()
    processes = servers(log_dir, var_dir)
    say("Starting " + ", ".join(process.name for process in processes) + " ...")
    with running(*processes):
        tally = asyncio.run(soak(opened, sessions, processes, minutes, say))
    seconds = minutes * 60
    restarts = sum(tally.restarts.values())
    say("")
    say(f"Soak: embedded profile, {tables} bot tables, {minutes:g} min")
    say(f"  moves: {tally.moves} ({tally.moves / seconds:.1f}/s)")
    say(f"  games finished: {tally.games_finished}")
    say(f"  process restarts: {restarts} {tally.restarts or ''}")
    for line in tally.crash_lines:
        say(f"    {line}")
    say(f"  stalls (a table unmoved for {STALL_SECONDS:.0f} s): {tally.stalls}")
    passed = restarts == 0 and tally.stalls == 0
    say(f"  verdict: {'no restart, no stall' if passed else 'FAILED'}")
    return passed
