"""The full-event benchmark's driver (`python -m lab.bench_tournament` runs it inside the
production profile's environment, so this process's settings are the servers').

It makes a club (an owner and the players as members), a Swiss event (tables of 4, 3
to 5, bots fill, rounds advance by themselves, no turn timer, Scat), registers everyone
and starts the real server processes (two Daphne, two Celery workers, beat). Then it
starts the event (tournaments.services.start_event) and watches: as soon as a round
is being played it lets a bot play every person's seat of its games
(games.services.let_bot_finish). Everything after that is the app's own doing: a
finished game -> games' `game_finished` -> tournaments.receivers -> the Celery task
`table_finished` -> services.record_table, which after a round's last table seats and
starts the next round in the same transaction.

It prints the wall time from the start to the final standings and, for each round
after the first, the gap from the previous round's last game ending to this round's
games being playable (`Round.started_at`, stamped once its games are dealt, just before
the commit that publishes them), split into where the time went.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from clubs.models import Club, Membership
from games import services as games
from games.models import Game, RuleSet
from lab.bench import stats
from lab.bench.live import profile_servers
from lab.bench.processes import Process, running
from tournaments import roster
from tournaments import services as tournaments
from tournaments.formats.swiss import results
from tournaments.models import Bye, Entry, Event, Round, RoundSeat, RoundTable

TARGET_GAP = 2.0  # seconds: a round's last game ending -> the next round playable (p95)
POLL = 0.1  # seconds between looks at the event
PROGRESS_EVERY = 5.0
# Abort when no game of the event has finished for this long (a stalled table).
STALL_SECONDS = 180.0


@dataclass(frozen=True)
class Plan:
    players: int
    rounds: int
    bot_delay: float
    log_dir: Path

    def servers(self) -> list[Process]:
        return profile_servers("production", self.log_dir)


# ---- pure figures (tests/lab/test_bench_event.py) ------------------------------------------


@dataclass(frozen=True)
class Transition:
    """From round `number - 1`'s last game ending to round `number` being playable."""

    number: int
    last_game_finished: datetime  # the latest Game.finished_at of the round before
    recorded: datetime | None  # the round before finished: its last table recorded
    seated: datetime | None  # this round seated (its seating computed)
    started: datetime  # this round's games dealt: playable

    @property
    def gap(self) -> float:
        return (self.started - self.last_game_finished).total_seconds()

    def parts(self) -> str:
        """Where the gap went: game over -> recorded (the signal, the task's trip
        through Redis, a worker, the event lock) -> seated (standings, seating) ->
        tables written, opened and dealt."""
        if self.recorded is None or self.seated is None:
            return ""
        steps = [
            ("task + record", self.last_game_finished, self.recorded),
            ("seat", self.recorded, self.seated),
            ("tables + deal", self.seated, self.started),
        ]
        return ", ".join(f"{name} {(b - a).total_seconds():.3f}" for name, a, b in steps)


def transitions(
    started: Mapping[int, datetime],
    last_finished: Mapping[int, datetime],
    recorded: Mapping[int, datetime] | None = None,
    seated: Mapping[int, datetime] | None = None,
) -> list[Transition]:
    """A Transition for each round n >= 2 that started, from the rounds' `started`
    times, the latest game end of each round (`last_finished`), when each round
    finished (`recorded`) and when each was seated (`seated`), all keyed by round
    number."""
    recorded, seated = recorded or {}, seated or {}
    return [
        Transition(
            number=n,
            last_game_finished=last_finished[n - 1],
            recorded=recorded.get(n - 1),
            seated=seated.get(n),
            started=started[n],
        )
        for n in sorted(started)
        if n >= 2 and n - 1 in last_finished
    ]


def gap_summary(gaps: Sequence[float], target: float = TARGET_GAP) -> list[str]:
    """Median, p95 (nearest rank) and max of the gaps, and the verdict on p95."""
    if not gaps:
        return ["  no gaps: the event had fewer than two rounds"]
    figures = stats.Latencies(values=list(gaps))
    p95 = figures.percentile(0.95)
    lines = [
        f"  gaps: n={len(gaps)}  median {statistics.median(gaps):.3f} s  "
        f"p95 {p95:.3f} s  max {max(gaps):.3f} s"
    ]
    if len(gaps) < 20:
        lines.append(
            f"  (p95 is the nearest rank: over {len(gaps)} gaps it is the largest, the max)"
        )
    verdict = "PASS" if p95 <= target else "FAIL"
    lines.append(f"  p95 <= {target:g} s: {verdict} ({p95:.3f} s)")
    return lines


