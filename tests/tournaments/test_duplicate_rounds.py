"""Duplicate rounds through the services (tournaments.duplicate_rounds): every table
plays every board of its round, dealt alike; a board is revealed only after its last
table; matchpoints on the page are `duplicate.matchpoints`' own, Neuberg included."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pytest
from django.test import Client

from clubs.models import Membership
from games import engine
from games import services as games
from games.engine.events import MOVE_KINDS
from games.models import Deal, Game, GameEvent
from games.services import ServiceError
from tests.games.playing import play_out
from tournaments import pages, season, services
from tournaments.formats.duplicate import matchpoints as duplicate
from tournaments.formats.duplicate import pages as duplicate_records
from tournaments.models import Board, BoardPlay, Event, Round, RoundSeat, RoundTable

pytestmark = pytest.mark.django_db


def duplicate_event(make_event: Any, **options: Any) -> Event:
    options = {"rounds": 1, "boards": 2, "table_size": 4, "table_min": 4, "table_max": 4, **options}
    return make_event(name="Duplicate night", format=Event.DUPLICATE, **options)


def start(event: Event, players: list[Any], by: Any) -> Round:
    for user in players:
        services.register(event=event, user=user)
    return services.start_event(event=event, by=by)


def play(board_play: BoardPlay, capture: Any) -> None:
    """Play one board's game to its end; the commit records it (and deals the next)."""
    assert board_play.game.in_play, "the board's game ended as it was dealt"
    with capture(execute=True):
        play_out(board_play.game)


def play_everything(event: Event, capture: Any) -> None:
    for _ in range(500):
        # A board that ended on its deal (a 31 dealt) when no commit hook ran (a start
        # outside a capture block): the sweep records it, as beat's does in production.
        with capture(execute=True):
            services.sweep()
        waiting = BoardPlay.objects.filter(
            board__round__event=event, finished_at__isnull=True, game__status=Game.PLAYING
        ).first()
        if waiting is None:
            return
        play(waiting, capture)
    raise AssertionError("the event did not end")


def hands_now(game: Game) -> list[str]:
    return [engine.format_cards(hand) for hand in game.engine_state().hands]


def test_create_checks_the_boards(make_event: Any) -> None:
    for boards in (0, 17):
        with pytest.raises(ServiceError) as refused:
            duplicate_event(make_event, boards=boards)
        assert refused.value.field == "boards"
        assert "1 to 16 boards" in refused.value.message
    assert not Event.objects.exists()
    assert duplicate_event(make_event, boards=16).boards == 16


