"""docs/rules.md §6: the showdown after a knock, who loses, knocker_tie and knocker_penalty,
and the blitz (immediate or on_turn, blitz_requires, knocker_pays_double_on_blitz,
showdown_counts_all_cards).
"""

from __future__ import annotations

from tests.engine.helpers import (
    ANN,
    BOB,
    CY,
    DEE,
    NAMES4,
    Table,
    cards,
    deal,
    knock_showdown,
    pass_turns,
)

# ---- who loses --------------------------------------------------------------------------


def test_the_lowest_hand_alone_loses_one_life_and_the_token_goes_to_the_kitty():
    t = knock_showdown("KS 9H 6D", "AH 10H 3D", "9D 8D 7D")
    assert t.result.values == (10, 21, 24)
    assert t.result.lives_lost == (1, 0, 0)
    assert t.lives == (2, 3, 3)
    assert t.state.kitty == 1
    assert t.view(BOB).kitty == 1


def test_a_knocker_with_the_lowest_hand_alone_loses_two_lives():
    t = knock_showdown("KS QS 6D", "AH 3D 2H", "9D 8D 7D")
    assert t.result.values == (20, 13, 24)
    assert t.result.lives_lost == (0, 2, 0)
    assert t.lives == (3, 1, 3)
    assert t.state.kitty == 2
    assert t.said(t.events[-2:-1])[0].endswith("Bob loses 2 lives.")


def test_with_knocker_penalty_one_a_knocker_lowest_alone_loses_one_life():
    t = knock_showdown("KS QS 6D", "AH 3D 2H", "9D 8D 7D", knocker_penalty=1)
    assert t.result.lives_lost == (0, 1, 0)


def test_a_knocker_who_ties_for_lowest_is_safe_and_the_other_tied_player_loses():
    t = knock_showdown("KS QS 6D", "KH QH 3D", "9D 8D 7D")
    assert t.result.values == (20, 20, 24)
    assert t.result.lives_lost == (1, 0, 0)


def test_when_everyone_ties_the_knocker_is_safe_and_everyone_else_loses_a_life():
    t = knock_showdown("KS QS 6D", "KH QH 3D", "JD 10D 2H")
    assert t.result.values == (20, 20, 20)
    assert t.result.lives_lost == (1, 0, 1)


def test_with_knocker_tie_loses_a_knocker_tied_for_lowest_alone_pays_the_knocker_penalty():
    t = knock_showdown("KS QS 6D", "KH QH 3D", "9D 8D 7D", knocker_tie="loses")
    assert t.result.values == (20, 20, 24)
    assert t.result.lives_lost == (0, 2, 0)
    t = knock_showdown("KS QS 6D", "KH QH 3D", "9D 8D 7D", knocker_tie="loses", knocker_penalty=1)
    assert t.result.lives_lost == (0, 1, 0)


def test_the_thirty_one_preset_makes_a_tied_knocker_lose_two_of_four_tokens():
    t = knock_showdown("KS QS 6D", "KH QH 3D", "JD 10D 2H", preset="thirty_one")
    assert t.result.lives_lost == (0, 2, 0)
    assert t.lives == (4, 2, 4)


def test_players_other_than_the_knocker_who_tie_for_lowest_each_lose_a_life():
    t = knock_showdown("KS 9H 6D", "AH 10H 3D", "JC 7D 4H")
    assert t.result.values == (10, 21, 10)
    assert t.result.lives_lost == (1, 0, 1)
    assert t.state.kitty == 2
    assert t.said(t.events[-2:-1]) == [
        "Showdown: Ann 10, Bob 21, Cy 10. Ann loses a life. Cy loses a life."
    ]


def test_after_a_round_everyone_sees_every_hand_and_who_lost_what():
    t = knock_showdown("KS 9H 6D", "AH 10H 3D", "9D 8D 7D")
    for viewer in (ANN, BOB, CY, None):
        shown = t.view(viewer).last_round
        assert shown.hands == (cards("KS 9H 6D"), cards("AH 10H 3D"), cards("9D 8D 7D"))
        assert shown.lives_lost == (1, 0, 0)


# ---- blitz, shown at once ---------------------------------------------------------------


def test_a_blitz_on_the_deal_ends_the_round_at_once_and_everyone_else_loses_a_life():
    t = Table(deal(ANN, "KS 9H 6D", "AH KH 10H", "9D 8D 7D", up="8C"))
    ended = [e for e in t.events if e.kind == "round_ended"]
    assert len(ended) == 1
    assert t.result.reason == "blitz"
    assert t.result.blitzers == (BOB,)
    assert t.result.lives_lost == (1, 0, 1)
    assert t.state.round_no == 2  # the next round is dealt at once
    assert t.said(ended) == ["Bob has 31 in one suit: a blitz! Ann loses a life. Cy loses a life."]


def test_several_blitzes_on_the_deal_are_all_safe():
    t = Table(deal(ANN, "KS 9H 6D", "AH KH 10H", "AD QD JD", "2C 3S 4H", up="8C"), names=NAMES4)
    assert t.result.blitzers == (BOB, CY)
    assert t.result.lives_lost == (1, 0, 0, 1)
    assert t.said(t.events[3:4]) == [
        "Bob and Cy have 31 in one suit: a blitz! Ann loses a life. Dee loses a life."
    ]
    assert DEE == 3


def test_a_blitz_made_in_a_turn_is_shown_after_discarding_and_ends_the_round():
    t = Table(deal(ANN, "KS 9H 6D", "AH KH 5C", "9D 8D 7D", up="8C", stock="10H"))
    t("draw:stock")
    assert t.result is None  # four cards are never scored
    events = t("discard:5C")
    assert t.kinds(events)[:2] == ["discarded", "round_ended"]
    assert t.result.reason == "blitz"
    assert t.result.blitzers == (BOB,)
    assert t.result.lives_lost == (1, 0, 1)
    assert t.result.hands[BOB] == cards("AH KH 10H")