def seating_problems(
    entries: Iterable[int], seated: Mapping[int, Sequence[int]], byes: Mapping[int, Sequence[int]]
) -> list[str]:
    """Every entry is at exactly one seat (or has a bye) in every round: the problems,
    none when so. `seated`: round number -> the entry ids at its seats (bots left out);
    `byes`: round number -> the entry ids with a bye."""
    wanted = set(entries)
    problems = []
    for number in sorted(seated):
        counts = Counter(seated[number]) + Counter(byes.get(number, ()))
        twice = sorted(e for e, n in counts.items() if n > 1)
        missing = sorted(wanted - set(counts))
        strangers = sorted(set(counts) - wanted)
        if twice:
            problems.append(f"round {number}: seated more than once: {twice}")
        if missing:
            problems.append(f"round {number}: not seated: {missing}")
        if strangers:
            problems.append(f"round {number}: seated but not entered: {strangers}")
    return problems


def machine() -> str:
    model = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {model or 'unknown CPU'}, Python {platform.python_version()}"


# ---- setting the event up -------------------------------------------------------------


def prepare(plan: Plan) -> tuple[Event, object]:
    """A club, its owner, `plan.players` members registered for a new event."""
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username="bench-owner", password=make_password(None))]
        + [
            get_user_model()(username=f"bench-player-{n:02d}", password=make_password(None))
            for n in range(1, plan.players + 1)
        ]
    )
    owner, players = users[0], users[1:]
    club = Club.objects.create(name="Bench Club", slug="bench-club", join_policy=Club.INVITE)
    Membership.objects.create(club=club, user=owner, role=Membership.OWNER)
    Membership.objects.bulk_create(Membership(club=club, user=user) for user in players)
    event = tournaments.create_event(
        club=club,
        by=owner,
        name="Bench Swiss",
        rule_set=RuleSet.objects.get(preset="scat", is_preset=True),
        # Later than the run: beat's sweep must not start it; the bench does.
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=plan.rounds,
        table_size=4,
        table_min=3,
        table_max=5,
        bots_fill=True,
        advance=Event.AUTO,
        turn_timer=0,
    )
    for user in players:
        tournaments.register(event=event, user=user)
    return event, owner


# ---- the run ------------------------------------------------------------------------------


@dataclass
class Run:
    called: datetime | None = None  # start_event called
    wall: float = 0.0  # seconds, start_event called -> the driver saw the event finished
    bots_told: dict[int, float] = field(default_factory=dict)  # game id -> epoch seconds
    machine_busy: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)


