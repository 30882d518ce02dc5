"""The worked examples of docs/rules.md §1-§2 and of the seed texts, one test each.

Each value is checked against the engine and against `reference_hands` (so the
reference itself is held to the spec). The examples are copied here as data: tests
never read the shared rules or seeds at run time.
"""

from __future__ import annotations

import pytest

from games.engine.cards import JOKER, format_cards, parse_card, parse_cards
from games.engine.errors import CardError
from games.engine.hands import hand_key, hand_value, is_blitz, is_three_aces
from games.engine.rules import Rules
from tests.engine import reference_hands as ref


def key(text: str, *, showdown: bool = False, **options) -> tuple[float, int]:
    """The engine's key of `text`, after checking that the reference agrees."""
    rules = Rules(jokers=1 if "JK" in text else 0, **options)
    engine = hand_key(parse_cards(text), rules, showdown=showdown)
    reference = ref.reference_key(
        ref.parse(text),
        ref.Options.of(
            rules.three_of_a_kind, rules.straight_flush, rules.showdown_counts_all_cards, showdown
        ),
    )
    assert engine == reference, f"{text} {options}: engine {engine}, reference {reference}"
    return engine


def value(text: str, *, showdown: bool = False, **options) -> float:
    result = key(text, showdown=showdown, **options)[0]
    rules = Rules(jokers=1 if "JK" in text else 0, **options)
    assert hand_value(parse_cards(text), rules, showdown=showdown) == result
    return result


def blitz(text: str, **options) -> bool:
    rules = Rules(jokers=1 if "JK" in text else 0, **options)
    engine = is_blitz(parse_cards(text), rules)
    reference = ref.reference_is_blitz(ref.parse(text), rules.blitz_requires == "ace_king_ten")
    assert engine == reference, f"{text} {options}: engine {engine}, reference {reference}"
    return engine


def three_aces(text: str) -> bool:
    engine = is_three_aces(parse_cards(text))
    assert engine == ref.reference_is_three_aces(ref.parse(text)), text
    return engine


# --- §2 base value (seeds 000 and 004) -------------------------------------------------


def test_three_suited_cards_add_up():
    assert value("K♠ 8♠ 5♠") == 23  # 000: K-8-5
    assert value("A♦ 8♦ Q♦") == 29  # 004 example 3


def test_two_suited_cards_beat_a_lower_odd_card():
    assert value("Q♥ 9♠ 8♠") == 17  # 000: Q-9-8
    assert value("5♣ 9♣ J♥") == 14  # 004 example 2


def test_an_odd_card_beats_two_lower_suited_cards():
    assert value("A♥ 6♠ 4♠") == 11  # 000: "the ace is worth more than the spades"


def test_three_different_suits_give_the_highest_card():
    assert value("J♣ 7♦ 4♥") == 10  # 000: J-7-4
    assert value("K♠ 3♥ 6♦") == 10  # 004 example 1


def test_card_values_are_ace_eleven_court_cards_ten_and_pips():
    values = [c.value for c in parse_cards("AS KS QS JS 10S 9S 2S")]
    assert values == [11, 10, 10, 10, 10, 9, 2]
    assert JOKER.value == 0


def test_the_best_hand_is_an_ace_and_two_ten_point_cards_of_one_suit():
    assert value("A♣ K♣ Q♣") == 31  # 004: "such as A♣ K♣ Q♣"
    assert blitz("A♣ K♣ Q♣")


def test_the_rules_do_not_change_plain_hands_when_no_option_is_on():
    assert value("K♠ 8♠ 5♠", three_of_a_kind="30.5", straight_flush=True) == 23


# --- three of a kind -----------------------------------------------------------------


def test_three_of_a_kind_is_only_its_highest_card_by_default():
    assert value("7♥ 7♦ 7♠") == 7


def test_three_of_a_kind_is_worth_thirty_when_the_option_says_thirty():
    assert value("7♥ 7♦ 7♠", three_of_a_kind="30") == 30  # 004 example 4
    assert key("2♥ 2♦ 2♠", three_of_a_kind="30") == (30, 0)


def test_three_of_a_kind_at_thirty_ties_three_suited_ten_point_cards():
    # 000: "When it counts 30, it ties with three ten-point cards of the same suit."
    assert key("7♥ 7♦ 7♠", three_of_a_kind="30") == key("K♠ Q♠ J♠", three_of_a_kind="30")


def test_three_of_a_kind_at_thirty_and_a_half_beats_every_hand_but_thirty_one():
    trips = key("2♥ 2♦ 2♠", three_of_a_kind="30.5")
    assert trips == (30.5, 2)
    assert trips > key("K♠ Q♠ J♠", three_of_a_kind="30.5")
    assert trips < key("A♠ K♠ Q♠", three_of_a_kind="30.5")


