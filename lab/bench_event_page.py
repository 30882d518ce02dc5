"""`python -m lab.bench_event_page`: what a GET of a large event's page costs (issue 39).

    python -m lab.bench_event_page                     # 200 players, medians of 20
    python -m lab.bench_event_page --players 80 --repeats 10
    python -m lab.bench_event_page --redis-url redis://127.0.0.1:6379/13   # Redis cache
    python -m lab.bench_event_page --profile-top 25    # where a cold GET's time goes

In-process, on a throwaway SQLite database in a temporary folder (the tests' settings:
a local-memory cache unless `--redis-url` names a Redis database for Django's cache,
as production's is; Channels' in-memory layer, no broker). It builds a Swiss event of
`--players` people at tables of 4 (200: 50 tables), 5 rounds, round 1 over and round
2 half played: every table's result is written as a game would write it (its game
marked finished, its players' places) and recorded by the event's service
(`tournaments.services.record_table`), which seats and starts round 2 by itself.

Then it GETs the event's page (the Django test client, as a browser would) for a
registered player (logged in, seated at a table of the round) and for an anonymous
visitor, each `--repeats` times:
- cold: the first GET after a change (`tournaments.services.changed`, the step every
  change of an event ends with: its `live_version` counted up, so nothing cached for
  the version before is used; the data stays the same, so every cold GET renders the
  same page);
- warm: a GET after another one of the same version;
- a result (the player, last): the first GET after one more table of round 2 is over
  and recorded, as the evening changes the page (its standings, that table's row); up
  to `--repeats` tables, one left playing.
Prints CPU ms (`time.process_time`: the request in this process, the cache's own
(de)serialising included; Redis's time in its own process is not) as median, min and
max, the queries of one GET and the bytes of the page, and the load average before
and after. Timings depend on the machine and its load: compare before/after in the
same conditions. The page's bytes and queries are exact.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lab.bench_event_page",
        description="CPU, queries and bytes of a GET of a large event's page, cold and warm.",
    )
    parser.add_argument("--players", type=int, default=200, help="players (tables of 4)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=20, help="GETs per case (medians)")
    parser.add_argument(
        "--redis-url",
        help="use Redis (this database: the bench writes only its own keys, by a prefix "
        "of its own) as Django's cache instead of the local-memory one",
    )
    parser.add_argument(
        "--save-pages",
        metavar="DIR",
        help="write each viewer's last page to DIR (to compare two versions' markup)",
    )
    parser.add_argument(
        "--profile-top",
        type=int,
        default=0,
        help="also profile a cold player's GET (cProfile) and print the top N (cumulative)",
    )
    return parser


def say(text: str) -> None:
    print(text, flush=True)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.players < 8 or args.repeats < 1:
        say("Use at least 8 players and one repeat.")
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-event-page-") as var_dir:
        os.environ["THIRTYONE_VAR_DIR"] = var_dir
        for name in ("DATABASE_URL", "REDIS_URL"):
            os.environ.pop(name, None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"
        import django
        from django.conf import settings

        if args.redis_url:
            settings.CACHES = {
                "default": {
                    "BACKEND": "django.core.cache.backends.redis.RedisCache",
                    "LOCATION": args.redis_url,
                    # Keys of this run only: nothing else in the database is read or
                    # written, and a stale key of an earlier run cannot be met.
                    "KEY_PREFIX": f"bench-event-page-{os.getpid()}-{time.time_ns()}",
                    "TIMEOUT": 600,
                }
            }
        django.setup()
        return run(args, Path(var_dir))


@dataclass
class Case:
    name: str
    cpu_ms: list[float]
    queries: int
    size: int

    def line(self) -> str:
        return (
            f"{self.name:<18} CPU ms median {statistics.median(self.cpu_ms):7.1f}  "
            f"min {min(self.cpu_ms):6.1f}  max {max(self.cpu_ms):6.1f}  "
            f"queries {self.queries:3d}  bytes {self.size:7d}"
        )


def finish_table(table: Any, chance: random.Random) -> None:
    """`table`'s game over (its players' places drawn by `chance`), recorded by the
    event's service as a game's end is."""
    from django.db import transaction
    from django.utils import timezone

    from games.models import Game, GamePlayer
    from tournaments import services

    with transaction.atomic():
        seats = list(GamePlayer.objects.filter(game_id=table.game_id).order_by("position"))
        places = list(range(1, len(seats) + 1))
        chance.shuffle(places)
        for seat, place in zip(seats, places, strict=True):
            seat.place, seat.rounds_lost, seat.won = place, place - 1, place == 1
        GamePlayer.objects.bulk_update(seats, ["place", "rounds_lost", "won"])
        Game.objects.filter(pk=table.game_id).update(
            status=Game.FINISHED, finished_at=timezone.now()
        )
    services.record_table(game_id=table.game_id)


def build(players: int, rounds: int) -> tuple[Any, Any, list[Any]]:
    """The event (round 1 over, round 2 half played), its owner and its players."""
    from datetime import UTC, datetime

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from clubs.models import Club, Membership
    from games import notify
    from games.models import RuleSet
    from tournaments import services
    from tournaments.fairness import commitment
    from tournaments.models import Event, Round

    notify.enqueue = lambda *a, **k: None  # no broker: no bot tasks, no timers
    # The same event in every run and every version of the code (its seed draws the
    # seating; its start is shown): pages to compare byte for byte (--save-pages).
    seeded = random.Random(1)
    commitment.new_seed = lambda: f"{seeded.getrandbits(128):032x}"
    commitment.new_salt = lambda: f"{seeded.getrandbits(128):032x}"
    RuleSet.sync_presets()
    User = get_user_model()
    password = make_password("x" * 12)
    owner = User.objects.create(username="owner", password=password)
    # Names as people write them, of several lengths: the page's bytes depend on them.
    people = User.objects.bulk_create(
        [
            User(username=f"player-{k:03d}-{'x' * (k % 9)}", password=password)
            for k in range(players)
        ]
    )
    club = Club.objects.create(name="Bench Club", slug="bench")
    Membership.objects.create(club=club, user=owner, role=Membership.OWNER)
    Membership.objects.bulk_create([Membership(club=club, user=u) for u in people])
    event = services.create_event(
        club=club,
        by=owner,
        name="Bench Swiss",
        rule_set=RuleSet.objects.get(preset="scat", is_preset=True),
        starts_at=datetime(2031, 3, 7, 18, 30, tzinfo=UTC),
        rounds=rounds,
        table_size=4,
        scoring=Event.PLACES,
        place_points=[4, 2, 1, 0],
        tiebreaks=["table_wins", "opponents_average", "lots"],
        advance=Event.AUTO,
        turn_timer=0,
    )
    for user in people:
        services.register(event=event, user=user)
    services.start_event(event=event, by=owner)
    chance = random.Random(1)

    def finish(round_: Any, share: float) -> None:
        tables = list(round_.tables.order_by("number"))
        for table in tables[: round(len(tables) * share)]:
            finish_table(table, chance)

    finish(event.round_set.get(number=1), 1.0)
    second = event.round_set.get(number=2)
    assert second.status == Round.PLAYING, second.status
    finish(second, 0.5)
    return Event.objects.get(pk=event.pk), owner, people


def run(args: argparse.Namespace, var_dir: Path) -> int:
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.models import Game
    from tournaments import services
    from tournaments.models import Event, RoundSeat

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ALLOWED_HOSTS = ["*"]
    say(f"Load average at the start: {load()}")
    say(f"Database: a fresh SQLite file in {var_dir} (migrating) ...")
    call_command("migrate", verbosity=0)
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    say(f"Cache: {cache}. Building a Swiss event of {args.players} players ...")
    started = time.monotonic()
    event, _owner, people = build(args.players, args.rounds)
    say(f"... built in {time.monotonic() - started:.1f} s (live_version {event.live_version}).")
    shown = event.round_set.get(number=2)
    seated = RoundSeat.objects.filter(table__round=shown, entry__isnull=False)
    player = seated.select_related("entry__user").order_by("table__number")[0].entry.user
    url = event.get_absolute_url()
    viewers = {"player": Client(), "anonymous": Client()}
    viewers["player"].force_login(player)

    def change() -> None:
        with transaction.atomic():
            services.changed(Event.objects.get(pk=event.pk))

    pages: dict[int, bytes] = {}

    def get(client: Client) -> tuple[float, int, int]:
        with CaptureQueriesContext(connection) as queries:
            before = time.process_time()
            response = client.get(url)
            cpu = (time.process_time() - before) * 1000
        assert response.status_code == 200, response.status_code
        pages[id(client)] = response.content
        return cpu, len(queries), len(response.content)

    for client in viewers.values():  # the first request's own costs (sessions, caches)
        get(client)
    cases: list[Case] = []
    for who, client in viewers.items():
        cold, warm = [], []
        queries = {"cold": 0, "warm": 0}
        size = 0
        for _ in range(args.repeats):
            change()
            cpu, queries["cold"], size = get(client)
            cold.append(cpu)
            cpu, queries["warm"], size = get(client)
            warm.append(cpu)
        cases.append(Case(f"{who}, cold", cold, queries["cold"], size))
        cases.append(Case(f"{who}, warm", warm, queries["warm"], size))
    if args.save_pages:
        saved = Path(args.save_pages)
        saved.mkdir(parents=True, exist_ok=True)
        for who, client in viewers.items():
            (saved / f"{who}.html").write_bytes(pages[id(client)])
    if args.profile_top:
        import cProfile
        import pstats

        change()
        profile = cProfile.Profile()
        profile.enable()
        viewers["player"].get(url)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile_top)
    # The first load after a table's result: the standings and one table change.
    chance = random.Random(2)
    left = list(shown.tables.filter(game__status=Game.PLAYING).order_by("number"))
    after_result: list[float] = []
    queries_after = size_after = 0
    for table in left[: min(args.repeats, len(left) - 1)]:  # one left: round 2 goes on
        finish_table(table, chance)
        cpu, queries_after, size_after = get(viewers["player"])
        after_result.append(cpu)
    if after_result:
        cases.append(Case("player, a result", after_result, queries_after, size_after))
    print_summary(args, cache, cases)
    return 0


def print_summary(args: argparse.Namespace, cache: str, cases: list[Case]) -> None:
    say("")
    say(
        f"The event page at {args.players} players ({args.players // 4} tables, round 2 of "
        f"{args.rounds} half played), {cache}, medians of {args.repeats}:"
    )
    for case in cases:
        say("  " + case.line())
    say(f"Load average at the end: {load()}")


if __name__ == "__main__":
    sys.exit(main())
