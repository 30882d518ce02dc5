"""`python -m lab.backup_bench`: what a backup and a restore cost on a club's database
(docs/backups.md#figures).

    python -m lab.backup_bench              # 1,000 finished games
    python -m lab.backup_bench --games 200

Builds a SQLite database in a temporary folder (migrated, the app's own WAL settings) and
plays `--games` whole games of Scat through the real services (`games.services`): each at
a table of three easy bots and its host, who is away so a bot plays for him, every move by
`services.play_for_bot` as the worker plays them, so each game's log, deals and results
are written as on a live site. Then times `manage.py backup` and `manage.py restore` of
that backup (in this process, the commands' own code) and prints the database's size, the
backup's size and time, and the restore's time.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path


def say(text: str) -> None:
    print(text, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.backup_bench")
    parser.add_argument("--games", type=int, default=1000, help="finished games to build")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-backup-") as var_dir:
        os.environ["THIRTYONE_VAR_DIR"] = var_dir
        for name in ("DATABASE_URL", "REDIS_URL", "BACKUP_DIR"):
            os.environ.pop(name, None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"
        import django

        django.setup()
        return run(args.games, Path(var_dir))


def play_games(count: int) -> int:
    """`count` finished games; returns the events logged."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from games import services
    from games.models import Game, GameEvent, GamePlayer, RuleSet

    host = get_user_model().objects.create(username="bench-host", password=make_password(None))
    rules = RuleSet.objects.get(preset="scat", is_preset=True)
    table = services.create_table(
        owner=host, name="Bench", rule_set=rules, seat_count=4, turn_timer=0
    )
    for _ in range(3):
        services.add_bot(table=table, by=host, level="easy")
    started = time.monotonic()
    for number in range(1, count + 1):
        game = services.start_game(table=table, by=host)
        GamePlayer.objects.filter(game=game, user=host).update(away=True)
        while game.in_play:
            services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
            game = Game.objects.get(pk=game.pk)
        if number % 100 == 0:
            say(f"  {number} games played ({time.monotonic() - started:.0f} s)")
    return GameEvent.objects.count()


def run(count: int, var_dir: Path) -> int:
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    from games import notify
    from games.models import Game, RuleSet
    from thirtyone.backups import making, restoring

    notify.enqueue = lambda *a, **k: None  # no broker: the moves are played here
    settings.THIRTYONE_AUTO_BACKUPS = False
    say(f"Database: a fresh SQLite file in {var_dir} (migrating) ...")
    call_command("migrate", verbosity=0)
    RuleSet.sync_presets()
    events = play_games(count)
    finished = Game.objects.exclude(status=Game.PLAYING).count()
    database = Path(connection.settings_dict["NAME"])
    size = database.stat().st_size
    wal = database.with_name(database.name + "-wal")
    wal_size = wal.stat().st_size if wal.exists() else 0
    made = making.make_backup()
    restored = restoring.restore(made.backup.path)
    say("")
    say(f"games finished: {finished}, events logged: {events:,}")
    say(f"database: {size:,} bytes (+ WAL {wal_size:,} bytes)")
    say(f"backup: {made.backup.path.name}")
    say(f"  {made.backup.size:,} bytes in {made.seconds:.2f} s (copy, integrity_check, checks)")
    say(f"restore: {restored.seconds:.2f} s (kept aside, copied in, checked)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
