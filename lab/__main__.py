"""Command line: ``python -m lab simulate --preset scat --players 4 --games 10000``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from games.engine.bots import LEVELS, make_bot
from games.engine.errors import RulesError
from games.engine.rules import PRESETS, Rules
from lab import bench_engine
from lab.bots.timing import Timings, time_decisions
from lab.simulate import Tally, print_progress, report, simulate_chunks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play many games between bots")
    sim.add_argument("--preset", default="scat", choices=sorted(PRESETS))
    sim.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of seats (default: 4, or the number of --bots)",
    )
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--bots",
        default=None,
        help=f"comma-separated bot level per seat ({', '.join(LEVELS)}); "
        "default: baseline in every seat",
    )
    sim.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change a house rule, e.g. --set knock_min=21 (JSON value)",
    )
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes (default 1: one core, the figure to quote "
        "for speed; more to measure bot strength sooner)",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--quiet", action="store_true", help="no progress while running")
    bench = commands.add_parser("bench-bot", help="time a bot's decisions")
    bench.add_argument("--level", default="hard", choices=sorted(LEVELS))
    bench.add_argument("--preset", default="scat", choices=sorted(PRESETS))
    bench.add_argument("--players", type=int, default=4)
    bench.add_argument("--decisions", type=int, default=3000)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument(
        "--no-clock",
        action="store_true",
        help="without the hard bot's 0.2 s safety clock: every decision spends its budget",
    )
    bench.add_argument("--budget", type=int, help="the hard bot's budget of simulated moves")
    engine = commands.add_parser(
        "bench-engine", help="the engine's rounds/s against a minimal engine's, interleaved"
    )
    engine.add_argument("--runs", type=int, default=3)
    engine.add_argument("--slices", type=int, default=6, help="alternating slices per run")
    engine.add_argument("--games", type=int, default=100, help="games per slice")
    engine.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "bench-bot":
        return _bench_bot(parser, args)
    if args.command == "bench-engine":
        if min(args.runs, args.slices, args.games) < 1:
            parser.error("--runs, --slices and --games must be at least 1")
        bench_engine.bench(args.runs, args.games, args.slices, args.seed, print)
        return 0
    return _simulate(parser, args)


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        levels = _levels(args.bots, args.players)
        rules = Rules.preset(args.preset, **_changes(args.set))
        for level in levels:
            make_bot(level)  # an unknown level is refused here, not in a worker
    except (ValueError, RulesError) as error:
        parser.error(str(error))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")

    def progress(tally: Tally) -> None:
        if not args.quiet:
            print_progress(tally, args.games)

    tally = simulate_chunks(rules, levels, args.games, args.seed, args.jobs, progress)
    if not args.quiet:
        sys.stderr.write("\n")
    if args.json:
        data = tally.as_dict(levels)
        data.update({"preset": args.preset, "seed": args.seed, "rules": rules.to_dict()})
        print(json.dumps(data, indent=2))
    else:
        print(report(tally, levels, args.preset))
    return 0


def _bench_bot(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    rules = Rules.preset(args.preset)
    if not 2 <= args.players <= rules.max_players:
        parser.error(f"--players must be 2 to {rules.max_players} for {args.preset}")
    if args.decisions < 1:
        parser.error("--decisions must be at least 1")

    def progress(timings: Timings) -> None:
        sys.stderr.write(f"\r  {len(timings.seconds)}/{args.decisions} decisions ")
        sys.stderr.flush()

    options: dict[str, Any] = {}
    if args.level == "hard" and args.no_clock:
        options["max_seconds"] = None
    if args.level == "hard" and args.budget:
        options["budget"] = args.budget
    timings = time_decisions(
        args.level, rules, args.players, args.decisions, args.seed, progress, **options
    )
    sys.stderr.write("\n")
    print(f"{args.preset}, {args.players} players, against medium bots")
    print(timings.summary())
    return 0


def _levels(bots: str | None, players: int | None) -> list[str]:
    if bots:
        levels = [level.strip() for level in bots.split(",")]
        if players is not None and players != len(levels):
            raise ValueError(f"--players {players} but --bots names {len(levels)} bots.")
        return levels
    return ["baseline"] * (players or 4)


def _changes(pairs: list[str]) -> dict[str, Any]:
    """House-rule changes from `--set OPTION=VALUE` (each value JSON)."""
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--set expects OPTION=VALUE, not {pair!r}.")
        try:
            changes[name] = json.loads(value)
        except json.JSONDecodeError:
            changes[name] = value  # a bare word, e.g. --set scoring=points
    return changes


if __name__ == "__main__":
    sys.exit(main())
