"""The bots' review of a finished game in the app (docs/bots.md#the-review-of-a-finished-game):
the task after a game ends, computed once, never for a game in play; who may read it
(an event still running: a player their own decisions only); a line that names a card
only where that hand may be shown; the replay's line and the game page's summary."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine, services, tasks
from games.engine.bots import review
from games.engine.replay import steps
from games.models import Game, GameReview, Table
from games.services import sources
from games.wording import card_text
from tests.games.playing import play_out
from tests.tournaments.conftest import club, make_event  # noqa: F401  (an event's table)


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture(autouse=True)
def _small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review at a tiny budget: what is tested here is the app around the judge."""
    monkeypatch.setattr(review, "BUDGET", 60)
    monkeypatch.setattr(review, "MIN_WORLDS", 2)


@pytest.fixture
def cy(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("cy", password="cards-on-the-table")


@pytest.fixture
def started(table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    """ann and bob and an easy bot at ann's public table, on a known deal."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: engine.SeededDeckSource(11))
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=table.owner, level="easy")
    return services.start_game(table=table, by=table.owner)


@pytest.fixture
def finished(started: Game) -> Game:
    return play_out(started)


@pytest.fixture
def reviewed(finished: Game) -> GameReview:
    found = services.review_game(game_id=finished.pk)
    assert found is not None
    return found


def test_the_review_is_enqueued_when_a_game_ends(
    started: Game, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.THIRTYONE_AUTO_REVIEWS = True
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out(started)
    assert game.status == Game.FINISHED
    found = GameReview.objects.get(game=game)
    assert found.version == review.VERSION
    assert found.budget == 60
    assert found.cpu_seconds >= 0
    assert {s["seat"] for s in found.seats} == {0, 1}  # the people, not the bot
    assert found.steps and {s["seat"] for s in found.steps} <= {0, 1}


def test_no_review_while_the_game_is_played(started: Game, settings: Any) -> None:
    settings.THIRTYONE_AUTO_REVIEWS = True
    assert services.review_game(game_id=started.pk) is None
    tasks.review_game(started.pk)
    assert not GameReview.objects.exists()
    tasks.game_finished(game_id=started.pk)  # even if told it ended: still in play
    assert not GameReview.objects.exists()


def test_the_hourly_sweep_enqueues_the_reviews_that_were_lost(
    finished: Game, started: Game, django_capture_on_commit_callbacks: Any
) -> None:
    assert services.reviews_missing() == [finished.pk]  # over, a person, no review
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep_reviews()  # the tests' queue runs the task at once
    assert GameReview.objects.filter(game=finished).exists()
    assert services.reviews_missing() == []  # reviewed: not enqueued again


def test_a_second_run_does_nothing(reviewed: GameReview) -> None:
    again = services.review_game(game_id=reviewed.game_id)
    assert again is not None and again.pk == reviewed.pk
    assert again.computed_at == reviewed.computed_at
    tasks.review_game(reviewed.game_id)
    assert GameReview.objects.count() == 1


def test_a_run_that_finds_the_row_written_meanwhile_keeps_it(
    finished: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two runs at once: the other writes its row while this one judges."""
    judge = review.review_game

    def slow(*args: Any, **kwargs: Any) -> list[review.Reviewed]:
        GameReview.objects.create(game=finished, version=0, budget=1, cpu_seconds=0)
        return judge(*args, **kwargs)

    monkeypatch.setattr(review, "review_game", slow)
    kept = services.review_game(game_id=finished.pk)
    assert kept is not None and kept.version == 0
    assert GameReview.objects.count() == 1


def test_a_bots_moves_for_a_person_are_not_reviewed(finished: Game) -> None:
    anns = finished.events.filter(seat=0, kind__in=("drew", "discarded", "knocked"))
    anns.update(by_bot=True)  # as if a bot had played all of ann's turns (timeouts)
    found = services.review_game(game_id=finished.pk)
    assert found is not None
    assert found.steps and all(s["seat"] == 1 for s in found.steps)
    assert found.summary_of(0) == {
        "seat": 0,
        "decisions": 0,
        "mistakes": 0,
        "big": 0,
        "average": 0.0,
        "unit": "",
    }


def test_the_summary_counts_the_steps(reviewed: GameReview) -> None:
    for summary in reviewed.seats:
        own = [s for s in reviewed.steps if s["seat"] == summary["seat"]]
        assert summary["decisions"] == len(own)
        assert summary["big"] == sum(s["kind"] == review.BIG for s in own)
        assert summary["mistakes"] == sum(s["kind"] != review.AGREE for s in own)


# ---- what the pages show, and to whom ------------------------------------------------


def _game_page(game: Game, user: Any = None) -> str:
    response = _client(user).get(reverse("game_page", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _replay(game: Game, user: Any = None, **query: Any) -> str:
    response = _client(user).get(reverse("replay", args=[game.pk]), query)
    assert response.status_code == 200
    return response.content.decode()


def _crafted(game: Game, **entry: Any) -> GameReview:
    """A review of one decision of ann's (seat 0) and one of bob's, as written."""
    line = {
        "step": 1,
        "seat": 0,
        "taken": "knock",
        "preferred": "draw:stock",
        "kind": "big",
        "cost": 0.18,
        "unit": "life",
        "big": True,
        "worlds": 40,
    }
    line.update(entry)
    bobs = {**line, "seat": 1, "kind": "agree", "cost": 0.0, "big": False, "step": 2}
    seats = [
        {"seat": 0, "decisions": 1, "mistakes": 1, "big": 1, "average": 0.18, "unit": "life"},
        {"seat": 1, "decisions": 1, "mistakes": 0, "big": 0, "average": 0.0, "unit": "life"},
    ]
    return GameReview.objects.create(
        game=game, version=1, budget=60, cpu_seconds=0.1, steps=[line, bobs], seats=seats
    )


def test_while_it_is_computed_the_pages_say_so(finished: Game, bob: Any) -> None:
    assert "The bots’ review is being prepared." in _game_page(finished, bob)
    assert "The bots’ review is being prepared." in _replay(finished, bob, step=1)


def test_the_replay_says_what_a_move_cost(finished: Game, ann: Any, bob: Any) -> None:
    _crafted(finished)
    mine = _replay(finished, ann, step=1, side="0")
    assert (
        "Knocking here cost you about 18% of a life: the bot would have drawn from the stock."
        in mine
    )
    assert "A big mistake:" in mine
    theirs = _replay(finished, bob, step=1, side="all")
    assert "Knocking here cost ann about 18% of a life" in theirs
    assert "The bot agrees with your move here." in _replay(finished, bob, step=2)
    page = _game_page(finished)  # anyone who may watch the public table
    assert "Decisions reviewed" in page
    assert "about 18% of a life" in page


def test_a_line_names_a_card_only_where_that_hand_is_shown(
    finished: Game, ann: Any, bob: Any
) -> None:
    events = [row.to_engine() for row in finished.events.order_by("seq")]
    found = steps(events)
    # A discard of ann's, and a card she kept: the bot's preferred discard, hidden
    # from everyone but those who may see her hand.
    step, kept = next(
        (i, found[i].state.hands[0][0])
        for i in range(1, len(found))
        if found[i].events[0].kind == "discarded"
        and found[i].events[0].seat == 0
        and found[i].state.round_no == found[i - 1].state.round_no
        and not any(e.kind == "round_ended" for e in found[i].events)
    )
    taken = engine.Discard(0, tuple(found[step].events[0].data["cards"]))
    _crafted(
        finished,
        step=step,
        taken=taken.code,
        preferred=engine.Discard(0, (kept,)).code,
        kind="mistake",
        cost=0.06,
        big=False,
    )
    name = card_text(kept)
    shown = _replay(finished, bob, step=step, side="0")
    assert f"the bot would have discarded {name}" in shown
    assert f"the bot would have discarded {name}" in _replay(finished, bob, step=step, side="all")
    hidden = _replay(finished, bob, step=step, side="watch")
    assert "cost ann about 6% of a life: the bot would have discarded another card." in hidden
    review_part = hidden.split('class="muted replay__review"')[-1].split("replay__review")[-1]
    assert name not in review_part.split("</ul>")[0]


def test_nobody_sees_the_review_of_a_sealed_game(finished: Game, ann: Any) -> None:
    _crafted(finished)
    Game.objects.filter(pk=finished.pk).update(sealed=True)
    finished.refresh_from_db()
    from games import access

    assert access.review_seats(ann, finished) == set()
    assert "Decisions reviewed" not in _game_page(finished, ann)


def test_a_private_tables_review_is_for_those_who_may_watch(
    finished: Game, ann: Any, cy: Any
) -> None:
    _crafted(finished)
    Table.objects.filter(pk=finished.table_id).update(is_public=False)
    from games import access

    finished = Game.objects.select_related("table").get(pk=finished.pk)
    assert access.review_seats(cy, finished) == set()
    assert access.review_seats(ann, finished) == {0, 1, 2}


def test_while_its_event_runs_a_player_sees_only_their_own_decisions(
    finished: Game,
    ann: Any,
    bob: Any,
    cy: Any,
    make_event: Any,  # noqa: F811
) -> None:
    from tournaments.models import Event, Round, RoundTable

    event = make_event()
    Event.objects.filter(pk=event.pk).update(status=Event.RUNNING)
    round_ = Round.objects.create(event=event, number=1)
    RoundTable.objects.create(round=round_, number=1, table=finished.table)
    _crafted(finished)
    ann_page = _game_page(finished, ann)
    assert "about 18% of a life" in ann_page
    bob_page = _game_page(finished, bob)
    assert "Decisions reviewed" in bob_page and "about 18% of a life" not in bob_page
    assert "Knocking here cost" not in _replay(finished, bob, step=1, side="all")
    assert "Knocking here cost you" in _replay(finished, ann, step=1, side="0")
    assert "Decisions reviewed" not in _game_page(finished, cy)  # not a player
    assert "Decisions reviewed" not in _game_page(finished)
    Event.objects.filter(pk=event.pk).update(status=Event.FINISHED)
    assert "about 18% of a life" in _game_page(finished, cy)  # public once it is over
