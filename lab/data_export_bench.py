"""`python -m lab.data_export_bench`: what "Download my data" costs for a busy member
(docs/privacy.md#the-figures-of-a-download).

    python -m lab.data_export_bench                    # 50 games, 200 chat lines
    python -m lab.data_export_bench --games 10 --lines 40

Builds a SQLite database in a temporary folder (migrated), and a member who played
`--games` whole games of Scat at five tables, each with a friend and two easy bots (both
people away, so the bots play every move through `services.play_for_bot`, as the worker
does), and wrote `--lines` chat lines there, each answered by the friend. Then asks for
the member's data and builds it as the worker does (`accounts.data_export.building`),
and prints the ZIP's files, its size and the build's time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

TABLES = 5


def say(text: str) -> None:
    print(text, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.data_export_bench")
    parser.add_argument("--games", type=int, default=50, help="finished games of the member")
    parser.add_argument("--lines", type=int, default=200, help="chat lines the member wrote")
    parser.add_argument("--keep", type=Path, help="copy the ZIP here, to look at")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-export-") as var_dir:
        os.environ["THIRTYONE_VAR_DIR"] = var_dir
        for name in ("DATABASE_URL", "REDIS_URL", "DATA_EXPORT_DIR"):
            os.environ.pop(name, None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"
        os.environ.setdefault("LOG_LEVEL", "WARNING")  # not a line per task
        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command

        from games import notify
        from games.models import RuleSet
        from thirtyone.celery import app

        notify.enqueue = lambda *a, **k: None  # no broker: the moves are played here
        app.conf.task_always_eager = True  # the notification that it is ready, inline
        settings.DATA_EXPORT_DIR = Path(var_dir) / "data-exports"
        say(f"Database: a fresh SQLite file in {var_dir} (migrating) ...")
        call_command("migrate", verbosity=0)
        RuleSet.sync_presets()
        member = make_member(args.games, args.lines)
        path, seconds = measure(member)
        report(path, seconds)
        if args.keep:
            shutil.copyfile(path, args.keep)
            say(f"kept as {args.keep}")
    return 0


def make_member(games: int, lines: int) -> Any:
    """A member with `games` finished games and `lines` chat lines, spread over TABLES
    tables, each line of theirs answered by their friend there."""
    from django.contrib.auth import get_user_model

    from games import chat, services
    from games.models import Game, GamePlayer, RuleSet

    people = get_user_model().objects
    member = people.create_user("member", password=None)
    friend = people.create_user("friend", password=None)
    rules = RuleSet.objects.get(preset="scat", is_preset=True)
    tables = []
    for number in range(min(TABLES, max(games, 1))):
        table = services.create_table(
            owner=member, name=f"Table {number + 1}", rule_set=rules, seat_count=4, turn_timer=0
        )
        services.join_table(table=table, user=friend)
        for _bot in range(2):
            services.add_bot(table=table, by=member, level="easy")
        tables.append(table)
    started = time.monotonic()
    for number in range(games):
        game = services.start_game(table=tables[number % len(tables)], by=member)
        GamePlayer.objects.filter(game=game, bot_level="").update(away=True)
        while game.in_play:
            services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
            game = Game.objects.get(pk=game.pk)
        if (number + 1) % 10 == 0:
            say(f"  {number + 1} games played ({time.monotonic() - started:.0f} s)")
    for number in range(lines):
        table = tables[number % len(tables)]
        chat.post(table=table, user=member, text=f"Line {number + 1}: well played, all")
        chat.post(table=table, user=friend, text=f"Thanks! ({number + 1})")
    return member


def measure(member: Any) -> tuple[Path, float]:
    """Build `member`'s data as a worker does, timed: the ZIP and the seconds."""
    from accounts.data_export import building, storage
    from accounts.models import DataExport

    export = DataExport.objects.create(user=member)  # asked for, not yet built
    started = time.monotonic()
    assert building.build(export.pk), "built and made ready"
    seconds = time.monotonic() - started
    return storage.path_of(export), seconds


def report(path: Path, seconds: float) -> None:
    with zipfile.ZipFile(path) as zipped:
        infos = zipped.infolist()
    games = [info for info in infos if info.filename.startswith("games/")]
    say("")
    say(f"{'file':<24}{'bytes':>12}{'zipped':>12}")
    for info in infos:
        if info not in games:
            say(f"{info.filename:<24}{info.file_size:>12,}{info.compress_size:>12,}")
    if games:
        sizes = sorted(info.file_size for info in games)
        say(
            f"{f'games/<id>.json x {len(games)}':<24}{sum(sizes):>12,}"
            f"{sum(info.compress_size for info in games):>12,}"
            f"   (each {sizes[0]:,} to {sizes[-1]:,})"
        )
    say(f"{len(infos)} files; the ZIP: {path.stat().st_size:,} bytes; built in {seconds:.2f} s")


if __name__ == "__main__":
    raise SystemExit(main())
