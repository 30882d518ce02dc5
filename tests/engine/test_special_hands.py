"""docs/rules.md §2 in play: three of a kind (30 or 30.5), straight flushes, the joker,
and three aces winning the whole game (with the worked examples of the seed texts).
"""

from __future__ import annotations

from tests.engine.helpers import ANN, BOB, CY, Table, cards, deal, knock_showdown, pass_turns

HIGH_CARD = "KS 2H 3D"  # card_game_101 draws for the dealer: Ann's king wins
CUT = "KS 2H 3D"  # en_og_tredive cuts for the dealer: Ann's king wins


# ---- three of a kind --------------------------------------------------------------------


def test_three_of_a_kind_is_worth_thirty_in_the_card_game_101_rules():
    # Seed 004, example 4: 7♥ + 7♦ + 7♠ = 30 pts.
    t = Table(
        HIGH_CARD,
        deal(ANN, "7H 7D 7S", "KH QH 8H", "9D 8D 6D", up="8C", stock="2C 3C 4C"),
        preset="card_game_101",
    )
    assert t.state.dealer == ANN
    assert t.view(ANN).hand_value == 30
    t("knock")  # Bob, 28
    pass_turns(t, 2)
    assert t.result.values == (30, 28, 23)
    assert t.result.lives_lost == (0, 0, 1)


def test_without_the_option_three_of_a_kind_is_only_its_highest_card():
    t = knock_showdown("7H 7D 7S", "KH QH 8H", "9D 8D 6D")
    assert t.result.values == (7, 28, 23)
    assert t.result.lives_lost == (1, 0, 0)


def test_three_of_a_kind_at_thirty_ties_three_suited_ten_point_cards():
    # Seed 000: "When it counts 30, it ties with three ten-point cards of the same suit."
    t = knock_showdown("7H 7D 7S", "AH KH 9H", "KD QD JD", three_of_a_kind="30")
    assert t.result.values == (30, 30, 30)
    assert t.result.lives_lost == (1, 0, 1)  # the knocker's tie is safe


def test_three_of_a_kind_at_thirty_and_a_half_beats_every_hand_but_thirty_one():
    t = knock_showdown("7H 7D 7S", "AH KH 9H", "KD QD JD", preset="thirty_and_a_half")
    assert t.result.values == (30.5, 30, 30)
    assert t.result.lives_lost == (0, 0, 1)
    assert t.said(t.events[-2:-1]) == ["Showdown: Ann 30½, Bob 30, Cy 30. Cy loses a life."]


def test_two_thirty_and_a_half_hands_compare_by_rank():
    # Seed 001: "the hand with the highest numerical or face card is the winner".
    t = knock_showdown("7H 7D 7S", "8H 8D 8S", "9H 9D 9S", preset="thirty_and_a_half")
    assert t.result.values == (30.5, 30.5, 30.5)
    assert t.result.lives_lost == (1, 0, 0)


def test_a_blitz_still_beats_thirty_and_a_half():
    t = Table(
        deal(ANN, "7H 7D 7S", "AS KS 5C", "9D 8D 6D", up="8C", stock="QS"),
        preset="thirty_and_a_half",
    )
    t("draw:stock", "discard:5C")
    assert t.result.reason == "blitz"
    assert t.result.lives_lost == (1, 0, 1)


# ---- straight flushes -------------------------------------------------------------------


def test_a_straight_flush_is_worth_thirty_at_the_showdown():
    t = knock_showdown("5H 6H 7H", "AS KS 5D", "9D 8D 6D", straight_flush=True)
    assert t.result.values == (30, 21, 23)
    assert t.result.lives_lost == (0, 2, 0)  # the knocker, lowest alone
    plain = knock_showdown("5H 6H 7H", "AS KS 5D", "9D 8D 6D")
    assert plain.result.values == (18, 21, 23)
    assert plain.result.lives_lost == (1, 0, 0)