def test_two_thirty_and_a_half_hands_compare_by_rank():
    aces = key("A♥ A♦ A♠", three_of_a_kind="30.5")
    kings = key("K♥ K♦ K♠", three_of_a_kind="30.5")
    twos = key("2♥ 2♦ 2♣", three_of_a_kind="30.5")
    assert aces[0] == kings[0] == twos[0] == 30.5
    assert aces > kings > twos


def test_the_value_thirty_is_an_int_and_thirty_and_a_half_a_float():
    assert type(value("7♥ 7♦ 7♠", three_of_a_kind="30")) is int
    assert value("7♥ 7♦ 7♠", three_of_a_kind="30.5") == 30.5


# --- straight flush --------------------------------------------------------------------


def test_a_straight_flush_is_worth_thirty():
    assert value("2♥ 3♥ 4♥", straight_flush=True) == 30
    assert value("9♠ 10♠ J♠", straight_flush=True) == 30  # base 29


def test_a_straight_flush_is_only_its_base_value_without_the_option():
    assert value("2♥ 3♥ 4♥") == 9


def test_queen_king_ace_suited_with_straight_flush_is_thirty_one():
    # 000: "worth 30 (except for A-K-Q, which is 31)".
    assert value("Q♦ K♦ A♦", straight_flush=True) == 31
    assert blitz("Q♦ K♦ A♦", straight_flush=True)


def test_ace_two_three_suited_is_not_a_straight_flush():
    assert value("A♠ 2♠ 3♠", straight_flush=True) == 16


def test_king_ace_two_suited_does_not_wrap_around():
    assert value("K♣ A♣ 2♣", straight_flush=True) == 23


def test_a_run_in_mixed_suits_is_not_a_straight_flush():
    assert value("9♠ 10♥ J♦", straight_flush=True) == 10
    assert value("5♠ 6♠ 7♥", straight_flush=True) == 11


# --- all cards at the showdown -----------------------------------------------------------


def test_at_a_showdown_with_all_cards_every_card_counts_and_can_pass_thirty_one():
    assert value("A♠ A♥ K♦", showdown=True, showdown_counts_all_cards=True) == 32


def test_all_cards_counts_only_at_a_showdown():
    assert value("A♠ A♥ K♦", showdown=False, showdown_counts_all_cards=True) == 11
    assert value("A♠ A♥ K♦", showdown=True) == 11


def test_special_hands_still_count_at_an_all_cards_showdown():
    options = {"showdown": True, "showdown_counts_all_cards": True}
    assert value("2♠ 2♥ 2♦", three_of_a_kind="30", **options) == 30
    assert key("K♠ K♥ K♦", three_of_a_kind="30.5", **options) == (30.5, 13)
    assert value("2♠ 3♠ 4♠", straight_flush=True, **options) == 30


def test_three_aces_summed_at_a_showdown_beat_thirty_and_a_half():
    options = {"showdown": True, "showdown_counts_all_cards": True, "three_of_a_kind": "30.5"}
    assert key("A♠ A♥ A♦", **options) == (33, 0)
    assert key("A♠ A♥ A♦", **options) > key("K♠ K♥ K♦", **options)


def test_thirty_one_by_all_cards_at_a_showdown_is_not_a_blitz():
    assert value("A♠ K♥ 10♦", showdown=True, showdown_counts_all_cards=True) == 31
    assert not blitz("A♠ K♥ 10♦", showdown_counts_all_cards=True)


# --- the joker -------------------------------------------------------------------------


def test_ace_joker_nine_suited_is_thirty_because_the_joker_is_no_second_ace():
    # 002: "ace-joker-nine ... is worth 30, not 31".
    assert value("A♠ JK 9♠") == 30


def test_ten_ten_joker_is_twenty_one():
    assert value("10♠ 10♥ JK") == 21


def test_ten_ten_joker_is_thirty_with_three_of_a_kind_at_thirty():
    assert value("10♠ 10♥ JK", three_of_a_kind="30") == 30
    assert key("10♠ 10♥ JK", three_of_a_kind="30.5") == (30.5, 10)


def test_the_joker_completes_a_blitz():
    assert value("A♥ K♥ JK") == 31
    assert blitz("A♥ K♥ JK")
    assert blitz("K♥ Q♥ JK")  # the joker as the ace


def test_the_joker_completes_a_straight_flush():
    assert value("2♠ 3♠ JK", straight_flush=True) == 30
    assert value("2♠ 3♠ JK") == 16  # the joker as A♠


def test_the_joker_joins_the_suit_that_gains_most():
    assert value("2♠ 3♥ JK") == 14  # A♥ with 3♥


def test_the_joker_is_an_ace_at_an_all_cards_showdown():
    assert value("A♠ K♥ JK", showdown=True, showdown_counts_all_cards=True) == 32