def test_a_blitz_after_a_knock_ends_the_round_at_once_and_the_knocker_loses_one_life():
    t = Table(deal(ANN, "KS 9H 6D", "QS JS 5C", "AD KD 5H", up="10D", stock="2C"))
    t("knock")  # Bob, with 20
    t("draw:discard", "discard:5H")  # Cy takes 10D: 31
    assert t.result.reason == "blitz"
    assert t.result.knocker == BOB
    assert t.result.blitzers == (CY,)
    assert t.result.lives_lost == (1, 1, 0)  # Ann never had her last turn
    assert t.lives == (2, 2, 3)


def test_with_knocker_pays_double_on_blitz_a_knocker_caught_by_a_blitz_loses_two():
    t = Table(
        deal(ANN, "KS 9H 6D", "QS JS 5C", "AD KD 5H", up="10D", stock="2C"),
        knocker_pays_double_on_blitz=True,
    )
    t("knock")
    t("draw:discard", "discard:5H")
    assert t.result.lives_lost == (1, 2, 0)
    assert t.lives == (2, 1, 3)


# ---- blitz on_turn ----------------------------------------------------------------------


def test_with_blitz_on_turn_a_blitz_on_the_deal_is_not_shown_at_once():
    t = Table(deal(ANN, "KS 9H 6D", "AH KH 10H", "9D 8D 7D", up="8C"), blitz_timing="on_turn")
    assert t.result is None
    assert t.turn == BOB and "knock" in t.legal()


def test_with_blitz_on_turn_the_blitzer_knocks_and_everyone_without_a_blitz_loses():
    t = Table(
        deal(ANN, "KS QS 6D", "AH KH 5C", "9D 8D 7D", up="8C", stock="10H 2C 3C"),
        blitz_timing="on_turn",
    )
    t("draw:stock", "discard:5C")  # Bob makes 31, but the round goes on
    assert t.result is None and t.turn == CY
    pass_turns(t, 2)
    t("knock")  # Bob shows it by knocking
    pass_turns(t, 2)
    assert t.result.knocker == BOB
    assert t.result.blitzers == (BOB,)
    assert t.result.values == (20, 31, 24)
    # Not only the lowest: everyone without a blitz loses a life.
    assert t.result.lives_lost == (1, 0, 1)


def test_with_blitz_on_turn_a_blitz_made_after_a_knock_costs_the_knocker_too():
    deck = deal(ANN, "KS 9H 6D", "QS JS 5C", "AD KD 5H", up="10D", stock="2C")
    t = Table(deck, blitz_timing="on_turn")
    t("knock")  # Bob
    t("draw:discard", "discard:5H")  # Cy has 31 but must wait for the showdown
    assert t.result is None
    pass_turns(t, 1)  # Ann
    assert t.result.blitzers == (CY,)
    assert t.result.lives_lost == (1, 1, 0)
    t = Table(deck, blitz_timing="on_turn", knocker_pays_double_on_blitz=True)
    t("knock")
    t("draw:discard", "discard:5H")
    pass_turns(t, 1)
    assert t.result.lives_lost == (1, 2, 0)


# ---- what counts as a blitz -------------------------------------------------------------


def test_with_blitz_requires_ace_king_ten_another_thirty_one_is_no_blitz_but_scores_31():
    t = Table(
        deal(ANN, "KS QS 6D", "AH QH 5C", "9D 8D 7D", up="8C", stock="JH 2C 3C"),
        blitz_requires="ace_king_ten",
    )
    t("draw:stock", "discard:5C")  # Bob: A-Q-J of hearts
    assert t.result is None
    assert t.view(BOB).hand_value == 31
    t("knock")  # Cy
    pass_turns(t, 2)
    assert t.result.blitzers == ()
    assert t.result.values == (20, 31, 24)
    assert t.result.lives_lost == (1, 0, 0)


def test_with_blitz_requires_ace_king_ten_ace_king_ten_is_still_a_blitz():
    t = Table(
        deal(ANN, "KS QS 6D", "AH KH 5C", "9D 8D 7D", up="8C", stock="10H"),
        blitz_requires="ace_king_ten",
    )
    t("draw:stock", "discard:5C")
    assert t.result.reason == "blitz"
    assert t.result.blitzers == (BOB,)


# ---- all cards count at the showdown ----------------------------------------------------


def test_with_showdown_counts_all_cards_every_card_counts_at_the_showdown():
    hands = ("KS 9H 6D", "AH 10H 3D", "9D 8D 7D")
    plain = knock_showdown(*hands)
    assert plain.result.values == (10, 21, 24)
    assert plain.result.lives_lost == (1, 0, 0)
    summed = knock_showdown(*hands, showdown_counts_all_cards=True)
    assert summed.result.values == (25, 24, 24)
    assert summed.result.lives_lost == (0, 0, 1)  # the knocker ties Cy and is safe
    # During play a hand is still worth its best suit.
    table = Table(deal(ANN, *hands, up="8C"), showdown_counts_all_cards=True)
    assert table.view(ANN).hand_value == 10


def test_with_showdown_counts_all_cards_a_sum_of_31_is_no_blitz():
    t = knock_showdown(
        "AS KH QD", "AH 10H 3D", "9D 8D 7D", showdown_counts_all_cards=True, blitz_timing="on_turn"
    )
    assert t.result.values == (31, 24, 24)
    assert t.result.blitzers == ()
    assert t.result.lives_lost == (0, 0, 1)
