"""`python -m lab.bench_pages` (`make bench-pages`): what the heavy pages cost (issue 39).

    python -m lab.bench_pages                 # 200 players, a game of >= 1,000 events
    python -m lab.bench_pages --players 64 --runs 9
    python -m lab.bench_pages --events 2000

In-process, on a throwaway SQLite database in a temporary folder (the tests' settings:
local-memory cache, Channels' in-memory layer, no broker), pages asked for with
Django's test client as a logged-in member. It builds:

- an event of `--players` members (a club's Swiss event at tables of four), started:
  its first round's games dealt, every player at a table;
- a long game: a table of four bots (its host away, a bot playing for him) played
  until its log holds at least `--events` events.

Then it measures, each as the median (and range) of `--runs` runs after one run to
warm up, in CPU milliseconds of this process (`time.process_time`: the request, the
view, the template, the middleware, SQLite's own work in the process):

- the event page (`/tournaments/<pk>/`), as one of its players;
- a step of the long game's replay (`/games/<pk>/replay/?side=watch&step=N`) at
  steps spread over the game, and the first step asked for after the game's last
  change (the cold one: it folds the whole log once, as every step did before
  snapshots, docs/tables.md#replays);
- the bytes of the main pages as sent to a browser that accepts gzip, against the
  raw HTML, and what compressing costs a page (the table page asked with and without
  `Accept-Encoding`).

Prints progress lines while it builds and measures, then a summary. Timings depend on
the machine and its load: compare before/after in the same conditions; byte counts
vary by a few dozen bytes (gzip's padding against BREACH is random).
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lab.bench_pages",
        description="CPU of the event page and of a replay step, and compressed page sizes.",
    )
    parser.add_argument("--players", type=int, default=200, help="the event's players")
    parser.add_argument(
        "--events", type=int, default=1000, help="the long game's log holds at least this many"
    )
    parser.add_argument("--runs", type=int, default=7, help="measured runs of each page")
    parser.add_argument("--steps", type=int, default=9, help="replay steps measured")
    return parser


def say(text: str) -> None:
    print(text, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.players < 8 or args.events < 10 or args.runs < 1 or args.steps < 1:
        say("Use at least 8 players, 10 events, one run and one step.")
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as var_dir:
        os.environ["THIRTYONE_VAR_DIR"] = var_dir
        for name in ("DATABASE_URL", "REDIS_URL"):
            os.environ.pop(name, None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"
        import django

        django.setup()
        return run(args, Path(var_dir))


def cpu_ms(call: Callable[[], Any]) -> tuple[float, Any]:
    started = time.process_time()
    result = call()
    return (time.process_time() - started) * 1000, result


def figures(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):7.1f} ms "
        f"(min {min(values):.1f}, max {max(values):.1f}, {len(values)} runs)"
    )


def run(args: argparse.Namespace, var_dir: Path) -> int:
    from django.conf import settings
    from django.core.management import call_command

    from games import notify

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ALLOWED_HOSTS = ["*"]
    notify.enqueue = lambda *a, **k: None  # no broker: no bot tasks, no timers
    say(f"Database: a fresh SQLite file in {var_dir} (migrating) ...")
    call_command("migrate", verbosity=0)
    from games.models import RuleSet

    RuleSet.sync_presets()
    started = time.monotonic()
    event, member = build_event(args.players)
    say(f"  the event: {args.players} players seated ({time.monotonic() - started:.1f} s)")
    started = time.monotonic()
    game = build_long_game(args.events)
    say(
        f"  the long game: {game.seq} events ({time.monotonic() - started:.1f} s); "
        f"{'over' if not game.in_play else 'in play'}"
    )
    summary: list[str] = []
    summary += measure_event_page(event, member, args.runs)
    summary += measure_replay(game, member, args.runs, args.steps)
    summary += measure_bytes(event, game, member, args.runs)
    say("")
    say(
        f"lab.bench_pages: SQLite in-process, test client; Python {sys.version.split()[0]}; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    for line in summary:
        say(line)
    return 0


# ---- building -----------------------------------------------------------------------


def build_event(players: int) -> tuple[Any, Any]:
    """A club's Swiss event of `players` members at tables of four, started: round 1's
    games dealt. Returns the event and one of its players."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from clubs.models import Club, Membership
    from games.models import RuleSet
    from tournaments import services as tournaments
    from tournaments.models import Event

    User = get_user_model()
    users = User.objects.bulk_create(
        [User(username="bench-owner", password=make_password(None))]
        + [User(username=f"bench-{n:03d}", password=make_password(None)) for n in range(players)]
    )
    owner, members = users[0], users[1:]
    club = Club.objects.create(name="Bench Club", slug="bench-club", join_policy=Club.INVITE)
    Membership.objects.create(club=club, user=owner, role=Membership.OWNER)
    Membership.objects.bulk_create(Membership(club=club, user=user) for user in members)
    event = tournaments.create_event(
        club=club,
        by=owner,
        name="Bench Swiss",
        rule_set=RuleSet.objects.get(preset="scat", is_preset=True),
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=5,
        table_size=4,
        table_min=3,
        table_max=5,
        bots_fill=True,
        advance=Event.AUTO,
        turn_timer=0,
    )
    for number, user in enumerate(members, start=1):
        tournaments.register(event=event, user=user)
        if number % 50 == 0:
            say(f"  registered {number} of {players}")
    tournaments.start_event(event=event, by=owner)
    return event, members[0]