def test_the_joker_picks_the_highest_thirty_and_a_half():
    assert key("A♣ A♦ JK", three_of_a_kind="30.5") == (30.5, 14)


# --- three aces ------------------------------------------------------------------------


def test_ace_ace_joker_is_three_aces():
    assert three_aces("A♣ A♦ JK")  # RULES §2 and 002's coup d'état
    assert value("A♣ A♦ JK") == 21  # and still scores as a plain hand


def test_three_aces_are_three_aces():
    assert three_aces("A♣ A♦ A♥")


def test_one_ace_with_the_joker_or_two_aces_with_a_king_are_not_three_aces():
    assert not three_aces("A♣ K♦ JK")
    assert not three_aces("A♣ A♦ K♥")
    assert not three_aces("A♣ A♦")


# --- blitz -----------------------------------------------------------------------------


def test_ace_king_ten_is_a_blitz_under_both_settings():
    assert blitz("A♠ K♠ 10♠")
    assert blitz("A♠ K♠ 10♠", blitz_requires="ace_king_ten")


def test_ace_queen_jack_is_a_blitz_only_when_any_thirty_one_counts():
    assert blitz("A♠ Q♠ J♠")
    assert not blitz("A♠ Q♠ J♠", blitz_requires="ace_king_ten")
    assert value("A♠ Q♠ J♠", blitz_requires="ace_king_ten") == 31  # still scores 31


def test_the_joker_cannot_turn_ace_queen_into_ace_king_ten():
    assert blitz("A♠ K♠ JK", blitz_requires="ace_king_ten")
    assert blitz("K♠ 10♠ JK", blitz_requires="ace_king_ten")
    assert not blitz("A♠ Q♠ JK", blitz_requires="ace_king_ten")
    assert blitz("A♠ Q♠ JK")


def test_thirty_one_in_mixed_suits_or_below_thirty_one_is_no_blitz():
    assert not blitz("A♠ K♠ 9♠")
    assert not blitz("A♠ K♠ 10♥")


def test_hands_of_fewer_than_three_cards_never_blitz():
    assert not blitz("A♠ JK")
    assert not blitz("A♠ K♠")


# --- hands of fewer than three cards (hidden discards) ----------------------------------


def test_a_two_card_hand_scores_the_cards_it_holds():
    assert value("A♠ K♠") == 21
    assert value("A♠ K♥") == 11


def test_a_short_hand_has_no_three_of_a_kind_or_straight_flush():
    assert value("2♠ 2♥", three_of_a_kind="30") == 2
    assert value("2♠ 3♠", straight_flush=True) == 5


def test_a_lone_joker_is_an_ace_and_an_empty_hand_scores_nothing():
    assert value("JK") == 11
    assert value("A♠ JK") == 21
    assert value("") == 0


# --- §1 card notation ------------------------------------------------------------------


def test_card_notation_parses_and_formats_back():
    cards = parse_cards("AS 10h T♦ JK")
    assert [c.code for c in cards] == ["AS", "10H", "10D", "JK"]
    assert format_cards(cards) == "AS 10H 10D JK"
    assert format_cards(cards, symbols=True) == "A♠ 10♥ 10♦ 🃏"
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, symbols=True)) == cards


def test_card_notation_is_case_insensitive_and_accepts_both_suit_forms():
    assert parse_cards("as Ah qD tc 🃏") == parse_cards("A♠ A♥ Q♦ 10♣ JK")
    assert parse_card("q♥\ufe0f") == parse_card("QH")  # emoji variation selector


def test_an_empty_hand_round_trips_as_empty_text():
    # Hidden discards can leave a hand empty; its text form is "" and parses back.
    assert format_cards(()) == ""
    assert parse_cards("") == ()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1S", ["'1S'", "rank"]),
        ("AX", ["'AX'", "suit"]),
        ("11H", ["'11H'", "rank"]),
        ("", ["''", "rank and a suit"]),
        ("S", ["'S'", "rank and a suit"]),
    ],
    ids=["rank-1", "suit-X", "rank-11", "empty", "suit-only"],
)
def test_malformed_card_text_raises_a_card_error_naming_the_problem(text, words):
    with pytest.raises(CardError) as error:
        parse_card(text)
    for word in words:
        assert word in str(error.value)
    if text:
        with pytest.raises(CardError):
            parse_cards(f"KS {text}")


def test_the_same_card_twice_is_a_card_error_naming_the_card():
    with pytest.raises(CardError, match=r"appears twice: AS\b"):
        parse_cards("AS AS")
    with pytest.raises(CardError, match="appears twice"):
        parse_cards("as A♠")
    with pytest.raises(CardError, match="appears twice: JK"):
        parse_cards("JK 🃏")
