"""Every hand, every scoring option: the engine against `reference_hands`.

Three-card hands: all 22,100 of the 52-card deck and all 1,326 with the joker, under
each of the 24 combinations of three_of_a_kind x straight_flush x
showdown_counts_all_cards x (showdown or not). Short hands (0-2 cards, from
hidden discards, joker included) by value. Blitz and three aces for every hand.
Mismatches are collected and the first few shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, permutations, product

import pytest

from games.engine.cards import CARDS, JOKER, Card, full_deck, parse_card
from games.engine.hands import hand_key, hand_value, is_blitz, is_three_aces
from games.engine.rules import Rules
from tests.engine.reference_hands import (
    DECK,
    DECK_WITH_JOKER,
    PIPS,
    SUIT_LETTERS,
    Options,
    RefAny,
    ReferenceTable,
    reference_is_blitz,
    reference_is_three_aces,
    reference_key,
)
from tests.engine.reference_hands import JOKER as REF_JOKER

SHOWN = 8  # mismatches printed in a failure message

# Reference card -> engine card, through the engine's own parser of the card's code.
TO_ENGINE: dict[RefAny, Card] = {c: parse_card(c.code) for c in DECK_WITH_JOKER}

PLAIN_HANDS: list[tuple[RefAny, ...]] = list(combinations(DECK, 3))
JOKER_HANDS: list[tuple[RefAny, ...]] = [(*pair, REF_JOKER) for pair in combinations(DECK, 2)]
# Hidden discards leave hands of 2, 1 or even 0 cards; the joker may be among them.
SHORT_HANDS: list[tuple[RefAny, ...]] = [
    hand for size in (0, 1, 2) for hand in combinations(DECK_WITH_JOKER, size)
]


def engine_hand(hand: Sequence[RefAny]) -> tuple[Card, ...]:
    return tuple(TO_ENGINE[c] for c in hand)


def show(hand: Sequence[RefAny]) -> str:
    return " ".join(str(c) for c in hand) or "(no cards)"


def check_all(
    hands: Iterable[Sequence[RefAny]], engine: Callable, reference: Callable, what: str
) -> None:
    """Compare engine(hand) with reference(hand) for every hand; fail with a summary."""
    mismatches = []
    count = 0
    for hand in hands:
        count += 1
        got, want = engine(engine_hand(hand)), reference(hand)
        # 30 must be the int 30 (not 30.0) and 30.5 a float: compare types too.
        if got != want or _types(got) != _types(want):
            mismatches.append(f"{show(hand)}: engine {got!r}, reference {want!r}")
    assert count, "no hands were checked"
    assert not mismatches, (
        f"{len(mismatches)} of {count} hands differ in {what}; first {SHOWN}:\n  "
        + "\n  ".join(mismatches[:SHOWN])
    )


def _types(result: object) -> tuple[type, ...]:
    if isinstance(result, tuple):
        return tuple(type(part) for part in result)
    return (type(result),)


# (three_of_a_kind, straight_flush, showdown_counts_all_cards, showdown)
OPTION_SETS = [
    pytest.param(
        trips,
        flush,
        all_cards,
        showdown,
        id=f"trips-{trips}-{'sf' if flush else 'nosf'}-"
        f"{'allcards' if all_cards else 'suits'}-{'showdown' if showdown else 'inplay'}",
    )
    for trips, flush, all_cards, showdown in product(
        ("off", "30", "30.5"), (False, True), (False, True), (False, True)
    )
]

_tables: dict[Options, ReferenceTable] = {}


def reference_table(options: Options) -> ReferenceTable:
    if options not in _tables:
        _tables[options] = ReferenceTable(options)
    return _tables[options]


def test_the_reference_deck_is_the_engine_deck():
    assert len(DECK) == len(set(DECK)) == 52
    assert sorted(TO_ENGINE[c] for c in DECK) == list(full_deck())
    assert TO_ENGINE[REF_JOKER] is JOKER
    assert full_deck(1) == (*full_deck(), JOKER)
    assert len(CARDS) == 53
    for ref in DECK:
        card = TO_ENGINE[ref]
        assert card.rank == ref.rank, ref
        assert card.suit == SUIT_LETTERS.index(ref.suit), ref
        assert card.value == PIPS[ref.rank], ref
        assert card.code == ref.code, ref
        assert str(card) == str(ref), ref


def test_the_memoising_table_agrees_with_the_plain_reference():
    """The fast path used below must be the reference itself (a sample of joker hands)."""
    for options in (Options("30.5", True, False), Options("30", False, True), Options()):
        table = reference_table(options)
        for hand in JOKER_HANDS[::37] + PLAIN_HANDS[::501]:
            assert table.key(hand) == reference_key(hand, options), (show(hand), options)


@pytest.mark.parametrize(("trips", "flush", "all_cards", "showdown"), OPTION_SETS)
def test_every_three_card_hand(trips, flush, all_cards, showdown):
    rules = Rules(three_of_a_kind=trips, straight_flush=flush, showdown_counts_all_cards=all_cards)
    table = reference_table(Options.of(trips, flush, all_cards, showdown))
    check_all(
        PLAIN_HANDS, lambda cards: hand_key(cards, rules, showdown=showdown), table.key, "hand_key"
    )


@pytest.mark.parametrize(("trips", "flush", "all_cards", "showdown"), OPTION_SETS)
def test_every_three_card_hand_with_the_joker(trips, flush, all_cards, showdown):
    rules = Rules(
        jokers=1, three_of_a_kind=trips, straight_flush=flush, showdown_counts_all_cards=all_cards
    )
    table = reference_table(Options.of(trips, flush, all_cards, showdown))
    check_all(
        JOKER_HANDS, lambda cards: hand_key(cards, rules, showdown=showdown), table.key, "hand_key"
    )


@pytest.mark.parametrize(("trips", "flush", "all_cards", "showdown"), OPTION_SETS)
def test_hand_value_is_the_first_part_of_the_key(trips, flush, all_cards, showdown):
    rules = Rules(
        jokers=1, three_of_a_kind=trips, straight_flush=flush, showdown_counts_all_cards=all_cards
    )
    table = reference_table(Options.of(trips, flush, all_cards, showdown))
    check_all(
        PLAIN_HANDS[::7] + JOKER_HANDS[::3],
        lambda cards: hand_value(cards, rules, showdown=showdown),
        lambda hand: table.key(hand)[0],
        "hand_value",
    )


@pytest.mark.parametrize(("trips", "flush", "all_cards", "showdown"), OPTION_SETS)
def test_every_short_hand_scores_the_cards_it_holds(trips, flush, all_cards, showdown):
    rules = Rules(
        jokers=1, three_of_a_kind=trips, straight_flush=flush, showdown_counts_all_cards=all_cards
    )
    options = Options.of(trips, flush, all_cards, showdown)
    check_all(
        SHORT_HANDS,
        lambda cards: hand_value(cards, rules, showdown=showdown),
        lambda hand: reference_key(hand, options)[0],
        "hand_value",
    )


def test_hand_order_does_not_matter():
    rules = Rules(jokers=1, three_of_a_kind="30.5", straight_flush=True)
    for hand in PLAIN_HANDS[::211] + JOKER_HANDS[::41]:
        keys = {hand_key(engine_hand(order), rules) for order in permutations(hand)}
        assert len(keys) == 1, (show(hand), keys)


@pytest.mark.parametrize("all_cards", [False, True], ids=["suits", "allcards"])
@pytest.mark.parametrize("blitz_requires", ["any", "ace_king_ten"])
def test_blitz_for_every_hand(blitz_requires, all_cards):
    # is_blitz ignores showdown_counts_all_cards: a 31 summed over suits is no blitz.
    rules = Rules(jokers=1, blitz_requires=blitz_requires, showdown_counts_all_cards=all_cards)
    ace_king_ten = blitz_requires == "ace_king_ten"
    check_all(
        PLAIN_HANDS + JOKER_HANDS + SHORT_HANDS,
        lambda cards: is_blitz(cards, rules),
        lambda hand: reference_is_blitz(hand, ace_king_ten),
        "is_blitz",
    )


def test_blitz_counts_are_as_expected():
    """Counted by hand, independently of both implementations."""
    # any: per suit, an ace with two of the four ten-point cards: 4 * C(4, 2) = 24.
    # ace_king_ten: one per suit.
    blitzes = {
        req: sum(reference_is_blitz(h, req == "ace_king_ten") for h in PLAIN_HANDS)
        for req in ("any", "ace_king_ten")
    }
    assert blitzes == {"any": 24, "ace_king_ten": 4}


def test_three_aces_for_every_hand():
    check_all(
        PLAIN_HANDS + JOKER_HANDS + SHORT_HANDS,
        is_three_aces,
        reference_is_three_aces,
        "is_three_aces",
    )
    # C(4, 3) three aces + C(4, 2) pairs of aces with the joker.
    assert sum(map(reference_is_three_aces, PLAIN_HANDS + JOKER_HANDS)) == 4 + 6