def test_ace_two_three_is_not_a_straight_flush():
    t = knock_showdown("AH 2H 3H", "AS KS 5D", "9D 8D 6D", straight_flush=True)
    assert t.result.values == (16, 21, 23)


def test_queen_king_ace_suited_is_thirty_one_and_a_blitz_with_straight_flushes():
    t = Table(deal(ANN, "QH KH AH", "AS KS 5D", "9D 8D 6D", up="8C"), straight_flush=True)
    assert t.result.reason == "blitz"
    assert t.result.blitzers == (ANN,)
    assert t.result.values[ANN] == 31


# ---- the joker --------------------------------------------------------------------------


def test_the_joker_stands_for_any_card_the_hand_does_not_hold():
    # Seed 002: ace-joker-nine of one suit is 30, "since the joker can't be another ace".
    t = Table(CUT, deal(ANN, "AS JK 9S", "10S 10H 2C", "9D 8D 6D", up="8C"), preset="en_og_tredive")
    assert t.view(ANN).hand_value == 30
    assert t.result is None


def test_ace_king_and_the_joker_is_a_blitz():
    t = Table(CUT, deal(ANN, "AS KS JK", "10S 10H 2C", "9D 8D 6D", up="8C"), preset="en_og_tredive")
    assert t.result.reason == "blitz"
    assert t.result.blitzers == (ANN,)
    assert t.result.lives_lost == (0, 1, 1)


def test_ten_ten_joker_is_twenty_one_or_thirty_with_three_of_a_kind_at_thirty():
    hands = deal(ANN, "9D 8D 6D", "10S 10H JK", "2C 3C 5H", up="8C")
    assert Table(hands, jokers=1).view(BOB).hand_value == 21
    assert Table(hands, jokers=1, three_of_a_kind="30").view(BOB).hand_value == 30


# ---- three aces -------------------------------------------------------------------------


def test_three_aces_on_the_deal_win_the_whole_game_at_once():
    t = Table(CUT, deal(ANN, "KS QS 6D", "AS AH AD", "9D 8D 7D", up="8C"), preset="en_og_tredive")
    assert t.result.reason == "three_aces"
    assert t.result.hands[BOB] == cards("AS AH AD")
    assert t.out == (True, False, True)
    assert t.outcome.winners == (BOB,)
    assert t.outcome.reason == "three_aces"
    # He collects the pot and every bet still in front of the others: 3 + 3.
    assert t.outcome.shares == (0.0, 6.0, 0.0)
    assert t.said()[-1] == "Bob wins the game with three aces!"
    assert t.state.phase == "over"


def test_two_aces_and_the_joker_are_three_aces():
    t = Table(CUT, deal(ANN, "KS QS 6D", "9D 8D 7D", "AS JK AH", up="8C"), preset="en_og_tredive")
    assert t.outcome.winners == (CY,)
    assert t.outcome.reason == "three_aces"


def test_three_aces_made_in_a_turn_win_the_whole_game():
    t = Table(
        CUT,
        deal(ANN, "KS QS 6D", "AS AH 5C", "9D 8D 7D", up="8C", stock="AD"),
        preset="en_og_tredive",
    )
    t("draw:stock", "discard:5C")
    assert t.outcome.winners == (BOB,)
    assert t.out == (True, False, True)


def test_three_aces_overrule_a_blitz_on_the_same_deal():
    # Seed 002: "the one rule that supersedes all others".
    t = Table(CUT, deal(ANN, "KS QS 6D", "AH JK AD", "AC KC QC", up="8C"), preset="en_og_tredive")
    assert t.result.reason == "three_aces"
    assert t.outcome.winners == (BOB,)


def test_without_the_option_three_aces_are_only_worth_eleven():
    t = Table(deal(ANN, "KS QS 6D", "AS AH AD", "9D 8D 7D", up="8C"))
    assert t.outcome is None
    assert t.view(BOB).hand_value == 11
