"""Rating a finished game: which games count, what they change, and that a repeated
delivery changes nothing (docs/ratings.md#rating-a-game)."""

from __future__ import annotations

from io import StringIO
from typing import Any

from django.core.management import call_command

from games import engine
from games import services as games_services
from games.engine.bots import BaselineBot
from games.models import Game, GamePlayer, RuleSet
from games.signals import game_finished
from ratings import receivers, services
from ratings.fold import MU, SIGMA
from ratings.models import Rating, RatingChange
from tests.games.playing import play_out
from tournaments import services as tournament_services


def test_a_rated_game_between_two_people_rates_both(play_game: Any, ann: Any, bob: Any) -> None:
    game = play_game(ann, bob, bots=("medium",))
    changes = RatingChange.objects.filter(game=game).order_by("user__username")
    assert [c.user for c in changes] == [ann, bob]
    places = dict(GamePlayer.objects.filter(game=game).values_list("user", "place"))
    for change in changes:
        assert change.place == places[change.user_id]
        assert (change.mu_before, change.sigma_before, change.seq) == (MU, SIGMA, 1)
        rating = Rating.objects.get(user=change.user, family="lives")
        assert (rating.mu, rating.sigma, rating.games) == (change.mu_after, change.sigma_after, 1)
        assert change.sigma_after < SIGMA
    best, worst = sorted(changes, key=lambda c: c.place)
    if best.place < worst.place:
        assert best.mu_after > worst.mu_after


def test_a_repeated_delivery_changes_nothing(play_game: Any, ann: Any, bob: Any) -> None:
    game = play_game(ann, bob)
    before = list(RatingChange.objects.values())
    ratings = list(Rating.objects.values())
    assert services.rate_game(game_id=game.pk) is False
    assert services.rate_game(game_id=game.pk) is False
    assert list(RatingChange.objects.values()) == before
    assert list(Rating.objects.values()) == ratings


def stored() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every rating change and rating, as stored (ids aside)."""
    changes = RatingChange.objects.order_by("game", "user").values()
    ratings = Rating.objects.order_by("user", "family").values()
    return (
        [{k: v for k, v in c.items() if k != "id"} for c in changes],
        [{k: v for k, v in r.items() if k != "id"} for r in ratings],
    )


def test_bots_and_unrated_games_leave_ratings_unchanged(
    play_game: Any, ann: Any, bob: Any, cy: Any
) -> None:
    play_game(ann, bob, cy)
    before = stored()
    play_game(ann, bob, rated=False)  # a casual table
    play_game(ann, bots=("medium", "easy"))  # one person: nothing to rate against
    play_game(bob, bots=("medium",))
    assert stored() == before
    assert set(RatingChange.objects.values_list("user", flat=True)) == {ann.pk, bob.pk, cy.pk}


def test_a_game_of_fixed_deals_is_not_rated(play_game: Any, ann: Any, bob: Any, cy: Any) -> None:
    """A knockout's deal or a duplicate board is a slice of an event, not a game."""
    play_game(ann, bob, cy)
    before = stored()
    game = play_game(ann, bob, cy, deals=1)
    assert game.engine_state().last_deal == 1
    assert stored() == before


def test_a_game_ended_early_is_rated_as_it_stood(
    play_game: Any, ann: Any, bob: Any, scat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    table = games_services.create_table(
        owner=ann, name="Early", rule_set=scat, seat_count=2, turn_timer=0, rated=True
    )
    games_services.join_table(table=table, user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        game = games_services.start_game(table=table, by=ann)
        game = play_rounds(game, 2)
        game = games_services.end_game(game_id=game.pk, by=ann, expected_seq=game.seq)
    assert game.status == Game.ENDED
    places = dict(GamePlayer.objects.filter(game=game).values_list("user", "place"))
    changes = dict(RatingChange.objects.filter(game=game).values_list("user", "place"))
    if len(set(places.values())) > 1:
        assert changes == places
    else:  # still level: nothing to learn from it
        assert changes == {}


def test_rebuild_gives_exactly_the_stored_numbers(
    play_game: Any, ann: Any, bob: Any, cy: Any, presets: None
) -> None:
    points = RuleSet.objects.get(preset="french_canadian", is_preset=True)
    play_game(ann, bob, cy, bots=("medium",))
    play_game(bob, cy, bots=("easy",))
    play_game(cy, ann, rule_set=points)
    play_game(ann, bob, cy)
    play_game(bob, ann, bots=("easy",), rule_set=points)
    incremental = stored()
    assert len(incremental[1]) == 6  # three lives ratings, three points ones
    out = StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert out.getvalue().startswith("Rated 5 games")
    assert stored() == incremental


def test_games_rated_out_of_order_end_up_as_if_rated_in_order(
    play_game: Any, ann: Any, bob: Any, cy: Any
) -> None:
    game_finished.disconnect(dispatch_uid="ratings.game_finished")
    try:
        first = play_game(ann, bob)
        second = play_game(bob, cy)
        third = play_game(ann, cy, bob)
    finally:
        game_finished.connect(receivers.game_finished, dispatch_uid="ratings.game_finished")
    assert not RatingChange.objects.exists()
    # The last game's task runs first, then the first's (late), then the second's.
    for game in (third, first, second, first):
        services.rate_game(game_id=game.pk)
    late = stored()
    call_command("rebuild_ratings", stdout=StringIO())
    assert stored() == late
    seqs = RatingChange.objects.filter(user=bob).order_by("seq")
    assert [c.game_id for c in seqs] == [first.pk, second.pk, third.pk]


def test_a_tournament_game_between_people_is_rated(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=1, table_size=3, table_min=3, table_max=3)
    for user in [ann, *members[:2]]:
        tournament_services.register(event=event, user=user)
    round_ = tournament_services.start_event(event=event, by=ann)
    (table,) = round_.tables.select_related("game")
    assert not table.table.rated  # rated because it is a tournament's
    with django_capture_on_commit_callbacks(execute=True):
        play_out(table.game)
    assert RatingChange.objects.filter(game=table.game).count() == 3


def play_rounds(game: Game, rounds: int) -> Game:
    """Play `game` (people only) until `rounds` rounds are over, or the game is."""
    chooser = BaselineBot()
    while game.status == Game.PLAYING and game.state["round_no"] <= rounds:
        state = game.engine_state()
        player = game.players.get(position=state.turn)
        action = chooser.choose(engine.observation(state, state.turn))
        game = games_services.play(
            game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq
        ).game
    return game
