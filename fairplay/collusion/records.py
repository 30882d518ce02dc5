"""Keeping a finished game's collusion signals (docs/fair-play.md#collusion-signals).

`record_game` reads the game's log (every hand known: the game is over) and its
bots' review, if there is one yet, and replaces the game's rows in one transaction
under the game's row lock: run twice, late or on two workers at once, it leaves the
same rows. It runs when a game is over and again when its review is kept (the review
adds the `THROW` signal).
"""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.utils import timezone

from fairplay.collusion import facts
from fairplay.collusion.rows import PairSignal
from fairplay.reports import club_of
from games.archive.public import log
from games.engine.events import TABLE_EVENTS, Event
from games.engine.replay import action_of
from games.models import Game, GameEvent, GamePlayer, GameReview


def record_game(game_id: int) -> int:
    """Keep game `game_id`'s signals; the number of rows (0 for a game in play, or
    one with fewer than two people)."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None or game.in_play:
        return 0
    people = dict(
        GamePlayer.objects.filter(game=game, bot_level="", user__isnull=False).values_list(
            "position", "user_id"
        )
    )
    if len(people) < 2:
        return 0
    rows = log(game)
    events = [row.to_engine() for row in rows]
    review = GameReview.objects.filter(game=game).first()
    big = {s["step"] for s in review.steps if s.get("big")} if review is not None else None
    by_bot = _steps_by_bot(rows, events)
    tally: dict[tuple[int, int, str], list[int]] = defaultdict(list)
    hits: dict[tuple[int, int, str], list[int]] = defaultdict(list)
    for sighting in facts.sightings(events, set(people), big):
        if sighting.step in by_bot:
            continue  # a move the bot made for a person who was away
        key = (people[sighting.actor], people[sighting.partner], sighting.signal)
        tally[key].append(sighting.step)
        if sighting.hit:
            hits[key].append(sighting.step)
    club = club_of(game.table)
    finished = game.finished_at or timezone.now()
    made = [
        PairSignal(
            game=game,
            actor_id=actor,
            partner_id=partner,
            signal=signal,
            opportunities=len(steps),
            hits=len(hits[(actor, partner, signal)]),
            steps=hits[(actor, partner, signal)],
            club=club,
            finished_at=finished,
        )
        for (actor, partner, signal), steps in tally.items()
    ]
    with transaction.atomic():
        Game.objects.select_for_update().filter(pk=game.pk).first()
        PairSignal.objects.filter(game=game).delete()
        PairSignal.objects.bulk_create(made)
    return len(made)


def _steps_by_bot(rows: list[GameEvent], events: list[Event]) -> set[int]:
    """The replay steps whose move a bot made for a person (a timeout, an absence)."""
    found, step = set(), 0
    for row, event in zip(rows, events, strict=True):
        if event.kind in TABLE_EVENTS or action_of(event) is None:
            continue
        step += 1
        if row.by_bot:
            found.add(step)
    return found
