"""Keeping each finished game's collusion signals, and the pages of flagged pairs
(docs/fair-play.md#collusion-signals, docs/fair-play.md#who-sees-a-flagged-pair)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from fairplay.collusion import facts, flagged, records
from fairplay.collusion.rows import PairSignal
from games import services
from games.models import Game, GamePlayer, Table
from tests.games.playing import play_out

pytestmark = pytest.mark.django_db


def _rows(game: Game) -> set[tuple[int, int, str, int, int]]:
    return {
        (r.actor_id, r.partner_id, r.signal, r.opportunities, r.hits)
        for r in PairSignal.objects.filter(game=game)
    }


def test_a_finished_games_signals_are_kept_between_its_people_once(
    table: Table, ann: Any, bob: Any
) -> None:
    game = services.start_game(table=table, by=ann)
    assert records.record_game(game.pk) == 0  # in play: nothing is read
    play_out(game)
    written = records.record_game(game.pk)
    kept = _rows(game)
    assert written == len(kept) > 0
    assert all({actor, partner} == {ann.pk, bob.pk} for actor, partner, *_ in kept)
    assert all(hits <= chances for *_, chances, hits in kept)
    assert records.record_game(game.pk) == written and _rows(game) == kept  # twice: the same
    for row in PairSignal.objects.filter(game=game, hits__gt=0):
        assert len(row.steps) == row.hits


def _games(table: Table, count: int, people: list[Any]) -> list[Game]:
    made = []
    for _ in range(count):
        game = Game.objects.create(
            table=table, status=Game.FINISHED, state={}, finished_at=timezone.now()
        )
        for position, person in enumerate(people):
            GamePlayer.objects.create(game=game, position=position, user=person)
        made.append(game)
    return made


def _signal(
    game: Game, actor: Any, partner: Any, chances: int, hits: int, club: Any = None
) -> None:
    PairSignal.objects.create(
        game=game,
        actor=actor,
        partner=partner,
        signal=facts.FEED,
        opportunities=chances,
        hits=hits,
        steps=list(range(1, hits + 1)),
        club=club,
        finished_at=game.finished_at,
    )


@pytest.fixture
def helping(table: Table, ann: Any, bob: Any, cat: Any) -> None:
    """ann feeds bob at every chance over 8 games; ann and cat, bob and cat, as usual."""
    for game in _games(table, 8, [ann, bob, cat]):
        _signal(game, ann, bob, 4, 4)
        _signal(game, ann, cat, 4, 1)
        _signal(game, bob, cat, 4, 2)
        _signal(game, cat, ann, 4, 1)


def test_staff_see_the_pair_that_helps_each_other_and_its_replay_steps(
    client: Any, helping: None, staff: Any, ann: Any, bob: Any
) -> None:
    client.force_login(staff)
    page = client.get(reverse("fairplay:pairs")).content.decode()
    assert "ann and bob" in page
    assert "ann and cat" not in page and "bob and cat" not in page
    assert "discarded a card that helped bob" in page
    links = re.findall(r"/games/(\d+)/replay/\?side=all&amp;step=(\d+)", page)
    assert 0 < len(links) <= flagged.EVIDENCE
    for game, step in links:
        row = PairSignal.objects.get(game_id=game, actor=ann, partner=bob)
        assert int(step) in row.steps


def test_players_never_see_the_flagged_pairs(
    client: Any, helping: None, ann: Any, bob: Any, club: Any
) -> None:
    client.force_login(bob)
    assert client.get(reverse("fairplay:pairs")).status_code == 404
    assert client.get(reverse("fairplay:club_pairs", args=[club.slug])).status_code == 404


def test_organizers_see_only_their_clubs_events_games(
    client: Any,
    event_table: Table,
    members: list[Any],
    ann: Any,
    bob: Any,
    helping: None,
    club: Any,
) -> None:
    p1, p2, p3 = members[:3]
    for game in _games(event_table, 8, [p1, p2, p3]):
        _signal(game, p1, p2, 4, 4, club)
        _signal(game, p1, p3, 4, 1, club)
        _signal(game, p2, p3, 4, 1, club)
    client.force_login(ann)  # the club's owner, not staff
    assert client.get(reverse("fairplay:pairs")).status_code == 404
    page = client.get(reverse("fairplay:club_pairs", args=[club.slug])).content.decode()
    assert f"{p1.username} and {p2.username}" in page
    assert "ann and bob" not in page  # a casual table's games: staff only


def test_the_review_adds_the_throw_signal_once_it_is_kept(
    table: Table, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = play_out(services.start_game(table=table, by=ann))
    records.record_game(game.pk)
    assert not PairSignal.objects.filter(game=game, signal=facts.THROW).exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.review_game(game_id=game.pk, budget=200)  # small: a test, not a verdict
    thrown = PairSignal.objects.filter(game=game, signal=facts.THROW)
    assert thrown.exists()  # every round lost by one of two people: the other gained
    assert {(r.actor_id, r.partner_id) for r in thrown} <= {(ann.pk, bob.pk), (bob.pk, ann.pk)}
