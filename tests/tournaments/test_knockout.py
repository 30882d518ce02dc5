"""tournaments.knockout: knockout events played deal by deal through the services, with
the balancing, the places and the exactly-once recording checked against the games
themselves."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Membership
from games import services as games
from games.models import Game, GameEvent, RuleSet
from games.services import SeatSpec, ServiceError
from tests.games.playing import play_out
from tournaments import services
from tournaments.formats.top_q import rounds as top_q_rounds
from tournaments.models import Event, KnockoutMove, KnockoutPlayer, Round, RoundSeat, RoundTable

pytestmark = pytest.mark.django_db

MOST_DEALS = 300  # a one-life knockout of 12 ends long before


@pytest.fixture
def quick(presets: None) -> RuleSet:
    """Scat with one life and the county: out on the second loss (short events)."""
    return RuleSet.objects.create(name="Quick scat", preset="scat", changes={"lives": 1})


@pytest.fixture
def field(club: Club, ann: Any, django_user_model: Any) -> list[Any]:
    """ann and eleven more members: k1..k11."""
    users = [ann]
    for k in range(1, 12):
        user = django_user_model.objects.create_user(f"k{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        users.append(user)
    return users


def knockout(
    make_event: Any, rule_set: RuleSet, players: list[Any], size: int, top: int = 0
) -> Event:
    """A knockout at tables of 3 to `size` (`top`: the first `top` of each table go
    through, round by round), with `players` registered."""
    event = make_event(
        name="Friday knockout",
        format=Event.TOP_Q if top else Event.KNOCKOUT,
        top_q=top,
        rule_set=rule_set,
        table_size=size,
        table_min=3,
        table_max=size,
    )
    for user in players:
        services.register(event=event, user=user)
    return event


@pytest.fixture
def make_event(club: Club, ann: Any) -> Any:
    def make(**options: Any) -> Event:
        options.setdefault("starts_at", timezone.now() + timedelta(hours=1))
        options.setdefault("turn_timer", 0)
        return services.create_event(club=club, by=ann, **options)

    return make


def play_deal(round_: Round, capture: Any) -> None:
    """Play every table's game of the deal; the on-commit hooks record them (and end the
    deal, and start the next) when the block ends. A game that ended on its deal (a 31
    dealt) at a start made outside such a block has had no hook run: the sweep records
    it, as beat's does in production."""
    with capture(execute=True):
        for table in round_.tables.select_related("game"):
            play_out(table.game)
        services.sweep()


def play_to_the_end(event: Event, round_: Round, capture: Any) -> None:
    """Play deal after deal (or round after round) from `round_` until the event is over;
    a stuck event fails the test, it does not hang it."""
    for _ in range(MOST_DEALS):
        play_deal(round_, capture)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            return
        round_ = event.round_set.order_by("-number").first()
    raise AssertionError(f"not over after {MOST_DEALS} deals")


def start_lives(game: Game) -> list[int]:
    return list(GameEvent.objects.get(game=game, kind="game_started").data["lives"])


def engine_seat_of(table: RoundTable, entry_id: int) -> int:
    positions = list(table.seats.order_by("position").values_list("entry_id", flat=True))
    return positions.index(entry_id)


def expected_places(event: Event) -> dict[int, int]:
    """The places, computed from the games alone: players out on the same deal rank by
    their lives at its start, then by their hand's value; ties share the best place."""
    places: dict[int, int] = {}
    still_in = KnockoutPlayer.objects.filter(event=event).count()
    for round_ in event.round_set.order_by("number"):
        exits = []
        for table in round_.tables.select_related("game"):
            state = table.game.engine_state()
            lives = start_lives(table.game)
            for k, entry_id in enumerate(
                table.seats.order_by("position").values_list("entry_id", flat=True)
            ):
                if state.players[k].out:
                    exits.append((entry_id, lives[k], state.last_round.values[k]))
        first = still_in - len(exits) + 1
        for entry_id, lives, value in exits:
            places[entry_id] = first + sum((o[1], o[2]) > (lives, value) for o in exits)
        still_in -= len(exits)
    assert still_in == 1
    winner = KnockoutPlayer.objects.get(event=event, out_deal__isnull=True)
    places[winner.entry_id] = 1
    return places


