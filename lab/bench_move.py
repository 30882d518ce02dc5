"""`python -m lab.bench_move`: what one move costs the process that makes it (issue 27).

    python -m lab.bench_move               # 300 moves
    python -m lab.bench_move --moves 1000 --profile-top 25
    python -m lab.bench_move --bots easy   # one person and three bots
    python -m lab.bench_move --save-views /tmp/views   # every view, to diff versions

In-process, on a throwaway SQLite database in a temporary folder (the tests'
settings: local-memory cache, Channels' in-memory layer, no broker, no Redis). Four
people sit at a table and every seat and a spectator are "connected" (presence keys
set), so every move renders and pushes all five views, as at a table where everyone
watches. Each move is the baseline bot's choice for the person on turn, posted as
they would post it with htmx (the test client, logged in): the service, the push
after the commit (captured by a recording channel layer, not sent), and the POST's
answer (the move's parts for the mover, out of band, or the fresh game area). Each
push's messages go through what a socket's consumer does with them (a move's parts put
into the view it sent last, `games.area_parts.apply`; the whole view rendered where
they cannot be), then the parts that changed are what its client is sent. A finished
game is followed by a new one.
With `--bots`, the bots' moves are made as their task makes them and measured apart.
Shuffles and salts are seeded and the table has no turn timer, so a seed plays the
same games and renders the same views in any version of the code (with `--bots` the
bots' own choices are not seeded).

Prints, per move: CPU ms (`time.process_time`, median and mean; all of it: the
request, the service, the push and the answer; and the push's part), queries (the
push's apart from the rest), bytes pushed per seat (median, p95), bytes handed to the
channel layer and bytes of the POST's answer. Timings
depend on the machine and its load: compare before/after in the same conditions.
Counts (queries, bytes) are exact.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lab.bench_move",
        description="CPU, queries and bytes of one move with every viewer connected.",
    )
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile-top",
        type=int,
        default=0,
        help="also run the moves under cProfile and print the top N functions",
    )
    parser.add_argument(
        "--profile-sort",
        default="cumulative",
        choices=["cumulative", "tottime"],
        help="how --profile-top orders them (cumulative: with what they call)",
    )
    parser.add_argument(
        "--bots",
        metavar="LEVEL",
        help="one person and bots of LEVEL (easy, medium, hard) in the other seats: the "
        "bots' moves are measured apart, as their task makes them (services.play_for_bot: "
        "the bot's choice, the move, the push)",
    )
    parser.add_argument(
        "--save-views",
        metavar="DIR",
        help="write every pushed view and answer to DIR (to compare two versions' markup)",
    )
    return parser


def say(text: str) -> None:
    print(text, flush=True)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-move-") as var_dir:
        os.environ["THIRTYONE_VAR_DIR"] = var_dir
        for name in ("DATABASE_URL", "REDIS_URL"):
            os.environ.pop(name, None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"
        import django

        django.setup()
        return run(args, Path(var_dir))


class RecordingLayer:
    """A shared layer's stand-in: records what a push sends (so every connected
    viewer's view is rendered), sends nothing."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.sent.append((group, message))


