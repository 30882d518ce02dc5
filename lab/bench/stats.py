"""Figures for the live benchmark: moves from the event log, arrivals at sockets,
percentiles.

A move is one commit: the events a service call appended together (their `created_at`
stamps lie microseconds apart; the next bot move comes a bot delay later). Its commit
time is the `created_at` of its last event, stamped in the writing process just before
the commit, so the latencies here include the end of the transaction. A seat's view of
the move has arrived when its socket shows a `data-seq` at or past the move's last seq.
"""

from __future__ import annotations

import bisect
import contextlib
import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

# A view's seq: on the game area of a whole view, on #game-meta of a push of parts.
SEQ = re.compile(r'id="game-(?:area|meta)"[^>]*?data-seq="(\d+)"')
# Events of one move are stamped within a millisecond; moves are a bot delay apart.
SAME_MOVE_SECONDS = 0.1


@dataclass(frozen=True)
class Move:
    game_id: int
    seq: int  # its last event's seq: what the pushed view says
    committed: float  # epoch seconds


def moves_from_events(rows: Iterable[tuple[int, int, datetime]]) -> list[Move]:
    """(game_id, seq, created_at) rows ordered by game and seq -> one Move per commit."""
    moves: list[Move] = []
    last: tuple[int, int, float] | None = None
    for game_id, seq, created_at in rows:
        stamp = created_at.timestamp()
        if last is not None and (
            last[0] != game_id or seq != last[1] + 1 or stamp - last[2] > SAME_MOVE_SECONDS
        ):
            moves.append(Move(*last))
        last = (game_id, seq, stamp)
    if last is not None:
        moves.append(Move(*last))
    return moves


@dataclass
class Arrivals:
    """What one socket received: each new seq it saw and when (epoch seconds)."""

    seqs: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def add(self, seq: int, at: float) -> None:
        if not self.seqs or seq > self.seqs[-1]:
            self.seqs.append(seq)
            self.times.append(at)

    def first_at_or_after(self, seq: int) -> float | None:
        index = bisect.bisect_left(self.seqs, seq)
        return self.times[index] if index < len(self.seqs) else None


@dataclass
class Latencies:
    """Seconds per delivered item, and how many never arrived."""

    values: list[float] = field(default_factory=list)
    missing: int = 0

    def percentile(self, share: float) -> float:
        """Nearest-rank percentile (share 0.95 for p95)."""
        ordered = sorted(self.values)
        return ordered[max(0, math.ceil(share * len(ordered)) - 1)]

    def summary(self) -> str:
        if not self.values:
            return f"n=0  (missing {self.missing})"
        text = (
            f"n={len(self.values):<6} p50 {ms(self.percentile(0.5))}  "
            f"p95 {ms(self.percentile(0.95))}  p99 {ms(self.percentile(0.99))}  "
            f"max {ms(max(self.values))}"
        )
        return text + (f"  missing {self.missing}" if self.missing else "")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def move_latencies(
    moves: Sequence[Move], sockets: dict[tuple[int, int], Arrivals], seats: dict[int, int]
) -> tuple[Latencies, Latencies]:
    """(every seat's socket, one figure per seat and move; the slowest seat of each
    move, one figure per move). A move some socket never got counts as missing."""
    per_seat, per_move = Latencies(), Latencies()
    for move in moves:
        slowest: float | None = 0.0
        for seat in range(seats[move.game_id]):
            arrived = sockets[(move.game_id, seat)].first_at_or_after(move.seq)
            if arrived is None:
                per_seat.missing += 1
                slowest = None
                continue
            per_seat.values.append(max(0.0, arrived - move.committed))
            if slowest is not None:
                slowest = max(slowest, arrived - move.committed)
        if slowest is None:
            per_move.missing += 1
        else:
            per_move.values.append(max(0.0, slowest))
    return per_seat, per_move


# ---- CPU use: where the time goes on a small machine ----------------------------------


def cpu_seconds(processes: dict[str, int]) -> dict[str, float]:
    """CPU seconds (user + system) used so far by each process, with its children (a
    prefork worker's pool), and by this one."""
    ticks = os.sysconf("SC_CLK_TCK")
    stats = _process_stats()
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in stats.items():
        children.setdefault(parent, []).append(pid)
    named = {**processes, "bench driver": os.getpid()}
    used = {}
    for name, pid in named.items():
        family, total = [pid], 0
        while family:
            member = family.pop()
            total += stats.get(member, (0, 0))[1]
            # The driver started the servers: each is counted under its own name.
            family.extend(c for c in children.get(member, []) if c not in named.values())
        used[name] = total / ticks
    return used


def _process_stats() -> dict[int, tuple[int, int]]:
    """Every process's parent and CPU ticks used so far."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                found[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    return found


def machine_busy() -> float:
    """CPU seconds the whole machine has been busy (all processes, all cores)."""
    with contextlib.suppress(OSError):
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        idle = values[3] + values[4]
        return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK")
    return 0.0