def test_every_table_plays_every_board_dealt_alike_and_seats_rotate(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = duplicate_event(make_event, rounds=2, boards=3)
    first = start(event, [ann, *members[:5]], ann)  # six players: two tables of four
    assert first.status == Round.PLAYING
    tables = list(first.tables.all())
    assert len(tables) == 2
    for table in tables:
        seats = list(table.seats.all())
        assert len(seats) == 4  # bots fill: every table is complete
        assert sum(1 for s in seats if s.entry_id is None) == 1
        assert table.table.starters == "system" and table.table.owner is None
        assert not table.table.is_public
    # Board 1 is dealt at both tables: seat k holds the same cards, the same dealer.
    openers = [BoardPlay.objects.get(board__round=first, board__number=1, table=t) for t in tables]
    assert all(p.game.sealed for p in openers)
    assert hands_now(openers[0].game) == hands_now(openers[1].game)
    assert openers[0].game.engine_state().dealer == openers[1].game.engine_state().dealer == 0
    play_everything(event, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    plays = BoardPlay.objects.filter(board__round__event=event)
    assert plays.count() == 2 * 3 * 2 and all(p.scored for p in plays)
    assert not Game.objects.filter(board_play__in=plays, sealed=True).exists()
    for board in Board.objects.filter(round__event=event):
        assert board.revealed_at is not None
        # Every table dealt from the board's deck, committed to as published.
        decks = {
            GameEvent.objects.get(game=p.game, kind="round_started").to_engine().secret["deck"]
            for p in board.plays.all()
        }
        assert {engine.format_cards(d) for d in decks} == {board.deck}
        commitment = hashlib.sha256(f"{board.salt}:{board.deck}".encode()).hexdigest()
        assert commitment == board.commitment
        assert {p.game.engine_state().dealer for p in board.plays.all()} == {(board.number - 1) % 4}
        assert set(
            Deal.objects.filter(game__board_play__board=board, purpose=Deal.RESHUFFLE, number=1)
            .values_list("deck", flat=True)
            .distinct()
        ) <= {board.reshuffle}
    # Round 2: everyone one seat on, at the same table.
    second = Round.objects.get(event=event, number=2)
    before = {
        s.entry_id: (s.table.number, s.position)
        for s in RoundSeat.objects.filter(table__round=first, entry__isnull=False)
    }
    after = {
        s.entry_id: (s.table.number, s.position)
        for s in RoundSeat.objects.filter(table__round=second, entry__isnull=False)
    }
    assert after == {p: (t, (k + 1) % 4) for p, (t, k) in before.items()}
    # Every player has a result on all six boards.
    found, expected = duplicate_records.results(event)
    assert expected == 2
    assert Counter(r.player for r in found if r.player) == {p: 6 for p in before}


def test_a_board_is_revealed_only_after_its_last_table_and_records_once(
    make_event: Any, members: list[Any], ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event = duplicate_event(make_event, boards=2)
    round_ = start(event, members[:6], ann)
    one, two = round_.tables.order_by("number")
    board = round_.boards.get(number=1)
    first = BoardPlay.objects.get(board=board, table=one)
    play(first, django_capture_on_commit_callbacks)
    first.refresh_from_db()
    board.refresh_from_db()
    assert first.finished_at is not None and first.scored
    assert board.revealed_at is None
    assert Game.objects.get(pk=first.game_id).sealed
    # Table 1 went on to board 2 at once; table 2 is still on board 1.
    assert BoardPlay.objects.get(board__number=2, table=one).game.in_play
    assert not BoardPlay.objects.filter(board__number=2, table=two).exists()
    # A repeated (or late) call changes nothing.
    assert services.record_table(game_id=first.game_id) is False
    assert BoardPlay.objects.filter(board__round=round_).count() == 3
    play(BoardPlay.objects.get(board=board, table=two), django_capture_on_commit_callbacks)
    board.refresh_from_db()
    assert board.revealed_at is not None
    assert not Game.objects.filter(board_play__board=board, sealed=True).exists()
    assert Game.objects.filter(board_play__board__number=2, sealed=True).count() == 2
    assert services.record_table(game_id=first.game_id) is False


def test_late_entries_and_place_corrections_are_refused(
    make_event: Any, members: list[Any], ann: Any
) -> None:
    event = duplicate_event(make_event, rounds=2)
    round_ = start(event, members[:5], ann)
    with pytest.raises(ServiceError, match="too late"):
        services.register(event=event, user=members[5])
    seat = RoundSeat.objects.filter(table__round=round_, entry__isnull=False).first()
    RoundTable.objects.filter(pk=seat.table_id).update(finished_at=round_.started_at)
    with pytest.raises(ServiceError, match="no places to correct"):
        services.correct_result(seat=seat, by=ann, place=1, reason="x")


def test_matchpoints_on_the_page_with_neuberg_where_a_table_did_not_play(
    make_event: Any,
    club: Any,
    ann: Any,
    staff: Any,
    members: list[Any],
    django_user_model: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Three tables; table 3's game of the one board is ended by staff before the deal is
    over, so board 1 has two results a seat where three were expected. Hand-computed with
    MP' = (MP + ½)·3/2 − ½: a tie (½) scores 1, a win (1) 1.75, a loss (0) 0.25."""
    more = [django_user_model.objects.create_user(f"q{k}") for k in range(2)]
    for user in more:
        Membership.objects.create(club=club, user=user)
    event = duplicate_event(make_event, boards=1)
    round_ = start(event, [*members, *more], ann)  # nine: three tables, three bots
    one, two, three = round_.tables.order_by("number")
    board = round_.boards.get()
    for table in (one, two):
        play(BoardPlay.objects.get(board=board, table=table), django_capture_on_commit_callbacks)
    ended = BoardPlay.objects.get(board=board, table=three).game
    with django_capture_on_commit_callbacks(execute=True):
        games.end_game(game_id=ended.pk, by=staff, expected_seq=ended.seq)
    board.refresh_from_db()
    assert board.revealed_at is not None
    assert not BoardPlay.objects.get(board=board, table=three).scored
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    # The results as recorded, made different at each seat to check the arithmetic.
    BoardPlay.objects.filter(board=board, table=one).update(
        lives_lost=[0, 1, 0, 0], hand_values=[25, 20, 30, 15]
    )
    BoardPlay.objects.filter(board=board, table=two).update(
        lives_lost=[0, 0, 1, 0], hand_values=[25, 22, 12, 31]
    )
    by_hand = {
        (1, 0): 1.0, (1, 1): 0.25, (1, 2): 1.75, (1, 3): 0.25,
        (2, 0): 1.0, (2, 1): 1.75, (2, 2): 0.25, (2, 3): 1.75,
    }  # fmt: skip
    found, expected = duplicate_records.results(event)
    assert expected == 3
    independent = {
        (s.result.table, s.result.seat): s.matchpoints for s in duplicate.matchpoints(found, 3)
    }
    assert independent == pytest.approx(by_hand)
    # The traveller on the page, and the standings (bots are not ranked).
    page = Client().get(event.get_absolute_url()).content.decode()
    assert "Not played at table 3" in page
    names = {
        (s.table.number, s.position): s.entry.user.username if s.entry else None
        for s in RoundSeat.objects.filter(table__round=round_).select_related(
            "table", "entry__user"
        )
    }
    lines = {line.name: line for line in duplicate_records.standing_lines(event, None)}
    for (table, seat), mp in by_hand.items():
        name = names[table, seat]
        if name is None:
            continue
        assert float(lines[name].matchpoints) == pytest.approx(mp)
        assert float(lines[name].percentage) == pytest.approx(round(mp / 2 * 100, 1))
        assert lines[name].top == 2
    for seat in range(4):
        name = names[3, seat]
        if name is not None:
            assert lines[name].boards == 0 and lines[name].percentage == ""
    traveller = page.split("Traveller of board 1")[1]
    for mp in ("1.75", "0.25"):
        assert f"<td>{mp}</td>" in traveller
    csv = Client().get(f"/tournaments/{event.pk}/standings.csv").content.decode()
    # Its first column marks the standings: final once the event is over.
    assert csv.splitlines()[0] == "Standings,Rank,Player,Percentage,Matchpoints,Top,Boards"
    best = [n for (t, s), n in names.items() if n and by_hand.get((t, s)) == 1.75]
    assert csv.splitlines()[1].split(",")[2] in best
    event.refresh_from_db()
    mark = "final" if event.status == Event.FINISHED else "provisional"
    assert {line.split(",")[0] for line in csv.splitlines()[1:]} == {mark}


def test_a_player_who_withdraws_is_played_by_a_bot_and_their_boards_count(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = duplicate_event(make_event, rounds=2, boards=2)
    first = start(event, [ann, *members[:5]], ann)
    leaving = members[0]
    entry = event.entries.get(user=leaving)
    services.withdraw(event=event, entry=entry, by=leaving)
    current = BoardPlay.objects.get(board__round=first, board__number=1, table__seats__entry=entry)
    assert current.game.players.get(user=leaving).away
    play_everything(event, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    # Board 2 of round 1 was dealt with a bot playing for them; in round 2 a bot sits there.
    later = BoardPlay.objects.get(board__round=first, board__number=2, table__seats__entry=entry)
    # A bot played for them -- unless the board ended on its deal (a 31 dealt): no one moved.
    moved = GameEvent.objects.filter(game=later.game, kind__in=MOVE_KINDS).exists()
    assert later.game.players.get(user=leaving).away or not moved
    second = Round.objects.get(event=event, number=2)
    assert not RoundSeat.objects.filter(table__round=second, entry=entry).exists()
    assert RoundSeat.objects.filter(table__round=second, entry__isnull=True).count() == 3
    line = next(
        x for x in duplicate_records.standing_lines(event, None) if x.name == leaving.username
    )
    assert line.withdrawn and line.boards == 2


def test_the_event_page_links_only_your_own_table_and_the_season_counts_matchpoints(
    make_event: Any,
    club: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = duplicate_event(make_event, boards=1)
    round_ = start(event, members[:6], ann)
    me = members[0]
    mine = round_.tables.get(seats__entry__user=me)
    context = pages.live_context(event, me)
    links = {line.number: line.url for line in context["tables"]}
    assert links[mine.number] is not None
    assert [url for n, url in links.items() if n != mine.number] == [None]
    play_everything(event, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    rows = {row.name: row for row in season.season(club, event.started_at.year).rows}
    ranked = {line.name: line for line in duplicate_records.standing_lines(event, None)}
    assert set(rows) == {m.username for m in members[:6]}
    for name, row in rows.items():
        assert row.points == pytest.approx(float(ranked[name].matchpoints))
        assert row.maximum == 1 and row.games == 1


def test_a_boards_table_says_it_deals_once_and_leads_back_to_the_event(
    make_event: Any, ann: Any, members: list[Any], client: Any
) -> None:
    event = duplicate_event(make_event, boards=1)
    round_ = start(event, members[:8], ann)
    table = round_.tables.get(seats__entry__user=members[0]).table
    client.force_login(members[0])
    page = client.get(table.get_absolute_url()).content.decode()
    # A board is one deal, not the new game to the last player that "a new game" says.
    assert "A deal of 31 for " in page and "A new game of 31" not in page
    assert f'href="{event.get_absolute_url()}">&larr; Duplicate night</a>' in page


def test_one_table_is_refused_and_nothing_changes(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = duplicate_event(make_event)
    for user in members[:4]:
        services.register(event=event, user=user)
    with pytest.raises(ServiceError, match="at least 5 players"):
        services.start_event(event=event, by=ann)
    event.refresh_from_db()
    assert event.status == Event.UPCOMING and not event.round_set.exists()


def test_every_board_is_committed_to_when_the_event_starts_and_kept_when_reseated(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    """Every board of every round is drawn as the event starts and its commitment is on
    the page from then on
    (docs/fair-seating.md#duplicate-boards-are-drawn-at-the-start), before any round is
    played, even while round 1 waits for the organizer; no deck shows. A withdrawal
    while round 1 waits seats it again with the same boards: they were committed to."""
    event = duplicate_event(make_event, rounds=2, advance=Event.MANUAL)
    round_ = start(event, members[:6], ann)
    assert round_.status == Round.SEATED
    boards = list(Board.objects.filter(event=event))
    assert [(b.round_number, b.number) for b in boards] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert [b.round_id for b in boards] == [round_.pk, round_.pk, None, None]
    assert all(b.committed_at <= round_.seated_at for b in boards)
    assert not BoardPlay.objects.exists()
    page = Client().get(event.get_absolute_url()).content.decode()
    assert all(b.commitment in page and b.deck not in page and b.salt not in page for b in boards)
    services.withdraw(event=event, entry=event.entries.get(user=members[0]), by=ann)
    again = event.round_set.get(number=1)
    assert again.pk != round_.pk
    assert sorted(again.boards.values_list("pk", flat=True)) == [b.pk for b in boards[:2]]
    services.start_round(round_=again, by=ann)
    assert BoardPlay.objects.filter(board__number=1).count() == 2
    page = Client().get(event.get_absolute_url()).content.decode()
    assert all(b.commitment in page and b.deck not in page for b in boards)
