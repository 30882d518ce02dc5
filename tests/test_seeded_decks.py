"""What the tests draw at random is fixed (tests/conftest.py): the seeds they deal from
deal no 31 to any hand (the first game of each table, and each duplicate board, is
still being played when a test comes to play it), and bots and events take their seeds
from counters."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine
from games.engine import Rules, SeededDeckSource
from games.shuffles import GivenDecks
from tests.conftest import FIRST_SEED, SEEDS_WITHOUT_A_DEALT_31
from tests.games.conftest import ann, presets, scat  # noqa: F401  (fixtures)
from tests.tournaments.conftest import club, make_event  # noqa: F401  (fixtures)

DECKS_A_SOURCE = 8


def ends_as_dealt(rules: Rules, players: int, deck: str) -> bool:
    for dealer in range(players):
        source = GivenDecks([deck], then=engine.SecureDeckSource())
        state, _ = engine.new_game(rules, players, source, dealer, deals=1)
        if state.turn is None or not engine.legal_actions(state, state.turn):
            return True
    return False


def test_the_seeds_deal_no_31_at_scat_for_two_to_six_players() -> None:
    for lives in (None, 1):  # the scat preset, and the knockout tests' one-life Scat
        rules = Rules.preset("scat") if lives is None else Rules.preset("scat", lives=lives)
        whole = engine.full_deck(rules.jokers)
        for seed in range(FIRST_SEED, FIRST_SEED + SEEDS_WITHOUT_A_DEALT_31):
            source = SeededDeckSource(seed)
            for _ in range(DECKS_A_SOURCE):
                deck = engine.format_cards(source.shuffled(whole))
                for players in range(2, 7):
                    assert not ends_as_dealt(rules, players, deck), (seed, players)


@pytest.mark.django_db
def test_events_and_bots_draw_their_seeds_from_the_tests_counters(
    make_event: Any,  # noqa: F811  (the fixture imported above)
) -> None:
    from games.services import sources

    first, second = make_event(), make_event(name="Second")
    assert (first.seed, second.seed) == ("test-1", "test-2")
    assert [sources.new_bot_seed(), sources.new_bot_seed()] == [1, 2]


@pytest.mark.django_db
def test_the_write_path_and_the_duplicate_boards_deal_from_the_tests_seeds(
    ann: Any,  # noqa: F811  (the fixture imported above)
    scat: Any,  # noqa: F811
) -> None:
    """The deck source is replaced where the games' write path looks it up
    (games.services.sources, where the duplicate boards look it up too): the first game
    dealt through the services draws FIRST_SEED, the next source asked for the seed
    after it."""
    from games import services as games
    from games.models import Deal
    from games.services import sources

    table = games.create_table(owner=ann, name="Seeds", rule_set=scat, seat_count=2)
    games.add_bot(table=table, by=ann, level="easy")
    game = games.start_game(table=table, by=ann)
    # The same game dealt by the engine from FIRST_SEED's source, outside the services.
    rules = table.engine_rules()
    names = [player.name for player in game.players.order_by("position")]
    _, events = engine.new_game(rules, names, SeededDeckSource(FIRST_SEED), None)
    dealt = next(event.secret["deck"] for event in events if event.kind == "round_started")
    first_round = Deal.objects.get(game=game, purpose=Deal.ROUND, round_no=1)
    assert first_round.deck == engine.format_cards(dealt)
    whole = engine.full_deck(rules.jokers)
    assert sources.new_deck_source().shuffled(whole) == SeededDeckSource(FIRST_SEED + 1).shuffled(
        whole
    )
