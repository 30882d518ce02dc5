"""The site's main pages in a state worth reading, made once for the tests that walk
them: the accessibility check (tests/e2e) and the pages in each language (tests/i18n).

`site_tour(...)` returns {name: path}: the lobby, making a table, the rules (the index
and every preset), a table in the middle of a hand, a table showing a round's summary,
the profile, an event of each format, an event's manage page and a club."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from clubs.models import Club, Membership
from games import engine, services
from games.models import Game, RuleSet
from tests.e2e.test_play_screen_in_browser import game_on_my_turn_after_a_round
from tests.games.playing import play_out
from tournaments import services as events
from tournaments.models import Board, BoardPlay, Event


def play_until(game: Game, users: dict[int, Any], done: Any) -> engine.GameState:
    """Play the services' simple moves for the seats in `users` until `done(state)`."""
    for _ in range(200):
        game.refresh_from_db()
        state = game.engine_state()
        if done(state):
            return state
        legal = [a.code for a in engine.legal_actions(state, state.turn)]
        move = next((c for c in ("draw:stock",) if c in legal), legal[0])
        services.play(game_id=game.pk, user=users[state.turn], action=move, expected_seq=game.seq)
    raise AssertionError("never got there")


def running_event(
    ann: Any, rule_set: RuleSet, django_user_model: Any, format: str = Event.SWISS
) -> Event:
    """A running event of Kitchen Club (made once) in `format`, six players registered."""
    club, made = Club.objects.get_or_create(name="Kitchen Club", slug="kitchen")
    if made:
        Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    event = events.create_event(
        club=club,
        by=ann,
        name=f"Thursday {format}",
        format=format,
        rule_set=rule_set,
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=3 if format == Event.SWISS else 1,
        table_size=4 if format != Event.TOP_Q else 3,
        table_min=3,
        table_max=4,
        advance="manual",
        turn_timer=0,
        boards=2,
        **({"top_q": 1} if format == Event.TOP_Q else {}),
    )
    for k in range(1, 7):
        user, _ = django_user_model.objects.get_or_create(username=f"player-{k}")
        Membership.objects.get_or_create(club=club, user=user)
        events.register(event=event, user=user)
    events.start_event(event=event, by=ann)
    if format not in (Event.KNOCKOUT, Event.TOP_Q):  # those start their first deal at once
        events.start_round(round_=event.round_set.get(), by=ann)
    return event


def first_board_played(event: Event) -> None:
    """Board 1 played at every table (people's moves by the baseline bot): it is revealed,
    and its traveller is on the page, while board 2 is being played."""
    for play in BoardPlay.objects.filter(board__number=1, board__round__event=event):
        play_out(play.game)
    events.sweep()
    assert Board.objects.get(round__event=event, number=1).revealed


def site_tour(ann: Any, bob: Any, scat: RuleSet, django_user_model: Any) -> dict[str, str]:
    """Make the tour's games, tables and events; {page name: path}, all for ann to open."""
    cy = django_user_model.objects.create_user("cy")
    # A table whose round 1 just ended, on ann's turn: the round summary is shown.
    after, _ = game_on_my_turn_after_a_round([ann, bob, cy], scat, lives=5)
    # A table in the middle of a hand of En og tredive: ann has drawn and must discard.
    eot = RuleSet.objects.get(preset="en_og_tredive", is_preset=True)
    table = services.create_table(owner=ann, name="Greenland", rule_set=eot, seat_count=2)
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    seats = {p.user_id: p.position for p in game.players.all()}
    users = {seats[ann.pk]: ann, seats[bob.pk]: bob}
    play_until(
        game, users, lambda s: s.turn == seats[ann.pk] and s.drawn is not None and s.turns_taken
    )
    swiss = running_event(ann, scat, django_user_model)
    knockout = running_event(ann, scat, django_user_model, Event.KNOCKOUT)
    duplicate = running_event(ann, scat, django_user_model, Event.DUPLICATE)
    first_board_played(duplicate)
    pages = {
        "lobby": "/",
        "create table": "/tables/new/?preset=scat",
        "customise": "/tables/new/?preset=banking&action=customise",
        "rules": "/rules/",
        "table mid-game": f"/tables/{table.pk}/",
        "table with a round summary": f"/tables/{after.table_id}/",
        "profile": "/accounts/profile/",
        "tournament event": swiss.get_absolute_url(),
        "knockout event": knockout.get_absolute_url(),
        "duplicate event": duplicate.get_absolute_url(),
        "create event": "/clubs/kitchen/events/new/",
    }
    return pages


def more_of_the_tour(ann: Any, scat: RuleSet, django_user_model: Any) -> dict[str, str]:
    """The pages a reader of every language also needs, beyond `site_tour`'s: the rules of
    every preset, a top-q knockout, an event's manage page, the club, the events list."""
    top_q = running_event(ann, scat, django_user_model, Event.TOP_Q)
    swiss = Event.objects.get(format=Event.SWISS)
    pages = {f"rules of {key}": f"/rules/{key}/" for key in engine.PRESETS}
    pages |= {
        "top-q event": top_q.get_absolute_url(),
        "manage an event": f"/tournaments/{swiss.pk}/manage/",
        "club": "/clubs/kitchen/",
        "events": "/tournaments/",
        "notifications": "/notifications/",
    }
    return pages
