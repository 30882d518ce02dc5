"""No table waits for ever on someone who is gone (games.absence): the sweep marks away
a player gone on their turn at a table without a timer, the host or staff lets a bot
play for someone or ends the game, a game no one has moved in for a day ends itself;
each writes an event that says why, and is refused (changing nothing) when it may not
be done. The times are moved, never slept through."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.stats import player_summary
from games import absence, engine, presence, services, tasks
from games.forms import TableForm
from games.models import Game, GameEvent, GamePlayer, Table
from games.wording import describe
from tests.games.playing import deal_two
from tests.games.test_realtime import BrokenCache


@pytest.fixture
def untimed(table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    """ann and bob at ann's table without a turn timer, on a known deal (seed 7 has no
    31 in the first turns)."""
    return deal_two(table, bob, monkeypatch, turn_timer=0)


def _on_turn(game: Game) -> GamePlayer:
    game.refresh_from_db()
    return GamePlayer.objects.get(game=game, position=game.engine_state().turn)


def _turn_began(game: Game, seconds_ago: float) -> None:
    Game.objects.filter(pk=game.pk).update(
        turn_started_at=timezone.now() - timedelta(seconds=seconds_ago)
    )


def _events_after(game: Game, seq: int) -> list[GameEvent]:
    return list(GameEvent.objects.filter(game=game, seq__gt=seq).order_by("seq"))


def _log_replays(game: Game) -> bool:
    """The log, table events and all, still folds to the snapshot."""
    game.refresh_from_db()
    rows = GameEvent.objects.filter(game=game).order_by("seq")
    return engine.replay([row.to_engine() for row in rows]) == game.engine_state()


def _page(user: Any, game: Game) -> str:
    client = Client()
    client.force_login(user)
    return client.get(game.table.get_absolute_url()).content.decode()


# ---- the timer is on by default ---------------------------------------------------


def test_new_tables_have_a_one_minute_turn_timer_and_no_timer_is_still_a_choice(
    ann: Any, scat: Any, client: Client
) -> None:
    assert absence.DEFAULT_TURN_TIMER == 60
    assert Table._meta.get_field("turn_timer").default == 60
    assert TableForm().fields["turn_timer"].initial == 60
    assert services.create_table(owner=ann, name="A", rule_set=scat).turn_timer == 60
    assert (0, "No timer") in Table.TIMER_CHOICES
    assert services.create_table(owner=ann, name="B", rule_set=scat, turn_timer=0).turn_timer == 0
    client.force_login(ann)
    page = client.get(reverse("create_table")).content.decode()
    assert '<option value="60" selected>' in page


# ---- gone on your turn, without a timer ------------------------------------------


def test_a_player_gone_on_their_turn_is_marked_away_by_the_sweep_and_a_bot_plays_for_them(
    untimed: Game, django_capture_on_commit_callbacks: Any
) -> None:
    gone = _on_turn(untimed)
    seq = untimed.seq
    _turn_began(untimed, absence.ABSENT_SECONDS - 5)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()
    assert Game.objects.get(pk=untimed.pk).seq == seq, "not yet: the turn is under a minute"

    _turn_began(untimed, absence.ABSENT_SECONDS + 1)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()
    gone.refresh_from_db()
    assert (gone.away, gone.away_reason) == (True, "absent")
    first, *moves = _events_after(untimed, seq)
    assert (first.kind, first.seat, first.data) == (
        "player_away",
        gone.position,
        {"reason": "absent", "seconds": 60},
    )
    assert [(m.kind, m.seat, m.by_bot) for m in moves[:2]] == [
        ("drew", gone.position, True),
        ("discarded", gone.position, True),
    ], "a bot played their turn, and the rows say so"
    assert _on_turn(untimed).position != gone.position, "the other player's turn now"
    other = 1 - gone.position
    names = untimed.engine_state().names
    said = describe(first.to_engine(), names, other)
    assert said == (
        f"{names[gone.position]} left the table on their turn (nothing heard from them for "
        "60 seconds), so a bot plays for them until they are back."
    )
    assert _log_replays(untimed)

    # They come back: one click, and they play their own turns again.
    with django_capture_on_commit_callbacks(execute=True):
        services.come_back(game_id=untimed.pk, user=gone.user)
    gone.refresh_from_db()
    assert not gone.away and gone.away_reason == ""
    assert _events_after(untimed, untimed.seq - 1)[-1].kind == "player_back"
    page = _page(gone.user, untimed)
    assert "I&#x27;m back" not in page and "I'm back</button>" not in page
    assert "A bot played your last turn: it drew" in page


def test_a_socket_or_a_page_request_of_theirs_keeps_them_at_the_table(
    untimed: Game, django_capture_on_commit_callbacks: Any
) -> None:
    player = _on_turn(untimed)
    _turn_began(untimed, absence.ABSENT_SECONDS + 30)
    presence.mark_present(untimed.pk, player.position)  # a socket is open
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()
    assert not GamePlayer.objects.get(pk=player.pk).away

    # The socket closes: its presence goes, and so does its page's mark.
    _page(player.user, untimed)  # the page was loaded before the socket opened
    presence.mark_absent(untimed.pk, player.position, player.user_id)
    assert presence.seat_seen(untimed.pk, player.position, player.user_id) is False

    # A page without JavaScript has no socket: its request is the sign, for 5 minutes.
    _page(player.user, untimed)
    assert presence.seat_seen(untimed.pk, player.position, player.user_id) is True
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()
    assert not GamePlayer.objects.get(pk=player.pk).away


def test_unknown_presence_marks_no_one_away(
    untimed: Game, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    player = _on_turn(untimed)
    _turn_began(untimed, absence.ABSENT_SECONDS * 10)
    monkeypatch.setattr(presence, "cache", BrokenCache())
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()
    assert not GamePlayer.objects.get(pk=player.pk).away
    assert Game.objects.get(pk=untimed.pk).seq == untimed.seq
    # A task already queued when the cache failed does nothing either.
    tasks.absent_turn(untimed.pk, untimed.seq, player.position, player.user_id)
    assert not GamePlayer.objects.get(pk=player.pk).away


def test_a_table_with_a_timer_is_left_to_its_timer(
    untimed: Game, django_capture_on_commit_callbacks: Any
) -> None:
    Table.objects.filter(pk=untimed.table_id).update(turn_timer=60)
    player = _on_turn(untimed)
    _turn_began(untimed, absence.ABSENT_SECONDS * 10)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()
    assert not GamePlayer.objects.get(pk=player.pk).away


def test_marking_someone_absent_late_or_twice_does_nothing(untimed: Game) -> None:
    player = _on_turn(untimed)
    _turn_began(untimed, absence.ABSENT_SECONDS + 1)
    assert not services.mark_absent(game_id=untimed.pk, expected_seq=untimed.seq - 1)
    assert services.mark_absent(game_id=untimed.pk, expected_seq=untimed.seq)
    assert not services.mark_absent(game_id=untimed.pk, expected_seq=untimed.seq)
    assert not services.mark_absent(game_id=untimed.pk, expected_seq=untimed.seq + 1)
    events = GameEvent.objects.filter(game=untimed, kind="player_away", seat=player.position)
    assert events.count() == 1


# ---- the host and staff let a bot play --------------------------------------------


def test_the_host_lets_a_bot_play_for_someone_until_they_are_back(
    untimed: Game, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    bobs = GamePlayer.objects.get(game=untimed, user=bob)
    seq = untimed.seq
    with django_capture_on_commit_callbacks(execute=True):
        services.replace_with_bot(
            game_id=untimed.pk, by=untimed.table.owner, position=bobs.position, expected_seq=seq
        )
    bobs.refresh_from_db()
    assert (bobs.away, bobs.away_reason) == (True, "host")
    away = _events_after(untimed, seq)[0]
    assert (away.kind, away.seat, away.data) == ("player_away", bobs.position, {"reason": "host"})
    untimed.refresh_from_db()
    state = untimed.engine_state()
    assert state.turn != bobs.position, "a bot played bob's turn (if it was his)"
    assert "The host let a bot play your turns." in _page(bob, untimed)
    services.come_back(game_id=untimed.pk, user=bob)
    assert not GamePlayer.objects.get(pk=bobs.pk).away
    assert _log_replays(untimed)


def test_staff_may_let_a_bot_play_and_the_log_says_staff(
    untimed: Game, bob: Any, staff: Any
) -> None:
    bobs = GamePlayer.objects.get(game=untimed, user=bob)
    services.replace_with_bot(
        game_id=untimed.pk, by=staff, position=bobs.position, expected_seq=untimed.seq
    )
    assert GamePlayer.objects.get(pk=bobs.pk).away_reason == "staff"
    assert GameEvent.objects.get(game=untimed, kind="player_away").data == {"reason": "staff"}


def _refused(game: Game, capture: Any, match: str, call: Any) -> None:
    """`call()` is refused with `match`, and nothing is written or sent."""
    game.refresh_from_db()
    before = (game.seq, game.status, list(GamePlayer.objects.filter(game=game).values()))
    with capture() as callbacks, pytest.raises(services.ServiceError, match=match):
        call()
    assert callbacks == []
    game.refresh_from_db()
    assert (game.seq, game.status, list(GamePlayer.objects.filter(game=game).values())) == before
    assert GameEvent.objects.filter(game=game).count() == game.seq


def test_letting_a_bot_play_is_refused_to_others_in_the_wrong_state_and_twice(
    untimed: Game, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    anns = GamePlayer.objects.get(game=untimed, user=ann)
    bobs = GamePlayer.objects.get(game=untimed, user=bob)

    def replace(by: Any, position: int, seq: int | None = None) -> Any:
        seq = Game.objects.get(pk=untimed.pk).seq if seq is None else seq
        return lambda: services.replace_with_bot(
            game_id=untimed.pk, by=by, position=position, expected_seq=seq
        )

    _refused(untimed, capture, "Only the table's host or staff", replace(bob, anns.position))
    _refused(untimed, capture, "moved on", replace(ann, bobs.position, untimed.seq - 1))
    _refused(untimed, capture, "no such seat", replace(ann, 7))
    services.replace_with_bot(
        game_id=untimed.pk, by=ann, position=bobs.position, expected_seq=untimed.seq
    )
    _refused(untimed, capture, "A bot already plays for bob", replace(ann, bobs.position))
    Game.objects.filter(pk=untimed.pk).update(status=Game.FINISHED)
    _refused(untimed, capture, "This game is over", replace(ann, anns.position))


# ---- the host and staff end the game ----------------------------------------------


def test_the_host_ends_the_game_the_standings_stand_and_no_one_wins(
    untimed: Game, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    before = untimed.engine_state()
    with django_capture_on_commit_callbacks(execute=True):
        services.end_game(game_id=untimed.pk, by=ann, expected_seq=untimed.seq)
    untimed.refresh_from_db()
    assert (untimed.status, untimed.end_reason) == (Game.ENDED, "host")
    assert untimed.finished_at is not None and untimed.turn_deadline is None
    assert untimed.engine_state() == before, "the standings (the snapshot) stand"
    assert not GamePlayer.objects.filter(game=untimed, won=True).exists()
    last = GameEvent.objects.get(game=untimed, seq=untimed.seq)
    assert (last.kind, last.data) == ("game_ended_early", {"reason": "host"})
    assert _log_replays(untimed)

    # Nothing moves at an ended game.
    mover = _on_turn(untimed)
    with pytest.raises(services.ServiceError, match="This game is over"):
        services.play(
            game_id=untimed.pk, user=mover.user, action="draw:stock", expected_seq=untimed.seq
        )
    Table.objects.filter(pk=untimed.table_id).update(turn_timer=15)
    Game.objects.filter(pk=untimed.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert services.time_out_turn(game_id=untimed.pk, expected_seq=untimed.seq) is None
    GamePlayer.objects.filter(pk=mover.pk).update(away=True)
    assert services.play_for_bot(game_id=untimed.pk, expected_seq=untimed.seq) is None
    assert Game.objects.get(pk=untimed.pk).seq == untimed.seq

    # An ended game is not a win, nor a loss, for anyone; and the table is free again.
    for user in (ann, bob):
        summary = player_summary(user)
        assert (summary["played"], summary["won"], summary["playing"]) == (0, 0, 0)
        assert [g.result for g in summary["games"]] == ["Ended early"]
    assert services.start_game(table=untimed.table, by=ann).status == Game.PLAYING


def test_staff_may_end_a_game(untimed: Game, staff: Any) -> None:
    services.end_game(game_id=untimed.pk, by=staff, expected_seq=untimed.seq)
    untimed.refresh_from_db()
    assert (untimed.status, untimed.end_reason) == (Game.ENDED, "staff")


def test_ending_a_game_is_refused_to_others_in_the_wrong_state_and_twice(
    untimed: Game, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks

    def end(by: Any, seq: int | None = None) -> Any:
        seq = Game.objects.get(pk=untimed.pk).seq if seq is None else seq
        return lambda: services.end_game(game_id=untimed.pk, by=by, expected_seq=seq)

    _refused(untimed, capture, "Only the table's host or staff", end(bob))
    _refused(untimed, capture, "moved on", end(ann, untimed.seq - 1))
    services.end_game(game_id=untimed.pk, by=ann, expected_seq=untimed.seq)
    _refused(untimed, capture, "already been ended", end(ann))
    Game.objects.filter(pk=untimed.pk).update(status=Game.FINISHED, end_reason="")
    _refused(untimed, capture, "played to the end", end(ann))


def test_an_end_and_a_move_on_the_same_view_exactly_one_happens(untimed: Game, ann: Any) -> None:
    """The sequential half (tests/integration/test_concurrent_moves.py has the two at
    the same moment, on PostgreSQL): whichever commits first, the other is refused,
    and the log shows which."""
    mover = _on_turn(untimed)
    seq = untimed.seq
    # The end first: the move made on the same view is refused, and the log ends there.
    services.end_game(game_id=untimed.pk, by=ann, expected_seq=seq)
    with pytest.raises(services.ServiceError, match="over"):
        services.play(game_id=untimed.pk, user=mover.user, action="draw:stock", expected_seq=seq)
    assert [e.kind for e in _events_after(untimed, seq)] == ["game_ended_early"]

    # The move first: the end asked on the same view is refused, the game plays on.
    game = services.start_game(table=untimed.table, by=ann)
    mover = _on_turn(game)
    seq = game.seq
    services.play(game_id=game.pk, user=mover.user, action="draw:stock", expected_seq=seq)
    with pytest.raises(services.StaleMove):
        services.end_game(game_id=game.pk, by=ann, expected_seq=seq)
    game.refresh_from_db()
    assert game.status == Game.PLAYING
    assert [e.kind for e in _events_after(game, seq)] == ["drew"]


# ---- abandoned games --------------------------------------------------------------


def _nobody_moved_for(game: Game, hours: float) -> None:
    Game.objects.filter(pk=game.pk).update(human_moved_at=timezone.now() - timedelta(hours=hours))


def test_a_game_no_one_moved_in_for_a_day_ends_itself_once(
    untimed: Game, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    _nobody_moved_for(untimed, 23)
    tasks.sweep()
    assert Game.objects.get(pk=untimed.pk).status == Game.PLAYING

    _nobody_moved_for(untimed, 25)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()
        tasks.sweep()  # a second sweep (or worker) before the first's task ran
    untimed.refresh_from_db()
    assert (untimed.status, untimed.end_reason) == (Game.ENDED, "abandoned")
    ended = GameEvent.objects.filter(game=untimed, kind="game_ended_early")
    assert [e.data for e in ended] == [{"reason": "abandoned", "hours": 24}]
    assert not services.end_abandoned(game_id=untimed.pk), "harmless when repeated"
    assert not GamePlayer.objects.filter(game=untimed, won=True).exists()
    assert [g.result for g in player_summary(ann)["games"]] == ["Abandoned"]
    assert "No one had played for 24 hours" in _page(bob, untimed)


def test_a_persons_move_or_coming_back_restarts_the_abandoned_clock(untimed: Game) -> None:
    _nobody_moved_for(untimed, 25)
    mover = _on_turn(untimed)
    services.play(
        game_id=untimed.pk, user=mover.user, action="draw:stock", expected_seq=untimed.seq
    )
    assert not services.end_abandoned(game_id=untimed.pk)
    _nobody_moved_for(untimed, 25)
    GamePlayer.objects.filter(pk=mover.pk).update(away=True)
    services.come_back(game_id=untimed.pk, user=mover.user)
    assert not services.end_abandoned(game_id=untimed.pk)
    assert Game.objects.get(pk=untimed.pk).status == Game.PLAYING


def test_an_away_players_own_move_before_the_bots_brings_them_back_and_the_log_says_so(
    untimed: Game,
) -> None:
    player = _on_turn(untimed)
    GamePlayer.objects.filter(pk=player.pk).update(away=True, away_reason="host")
    seq = untimed.seq
    services.play(game_id=untimed.pk, user=player.user, action="draw:stock", expected_seq=seq)
    player.refresh_from_db()
    assert (player.away, player.away_reason) == (False, "")
    back, drew = _events_after(untimed, seq)
    assert (back.kind, back.seat) == ("player_back", player.position)
    assert (drew.kind, drew.by_bot) == ("drew", False), "their own move"
    assert _log_replays(untimed)
