"""A whole knockout night for the notifications' tests: twelve players at tables of 4,
three lives each, deals dealt from a reproducible deck, played by the baseline bot's
choices to the last player. Half the players sit at their table with its page open (each
deal they are dealt, they open it at once, as the table page's poll does); the others
never open it (a phone in a pocket)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import services as games
from games.engine import SeededDeckSource
from games.models import GamePlayer, RuleSet
from games.services import sources
from tests.tournaments.test_knockout import MOST_DEALS, knockout, play_deal
from tournaments import services
from tournaments.models import Event, Round

LIVES = 3
# With these, the night takes 15 deals (12 players, tables of 4 broken down to one).
SEED, FIRST_DECK = "i", 31


@dataclass
class Night:
    event: Event
    deals: int  # how many deals the knockout took
    sitters: list[Any]  # who opened each deal's table as it was dealt
    away: list[Any]  # who never opened one
    dealt: dict[int, int]  # user id -> how many deals they were dealt
    most_unread: dict[int, int]  # user id -> their bell's highest count during the night


def _open_tables(round_: Round, sitters: set[int], capture: Any) -> None:
    with capture(execute=True):
        for player in GamePlayer.objects.filter(
            game__event_table__round=round_, user_id__in=sitters
        ).select_related("user"):
            games.arrive(game_id=player.game_id, user=player.user)


def play_the_night(
    club: Any,
    ann: Any,
    field: list[Any],
    monkeypatch: pytest.MonkeyPatch,
    capture: Any,
) -> Night:
    decks = itertools.count(FIRST_DECK)
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(next(decks)))
    rules = RuleSet.objects.create(name="Two lives", preset="scat", changes={"lives": LIVES})

    def make(**options: Any) -> Event:
        starts = timezone.now() + timedelta(hours=1)
        return services.create_event(club=club, by=ann, starts_at=starts, turn_timer=0, **options)

    event = knockout(make, rules, field, size=4)
    Event.objects.filter(pk=event.pk).update(seed=SEED)  # the same seating each run
    event.refresh_from_db()
    sitters, away = field[::2], field[1::2]
    sitting = {user.pk for user in sitters}
    with capture(execute=True):
        round_ = services.start_event(event=event, by=field[0])
    most_unread = dict.fromkeys((user.pk for user in field), 0)
    for _ in range(MOST_DEALS):
        _open_tables(round_, sitting, capture)
        for user_id, count in (
            get_user_model()
            .objects.filter(pk__in=most_unread)
            .values_list("pk", "unread_notifications")
        ):
            most_unread[user_id] = max(most_unread[user_id], count)
        play_deal(round_, capture)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            break
        round_ = event.round_set.order_by("-number").first()
    else:
        raise AssertionError("the knockout did not end")
    dealt: dict[int, int] = {}
    for user_id in GamePlayer.objects.filter(game__event_table__round__event=event).values_list(
        "user_id", flat=True
    ):
        dealt[user_id] = dealt.get(user_id, 0) + 1
    return Night(event, event.round_set.count(), sitters, away, dealt, most_unread)