def test_a_knockout_plays_from_three_tables_to_the_last_player(
    make_event: Any, quick: RuleSet, field: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = knockout(make_event, quick, field, size=4)
    first = services.start_event(event=event, by=field[0])
    assert first.number == 1 and first.status == Round.PLAYING
    tables = list(first.tables.select_related("table", "game"))
    assert [t.seats.count() for t in tables] == [4, 4, 4]
    addresses = {t.number: t.table_id for t in tables}
    for t in tables:
        assert t.table.starters == "system" and t.table.seat_count == 4
        assert start_lives(t.game) == [1, 1, 1, 1]
        assert t.game.engine_state().last_deal == 1
    deals_seen_sizes = []
    for _ in range(200):
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            break
        round_ = event.round_set.order_by("-number").first()
        assert round_.status == Round.PLAYING
        # Only one deal is being played at a time, at every table.
        assert event.round_set.filter(status=Round.PLAYING).count() == 1
        sizes = [t.seats.count() for t in round_.tables.all()]
        assert max(sizes) - min(sizes) <= 1, sizes
        deals_seen_sizes.append(sorted(sizes))
        for t in round_.tables.all():
            # A table keeps its games.Table (its players keep its address).
            assert addresses[t.number] == t.table_id
            assert t.table.seats.count() == t.seats.count()
        play_deal(round_, django_capture_on_commit_callbacks)
    else:
        raise AssertionError("the knockout did not end")
    # Tables broke on the way to one final table.
    assert deals_seen_sizes[0] == [4, 4, 4]
    assert len(deals_seen_sizes[-1]) == 1
    moves = KnockoutMove.objects.filter(event=event)
    assert moves.filter(reason=KnockoutMove.BREAK).exists()
    # Lives carry with a moved player: their next deal starts with what they ended with.
    for move in moves:
        before = RoundTable.objects.get(
            round__event=event, round__number=move.after_deal, number=move.from_table
        )
        after = RoundTable.objects.get(
            round__event=event, round__number=move.after_deal + 1, number=move.to_table
        )
        ended = before.game.engine_state().players[engine_seat_of(before, move.entry_id)].lives
        assert start_lives(after.game)[engine_seat_of(after, move.entry_id)] == ended
        assert after.seats.get(entry_id=move.entry_id).position == move.to_seat
    # The counts of moves are those recorded.
    counted = Counter(moves.values_list("entry_id", flat=True))
    for player in KnockoutPlayer.objects.filter(event=event):
        assert player.moves == counted[player.entry_id]
    # Places: the rule, recomputed from the games.
    places = dict(KnockoutPlayer.objects.filter(event=event).values_list("entry_id", "place"))
    assert places == expected_places(event)
    assert sorted(places.values())[0] == 1 and max(places.values()) <= 12


def test_no_deal_starts_before_every_table_finished_and_recording_is_exactly_once(
    make_event: Any, quick: RuleSet, field: list[Any]
) -> None:
    event = knockout(make_event, quick, field[:8], size=4)
    round_ = services.start_event(event=event, by=field[0])
    first, second = round_.tables.select_related("game")
    assert services.record_table(game_id=first.game_id) is False  # still being played
    play_out(first.game)  # outside a capture: nothing recorded yet
    assert services.record_table(game_id=first.game_id) is True
    assert services.record_table(game_id=first.game_id) is False
    # Table 1 waits: no deal 2 anywhere while table 2 plays deal 1.
    assert event.round_set.count() == 1
    assert not first.table.games.in_play().exists()
    play_out(second.game)
    assert services.record_table(game_id=second.game_id) is True
    assert [services.record_table(game_id=t.game_id) for t in (first, second)] == [False, False]
    event.refresh_from_db()
    if event.status == Event.RUNNING:
        assert event.round_set.count() == 2
        assert Round.objects.get(event=event, number=2).tables.count() >= 1


def test_players_out_on_the_same_deal_rank_by_lives_then_hand(
    make_event: Any, quick: RuleSet, field: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = knockout(make_event, quick, field[:6], size=3)
    round_ = services.start_event(event=event, by=field[0])
    play_to_the_end(event, round_, django_capture_on_commit_callbacks)
    places = dict(KnockoutPlayer.objects.filter(event=event).values_list("entry_id", "place"))
    assert places == expected_places(event)


def test_a_knockout_refuses_late_entries_and_pauses(
    make_event: Any, quick: RuleSet, field: list[Any]
) -> None:
    event = knockout(make_event, quick, field[:4], size=4)
    services.start_event(event=event, by=field[0])
    with pytest.raises(ServiceError, match="too late"):
        services.register(event=event, user=field[5])
    with pytest.raises(ServiceError, match="no pause"):
        services.set_paused(event=event, by=field[0], paused=True)
    assert KnockoutPlayer.objects.filter(event=event).count() == 4


def test_set_seats_only_between_games_at_a_system_table(
    make_event: Any, quick: RuleSet, field: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = knockout(make_event, quick, field[:4], size=4)
    round_ = services.start_event(event=event, by=field[0])
    table = round_.tables.select_related("table").get().table
    with pytest.raises(ServiceError, match="between games"):
        games.set_seats(table=table, seats=[SeatSpec(0, user=field[0])])
    own = games.create_table(owner=field[0], name="Home", rule_set=quick)
    with pytest.raises(ServiceError, match="system"):
        games.set_seats(table=own, seats=[SeatSpec(0, user=field[0])])
    assert table.seats.count() == 4 and own.seats.count() == 1


def test_pages_show_the_standings_moves_and_the_csv(
    client: Any,
    make_event: Any,
    quick: RuleSet,
    field: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = knockout(make_event, quick, field[:7], size=4)  # tables of 4 and 3
    round_ = services.start_event(event=event, by=field[0])
    page = client.get(reverse("tournaments:detail", args=[event.pk]))
    assert page.status_code == 200
    assert "Deal 1 is being played; 7 players are still in." in page.content.decode()
    assert '<th scope="col">Deal</th>' in page.content.decode()  # a deal at each table
    assert "The last player in wins." in page.content.decode()
    for _ in range(MOST_DEALS):  # a stuck event fails the test, it does not hang it
        if KnockoutMove.objects.filter(event=event).exists():
            break
        play_deal(round_, django_capture_on_commit_callbacks)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            pytest.skip("the deals this seed gave moved no one")  # pragma: no cover
        round_ = event.round_set.order_by("-number").first()
    move = KnockoutMove.objects.filter(event=event).select_related("entry__user").first()
    name = move.entry.user.get_username()
    there = RoundTable.objects.get(round=round_, number=move.to_table).table
    text = client.get(reverse("table", args=[there.pk])).content.decode()
    assert f"{name} arrived from table {move.from_table}" in text
    left = RoundTable.objects.filter(round__event=event, number=move.from_table).first().table
    text = client.get(reverse("table", args=[left.pk])).content.decode()
    assert f"{name} moved to table {move.to_table}" in text
    csv = client.get(reverse("tournaments:standings_csv", args=[event.pk])).content.decode()
    assert csv.splitlines()[0] == (
        "Standings,Place,Player,Status,Out on deal,Lives left,Tables,Moves"
    )
    assert len(csv.splitlines()) == 8


def test_a_broken_tables_page_says_it_is_closed_and_where_each_player_went(
    client: Any,
    make_event: Any,
    quick: RuleSet,
    field: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    """A kept table whose players all moved away when it broke: closed, and where they
    went, to each of them in the second person ("You moved to table 2 →", a link to
    that table's page), to everyone else in the third, with the same links."""
    event = knockout(make_event, quick, field[:7], size=4)  # tables of 4 and 3
    round_ = services.start_event(event=event, by=field[0])
    for _ in range(MOST_DEALS):
        if KnockoutMove.objects.filter(event=event, reason=KnockoutMove.BREAK).exists():
            break
        play_deal(round_, django_capture_on_commit_callbacks)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            pytest.skip("the deals this seed gave broke no table")  # pragma: no cover
        round_ = event.round_set.order_by("-number").first()
    broke = list(
        KnockoutMove.objects.filter(event=event, reason=KnockoutMove.BREAK).select_related(
            "entry__user"
        )
    )
    assert broke, "a knockout of 7 at tables of 4 breaks a table before its end"
    number, after = broke[0].from_table, broke[0].after_deal
    table = RoundTable.objects.filter(round__event=event, number=number).first().table
    assert not table.seats.exists(), "a broken table is left empty"
    moved = [m for m in broke if m.from_table == number]

    def url_of(to_table: int) -> str:
        there = RoundTable.objects.filter(round__event=event, number=to_table).first().table
        return reverse("table", args=[there.pk])

    anonymous = client.get(table.get_absolute_url()).content.decode()
    assert f"This table is closed: it broke after deal {after}" in anonymous
    assert "Seats for the next game" not in anonymous, "no seats to offer at a broken table"
    for move in moved:
        line = f"{move.entry.user.get_username()} moved to table {move.to_table} (the table broke)."
        assert f'<a href="{url_of(move.to_table)}">{line}</a>' in anonymous
    assert "You moved" not in anonymous
    mover = moved[0]
    client.force_login(mover.entry.user)
    mine = client.get(table.get_absolute_url()).content.decode()
    assert f'<a href="{url_of(mover.to_table)}">You moved to table {mover.to_table} →</a>' in mine
    assert f"{mover.entry.user.get_username()} moved to table" not in mine
    for other in moved[1:]:
        assert f"{other.entry.user.get_username()} moved to table {other.to_table}" in mine


def test_a_player_who_withdraws_is_out_after_the_deal_a_bot_finishes_for_them(
    make_event: Any, quick: RuleSet, field: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = knockout(make_event, quick, field[:6], size=3)
    round_ = services.start_event(event=event, by=field[0])
    entry = event.entries.get(user=field[1])
    services.withdraw(event=event, entry=entry, by=field[1])
    game = round_.tables.get(seats__entry=entry).game
    assert game.players.get(user=field[1]).is_bot or game.players.get(user=field[1]).away
    play_deal(round_, django_capture_on_commit_callbacks)
    player = KnockoutPlayer.objects.get(entry=entry)
    assert player.out_deal == 1 and player.place is not None
    event.refresh_from_db()
    if event.status == Event.RUNNING:
        deal_two = Round.objects.get(event=event, number=2)
        assert not deal_two.tables.filter(seats__entry=entry).exists()


def test_the_live_part_pushed_over_the_socket_shows_the_knockout(
    make_event: Any, quick: RuleSet, field: list[Any]
) -> None:
    from tournaments import pages

    event = knockout(make_event, quick, field[:4], size=4)
    services.start_event(event=event, by=field[0])
    html = pages.render_live(event.pk, field[2])
    assert 'hx-swap-oob="true"' in html and "knockout-standings" in html
    assert "Your table for deal 1" in html and "<form" not in html


def test_the_manage_page_of_a_running_knockout(
    client: Any, make_event: Any, quick: RuleSet, field: list[Any]
) -> None:
    event = knockout(make_event, quick, field[:4], size=4)
    services.start_event(event=event, by=field[0])
    client.force_login(field[0])
    page = client.get(reverse("tournaments:manage", args=[event.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    # Its deals, not "Round 1 of n" from a rounds field a knockout does not have.
    assert "Deal 1 is being played; 4 players are still in." in text
    assert " of 0" not in text and "Round 1 of" not in text
    # No control that could only be refused: a knockout has no pause and no places to
    # correct (the services refuse both); the page says why there is no correction.
    assert 'name="paused"' not in text and 'value="correct"' not in text
    assert "A knockout&#x27;s places follow from the games: nothing to correct." in text


def test_a_knockout_deal_table_says_it_deals_once_and_leads_back_to_the_event(
    client: Any, make_event: Any, quick: RuleSet, field: list[Any]
) -> None:
    event = knockout(make_event, quick, field[:4], size=4)
    round_ = services.start_event(event=event, by=field[0])
    table = round_.tables.get().table
    assert (table.home_url, table.home_label) == (event.get_absolute_url(), "Friday knockout")
    page = client.get(table.get_absolute_url()).content.decode()
    assert f'href="{event.get_absolute_url()}">&larr; Friday knockout</a>' in page
    # The log's first line: the table plays one deal, not a new game to the last player.
    assert "A deal of 31 for " in page and "A new game of 31" not in page


def test_a_knockout_stores_no_rounds_whatever_it_was_given(make_event: Any, quick: RuleSet) -> None:
    # 9 rounds with a cap of 4 players would be refused for a Swiss event.
    event = make_event(name="Cup", format=Event.KNOCKOUT, rule_set=quick, rounds=9, player_cap=4)
    assert event.rounds == 0
    with pytest.raises(ServiceError, match="at most 3"):
        make_event(name="Swiss", rule_set=quick, rounds=9, player_cap=4)


def test_top_q_rounds_send_the_first_q_of_each_table_through_to_a_final(
    make_event: Any, quick: RuleSet, field: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = knockout(make_event, quick, field, size=4, top=2)
    round_ = services.start_event(event=event, by=field[0])
    sizes = []
    for _ in range(MOST_DEALS):  # a stuck event fails the test, it does not hang it
        sizes.append(sorted(t.seats.count() for t in round_.tables.all()))
        for table in round_.tables.select_related("game"):
            assert table.game.engine_state().last_deal is None  # a whole game
            assert start_lives_or_none(table.game) is None
        play_deal(round_, django_capture_on_commit_callbacks)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            break
        round_ = event.round_set.order_by("-number").first()
    else:
        raise AssertionError(f"not over after {MOST_DEALS} deals")
    # 12 at three tables of 4, fewer each round (a tie at the cut lets all of it
    # through), to one final table.
    assert sizes[0] == [4, 4, 4] and len(sizes[-1]) == 1
    assert all(sum(a) > sum(b) for a, b in zip(sizes, sizes[1:], strict=False))
    # The places, from the games' own places: the final's first, then each round's
    # players out by their place at their table.
    expected: dict[int, int] = {}
    still_in = 12
    for round_ in event.round_set.order_by("-number"):
        rows = [(s.entry_id, s.place) for t in round_.tables.all() for s in t.seats.all()]
        if round_.tables.count() == 1:
            expected.update(dict(rows))
            still_in = len(rows)
            continue
        # q = 2, lowered to one less than the smallest table (so each puts one out).
        q = min(2, min(t.seats.count() for t in round_.tables.all()) - 1)
        out = [(e, p) for e, p in rows if p > q]
        first = still_in + 1
        for entry_id, place in out:
            expected[entry_id] = first + sum(other < place for _, other in out)
        still_in += len(out)
    places = dict(KnockoutPlayer.objects.filter(event=event).values_list("entry_id", "place"))
    assert places == expected
    # The places stored are the games' own.
    for seat in RoundTable.objects.filter(round__event=event).values_list("game_id", flat=True):
        assert Game.objects.get(pk=seat).status != Game.PLAYING


def start_lives_or_none(game: Game) -> Any:
    return GameEvent.objects.get(game=game, kind="game_started").data.get("lives")


def test_a_top_q_round_tied_at_the_cut_at_every_table_still_puts_someone_out(
    make_event: Any,
    quick: RuleSet,
    field: list[Any],
    django_capture_on_commit_callbacks: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two tables of three, top 2: when at both the two players after the winner went
    out on the same deal (both 2nd), top 2 would put nobody out. The round used to
    raise, leaving its last table unrecorded and the event running for good; the cut
    moves up to the winners."""
    real_record_places = top_q_rounds.record_places

    def both_second(table: RoundTable) -> None:
        real_record_places(table)
        table.seats.exclude(place=1).update(place=2)

    monkeypatch.setattr(top_q_rounds, "record_places", both_second)
    event = knockout(make_event, quick, field[:6], size=3, top=2)
    round_ = services.start_event(event=event, by=field[0])
    assert sorted(t.seats.count() for t in round_.tables.all()) == [3, 3]
    play_deal(round_, django_capture_on_commit_callbacks)
    assert not round_.tables.filter(finished_at__isnull=True).exists()
    winners = set(
        RoundSeat.objects.filter(table__round=round_, place=1).values_list("entry_id", flat=True)
    )
    final = event.round_set.get(number=2)
    assert (
        set(RoundSeat.objects.filter(table__round=final).values_list("entry_id", flat=True))
        == winners
        and len(winners) == 2
    )
    out = KnockoutPlayer.objects.filter(event=event, out_deal=1)
    assert sorted(p.place for p in out) == [3, 3, 3, 3]


def test_top_q_is_refused_out_of_range_and_kept_only_by_a_top_q_knockout(
    make_event: Any, quick: RuleSet
) -> None:
    for q in (0, 4):
        with pytest.raises(ServiceError, match="1 to 3 players") as refused:
            make_event(name="K", format=Event.TOP_Q, top_q=q, rule_set=quick)
        assert refused.value.field == "top_q"
    assert not Event.objects.exists()
    # Another format has no q: a form's value (its field is on every create form) is
    # not kept.
    for format in (Event.SWISS, Event.KNOCKOUT):
        assert make_event(name=format, format=format, top_q=2, rule_set=quick).top_q == 0


def test_a_table_that_has_played_its_deal_says_it_waits_for_the_others(
    client: Any, make_event: Any, quick: RuleSet, field: list[Any]
) -> None:
    event = knockout(make_event, quick, field[:8], size=4)
    round_ = services.start_event(event=event, by=field[0])
    first = round_.tables.select_related("game", "table").first()
    play_out(first.game)
    services.record_table(game_id=first.game_id)
    text = client.get(reverse("table", args=[first.table_id])).content.decode()
    assert "Deal 1 is over at this table; deal 2 starts when every table" in text
    seat = first.seats.first()
    with pytest.raises(ServiceError, match="nothing to correct"):
        services.correct_result(seat=seat, by=field[0], place=1, reason="typo")


def test_same_deal_exits_at_different_tables_rank_by_lives_then_hand(
    make_event: Any,
    quick: RuleSet,
    field: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Known deals (seeded decks, conftest's `seeded_decks`; a fixed event seed; people
    playing the baseline bot's moves): deals where players go out at more than one
    table, ranked by the rule."""
    event = knockout(make_event, quick, field, size=4)
    Event.objects.filter(pk=event.pk).update(seed="fixed")
    event.refresh_from_db()
    round_ = services.start_event(event=event, by=field[0])
    for _ in range(MOST_DEALS):  # a stuck event fails the test, it does not hang it
        play_deal(round_, django_capture_on_commit_callbacks)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            break
        round_ = event.round_set.order_by("-number").first()
    else:
        raise AssertionError(f"not over after {MOST_DEALS} deals")
    players = KnockoutPlayer.objects.filter(event=event, out_deal__isnull=False)
    by_deal: dict[int, list[KnockoutPlayer]] = {}
    for player in players:
        by_deal.setdefault(player.out_deal, []).append(player)
    crowded = [deal for deal, out in by_deal.items() if len(out) >= 2]
    assert crowded, "these deals put no two players out together"
    spread_over = 0
    for deal in crowded:
        out = sorted(by_deal[deal], key=lambda p: p.place)
        tables = {
            RoundTable.objects.get(
                round__event=event, round__number=deal, seats__entry=p.entry
            ).number
            for p in out
        }
        for better, worse in zip(out, out[1:], strict=False):
            key = (better.lives_at_exit_deal, better.hand_value)
            assert key >= (worse.lives_at_exit_deal, worse.hand_value)
            assert (better.place == worse.place) == (
                key == (worse.lives_at_exit_deal, worse.hand_value)
            )
        spread_over += len(tables) > 1
    assert spread_over  # these deals put players out at two tables at once
    places = dict(KnockoutPlayer.objects.filter(event=event).values_list("entry_id", "place"))
    assert places == expected_places(event)


def test_the_pages_of_a_top_q_knockout_speak_of_rounds(
    client: Any, make_event: Any, quick: RuleSet, field: list[Any]
) -> None:
    event = make_event(name="BGA style", format=Event.TOP_Q, top_q=1, rule_set=quick, table_size=4)
    for user in field[:8]:
        services.register(event=event, user=user)
    services.start_event(event=event, by=field[0])
    text = client.get(reverse("tournaments:detail", args=[event.pk])).content.decode()
    assert "Round 1 is being played; 8 players are still in." in text
    assert "the first 1 of each table go through" in text
    # The round's tables: each plays a whole game, not a deal.
    assert '<th scope="col">Game</th>' in text and '<th scope="col">Deal</th>' not in text
    csv = client.get(reverse("tournaments:standings_csv", args=[event.pk])).content.decode()
    assert csv.splitlines()[0] == (
        "Standings,Place,Player,Status,Out in round,Lives left,Tables,Moves"
    )
