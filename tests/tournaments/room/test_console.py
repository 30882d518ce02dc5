"""The organizer's console for a club night (tournaments.services' stand-ins, members
added by hand, breaks and announcements; clubs' accept-all; the manage page's tables,
its confirmation step and the controls it does not offer)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import services as club_services
from clubs.models import Club, JoinRequest, Membership
from games import services as games
from games.models import Game, GameEvent, GamePlayer, RuleSet
from games.services import ServiceError
from games.wording import describe
from tests.games.playing import play_out
from tournaments import pages, services
from tournaments.models import (
    Announcement,
    BoardPlay,
    Bye,
    Entry,
    Event,
    KnockoutPlayer,
    Round,
    RoundTable,
)
from tournaments.pushes import live

pytestmark = pytest.mark.django_db


def register_all(event: Event, users: list[Any]) -> None:
    for user in users:
        services.register(event=event, user=user)


def swiss(make_event: Any, players: list[Any], **options: Any) -> tuple[Event, Round]:
    """A running Swiss event at tables of three, round 1 being played."""
    options = {"rounds": 2, "table_size": 3, "table_min": 3, "table_max": 3, **options}
    event = make_event(**options)
    register_all(event, players)
    round_ = services.start_event(event=event, by=event.created_by)
    if round_.status == Round.SEATED:  # an event the organizer advances
        round_ = services.start_round(round_=round_, by=event.created_by)
    return Event.objects.get(pk=event.pk), round_


def play_round(round_: Round, capture: Any) -> None:
    with capture(execute=True):
        for table in round_.tables.select_related("game"):
            play_out(table.game)


def seat_of(game: Game | int, user: Any) -> GamePlayer:
    return GamePlayer.objects.get(game=game, user=user)


def manage_url(event: Event) -> str:
    return reverse("tournaments:manage", args=[event.pk])


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


# ---- a bot for a no-show -----------------------------------------------------------------


def test_a_stand_in_plays_every_board_of_a_duplicate_round_until_they_come_back(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(
        name="Duplicate night",
        format=Event.DUPLICATE,
        rounds=1,
        boards=3,
        table_size=4,
        table_min=4,
        table_max=4,
    )
    register_all(event, [ann, *members[:4]])
    round_ = services.start_event(event=event, by=ann)
    absent = members[0]
    entry = Entry.objects.get(event=event, user=absent)
    table = RoundTable.objects.get(round=round_, seats__entry=entry)
    first = BoardPlay.objects.get(table=table, board__number=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.stand_in(event=event, entry=entry, by=ann, on=True)
    entry.refresh_from_db()
    assert entry.stand_in_round == round_.number
    player = seat_of(first.game_id, absent)
    assert player.away and player.away_reason == games.STAND_IN
    with pytest.raises(ServiceError, match="already plays"):
        services.stand_in(event=event, entry=entry, by=ann, on=True)

    # Board 2 is dealt when board 1 ends: the bot stands in from its first move.
    with django_capture_on_commit_callbacks(execute=True):
        play_out(first.game)
    second = BoardPlay.objects.get(table=table, board__number=2)
    assert seat_of(second.game_id, absent).away_reason == games.STAND_IN

    # They arrive and say "I'm back" at board 2: the stand-in ends for the round.
    if second.game.in_play:
        with django_capture_on_commit_callbacks(execute=True):
            games.come_back(game_id=second.game_id, user=absent)
        entry.refresh_from_db()
        assert entry.stand_in_round is None
        assert not seat_of(second.game_id, absent).away
        with django_capture_on_commit_callbacks(execute=True):
            play_out(second.game)
        third = BoardPlay.objects.get(table=table, board__number=3)
        assert not seat_of(third.game_id, absent).away


@pytest.fixture
def quick(presets: None) -> RuleSet:
    """Scat with one life and the county: out on the second loss."""
    return RuleSet.objects.create(name="Quick scat", preset="scat", changes={"lives": 1})


@pytest.fixture
def field(club: Club, ann: Any, django_user_model: Any) -> list[Any]:
    users = [ann]
    for k in range(1, 9):
        user = django_user_model.objects.create_user(f"k{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        users.append(user)
    return users


def knockout(club: Club, ann: Any, rule_set: RuleSet, players: list[Any]) -> Event:
    event = services.create_event(
        club=club,
        by=ann,
        name="Friday knockout",
        format=Event.KNOCKOUT,
        rule_set=rule_set,
        starts_at=timezone.now() + timedelta(hours=1),
        table_size=3,
        table_min=3,
        table_max=3,
        turn_timer=0,
    )
    register_all(event, players)
    return event


def play_deal(round_: Round, capture: Any) -> None:
    with capture(execute=True):
        for table in round_.tables.select_related("game"):
            play_out(table.game)
        services.sweep()


def test_a_stand_in_goes_on_into_a_knockouts_next_deal_until_the_seat_is_given_back(
    club: Club, ann: Any, field: list[Any], quick: RuleSet, django_capture_on_commit_callbacks: Any
) -> None:
    event = knockout(club, ann, quick, field)
    deal = services.start_event(event=event, by=ann)
    absent = field[3]
    entry = Entry.objects.get(event=event, user=absent)
    with pytest.raises(ServiceError, match="organizers"):
        services.stand_in(event=event, entry=entry, by=field[1], on=True)
    entry.refresh_from_db()
    assert entry.stand_in_round is None
    with pytest.raises(ServiceError, match="No bot plays"):
        services.stand_in(event=event, entry=entry, by=ann, on=False)

    services.stand_in(event=event, entry=entry, by=ann, on=True)
    play_deal(deal, django_capture_on_commit_callbacks)
    following = Round.objects.get(event=event, number=2)
    assert following.status == Round.PLAYING
    game = RoundTable.objects.get(round=following, seats__entry=entry).game
    assert seat_of(game, absent).away_reason == games.STAND_IN
    entry.refresh_from_db()
    assert entry.stand_in_round == 2

    # The console says so, and offers the seat back.
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert "Deal 2: the tables" in page
    assert f"Give {absent.get_username()} their seat back" in page

    services.stand_in(event=event, entry=entry, by=ann, on=False)
    entry.refresh_from_db()
    assert entry.stand_in_round is None
    if game.in_play:
        assert not seat_of(game, absent).away
    # A knockout has no breaks (decided: deal follows deal), and it is not offered.
    with pytest.raises(ServiceError, match="no breaks"):
        services.call_break(event=event, by=ann, minutes=10)
    assert Event.objects.get(pk=event.pk).break_until is None


def test_a_knockout_player_who_is_out_is_offered_no_withdrawal(
    club: Club, ann: Any, field: list[Any], quick: RuleSet, django_capture_on_commit_callbacks: Any
) -> None:
    event = knockout(club, ann, quick, field)
    services.start_event(event=event, by=ann)
    for _ in range(40):
        out = KnockoutPlayer.objects.filter(event=event, out_deal__isnull=False).first()
        if out is not None:
            break
        playing = Round.objects.get(event=event, status=Round.PLAYING)
        play_deal(playing, django_capture_on_commit_callbacks)
    assert out is not None, "no one went out"
    entry = out.entry
    with pytest.raises(ServiceError, match="nothing to withdraw"):
        services.withdraw(event=event, entry=entry, by=ann)
    assert Entry.objects.get(pk=entry.pk).active
    page = logged_in(ann).get(manage_url(event)).content.decode()
    name = entry.user.get_username()
    assert f'Withdraw<span class="visually-hidden"> {name}<' not in page
    assert f"{name} is out (on deal {out.out_deal}): nothing to withdraw from." in page
    # Nor pause, nor a late entry: each says why instead.
    assert 'name="paused"' not in page and "it has no pause" in page
    assert 'id="add-user"' not in page and "too late to join" in page


# ---- members added by hand, and join requests at once ------------------------------------


def test_an_organizer_adds_a_member_late_with_byes_and_only_where_late_entry_is_taken(
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_user_model: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, round_ = swiss(make_event, [ann, *members[:5]], rounds=3)
    stranger = django_user_model.objects.create_user("stranger", password="x" * 12)
    with pytest.raises(ServiceError, match="not a member"):
        services.add_entry(event=event, user=stranger, by=ann)
    with pytest.raises(ServiceError, match="organizers"):
        services.add_entry(event=event, user=members[6], by=members[0])
    assert not Entry.objects.filter(user__in=[stranger, members[6]]).exists()
    # Registration closed does not stop the organizer.
    services.set_registration(event=event, by=ann, open=False)
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert f'<option value="{members[6].pk}">p7</option>' in page
    assert f'<option value="{members[0].pk}">' not in page  # entered already
    response = logged_in(ann).post(
        manage_url(event), {"action": "add_entry", "user": members[6].pk}
    )
    assert response.status_code == 302
    entry = Entry.objects.get(event=event, user=members[6])
    assert entry.first_round == 2
    assert Bye.objects.get(entry=entry).round == round_
    play_round(round_, django_capture_on_commit_callbacks)
    # Round 2 of 3 has started: too late, and the form is not offered.
    with pytest.raises(ServiceError, match="too late"):
        services.add_entry(event=event, user=members[5], by=ann)
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert (
        'id="add-user"' not in page
        and "Half the rounds have started: it is too late to join." in page
    )


def test_accept_all_join_requests_at_once_or_none(
    club: Club, ann: Any, members: list[Any], django_user_model: Any, monkeypatch: Any
) -> None:
    club.join_policy = Club.REQUEST
    club.save()
    asking = [django_user_model.objects.create_user(f"new{k}", password="x" * 12) for k in range(3)]
    for user in asking:
        club_services.join(by=user, club=club)
    with pytest.raises(ServiceError, match="organizers"):
        club_services.accept_all_requests(by=members[0], club=club)
    assert JoinRequest.objects.filter(club=club).count() == 3

    # A failure half-way writes nothing.
    real = Membership.objects.get_or_create
    made: list[Any] = []

    def second_fails(**kwargs: Any) -> Any:
        if made:
            raise RuntimeError("the database went away")
        made.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(Membership.objects, "get_or_create", second_fails)
    with pytest.raises(RuntimeError):
        club_services.accept_all_requests(by=ann, club=club)
    assert not Membership.objects.filter(user__in=asking).exists()
    assert JoinRequest.objects.filter(club=club).count() == 3
    monkeypatch.undo()

    page = logged_in(ann).get(club.get_absolute_url()).content.decode()
    assert "Accept all 3" in page
    response = logged_in(ann).post(reverse("clubs:accept_all", args=[club.slug]))
    assert response.status_code == 302
    assert Membership.objects.filter(club=club, user__in=asking).count() == 3
    assert not JoinRequest.objects.filter(club=club).exists()
    with pytest.raises(ServiceError, match="No one is asking"):
        club_services.accept_all_requests(by=ann, club=club)


# ---- a break -------------------------------------------------------------------------------


def test_a_break_called_during_a_round_holds_the_next_until_the_sweep_at_its_end(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event, round_ = swiss(make_event, [ann, *members[:5]], rounds=2)
    with pytest.raises(ServiceError, match="organizers"):
        services.call_break(event=event, by=members[0], minutes=10)
    with pytest.raises(ServiceError, match="1 to 120"):
        services.call_break(event=event, by=ann, minutes=0)
    assert Event.objects.get(pk=event.pk).break_until is None
    event = services.call_break(event=event, by=ann, minutes=15)
    until = event.break_until
    assert until is not None and until > timezone.now() + timedelta(minutes=14)
    page = logged_in(ann).get(event.get_absolute_url()).content.decode()
    assert "Break:</strong> round 2 starts at" in page

    # The round being played plays on; the next is seated for the break's end.
    play_round(round_, django_capture_on_commit_callbacks)
    second = Round.objects.get(event=event, number=2)
    assert second.status == Round.SEATED and second.start_at == until
    services.sweep()
    assert Round.objects.get(pk=second.pk).status == Round.SEATED  # not before its time

    # The break's time comes (moved into the past, as the clock would): the sweep starts it.
    earlier = timezone.now() - timedelta(seconds=1)
    Event.objects.filter(pk=event.pk).update(break_until=earlier)
    Round.objects.filter(pk=second.pk).update(start_at=earlier)
    services.sweep()
    assert Round.objects.get(pk=second.pk).status == Round.PLAYING
    assert Event.objects.get(pk=event.pk).break_until is None
    # The last round has no next round to wait for: refused, and not offered.
    with pytest.raises(ServiceError, match="the last"):
        services.call_break(event=event, by=ann, minutes=10)
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert 'value="break"' not in page and "is the last: no break" in page


def test_a_break_over_a_seated_round_can_be_called_off(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(rounds=2, advance=Event.MANUAL, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    waiting = services.start_event(event=event, by=ann)
    services.call_break(event=event, by=ann, minutes=5)
    waiting.refresh_from_db()
    assert waiting.start_at == Event.objects.get(pk=event.pk).break_until
    client = logged_in(ann)
    assert "Cancel the break" in client.get(manage_url(event)).content.decode()
    client.post(manage_url(event), {"action": "end_break"})
    waiting.refresh_from_db()
    assert waiting.start_at is None and waiting.status == Round.SEATED  # manual: it waits
    assert Event.objects.get(pk=event.pk).break_until is None
    with pytest.raises(ServiceError, match="no break"):
        services.end_break(event=event, by=ann)


# ---- announcements --------------------------------------------------------------------------


def test_announcements_are_checked_pushed_and_shown_newest_first(
    make_event: Any,
    ann: Any,
    members: list[Any],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, _ = swiss(make_event, [ann, *members[:5]])
    pushed: list[int] = []
    monkeypatch.setattr(live, "push", pushed.append)
    for refused, match in [("   ", "Write"), ("x" * 201, "at most 200")]:
        with pytest.raises(ServiceError, match=match):
            services.announce(event=event, by=ann, text=refused)
    with pytest.raises(ServiceError, match="organizers"):
        services.announce(event=event, by=members[0], text="Free drinks")
    assert not Announcement.objects.exists() and not pushed
    for text in ["First", "Second", "Third", "Pizza has arrived"]:
        with django_capture_on_commit_callbacks(execute=True):
            services.announce(event=event, by=ann, text=text)
    assert pushed == [event.pk] * 4
    page = Client().get(event.get_absolute_url()).content.decode()
    news = page[page.index('id="event-news"') : page.index('id="event-live"')]
    assert news.index("Pizza has arrived") < news.index("Third") < news.index("Second")
    assert "First" not in news  # the last three
    # The live part pushed to the sockets carries the news too.
    assert "Pizza has arrived" in (pages.render_live(event.pk, members[0]) or "")


# ---- the console's page ----------------------------------------------------------------------


def test_the_console_lists_every_table_with_whose_turn_and_no_card(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event, round_ = swiss(make_event, [ann, *members[:5]], turn_timer=60)
    response = logged_in(ann).get(manage_url(event) + "?part=tables")
    part = response.content.decode()
    assert "Round 1: the tables" in part
    for table in round_.tables.select_related("game"):
        assert f"<h3>Table {table.number}" in part
        turn = table.game.state["turn"]
        name = GamePlayer.objects.get(game=table.game, position=turn).name
        assert f"{name} to play" in part
        assert f'href="/tables/{table.table_id}/"' in part
    assert " s left" in part
    assert not any(suit in part for suit in "♣♦♥♠")
    # Standing in is offered for each player at a game in play.
    assert part.count("this round</button>") == 6
    assert 'meta http-equiv="refresh"' in logged_in(ann).get(manage_url(event)).content.decode()


def test_finishing_and_withdrawing_ask_first_and_act_only_when_confirmed(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event, round_ = swiss(make_event, [ann, *members[:5]], rounds=2, advance=Event.MANUAL)
    client = logged_in(ann)
    page = client.get(manage_url(event)).content.decode()
    # A round is being played: finishing is not offered, and the page says why.
    assert 'value="finish"' not in page and "can be finished once it is over" in page
    entry = Entry.objects.get(event=event, user=members[0])
    asked = client.post(manage_url(event), {"action": "withdraw", "entry": entry.pk})
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Withdraw p1 from Tuesday Swiss?" in text and 'name="confirm" value="yes"' in text
    assert Entry.objects.get(pk=entry.pk).active
    client.post(manage_url(event), {"action": "withdraw", "entry": entry.pk, "confirm": "yes"})
    assert not Entry.objects.get(pk=entry.pk).active

    play_round(round_, django_capture_on_commit_callbacks)
    asked = client.post(manage_url(event), {"action": "finish"})
    text = asked.content.decode()
    assert "Finish Tuesday Swiss now?" in text and "The standings become final" in text
    assert 'class="button--danger"' in text
    assert Event.objects.get(pk=event.pk).status == Event.RUNNING
    client.post(manage_url(event), {"action": "finish", "confirm": "yes"})
    assert Event.objects.get(pk=event.pk).status == Event.FINISHED


def test_the_games_stand_in_leaves_other_reasons_alone_and_the_log_says_why(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event, round_ = swiss(make_event, [ann, *members[:5]])
    table = RoundTable.objects.get(round=round_, seats__entry__user=members[0])
    game_id = table.game_id
    assert games.stand_in(game_id=game_id, user=members[0], on=True)
    assert not games.stand_in(game_id=game_id, user=members[0], on=True)  # already
    log = pages_log(game_id)
    assert "The event's organizer let a bot play for p1 this round until they are back." in log
    assert games.stand_in(game_id=game_id, user=members[0], on=False)
    assert not seat_of(game_id, members[0]).away
    # Withdrawn is for good: neither on nor off changes it.
    games.let_bot_finish(game_id=game_id, user=members[0])
    assert not games.stand_in(game_id=game_id, user=members[0], on=False)
    assert not games.stand_in(game_id=game_id, user=members[0], on=True)
    assert seat_of(game_id, members[0]).away_reason == games.WITHDRAWN
    # Someone not at the game: nothing to do.
    outsider = RoundTable.objects.exclude(pk=table.pk).get(round=round_).seats.first()
    assert outsider is not None and outsider.entry is not None
    assert not games.stand_in(game_id=game_id, user=outsider.entry.user, on=True)


def pages_log(game_id: int) -> str:
    """The game's log lines, as a spectator reads them."""
    game = Game.objects.get(pk=game_id)
    names = [p.name for p in game.players.order_by("position")]
    return "\n".join(describe(e.to_engine(), names) for e in GameEvent.objects.filter(game=game))


def test_a_stand_in_called_for_a_seated_round_plays_from_its_first_move(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(rounds=2, advance=Event.MANUAL, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    waiting = services.start_event(event=event, by=ann)
    entry = Entry.objects.get(event=event, user=members[1])
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert "A bot plays for p2 this round</button>" in page
    services.stand_in(event=event, entry=entry, by=ann, on=True)
    assert (
        "Give p2 their seat back</button>" in logged_in(ann).get(manage_url(event)).content.decode()
    )
    services.start_round(round_=waiting, by=ann)
    game = RoundTable.objects.get(round=waiting, seats__entry=entry).game
    assert seat_of(game, members[1]).away_reason == games.STAND_IN
    others = GamePlayer.objects.filter(game__event_table__round=waiting, away=True)
    assert list(others.values_list("user_id", flat=True)) == [members[1].pk]
