"""How long from a turn passing to its Web Push reaching the push service, in the
embedded profile as `make run` has it (its Valkey, a Celery worker on threads, SQLite),
and whether any payload names a card (docs/notifications.md#web-push).

    python -m lab.bench_push --turns 100

Two people play a turn-based table (hours a move); each has a device subscribed at a
push service stood in by an HTTP server in this process. Each turn is played through
`games.services.play`; the clock runs from its return (the commit) to the request
reaching the server: the "your turn" notification made by the worker, its push woken
and sent. Every payload is decrypted with the device's own keys and searched for the
names and signs of every card in the four languages.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

TIMEOUT = 20.0  # seconds a push may take before the turn counts as lost


def parser() -> argparse.ArgumentParser:
    from lab.bench import profiles

    made = argparse.ArgumentParser(prog="python -m lab.bench_push", description=__doc__)
    made.add_argument("--turns", type=int, default=100)
    profiles.add_run_arguments(made)
    return made


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.turns < 1:
        sys.stderr.write("Error: play at least one turn.\n")
        return 1
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
    import django

    django.setup()
    from lab.bench import profiles

    if args.drive:
        return drive(args)
    # The stand-in push service is on this machine, over plain HTTP.
    os.environ["THIRTYONE_PUSH_ALLOW_INSECURE"] = "true"
    return profiles.run(
        profile="embedded",
        driver_args=["--turns", str(args.turns)],
        bot_delay=1.2,
        postgres_url="",
        redis_url="",
        keep=args.keep,
        say=profiles.say,
        command="lab.bench_push",
    )


def card_words() -> set[str]:
    """Every card's sign and name in every language ("K♥", "king of hearts", "Herz König")."""
    from django.conf import settings
    from django.utils import translation

    from games.engine.cards import full_deck
    from games.wording import cards

    found: set[str] = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for card in full_deck():
                found.update({cards.card_text(card), cards.card_name(card).lower()})
    return found


def drive(args: argparse.Namespace) -> int:
    from django.contrib.auth import get_user_model

    from games import services
    from games.engine import observation
    from games.engine.bots import BaselineBot
    from games.models import Game, RuleSet
    from lab.bench import processes, profiles
    from notifications.models import PushSubscription
    from tests.notifications.test_web_push import Browser, PushService

    say = profiles.say
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    var_dir = Path(os.environ["THIRTYONE_VAR_DIR"])
    env = processes.server_env(var_dir, THIRTYONE_PUSH_ALLOW_INSECURE="true")
    service = PushService()
    users = [get_user_model().objects.create_user(f"p{k}") for k in range(2)]
    browsers = {u.pk: Browser() for u in users}
    for user in users:
        service.subscribe(user, browsers[user.pk], f"device-{user.pk}")
    by_endpoint = {s.endpoint: browsers[s.user_id] for s in PushSubscription.objects.all()}
    table = services.create_table(
        owner=users[0],
        name="Slow table",
        rule_set=RuleSet.objects.get(preset="scat", is_preset=True),
        seat_count=2,
        move_hours=24,
    )
    services.join_table(table=table, user=users[1])
    words = card_words()
    bot = BaselineBot()
    waits: list[float] = []
    payloads: list[str] = []
    lost = 0
    servers = (
        processes.Valkey("valkey", env, log_dir, var_dir),
        processes.Worker("worker", env, log_dir),
    )
    with processes.running(*servers):
        game = services.start_game(table=table, by=users[0])
        say(f"Playing {args.turns} turns at a turn-based table, each pushed to the next player ...")
        time.sleep(2.0)  # the first deal's push, out of the count
        turn = 0
        while turn < args.turns:
            game.refresh_from_db()
            if not game.in_play:
                game = services.start_game(table=table, by=users[0])
                time.sleep(2.0)
                game.refresh_from_db()
            state = game.engine_state()
            mover = game.players.get(position=state.turn).user
            action = bot.choose(observation(state, state.turn)).code
            seen = len(service.requests)
            services.play(game_id=game.pk, user=mover, action=action, expected_seq=game.seq)
            committed = time.monotonic()
            game.refresh_from_db()
            after = game.engine_state().turn if game.in_play else None
            if after is None or after == state.turn:
                continue  # a draw (the turn goes on) or the game's end: no push to time
            turn += 1
            while len(service.requests) == seen and time.monotonic() - committed < TIMEOUT:
                time.sleep(0.002)
            if len(service.requests) == seen:
                lost += 1
                continue
            arrived = service.requests[seen]
            waits.append((arrived["at"] - committed) * 1000)
            browser = by_endpoint[f"{service.origin}{arrived['path']}"]
            payloads.append(str(browser.read(arrived["body"])))
            if turn % 20 == 0:
                say(f"  {turn} turns, {len(waits)} pushes timed")
    service.close()
    named = [p for p in payloads if any(word in p or word in p.lower() for word in words)]
    games_played = Game.objects.filter(table=table).count()
    say("")
    say(f"Pushes timed: {len(waits)} of {args.turns} turns ({games_played} games; {lost} lost)")
    if waits:
        ordered = sorted(waits)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        say(
            f"Turn passed -> push at the service: p50 {statistics.median(waits):.0f} ms, "
            f"p95 {p95:.0f} ms, max {ordered[-1]:.0f} ms"
        )
    say(f"Payloads naming a card: {len(named)} of {len(payloads)} ({len(words)} card words)")
    for payload in named[:3]:
        say(f"  {payload}")
    return 1 if named or lost else 0


if __name__ == "__main__":
    sys.exit(main())