def play(event: Event, owner: object, plan: Plan, servers: list[Process], say) -> Run:
    run = Run()
    processes = {server.name: server.pid for server in servers}
    cpu_before, busy_before = stats.cpu_seconds(processes), stats.machine_busy()
    load = os.getloadavg()
    say(f"Load average before the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    run.called = timezone.now()
    began = time.monotonic()
    tournaments.start_event(event=event, by=owner)
    say(f"Started the event ({time.monotonic() - began:.2f} s to seat and deal round 1)")
    said, finished_games, last_change = began, 0, began
    while True:
        status = Event.objects.filter(pk=event.pk).values_list("status", flat=True).get()
        if status == Event.FINISHED:
            run.wall = time.monotonic() - began
            break
        _let_bots_play(event, run)
        now = time.monotonic()
        done = Game.objects.filter(
            event_table__round__event=event, finished_at__isnull=False
        ).count()
        if done != finished_games:
            finished_games, last_change = done, now
        elif now - last_change > STALL_SECONDS:
            raise RuntimeError(f"no game of the event finished for {STALL_SECONDS:.0f} s")
        if now - said >= PROGRESS_EVERY:
            say(_progress(event, now - began))
            said = now
        time.sleep(POLL)
    say(_progress(event, run.wall))
    cpu_after = stats.cpu_seconds(processes)
    run.cpu = {name: cpu_after[name] - cpu_before[name] for name in cpu_after}
    run.machine_busy = stats.machine_busy() - busy_before
    return run


def _let_bots_play(event: Event, run: Run) -> None:
    """A bot plays every person's seat of the games of the round being played (once per
    game)."""
    tables = RoundTable.objects.filter(
        round__event=event, round__status=Round.PLAYING, game__isnull=False
    ).exclude(game_id__in=list(run.bots_told))
    for table in tables.prefetch_related("seats__entry__user"):
        for seat in table.seats.all():
            if seat.entry is not None:
                games.let_bot_finish(game_id=table.game_id, user=seat.entry.user)
        run.bots_told[table.game_id] = time.time()


def _progress(event: Event, elapsed: float) -> str:
    parts = []
    for round_ in Round.objects.filter(event=event).order_by("number"):
        tables = RoundTable.objects.filter(round=round_)
        playing = tables.filter(game__finished_at__isnull=True).count()
        over = tables.filter(game__finished_at__isnull=False).count()
        parts.append(f"round {round_.number} {round_.status}: {playing} playing, {over} over")
    shown = "; ".join(parts[-2:]) if parts else "no round yet"
    return f"  [{elapsed:5.1f} s] {shown}"


# ---- what it prints --------------------------------------------------------------------------


def report(event: Event, plan: Plan, run: Run) -> list[str]:
    event.refresh_from_db()
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    lines = [
        "",
        f"Results: a full event on the production profile (PostgreSQL, Redis, 2 Daphne, "
        f"2 Celery workers, beat), {plan.players} players, {plan.rounds} rounds, tables of 4, "
        f"bots move every {plan.bot_delay} s",
        f"  machine: {machine()}",
    ]
    assert run.called is not None
    if event.finished_at is not None:
        lines.append(
            f"  wall time, start_event called -> event finished: "
            f"{(event.finished_at - run.called).total_seconds():.1f} s "
            f"(finished_at {event.finished_at.isoformat(timespec='milliseconds')}; "
            f"the driver saw it after {run.wall:.1f} s)"
        )
    last_finished: dict[int, datetime] = {}
    lines.append("  rounds (game = dealt -> last move; bots = dealt -> a bot plays every seat):")
    for round_ in rounds:
        rows = list(
            RoundTable.objects.filter(round=round_)
            .select_related("game")
            .values_list("game_id", "game__started_at", "game__finished_at")
        )
        ended = [f for _, _, f in rows if f is not None]
        durations = [(f - s).total_seconds() for _, s, f in rows if f is not None and s]
        told = [run.bots_told[g] - s.timestamp() for g, s, _ in rows if g in run.bots_told and s]
        if ended:
            last_finished[round_.number] = max(ended)
        span = (
            f"{(max(ended) - round_.started_at).total_seconds():6.1f} s"
            if ended and round_.started_at
            else "   n/a"
        )
        lines.append(
            f"    round {round_.number}: {len(rows)} tables, started -> last game over {span};"
            f" games {_spread(durations)}; bots told after {_spread(told, '.2f')}"
        )
    found = transitions(
        {r.number: r.started_at for r in rounds if r.started_at},
        last_finished,
        {r.number: r.finished_at for r in rounds if r.finished_at},
        {r.number: r.seated_at for r in rounds},
    )
    lines.append(
        "  last game of round n-1 over -> round n playable (Round.started_at), seconds, with "
        "its parts:"
    )
    for step in found:
        lines.append(
            f"    round {step.number - 1} -> {step.number}: {step.gap:.3f}  ({step.parts()})"
        )
    lines += gap_summary([step.gap for step in found])
    lines += standings_lines(event)
    cpu = ", ".join(f"{name} {seconds:.1f}" for name, seconds in run.cpu.items())
    lines += [
        f"  CPU seconds during the event: {cpu}",
        f"  machine busy: {run.machine_busy:.1f} CPU s of "
        f"{run.wall * (os.cpu_count() or 1):.0f} (everything on the machine, including "
        f"PostgreSQL, Redis and anything else running)",
    ]
    return lines


def _spread(values: Sequence[float], style: str = ".1f") -> str:
    if not values:
        return "n/a"
    return (
        f"min {min(values):{style}} / median {statistics.median(values):{style}} / "
        f"max {max(values):{style}} s"
    )


def standings_lines(event: Event) -> list[str]:
    entries = roster.entries(event)
    names = roster.names(entries)
    rows = results.standings(event)
    lines = ["  standings, top 5:"]
    for row in rows[:5]:
        lines.append(
            f"    {row.rank:>2}. {names[row.player]:<16} {row.points:5.1f} points "
            f"({row.games} games)"
        )
    seated: dict[int, list[int]] = {}
    bots: Counter[int] = Counter()
    for number, entry_id in RoundSeat.objects.filter(table__round__event=event).values_list(
        "table__round__number", "entry_id"
    ):
        if entry_id is None:
            bots[number] += 1
        else:
            seated.setdefault(number, []).append(entry_id)
    byes: dict[int, list[int]] = {}
    for number, entry_id in Bye.objects.filter(round__event=event).values_list(
        "round__number", "entry_id"
    ):
        byes.setdefault(number, []).append(entry_id)
    active = [e.pk for e in entries if e.status == Entry.REGISTERED]
    problems = seating_problems(active, seated, byes)
    bye_count, bot_count = sum(map(len, byes.values())), sum(bots.values())
    rounds_done = Round.objects.filter(event=event, status=Round.FINISHED).count()
    if problems or len(seated) != event.rounds:
        lines.append(f"  seating check: FAILED ({len(seated)} of {event.rounds} rounds seated)")
        lines += [f"    {problem}" for problem in problems]
    else:
        lines.append(
            f"  seating check: each of the {len(active)} entries seated exactly once in each "
            f"of the {len(seated)} rounds ({rounds_done} finished; {bot_count} bot seats, "
            f"{bye_count} byes)"
        )
    return lines


def drive(plan: Plan, say: Callable[[str], None]) -> None:
    say(f"Making a club, {plan.players} members and an event of {plan.rounds} rounds ...")
    event, owner = prepare(plan)
    servers = plan.servers()
    say("Starting " + ", ".join(server.name for server in servers) + " ...")
    try:
        with running(*servers):
            run = play(event, owner, plan, servers, say)
    except BaseException:
        for server in servers:
            say(f"--- the end of {server.name}'s log ---\n{server.tail(15)}")
        raise
    for line in report(event, plan, run):
        say(line)