def build_long_game(events: int) -> Any:
    """A game of bots (its host away: a bot plays for him), 20 lives each, played until
    its log holds at least `events` events; a game that ends sooner is followed by one
    with more seats."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from games import services
    from games.models import Game, GamePlayer, RuleSet

    host = get_user_model().objects.create(
        username="bench-replay-host", password=make_password(None)
    )
    rules = RuleSet.objects.get(preset="scat", is_preset=True)
    for seats in (4, 5, 6):
        table = services.create_table(
            owner=host,
            name=f"Replay {seats}",
            rule_set=rules,
            seat_count=seats,
            changes={"lives": 20},
            turn_timer=0,
        )
        for _ in range(seats - 1):
            services.add_bot(table=table, by=host, level="easy")
        game = services.start_game(table=table, by=host)
        GamePlayer.objects.filter(game=game, user=host).update(away=True)
        said = 0
        while game.in_play and game.seq < events:
            services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
            game = Game.objects.select_related("table").get(pk=game.pk)
            if game.seq >= said + 250:
                said = game.seq
                say(f"  the long game: {game.seq} events")
        if game.seq >= events:
            return game
        say(f"  a game of {seats} ended at {game.seq} events: one more seat")
    raise SystemExit(f"No game of up to six bots reached {events} events: ask for fewer.")


# ---- measuring ----------------------------------------------------------------------


def _client(user: Any) -> Any:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


def measure_event_page(event: Any, member: Any, runs: int) -> list[str]:
    from django.urls import reverse

    url = reverse("tournaments:detail", args=[event.pk])
    lines = []
    for who, user in (("a player", member), ("its organizer", event.created_by)):
        say(f"The event page ({url}) as {who}, {runs} runs ...")
        client = _client(user)
        times = []
        size = 0
        for number in range(runs + 1):
            spent, response = cpu_ms(lambda client=client: client.get(url))
            if response.status_code != 200:
                lines.append(f"event page as {who}: answered {response.status_code}")
                break
            size = len(response.content)
            if number:  # the first warms up (templates, caches)
                times.append(spent)
        else:
            lines.append(
                f"event page, {event.entries.count()} players, as {who}, {size:,} B of HTML: "
                f"{figures(times)}"
            )
    return lines


def measure_replay(game: Any, member: Any, runs: int, steps: int) -> list[str]:
    from django.core.cache import cache
    from django.urls import reverse

    from games.engine.replay import action_of

    client = _client(member)
    url = reverse("replay", args=[game.pk])
    moves = sum(1 for row in game.events.all() if action_of(row.to_engine()) is not None)
    last = moves  # step 0 is the deal, then one per move
    picks = sorted({round(last * k / max(1, steps - 1)) for k in range(steps)})
    say(f"A replay step of the long game ({game.seq} events, {last} steps), {runs} runs ...")
    cache.clear()
    cold, response = cpu_ms(lambda: client.get(url, {"side": "watch", "step": last // 2}))
    if response.status_code != 200:
        return [f"replay: answered {response.status_code}"]
    colds = [cold]
    for _ in range(min(runs, 3) - 1):
        cache.clear()
        spent, _ = cpu_ms(lambda: client.get(url, {"side": "watch", "step": last // 2}))
        colds.append(spent)
    warm: list[float] = []
    for _ in range(runs):
        for step in picks:
            spent, response = cpu_ms(
                lambda step=step: client.get(url, {"side": "watch", "step": step})
            )
            assert response.status_code == 200, response.status_code
            warm.append(spent)
    lines = [
        f"replay step of a game of {game.seq} events ({last} steps), the whole request, "
        f"{len(picks)} steps x {runs}: {figures(warm)}",
        f"  the first step asked after the game's last change (cold): {figures(colds)}",
    ]
    step_alone = _step_alone(game, picks, runs)
    if step_alone:
        lines.append(f"  the step's own work (no request, no template): {figures(step_alone)}")
    return lines


def _step_alone(game: Any, picks: list[int], runs: int) -> list[float]:
    """The replay step without the request and the template: `archive.replay_step`
    (snapshots) where there is one, else the log read and folded (before)."""
    from games import access, archive

    if hasattr(archive, "replay_steps"):

        def step(index: int) -> Any:
            found = archive.replay_steps(game)
            return archive.replay_context(
                found,
                found.names,
                access.replay_sides(game, len(found.names)),
                "watch",
                index,
                ended=found.public,
            )

    else:

        def step(index: int) -> Any:
            events = [row.to_engine() for row in archive.log(game)]
            names = events[0].data["names"]
            return archive.replay_context(
                archive.fold(events), names, access.replay_sides(game, len(names)), "watch", index
            )

    times = []
    for _ in range(runs):
        for index in picks:
            spent, _ = cpu_ms(lambda index=index: step(index))
            times.append(spent)
    return times


def measure_bytes(event: Any, game: Any, member: Any, runs: int) -> list[str]:
    from django.urls import reverse

    from games.models import Game

    client = _client(member)
    playing = (
        Game.objects.filter(players__user=member, status=Game.PLAYING)
        .select_related("table")
        .first()
    )
    pages = [("lobby", reverse("lobby"))]
    if playing is not None:
        pages.append(("table page (a game in play)", reverse("table", args=[playing.table_id])))
        pages.append(("game area poll (htmx)", reverse("game_view", args=[playing.pk])))
    pages += [
        ("event page", reverse("tournaments:detail", args=[event.pk])),
        ("game record page", reverse("game_page", args=[game.pk])),
        ("replay step", reverse("replay", args=[game.pk]) + "?side=watch&step=10"),
        ("rules", reverse("rules_index")),
    ]
    say(f"Bytes of {len(pages)} pages, raw and as sent to a browser that accepts gzip ...")
    lines = ["bytes of the main pages (raw HTML -> as sent with Accept-Encoding: gzip):"]
    raw_total = sent_total = 0
    for label, url in pages:
        htmx = {"HX-Request": "true"} if "htmx" in label else {}
        raw = client.get(url, headers=htmx)
        sent = client.get(url, headers={**htmx, "Accept-Encoding": "gzip, deflate, br"})
        if raw.status_code != 200:
            lines.append(f"  {label}: answered {raw.status_code}")
            continue
        encoded = sent.get("Content-Encoding", "")
        size = len(sent.content)
        note = (
            encoded or f"not compressed (gzip -6 would give {len(gzip.compress(raw.content, 6)):,})"
        )
        lines.append(f"  {label:30} {len(raw.content):8,} B -> {size:8,} B  {note}")
        raw_total += len(raw.content)
        sent_total += size
    lines.append(f"  {'all of them':30} {raw_total:8,} B -> {sent_total:8,} B")
    if playing is not None:
        url = reverse("table", args=[playing.table_id])
        plain, asked = [], []
        for number in range(runs + 1):
            spent, _ = cpu_ms(lambda: client.get(url))
            if number:
                plain.append(spent)
            spent, _ = cpu_ms(lambda: client.get(url, headers={"Accept-Encoding": "gzip"}))
            if number:
                asked.append(spent)
        lines.append(
            f"  the table page's CPU: {statistics.median(plain):.1f} ms raw, "
            f"{statistics.median(asked):.1f} ms asked with gzip (medians of {runs})"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
