"""Turn-based tables (docs/tables.md#hours-a-move): each move has hours, the sweep plays a turn
whose deadline has passed (once, however often it runs), bots still move after their
short pause, the person whose move it is is told once per turn, and the rules for
absent players and idle tables wait for days rather than minutes. Days go by on a
moved clock (tests/clock.py), never slept through."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import notify, services, signals, tasks, turn_based
from games.engine import observation
from games.engine.bots import BaselineBot
from games.errors import ServiceError
from games.models import Game, GameEvent, GamePlayer, RuleSet, Table
from tests.clock import MovedClock
from tests.games.playing import deal_two

DAY = 24 * 3600


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> MovedClock:
    return MovedClock(monkeypatch)


@pytest.fixture
def told() -> Iterator[list[dict[str, Any]]]:
    """What `games.signals.turn_waiting` said, in order."""
    heard: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        heard.append({k: kwargs[k] for k in ("game_id", "table_id", "user_id")})

    signals.turn_waiting.connect(receiver, dispatch_uid="test.turn_waiting")
    yield heard
    signals.turn_waiting.disconnect(dispatch_uid="test.turn_waiting")


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...], float]]:
    """The tasks a change sends (name, args, countdown), kept rather than run."""
    kept: list[tuple[str, tuple[Any, ...], float]] = []

    def enqueue(name: str, *args: Any, countdown: float = 0, deadline: bool = False) -> None:
        kept.append((name, args, countdown))

    monkeypatch.setattr(notify, "enqueue", enqueue)
    return kept


def daily_table(owner: Any, rule_set: RuleSet, **options: Any) -> Table:
    return services.create_table(
        owner=owner, name="Daily", rule_set=rule_set, move_hours=24, **options
    )


@pytest.fixture
def daily(ann: Any, bob: Any, scat: RuleSet, monkeypatch: pytest.MonkeyPatch, capture: Any) -> Game:
    """ann and bob at a turn-based table (24 hours a move), on a known deal."""
    with capture(execute=True):
        return deal_two(daily_table(ann, scat), bob, monkeypatch, turn_timer=0)


@pytest.fixture
def capture(django_capture_on_commit_callbacks: Any) -> Any:
    return django_capture_on_commit_callbacks


def on_turn(game: Game) -> GamePlayer:
    game.refresh_from_db()
    return GamePlayer.objects.get(game=game, position=game.engine_state().turn)


def play_turn(game: Game, capture: Any) -> GamePlayer:
    """The person on turn plays a whole turn (the baseline bot's choices); returns them."""
    player = on_turn(game)
    while game.in_play and game.engine_state().turn == player.position:
        action = BaselineBot().choose(observation(game.engine_state(), player.position))
        with capture(execute=True):
            services.play(
                game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq
            )
        game.refresh_from_db()
    return player


def kinds_after(game: Game, seq: int) -> list[tuple[str, int | None, bool]]:
    rows = GameEvent.objects.filter(game=game, seq__gt=seq).order_by("seq")
    return [(row.kind, row.seat, row.by_bot) for row in rows]


# ---- the table -----------------------------------------------------------------------


def test_a_turn_based_table_gives_each_move_its_hours_and_has_no_live_timer(
    daily: Game, clock: MovedClock
) -> None:
    table = daily.table
    assert (table.move_hours, table.turn_timer, table.turn_based) == (24, 0, True)
    assert table.turn_seconds == DAY
    left = (daily.turn_deadline - timezone.now()).total_seconds()
    assert DAY - 60 < left <= DAY


def test_hours_off_the_list_are_refused_with_nothing_written(ann: Any, scat: RuleSet) -> None:
    with pytest.raises(ServiceError) as refused:
        services.create_table(owner=ann, name="Odd", rule_set=scat, move_hours=5)
    assert (refused.value.message, refused.value.field) == (
        "Choose the hours a move has from the list.",
        "turn_timer",
    )
    assert not Table.objects.exists()


def test_the_lobby_form_opens_a_turn_based_table_from_the_turn_timer_field(
    ann: Any, scat: RuleSet, client: Client
) -> None:
    client.force_login(ann)
    form = client.get(reverse("create_table")).content.decode()
    assert '<optgroup label="Turn-based: played over days">' in form
    assert '<option value="259200">72 hours a move</option>' in form
    response = client.post(
        reverse("create_table"),
        {
            "action": "create",
            "name": "Lunch breaks",
            "rule_set": scat.pk,
            "seat_count": 2,
            "visibility": "public",
            "turn_timer": 12 * 3600,
            "bots": 0,
            "bot_level": "medium",
        },
    )
    table = Table.objects.get(name="Lunch breaks")
    assert response.status_code == 302
    assert (table.move_hours, table.turn_timer) == (12, 0)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Turn-based: 12 hours a move" in page


# ---- the deadline --------------------------------------------------------------------


def test_no_countdown_task_waits_days_for_a_turn_at_a_turn_based_table(
    ann: Any, bob: Any, scat: RuleSet, monkeypatch: pytest.MonkeyPatch, capture: Any, sent: Any
) -> None:
    live = services.create_table(owner=ann, name="Live", rule_set=scat, turn_timer=60)
    with capture(execute=True):
        deal_two(live, bob, monkeypatch, turn_timer=60)
    assert [name for name, _, _ in sent] == [notify.TURN_TIMEOUT], "a live table's timer"

    sent.clear()
    other = daily_table(bob, scat)
    services.join_table(table=other, user=ann)
    with capture(execute=True):
        game = services.start_game(table=other, by=bob)
    assert game.turn_deadline is not None
    assert sent == [], "the sweep finds a turn-based deadline"


def test_when_the_deadline_passes_the_sweep_has_a_bot_play_that_turn(
    daily: Game, clock: MovedClock, capture: Any
) -> None:
    late = on_turn(daily)
    seq = daily.seq
    clock.advance(hours=23, minutes=59)
    with capture(execute=True):
        tasks.sweep()
    assert Game.objects.get(pk=daily.pk).seq == seq, "a minute is left"

    clock.advance(minutes=2)
    with capture(execute=True):
        tasks.sweep()
    assert kinds_after(daily, seq) == [
        ("turn_timed_out", late.position, False),
        ("drew", late.position, True),
        ("discarded", late.position, True),
    ]
    daily.refresh_from_db()
    assert on_turn(daily).position != late.position
    late.refresh_from_db()
    assert (late.turns_timed_out, late.away) == (1, False), "away only after two in a row"
    left = (daily.turn_deadline - timezone.now()).total_seconds()
    assert DAY - 60 < left <= DAY, "the next player has their 24 hours"


def test_a_deadline_swept_twice_or_its_task_run_twice_plays_the_turn_once(
    daily: Game, clock: MovedClock, capture: Any
) -> None:
    seq = daily.seq
    clock.advance(hours=25)
    with capture(execute=True):
        tasks.sweep()
        tasks.sweep()  # a second sweep before the first one's task ran
    tasks.turn_timeout(daily.pk, seq)  # a repeated delivery, late
    assert [kind for kind, _, _ in kinds_after(daily, seq)].count("turn_timed_out") == 1


def test_a_bot_at_a_turn_based_table_moves_after_its_short_pause(
    ann: Any, scat: RuleSet, settings: Any, capture: Any, sent: Any
) -> None:
    settings.THIRTYONE_BOT_DELAY = 1.2
    table = daily_table(ann, scat, seat_count=2)
    services.add_bot(table=table, by=ann, level="easy")
    with capture(execute=True):
        game = services.start_game(table=table, by=ann)
    if on_turn(game).is_bot:
        assert sent[-1] == (notify.BOT_TURN, (game.pk, game.seq), 1.2)
    while on_turn(game).is_bot:
        services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
    sent.clear()
    play_turn(game, capture)
    assert sent[-1] == (notify.BOT_TURN, (game.pk, game.seq), 1.2), "seconds, not hours"


# ---- "your turn" ---------------------------------------------------------------------


def test_the_person_whose_turn_it_is_is_told_once_per_turn(
    daily: Game, ann: Any, bob: Any, capture: Any, told: list[dict[str, Any]]
) -> None:
    first = on_turn(daily)
    told.clear()  # the deal told the first player (below, for a fresh game)
    action = BaselineBot().choose(observation(daily.engine_state(), first.position))
    with capture(execute=True):
        services.play(game_id=daily.pk, user=first.user, action=action.code, expected_seq=daily.seq)
    assert told == [], "a draw does not end the turn"
    play_turn(daily, capture)
    other = on_turn(daily)
    assert other.user != first.user
    assert told == [{"game_id": daily.pk, "table_id": daily.table_id, "user_id": other.user_id}]


def test_the_first_player_is_told_at_the_deal_but_no_one_at_a_live_table(
    ann: Any, bob: Any, scat: RuleSet, monkeypatch: pytest.MonkeyPatch, capture: Any, told: Any
) -> None:
    live = services.create_table(owner=ann, name="Live", rule_set=scat)
    with capture(execute=True):
        game = deal_two(live, bob, monkeypatch, turn_timer=60)
    play_turn(game, capture)
    assert told == []

    with capture(execute=True):
        game = deal_two(daily_table(bob, scat), ann, monkeypatch, turn_timer=0)
    assert told == [
        {"game_id": game.pk, "table_id": game.table_id, "user_id": on_turn(game).user_id}
    ]


def test_no_one_is_told_of_a_turn_a_bot_plays_for_them(
    daily: Game, capture: Any, told: list[dict[str, Any]]
) -> None:
    mover = on_turn(daily)
    waiting = GamePlayer.objects.get(game=daily, position=1 - mover.position)
    told.clear()
    with capture(execute=True), transaction.atomic():
        # Marked away in the same transaction as the move that passes them the turn:
        # by the commit, a bot plays it (an event's stand-in at the deal, likewise).
        while daily.engine_state().turn == mover.position:
            action = BaselineBot().choose(observation(daily.engine_state(), mover.position))
            services.play(
                game_id=daily.pk, user=mover.user, action=action.code, expected_seq=daily.seq
            )
            daily.refresh_from_db()
        GamePlayer.objects.filter(pk=waiting.pk).update(away=True, away_reason="host")
    assert on_turn(daily) == waiting
    assert told == []


# ---- what waits days rather than minutes ---------------------------------------------


def test_nobody_is_marked_away_for_being_gone_on_a_turn_based_turn(
    daily: Game, clock: MovedClock, capture: Any
) -> None:
    player = on_turn(daily)
    clock.advance(hours=3)  # no page, no socket: the live no-timer rule would say gone
    with capture(execute=True):
        tasks.sweep()
    player.refresh_from_db()
    assert not player.away
    assert services.mark_absent(game_id=daily.pk, expected_seq=daily.seq) is False


def test_a_slow_turn_based_game_is_not_abandoned_until_every_seat_could_have_timed_out_twice(
    daily: Game, clock: MovedClock, capture: Any
) -> None:
    # Two people at 24 hours a move: 2 x 2 x 24 = 96 hours with no person's move.
    Game.objects.filter(pk=daily.pk).update(turn_deadline=None)  # no timer runs meanwhile
    clock.advance(hours=95)
    with capture(execute=True):
        tasks.sweep()
    assert Game.objects.get(pk=daily.pk).status == Game.PLAYING
    assert services.end_abandoned(game_id=daily.pk) is False

    clock.advance(hours=2)
    with capture(execute=True):
        tasks.sweep()
    daily.refresh_from_db()
    assert (daily.status, daily.end_reason) == (Game.ENDED, "abandoned")
    ended = GameEvent.objects.get(game=daily, kind="game_ended_early")
    assert ended.data == {"reason": "abandoned", "hours": 96}


def test_a_turn_based_table_between_games_stays_open_for_a_moves_time(
    ann: Any, scat: RuleSet, clock: MovedClock
) -> None:
    live = services.create_table(owner=ann, name="Live", rule_set=scat)
    daily = daily_table(ann, scat)
    clock.advance(hours=2)
    tasks.sweep()
    assert Table.objects.get(pk=live.pk).closed_reason == Table.IDLE
    assert not Table.objects.get(pk=daily.pk).is_closed

    clock.advance(hours=23)
    idle_since = timezone.now() - timedelta(minutes=30)
    assert list(services.idle_tables(idle_since)) == [Table.objects.get(pk=daily.pk)]
    assert services.close_if_idle(table_id=daily.pk, idle_since=idle_since)
    assert Table.objects.get(pk=daily.pk).closed_reason == Table.IDLE


# ---- the deadline of a whole game: bots finish it ---------------------------------------


def test_when_a_games_deadline_passes_bots_finish_it_and_no_one_takes_a_seat_back(
    daily: Game, ann: Any, bob: Any, capture: Any
) -> None:
    mover = on_turn(daily)
    with capture(execute=True):
        assert services.finish_with_bots(game_id=daily.pk)
    assert services.finish_with_bots(game_id=daily.pk) is False, "once"
    daily.refresh_from_db()
    assert daily.status == Game.FINISHED, "the bots played it out (tasks run inline here)"
    away = GameEvent.objects.filter(game=daily, kind="player_away").order_by("seq")
    assert [(e.seat, e.data) for e in away] == [
        (0, {"reason": "deadline"}),
        (1, {"reason": "deadline"}),
    ]
    assert set(GamePlayer.objects.filter(game=daily).values_list("away_reason", flat=True)) == {
        services.DEADLINE
    }
    assert GameEvent.objects.filter(game=daily, seq__gt=away.last().seq, by_bot=True).exists()
    assert mover.user in (ann, bob)


def test_a_player_a_deadline_put_away_is_refused_moves_and_not_offered_im_back(
    daily: Game, capture: Any
) -> None:
    mover = on_turn(daily)
    GamePlayer.objects.filter(game=daily).update(away=True, away_reason=services.DEADLINE)
    refusal = "The deadline for this game has passed: a bot plays it to the end for you."
    with pytest.raises(ServiceError, match=refusal):
        services.play(
            game_id=daily.pk, user=mover.user, action="draw:stock", expected_seq=daily.seq
        )
    with pytest.raises(ServiceError, match=refusal):
        services.come_back(game_id=daily.pk, user=mover.user)
    client = Client()
    client.force_login(mover.user)
    page = client.get(daily.table.get_absolute_url()).content.decode()
    assert "a bot plays it to the end for you" in page
    assert 'value="back"' not in page and 'value="draw:stock"' not in page


# ---- the header, the list ---------------------------------------------------------------


def three_games(ann: Any, bob: Any, scat: RuleSet, capture: Any) -> list[Game]:
    games = []
    for number in range(3):
        table = services.create_table(
            owner=ann, name=f"Daily {number}", rule_set=scat, seat_count=2, move_hours=24
        )
        services.join_table(table=table, user=bob)
        with capture(execute=True):
            games.append(services.start_game(table=table, by=ann))
    return games


def test_the_header_says_how_many_games_wait_for_your_move_in_one_query(
    ann: Any, bob: Any, scat: RuleSet, capture: Any, django_assert_num_queries: Any
) -> None:
    client = Client()
    client.force_login(ann)
    rules_page = reverse("rules_index")
    with django_assert_num_queries(6):  # session, user, calls (3), turns waiting
        none = client.get(rules_page).content.decode()
    assert "waiting for your move" not in none

    games = three_games(ann, bob, scat, capture)
    mine = sum(on_turn(game).user == ann for game in games)
    assert mine, "the seeded deals give ann some first turns"
    with django_assert_num_queries(6):
        page = client.get(rules_page).content.decode()
    plural = "" if mine == 1 else "s"
    assert f"{mine} game{plural} waiting for your move" in page
    assert f'href="{reverse("turn_games")}"' in page
    # A game whose turn a bot plays for her does not wait for her.
    waiting = next(g for g in games if on_turn(g).user == ann)
    GamePlayer.objects.filter(game=waiting, user=ann).update(away=True, away_reason="timer")
    assert turn_based.waiting_count(ann) == mine - 1
    assert turn_based.waiting_count(bob) == 3 - mine


def test_the_list_puts_the_games_waiting_for_you_first_and_works_without_javascript(
    ann: Any, bob: Any, scat: RuleSet, capture: Any
) -> None:
    games = three_games(ann, bob, scat, capture)
    # Bob's move everywhere, then ann's at one table only.
    for game in games:
        if on_turn(game).user == ann:
            play_turn(game, capture)
    play_turn(games[1], capture)
    between = daily_table(ann, scat, seat_count=3)
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("turn_games")).content.decode()
    assert "1 game waiting for your move</strong> of the 3 you are playing" in page
    order = [page.index(f"Daily {n}</h2>") for n in (1, 0, 2)]
    assert order == sorted(order), "waiting for you first, then by deadline"
    assert page.index("Play your move") < page.index("bob&#x27;s move")
    assert "23 h 59 min left" in page
    assert between.name in page and "between games" in page
    assert client.get(reverse("lobby")).content.decode().count("1 waiting for your move") == 1
    assert reverse("turn_games") in client.get(reverse("my_profile")).content.decode()
    Client().get(reverse("turn_games"))  # anonymous: sent to log in
    assert Client().get(reverse("turn_games")).status_code == 302
