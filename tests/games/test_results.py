"""Results as data (games.results): places, what each player had at the end, rounds
lost and the turns a bot or the timer played, written with the game's last event; and
tables opened without a host, started by the system (services.open_table)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import engine, results, services
from games.engine import SeededDeckSource
from games.engine.bots import BaselineBot
from games.engine.state import Outcome
from games.models import Game, GameEvent, GamePlayer, RuleSet, Table
from games.services import SeatSpec, sources
from tests.games.playing import play_out


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(31))


def check_places(players: list[GamePlayer]) -> None:
    """Places as `games.results` defines them: 1 for the best, ties share a place, and
    a place is one more than the number of players ahead."""
    places = sorted(p.place for p in players)
    assert places[0] == 1
    for place in places:
        assert place == 1 + sum(other < place for other in places)


# ---- a game played to the end ------------------------------------------------------


def test_a_finished_game_stores_its_results_with_its_last_event(table: Any, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=table.owner, level="easy")
    game = play_out(services.start_game(table=table, by=table.owner))

    assert game.status == Game.FINISHED
    assert game.end_reason == Game.PLAYED_OUT == "finished"
    assert game.finished_at is not None
    players = list(GamePlayer.objects.results_of(game))
    check_places(players)
    winner = players[0]
    assert winner.won and winner.place == 1
    assert [p for p in players if p.place == 1] == [winner]
    state = game.engine_state()
    for player in players:
        at_end = state.players[player.position]
        assert (player.lives, player.points, player.chips) == (at_end.lives, None, None)
        if player.won:
            assert player.out_in_round is None
        else:
            assert player.out_in_round is not None and player.out_in_round >= 1
            assert player.rounds_lost >= 1
    losers = [p for p in players if not p.won]
    # The later out, the better the place; out in the same round, the same place.
    for a in losers:
        for b in losers:
            if a.out_in_round > b.out_in_round:
                assert a.place < b.place
            elif a.out_in_round == b.out_in_round:
                assert a.place == b.place
    ends = GameEvent.objects.filter(game=game, kind="game_ended").count()
    assert ends == 1
    assert all(p.bot_moves == 0 and p.turns_timed_out_total == 0 for p in players)


@pytest.mark.parametrize("preset", ["points", "banking"])
def test_places_follow_the_scoring_of_points_and_banking(
    ann: Any, presets: None, preset: str
) -> None:
    rule_set = next(
        r for r in RuleSet.objects.filter(is_preset=True) if r.rules().scoring == preset
    )
    table = services.open_table(
        name=f"{preset} table",
        rule_set=rule_set,
        owner=ann,
        seats=[SeatSpec(0, user=ann), SeatSpec(1, bot_level="easy"), SeatSpec(2, bot_level="easy")],
        seat_count=3,
        changes={"chips": 3} if preset == "banking" else {"target_points": 5},
    )
    game = play_out(services.start_game(table=table, by=ann), limit=20000)

    players = list(GamePlayer.objects.results_of(game))
    check_places(players)
    state = game.engine_state()
    assert {p.position for p in players if p.place == 1} == set(state.outcome.winners)
    for player in players:
        assert player.lives is None
        score = player.points if preset == "points" else player.chips
        other = player.chips if preset == "points" else player.points
        assert other is None
        at_end = state.players[player.position]
        assert score == (at_end.points if preset == "points" else at_end.chips)
    if preset == "points":  # by score: more points, a better place
        for a in players:
            for b in players:
                if not a.won and not b.won and a.points > b.points:
                    assert a.place < b.place


# ---- games ended early ----------------------------------------------------------------


def test_a_game_ended_by_the_host_stores_results_with_no_winner(table: Any, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)
    # A bot plays for bob from now on, and makes a move for him.
    services.replace_with_bot(game_id=game.pk, by=table.owner, position=1, expected_seq=game.seq)
    for _ in range(200):
        game.refresh_from_db()
        if GameEvent.objects.filter(game=game, by_bot=True).exists():
            break
        state = game.engine_state()
        player = game.players.get(position=state.turn)
        if player.is_bot or player.away:
            services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
        else:
            action = BaselineBot().choose(engine.observation(state, state.turn))
            services.play(
                game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq
            )
    game.refresh_from_db()
    services.end_game(game_id=game.pk, by=table.owner, expected_seq=game.seq)

    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.ENDED, "host")
    assert game.finished_at is not None
    players = {p.position: p for p in GamePlayer.objects.results_of(game)}
    assert not any(p.won for p in players.values())
    check_places(list(players.values()))
    moves = GameEvent.objects.filter(game=game, by_bot=True, seat=1).count()
    assert players[1].bot_moves == moves > 0
    assert players[0].bot_moves == 0
    state = game.engine_state()
    # No winner: by lives left (no one is out yet in most games, then they tie).
    for a in players.values():
        for b in players.values():
            la, lb = state.players[a.position].lives, state.players[b.position].lives
            if not state.players[a.position].out and not state.players[b.position].out:
                assert (a.place < b.place) == (la > lb)


def test_timed_out_turns_are_counted_in_the_results(table: Any, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    for _ in range(3):  # three turns run out, whoever's they are
        game.refresh_from_db()
        Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
        services.time_out_turn(game_id=game.pk, expected_seq=game.seq)
    game.refresh_from_db()
    services.end_abandoned(game_id=game.pk)  # not abandoned: a person moved just now
    Game.objects.filter(pk=game.pk).update(human_moved_at=timezone.now() - timedelta(days=2))
    assert services.end_abandoned(game_id=game.pk)

    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.ENDED, "abandoned")
    players = list(GamePlayer.objects.results_of(game))
    timeouts = GameEvent.objects.filter(game=game, kind="turn_timed_out")
    assert sum(p.turns_timed_out_total for p in players) == timeouts.count() == 3
    for player in players:
        assert player.turns_timed_out_total == timeouts.filter(seat=player.position).count()
        assert (
            player.bot_moves
            == GameEvent.objects.filter(game=game, seat=player.position, by_bot=True).count()
        )
        assert (player.bot_moves > 0) == (player.turns_timed_out_total > 0)


# ---- how places are computed ------------------------------------------------------------


def _state(scoring_preset: str, players: list[tuple[int, bool]], winners: tuple[int, ...]) -> Any:
    rules = next(
        r.rules() for r in RuleSet.objects.filter(is_preset=True) if r.preset == scoring_preset
    )
    state, _ = engine.new_game(rules, len(players), SeededDeckSource(1))
    standing = tuple(state.players[0]._replace(lives=lives, out=out) for lives, out in players)
    outcome = Outcome(winners, "last_player", (0.0,) * len(players)) if winners else None
    return state._replace(players=standing, outcome=outcome)


def _round(round_no: int, count: int, lost: dict[int, int], out: tuple[int, ...]) -> tuple:
    data = {
        "round_no": round_no,
        "hands": [[] for _ in range(count)],
        "lives_lost": [lost.get(s, 0) for s in range(count)],
        "eliminated": list(out),
    }
    return ("round_ended", None, data, False)


def test_players_out_in_the_same_round_share_a_place(presets: None) -> None:
    # Seat 3 out in round 2; seats 1 and 2 out together in round 4; seat 0 wins.
    state = _state("scat", [(2, False), (0, True), (0, True), (0, True)], winners=(0,))
    rows = [
        _round(1, 4, {3: 1}, ()),
        _round(2, 4, {3: 1}, (3,)),
        ("player_out", 3, {}, False),
        _round(3, 4, {1: 1}, ()),
        _round(4, 4, {1: 1, 2: 1}, (1, 2)),
        ("player_out", 1, {}, False),
        ("player_out", 2, {}, False),
    ]
    found = results.compute(state, rows, ended_early=False)

    assert [r.place for r in found] == [1, 2, 2, 4]
    assert [r.out_in_round for r in found] == [None, 4, 4, 2]
    assert [r.rounds_lost for r in found] == [0, 2, 1, 2]


def test_a_drawn_game_s_winners_share_first_place(presets: None) -> None:
    state = _state("scat", [(1, False), (1, False), (0, True)], winners=(0, 1))
    rows = [_round(1, 3, {2: 3}, (2,)), ("player_out", 2, {}, False)]
    assert [r.place for r in results.compute(state, rows, ended_early=False)] == [1, 1, 3]


def test_a_game_ended_early_ranks_by_lives_with_no_winner(presets: None) -> None:
    state = _state("scat", [(1, False), (3, False), (1, False), (0, True)], winners=())
    rows = [_round(1, 4, {3: 3}, (3,)), ("player_out", 3, {}, False)]
    assert [r.place for r in results.compute(state, rows, ended_early=True)] == [2, 1, 2, 4]


# ---- tables without a host --------------------------------------------------------------


@pytest.fixture
def tournament_table(ann: Any, bob: Any, scat: RuleSet) -> Table:
    """Four given seats, no host, started by the system only: 2 users, 2 bots."""
    return services.open_table(
        name="Final, table 1",
        rule_set=scat,
        seats=[
            SeatSpec(3, user=ann),
            SeatSpec(1, user=bob),
            SeatSpec(0, bot_level="easy"),
            SeatSpec(2, bot_level="medium"),
        ],
        owner=None,
        starters=Table.STARTED_BY_SYSTEM,
        seat_count=4,
    )


def test_a_table_opened_with_four_seats_and_no_host_is_started_by_the_system_only(
    tournament_table: Table, ann: Any, bob: Any, django_user_model: Any
) -> None:
    table = tournament_table
    assert table.owner is None
    seats = [(s.position, s.user, s.bot_level) for s in table.seats.all()]
    assert seats == [(0, None, "easy"), (1, bob, ""), (2, None, "medium"), (3, ann, "")]
    staff = django_user_model.objects.create_user("mod", password="x-cards-y", is_staff=True)
    for someone in (ann, bob, staff):
        with pytest.raises(services.ServiceError, match="started for it"):
            services.start_game(table=table, by=someone)
    assert not table.games.exists()

    game = services.start_game(table=table, by=None)

    assert [(p.position, p.user, p.bot_level) for p in game.players.all()] == [
        (0, None, "easy"),
        (1, bob, ""),
        (2, None, "medium"),
        (3, ann, ""),
    ]
    # Bots play it all: the two people are away from the start.
    GamePlayer.objects.filter(game=game, user__isnull=False).update(away=True)
    game = play_out(game)
    assert (game.status, game.end_reason) == (Game.FINISHED, "finished")
    players = list(GamePlayer.objects.results_of(game))
    check_places(players)
    assert players[0].won and players[0].place == 1
    for person in (p for p in players if p.user is not None):
        assert person.bot_moves > 0
    # Nobody but the system deals the next one either.
    with pytest.raises(services.ServiceError):
        services.start_game(table=table, by=ann)
    assert services.start_game(table=table, by=None).pk != game.pk


def test_a_table_without_a_host_renders_and_its_seats_stay(
    tournament_table: Table, ann: Any, client: Client
) -> None:
    response = client.get(reverse("table", args=[tournament_table.pk]))  # anonymous
    assert response.status_code == 200
    assert b"(host)" not in response.content
    assert b"hosted by" not in response.content
    client.force_login(ann)
    response = client.get(reverse("table", args=[tournament_table.pk]))
    assert b"(host)" not in response.content
    assert b"Start the game" not in response.content
    assert b"started for this table" in response.content
    # The system seats it: no one removes a bot (no one hosts it either).
    with pytest.raises(services.ServiceError, match="its tournament's"):
        services.leave_seat(table=tournament_table, by=ann, position=0)
    # A player leaves their own seat; the table stays open with no host.
    after = services.leave_table(table=tournament_table, by=ann)
    assert after.owner_id is None and not after.is_closed
    assert not tournament_table.seats.filter(user=ann).exists()


def test_a_table_any_seated_player_may_start(ann: Any, bob: Any, scat: RuleSet) -> None:
    table = services.open_table(
        name="Anyone",
        rule_set=scat,
        seats=[SeatSpec(2, user=ann), SeatSpec(0, user=bob)],
        starters=Table.STARTED_BY_PLAYERS,
        seat_count=3,
    )
    assert services.may_start(table, bob, list(table.seats.all()))
    game = services.start_game(table=table, by=bob)
    assert [p.user for p in game.players.all()] == [bob, ann]


def test_open_table_refuses_seats_that_do_not_fit(ann: Any, bob: Any, scat: RuleSet) -> None:
    bad = [
        [SeatSpec(0, user=ann), SeatSpec(0, user=bob)],  # one seat, two players
        [SeatSpec(4, user=ann)],  # no such seat
        [SeatSpec(0, user=ann), SeatSpec(1, user=ann)],  # two seats, one player
        [SeatSpec(0, bot_level="genius")],
        [SeatSpec(0)],  # neither a player nor a bot
    ]
    for seats in bad:
        with pytest.raises(services.ServiceError):
            services.open_table(
                name="x", rule_set=scat, seats=seats, starters=Table.STARTED_BY_SYSTEM
            )
    with pytest.raises(services.ServiceError, match="host"):  # a host sits at their table
        services.open_table(name="x", rule_set=scat, seats=[SeatSpec(0, user=bob)], owner=ann)
    with pytest.raises(services.ServiceError):  # a hostless table started by its host
        services.open_table(name="x", rule_set=scat, seats=[SeatSpec(0, user=bob)])
    assert not Table.objects.exists()


def test_a_profile_lists_each_game_with_the_player_s_place(table: Any, bob: Any) -> None:
    from accounts.stats import player_summary

    services.join_table(table=table, user=bob)
    game = play_out(services.start_game(table=table, by=table.owner))
    summary = player_summary(bob)
    entry = summary["games"][0]
    assert entry.place == GamePlayer.objects.get(game=game, user=bob).place
    assert [p.place for p in entry.players] == [
        p.place for p in GamePlayer.objects.filter(game=game).order_by("position")
    ]