def run(args: argparse.Namespace, var_dir: Path) -> int:
    import random

    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from games import (
        area_parts,
        engine,
        notify,
        presence,
        ratelimit,
        realtime,
        services,
        view_parts,
    )
    from games.engine.bots import BaselineBot
    from games.models import Game, RuleSet

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ALLOWED_HOSTS = ["*"]
    say(f"Database: a fresh SQLite file in {var_dir} (migrating) ...")
    call_command("migrate", verbosity=0)
    RuleSet.sync_presets()
    random.seed(args.seed)
    # Seeded shuffles and salts, and no turn timer (no clock in the views): the same
    # seed plays the same games and renders the same views, whatever the code's version.
    # Replaced in the modules that look them up (games.services' own names would not
    # reach the write path).
    from games.engine.randomness import SeededDeckSource
    from games.services import game_log, sources

    seeded = random.Random(args.seed)
    sources.new_deck_source = lambda: SeededDeckSource(seeded.random())
    game_log.new_salt = lambda: f"{seeded.getrandbits(128):032x}"
    saved = Path(args.save_views) if args.save_views else None
    if saved:
        saved.mkdir(parents=True, exist_ok=True)

    notify.enqueue = lambda *a, **k: None  # no broker: no turn timers, no bot tasks
    # A person may post 20 moves in 10 s: the bench's players post faster. The count
    # still costs its cache trip; only the limit is lifted.
    ratelimit.ACTIONS = ratelimit.Limit("actions", count=10**9, seconds=10)
    layer = RecordingLayer()
    realtime.get_channel_layer = lambda: layer

    # Which phase the queries belong to: the push is wrapped to say so.
    phase = ["other"]
    counts = {"other": 0, "push": 0}

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        counts[phase[0]] += 1
        return execute(sql, params, many, context)

    push_game = realtime.push_game

    push_cpu = [0.0]  # of the move being made

    def measured_push(*a: Any, **k: Any) -> None:
        phase[0] = "push"
        began = time.process_time()
        try:
            push_game(*a, **k)
        finally:
            phase[0] = "other"
            push_cpu[0] += time.process_time() - began

    realtime.push_game = measured_push

    User = get_user_model()
    users = [User.objects.create_user(f"p{i}", password="x" * 12) for i in range(args.seats)]
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    rule_set = RuleSet.objects.get(preset="scat", is_preset=True)
    table = services.create_table(
        owner=users[0],
        name="Bench",
        rule_set=rule_set,
        seat_count=args.seats,
        changes={"lives": 12},
        turn_timer=0,
    )
    for user in users[1:]:
        if args.bots:
            services.add_bot(table=table, by=users[0], level=args.bots)
        else:
            services.join_table(table=table, user=user)

    def new_game() -> Game:
        game = services.start_game(table=table, by=users[0])
        for seat in [*range(args.seats), None]:
            presence.mark_present(game.pk, seat)
        return game

    game = new_game()
    bot = BaselineBot()
    cpu: list[float] = []
    other_q: list[int] = []
    push_q: list[int] = []
    pushed: list[int] = []  # bytes per seat per push to the socket (the spectators' apart)
    watched: list[int] = []
    layer_bytes: list[int] = []  # what the writer hands the channel layer, per seat
    shown: dict[str, view_parts.View] = {}  # per group: the view its consumer sent last
    last_seqs: dict[str, int] = {}  # and its seq
    fallbacks = 0  # pushes of parts a consumer could not use (its first, after a new game)
    diff_ms: list[float] = []  # the consumer's work to find what changed, per push
    answers: list[int] = []
    push_ms: list[float] = []  # the push's part of each person's move
    # A bot's moves (--bots): CPU and queries of its task
    bot_cpu: list[float] = []
    bot_q: list[int] = []
    bot_push_q: list[int] = []
    games = 1
    profile = None
    if args.profile_top:
        import cProfile

        profile = cProfile.Profile()
    say(f"Playing {args.moves} moves at a {args.seats}-seat table, every viewer connected ...")
    started = time.monotonic()
    with connection.execute_wrapper(count):
        for move in range(1, args.moves + 1):
            game.refresh_from_db()
            if not game.in_play:
                for seat in [*range(args.seats), None]:
                    presence.mark_present(game.pk, seat)  # a fresh game id
                game = new_game()
                games += 1
            state = game.engine_state()
            seat = state.turn
            by_bot = bool(args.bots) and seat != 0
            action = bot.choose(engine.observation(state, seat)).code
            # Presence keys lapse: set them again before each move.
            for s in [*range(args.seats), None]:
                presence.mark_present(game.pk, s)
            layer.sent.clear()
            counts["other"] = counts["push"] = 0
            push_cpu[0] = 0.0
            if profile:
                profile.enable()
            before = time.process_time()
            if by_bot:
                done = services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
            else:
                response = clients[seat].post(
                    reverse("play", args=[game.pk]),
                    {"action": action, "seq": game.seq},
                    headers={"HX-Request": "true"},
                )
            spent = time.process_time() - before
            if profile:
                profile.disable()
            if by_bot:
                if done is None:
                    say(f"move {move}: the bot did not move")
                    return 1
                bot_cpu.append(spent * 1000)
                bot_q.append(counts["other"])
                bot_push_q.append(counts["push"])
            else:
                body = response.content
                if response.status_code != 200 or b'role="alert"' in body:
                    say(f"move {move}: refused ({response.status_code}): {body[:300]!r}")
                    return 1
                cpu.append(spent * 1000)
                push_ms.append(push_cpu[0] * 1000)
                other_q.append(counts["other"])
                push_q.append(counts["push"])
                answers.append(len(body))
                if saved:
                    (saved / f"{move:05d}-answer.html").write_text(body.decode())
            for group, message in layer.sent:
                # What the socket's consumer sends its client (games.consumers): a move's
                # parts put into the view it sent before, or the whole view; then the
                # parts that changed since that view.
                diff_started = time.process_time()
                html = message.get("html")
                if html is None:
                    html = area_parts.apply(shown.get(group), last_seqs.get(group, -1), message)
                if html is None:  # as the consumer does: the whole view, read and rendered
                    watcher = group.endswith("-watch")
                    seat_of = None if watcher else int(group.rsplit("-", 1)[1])
                    html = realtime.render_for(game.pk, seat_of)[1]
                    fallbacks += 1
                if saved:
                    (saved / f"{move:05d}-{group}.html").write_text(html)
                view = view_parts.View(html)
                changed = view_parts.delta(shown.get(group), view)
                sent = view_parts.strip(html) if changed is None else changed
                diff_ms.append((time.process_time() - diff_started) * 1000)
                shown[group] = view
                last_seqs[group] = message["seq"]
                size = len(sent.encode())
                (watched if group.endswith("-watch") else pushed).append(size)
                if not group.endswith("-watch"):
                    layer_bytes.append(len(json.dumps(message).encode()))
            if move % 50 == 0 or move == args.moves:
                say(
                    f"  {move:5d} moves ({games} game{'s' if games > 1 else ''}), "
                    f"{time.monotonic() - started:6.1f} s; CPU median so far "
                    f"{statistics.median(cpu or bot_cpu):.1f} ms/move"
                )

    say("")
    say(f"lab.bench_move: {args.moves} moves, {args.seats} seats + a spectator connected, ")
    python = sys.version.split()[0]
    say(f"  {games} game(s); SQLite in-process, test client, in-memory cache; Python {python}")
    if bot_cpu:
        say(
            f"a bot's move ({len(bot_cpu)}, level {args.bots}): CPU median "
            f"{statistics.median(bot_cpu):.1f} ms, mean {statistics.mean(bot_cpu):.1f} ms, "
            f"p95 {pct(bot_cpu, 0.95):.1f} ms (its choice included); queries: the task "
            f"median {statistics.median(bot_q):g}, the push median "
            f"{statistics.median(bot_push_q):g}"
        )
        say(f"the person's moves ({len(cpu)}), posted with htmx:")
    say(
        f"CPU per move (all of it):     median {statistics.median(cpu):6.1f} ms, "
        f"mean {statistics.mean(cpu):6.1f} ms, p95 {pct(cpu, 0.95):6.1f} ms"
    )
    say(
        f"  of which the push:          median {statistics.median(push_ms):6.1f} ms, "
        f"mean {statistics.mean(push_ms):6.1f} ms, p95 {pct(push_ms, 0.95):6.1f} ms"
    )
    say(
        f"queries per move:             service+answer median {statistics.median(other_q):g} "
        f"(mean {statistics.mean(other_q):.1f}), push median {statistics.median(push_q):g} "
        f"(mean {statistics.mean(push_q):.1f})"
    )
    say(
        f"bytes per seat per push:      median {statistics.median(pushed):7.0f}, "
        f"p95 {pct(pushed, 0.95):7.0f}  ({len(pushed)} pushes; to the socket, the "
        f"consumer's delta)"
    )
    say(
        f"  handed to the channel layer: median {statistics.median(layer_bytes):7.0f} "
        f"(the message: a move's parts, or the whole view); the consumer's work: median "
        f"{statistics.median(diff_ms):.2f} ms a push"
    )
    say(f"  consumers that rendered the whole view themselves: {fallbacks} (a new game's first)")
    if watched:
        say(
            f"bytes per spectator push:     median {statistics.median(watched):7.0f}, "
            f"p95 {pct(watched, 0.95):7.0f}"
        )
    say(
        f"bytes of the POST's answer:   median {statistics.median(answers):7.0f}, "
        f"p95 {pct(answers, 0.95):7.0f}"
    )
    if profile:
        import pstats

        say("")
        pstats.Stats(profile).sort_stats(args.profile_sort).print_stats(args.profile_top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
