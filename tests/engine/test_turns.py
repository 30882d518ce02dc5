"""docs/rules.md §4 and §8: a turn (draw and discard, the card you just took, standing,
hidden discards, the throw-down, the widow) and the stock running out.
"""

from __future__ import annotations

from games.engine import Discard, Draw, Stand, apply_action, legal_actions
from tests.engine.helpers import (
    ANN,
    BOB,
    CY,
    DEE,
    NAMES2,
    NAMES4,
    Table,
    cards,
    deal,
    pass_turns,
    refused,
)

QUIET = deal(ANN, "2S 3D 4H", "KH QH 5C", "JD 10D 6C", up="7C", stock="9H 8S 2D 3C")


def card(code: str):
    return cards(code)[0]


# ---- draw and discard -------------------------------------------------------------------


def test_play_starts_at_the_dealers_left_and_goes_clockwise():
    t = Table(
        deal(BOB, "2S 3D 4H", "KH QH 5C", "JD 10D 6C", "8H 9S 2C", up="7C"),
        dealer=BOB,
        names=NAMES4,
    )
    seen = []
    for _ in range(5):
        seen.append(t.turn)
        pass_turns(t, 1)
    assert seen == [CY, DEE, ANN, BOB, CY]


def test_a_turn_is_drawing_from_the_stock_and_discarding_one_card():
    t = Table(QUIET)
    assert t.turn == BOB
    assert t.legal() == ["draw:stock", "draw:discard", "knock"]
    drew = t("draw:stock")
    assert t.hand(BOB) == cards("KH QH 5C 9H")
    assert t.state.phase == "discard"
    assert t.legal() == ["discard:KH", "discard:QH", "discard:5C", "discard:9H"]
    # Only Bob learns which card came from the stock.
    assert t.said(drew) == ["Bob draws from the stock."]
    assert t.said(drew, viewer=BOB) == ["You draw 9♥ from the stock."]
    assert t.said(drew, viewer=CY) == ["Bob draws from the stock."]
    assert t.view(BOB).drawn == card("9H")
    assert t.view(CY).drawn is None
    discarded = t("discard:5C")
    assert t.said(discarded) == ["Bob discards 5♣."]
    assert t.hand(BOB) == cards("KH QH 9H")
    assert t.state.discard == cards("7C 5C")
    assert t.turn == CY
    assert t.view(CY).discard_top == card("5C")


def test_only_the_top_discard_is_visible():
    t = Table(QUIET)
    pass_turns(t, 3)
    seen = t.view(CY)
    assert seen.discard_count == 4
    assert seen.discard_pile == (seen.discard_top,) == (t.state.discard[-1],)


def test_a_card_drawn_from_the_stock_may_be_discarded_at_once():
    t = Table(QUIET)
    t("draw:stock")
    assert "discard:9H" in t.legal()
    t("discard:9H")
    assert t.hand(BOB) == cards("KH QH 5C")
    assert t.state.discard[-1] == card("9H")


def test_taking_the_top_discard_is_public_and_that_card_cannot_go_straight_back():
    t = Table(QUIET)
    took = t("draw:discard")
    assert t.said(took) == ["Bob takes 7♣ from the discard pile."]
    assert t.view(CY).taken == card("7C")
    assert t.state.discard == ()
    assert t.legal() == ["discard:KH", "discard:QH", "discard:5C"]
    refused(t.state, Discard(BOB, cards("7C")), "you just took")
    t("discard:5C")
    assert t.hand(BOB) == cards("KH QH 7C")
    assert t.state.discard == cards("5C")


def test_with_two_players_you_may_take_back_your_own_discard_after_a_knock():
    t = Table(deal(ANN, "KS QS 2H", "AH 10H 3C", up="4D", stock="5C 6C"), names=NAMES2)
    t("draw:stock", "discard:10H")  # Bob breaks up his hearts ...
    t("knock")  # ... and Ann knocks at once.
    assert t.turn == BOB and t.state.discard_owner == BOB
    assert "draw:discard" in t.legal()
    t("draw:discard", "discard:5C")  # he restores them
    assert t.result.hands[BOB] == cards("AH 3C 10H")
    assert t.result.values == (20, 21)
    assert t.result.lives_lost == (2, 0)  # the knocker alone lowest


def test_without_take_own_discard_your_own_discard_cannot_be_taken_back():
    t = Table(
        deal(ANN, "KS QS 2H", "AH 10H 3C", up="4D", stock="5C 6C"),
        names=NAMES2,
        take_own_discard=False,
    )
    t("draw:stock", "discard:10H")
    t("knock")
    assert t.legal() == ["draw:stock"]
    refused(t.state, Draw(BOB, "discard"), "can't take back")
    t("draw:stock", "discard:6C")
    assert t.result.values == (20, 11)
    assert t.result.lives_lost == (0, 1)


def test_without_take_own_discard_a_buried_discard_of_yours_stays_out_of_reach():
    # Hidden discards: Bob buries 8D under 9D; Ann takes 9D and keeps all her cards, so
    # Bob's own 8D is on top again at his turn. It is still the card he discarded.
    t = Table(
        deal(ANN, "2S 3S 4S", "KH 8D 9D", up="5C", stock="QH JH 6C 7C 2D 3D"),
        names=NAMES2,
        hidden_discards=True,
        take_own_discard=False,
    )
    t("draw:stock", "discard:QH")  # Bob
    t("draw:stock", "discard:2S,JH")  # Ann, down to two cards
    t("draw:stock", "discard:6C,8D,9D")  # Bob: 9D on top, 8D under it; he holds KH
    t("draw:discard", "discard:")  # Ann takes 9D and keeps her three cards
    assert t.turn == BOB
    assert t.state.discard[-1] == card("8D")
    assert "draw:discard" not in t.legal()
    refused(t.state, Draw(BOB, "discard"), "can't take back")


# ---- standing ---------------------------------------------------------------------------


def test_with_allow_stand_a_player_may_stand_in_the_last_turn_after_a_knock():
    t = Table(
        deal(ANN, "KS QS 2H", "AH 10H 3C", "9D 8D 7D", up="4C", stock="5S 6S"), preset="thirty_one"
    )
    assert "stand" not in t.legal()  # not before a knock
    t("draw:stock", "discard:5S")  # Bob
    t("knock")  # Cy
    assert t.legal() == ["draw:stock", "draw:discard", "stand"]
    stood = t("stand")  # Ann
    assert t.said(stood) == ["Ann stands."]
    assert t.hand(ANN) == cards("KS QS 2H")
    assert "stand" in t.legal()
    t("stand")  # Bob, then the showdown
    assert t.result.reason == "knock"
    assert t.result.values == (20, 21, 24)
    assert t.result.lives_lost == (1, 0, 0)


def test_without_allow_stand_no_one_may_stand():
    t = Table(deal(ANN, "KS QS 2H", "AH 10H 3C", "9D 8D 7D", up="4C", stock="5S 6S"))
    t("draw:stock", "discard:5S")
    t("knock")
    assert "stand" not in t.legal()
    refused(t.state, Stand(ANN), "not allowed")


# ---- hidden discards --------------------------------------------------------------------


def hidden_table(**changes) -> Table:
    return Table(
        deal(ANN, "2S 3S 4S", "KH QH 5C", "JD 10D 6C", up="7C", stock="9H 8S 2D 3C AD 4C 5D"),
        hidden_discards=True,
        **changes,
    )


def test_with_hidden_discards_several_cards_go_down_with_the_named_one_on_top():
    t = hidden_table()
    t("draw:stock")
    assert "discard:5C,9H" in t.legal() and "discard:9H,5C" in t.legal()
    went = t("discard:9H,5C")
    assert t.said(went) == ["Bob discards 9♥ 5♣ with 5♣ on top."]
    assert t.hand(BOB) == cards("KH QH")
    assert t.state.discard == cards("7C 9H 5C")
    # The buried cards are face up for everyone to see, but only the top can be taken.
    for viewer in (ANN, BOB, CY, None):
        assert t.view(viewer).discard_pile == cards("7C 9H 5C")
        assert t.view(viewer).discard_top == card("5C")
    assert t.view(CY).cards_held == (3, 2, 3)


def test_with_hidden_discards_a_player_holding_three_or_fewer_need_not_discard():
    t = hidden_table()
    t("draw:stock", "discard:9H,5C")  # Bob keeps KH QH
    pass_turns(t, 2)  # Cy, Ann
    t("draw:stock")  # Bob draws 3C and holds three cards
    assert "discard:" in t.legal()
    kept = t("discard:")
    assert t.said(kept) == ["Bob keeps their cards."]
    assert t.hand(BOB) == cards("KH QH 3C")
    assert t.state.discard_owner == ANN  # the pile is as Ann left it


def test_with_hidden_discards_a_turn_must_end_with_at_most_three_cards():
    t = hidden_table()
    t("draw:stock")
    assert "discard:" not in t.legal()
    refused(t.state, Discard(BOB, ()), "at most three")


def test_with_hidden_discards_taking_the_top_uncovers_the_card_beneath_for_the_next_player():
    # Seed 002: if the next player keeps all their cards, "the ace you hid" is available.
    t = Table(
        deal(ANN, "2S 3S 4S", "KH QH 5C", "JD 10D 6C", up="7C", stock="9H 8S 2D AD"),
        hidden_discards=True,
    )
    t("draw:stock", "discard:9H")  # Bob
    t("draw:stock", "discard:8S,6C")  # Cy holds JD 10D
    t("draw:stock", "discard:2D")  # Ann
    t("draw:stock", "discard:AD,KH")  # Bob hides AD under KH
    t("draw:discard", "discard:")  # Cy takes KH and keeps three cards
    assert t.turn == ANN
    assert t.view(ANN).discard_top == card("AD")
    t("draw:discard", "discard:2S")
    assert t.hand(ANN) == cards("3S 4S AD")


def test_with_hidden_discards_a_short_hand_scores_the_cards_it_holds():
    t = hidden_table()
    t("draw:stock", "discard:9H,5C")  # Bob holds KH QH: 20
    pass_turns(t, 2)  # Cy, Ann
    t("knock")  # Bob, with two cards
    t("draw:stock", "discard:3C")  # Cy: JD 10D 6C, 20
    t("draw:stock", "discard:2S,AD")  # Ann holds 3S 4S: 7
    assert t.result.hands[BOB] == cards("KH QH")
    assert t.result.hands[ANN] == cards("3S 4S")
    assert t.result.values == (7, 20, 20)
    assert t.result.lives_lost == (1, 0, 0)


# ---- the throw-down ---------------------------------------------------------------------

THROW = deal(ANN, "KS QS 2H", "5H 3C 2D", "9D 8D 7D", up="4C", stock="5S 6S")


def test_with_throw_down_the_first_players_cards_stay_face_down_until_they_look():
    t = Table(THROW, preset="philadelphia")
    assert t.state.phase == "throw_down"
    assert t.turn == BOB
    assert t.view(BOB).hand is None and t.view(BOB).hand_value is None
    assert t.view(BOB).cards_held == (3, 3, 3)
    assert t.view(CY).hand == cards("9D 8D 7D")  # the others see their own
    assert t.legal() == ["look", "throw_down"]
    assert t.legal(CY) == []
    looked = t("look")
    assert t.said(looked) == ["Bob looks."]
    assert t.view(BOB).hand == cards("5H 3C 2D")
    assert t.legal() == ["draw:stock", "draw:discard", "knock"]
    t("draw:stock", "discard:5S")
    assert t.turn == CY and t.state.phase == "draw"


def test_a_throw_down_shows_every_hand_at_once_with_the_caller_as_knocker():
    t = Table(THROW, preset="philadelphia", lives=4)
    events = t("throw_down")
    assert t.kinds(events)[:3] == ["thrown_down", "round_ended", "round_started"]
    assert t.said(events)[0] == "Bob throws down! Every hand is shown."
    assert t.result.reason == "throw_down"
    assert t.result.knocker == BOB
    assert t.result.hands == (cards("KS QS 2H"), cards("5H 3C 2D"), cards("9D 8D 7D"))
    assert t.result.values == (20, 5, 24)
    # The caller has the lowest hand alone: like a knocker, two lives.
    assert t.result.lives_lost == (0, 2, 0)
    assert t.lives == (4, 2, 4)
    # The next round starts with a throw-down choice for the new first player.
    assert t.state.phase == "throw_down" and t.turn == CY


def test_a_throw_down_caller_who_ties_for_lowest_is_safe_like_a_knocker():
    t = Table(deal(ANN, "KS 2H 3C", "KH 3D 2D", "9D 8D 7D", up="4C"), preset="philadelphia")
    t("throw_down")
    assert t.result.values == (10, 10, 24)
    assert t.result.lives_lost == (1, 0, 0)


# ---- the widow --------------------------------------------------------------------------

WIDOW = deal(ANN, "2S 3S 4S", "KH 5C 6D", "JD 10D 6C", up="7C", widow="AH QH 9C", stock="8S 9S")


def test_the_widow_is_dealt_face_down_and_offered_instead_of_drawing():
    t = Table(WIDOW, preset="banking")
    assert t.state.widow == cards("AH QH 9C")
    assert t.legal() == ["draw:stock", "draw:discard", "knock", "widow"]
    for viewer in (ANN, BOB, CY, None):
        assert t.view(viewer).widow == ()
        assert t.view(viewer).widow_count == 3


def test_the_widow_is_turned_face_up_before_the_player_chooses_and_stays_up():
    t = Table(WIDOW, preset="banking")
    opened = t("widow")
    assert t.said(opened) == ["Bob turns the widow face up: A♥ Q♥ 9♣."]
    assert t.state.phase == "widow"
    assert t.view(CY).widow == cards("AH QH 9C")
    assert all(code.startswith("exchange:") for code in t.legal())
    swapped = t("exchange:5C,6D>AH,QH")
    assert t.said(swapped)[0] == "Bob exchanges 5♣ 6♦ for A♥ Q♥ from the widow."
    assert sorted(t.result.hands[BOB]) == sorted(cards("KH AH QH"))
    assert t.result.reason == "blitz"  # A-K-Q of hearts: 31 at the end of his turn
    assert t.result.blitzers == (BOB,)


def test_once_face_up_the_widow_is_exchanged_with_directly_one_to_three_cards():
    t = Table(WIDOW, preset="banking")
    t("widow", "exchange:6D>9C")  # Bob
    assert sorted(t.state.widow) == sorted(cards("AH QH 6D"))
    assert t.state.widow_open
    assert "widow" not in t.legal()
    assert "exchange:JD,10D,6C>AH,QH,6D" in t.legal()
    assert "exchange:6C>AH" in t.legal()
    t("exchange:JD,10D,6C>AH,QH,6D")  # Cy swaps all three
    assert sorted(t.hand(CY)) == sorted(cards("AH QH 6D"))
    assert sorted(t.state.widow) == sorted(cards("JD 10D 6C"))
    assert t.view(ANN).widow == t.state.widow
    assert t.turn == ANN


# ---- the stock running out --------------------------------------------------------------


def test_an_empty_stock_is_refilled_from_the_discard_pile_except_its_top_card():
    t = Table(QUIET)
    pass_turns(t, 42)
    assert t.state.stock == ()
    pile = t.state.discard
    assert len(pile) == 43
    events = t("draw:stock")
    assert t.kinds(events) == ["reshuffled", "drew"]
    assert t.said(events)[0] == (
        "The stock ran out: the discards are shuffled into a new stock of 42."
    )
    assert "stock" in events[0].secret and events[0].owner is None  # the order stays hidden
    assert t.state.discard == pile[-1:]
    # The fixed source shuffles nothing: the new stock is the old pile in order.
    assert t.state.drawn == pile[0]
    assert t.state.stock == pile[1:-1]
    assert t.result is None  # the round goes on


def test_with_empty_stock_draw_the_round_ends_with_no_loser_when_the_stock_is_used_up():
    t = Table(QUIET, preset="thirty_one")
    pass_turns(t, 41)
    assert len(t.state.stock) == 1 and t.result is None
    events = t("draw:stock", "discard:" + t.state.stock[0].code)
    assert t.kinds(events)[:3] == ["drew", "discarded", "round_ended"]
    assert t.result.reason == "stock_empty"
    assert t.result.lives_lost == (0, 0, 0)
    assert t.lives == (4, 4, 4)
    assert t.said(events)[2] == "The stock ran out: the round is a draw and no one loses."
    assert t.state.round_no == 2 and t.state.dealer == BOB


def test_with_empty_stock_draw_after_a_knock_the_last_turns_take_the_discard():
    t = Table(QUIET, empty_stock="draw")
    pass_turns(t, 41)  # Bob, Cy, Ann, ... the 41st turn is Cy's
    t("knock")  # Ann knocks with one card left in the stock
    t("draw:stock")
    t("discard:" + t.state.drawn.code)  # Bob takes the last card
    assert t.state.stock == () and t.turn == CY
    assert t.legal() == ["draw:discard"]
    refused(t.state, Draw(CY, "stock"), "stock is empty")
    t("draw:discard", "discard:6C")
    assert t.result.reason == "knock"


def test_after_a_knock_a_player_who_can_take_nothing_passes():
    # No stock, and the top discard is Cy's own with take_own_discard false.
    t = Table(
        deal(ANN, "2S 3S 4S", "KH QH 5C", "JD 10D 6C", up="7C", stock="9H 8H"),
        hidden_discards=True,
        take_own_discard=False,
        empty_stock="draw",
    )
    t("draw:stock", "discard:9H,5C")  # Bob: two cards
    pass_turns(t, 40)  # Cy's is the 41st turn: one card is left
    assert t.turn == ANN and len(t.state.stock) == 1 and t.state.discard_owner == CY
    t("knock")  # Ann
    events = t("draw:stock", "discard:")  # Bob takes the last card and keeps three
    assert t.kinds(events)[:3] == ["drew", "discarded", "passed"]
    assert t.said(events)[2] == "Cy can draw nothing and passes."
    assert t.result.reason == "knock"
    assert t.result.hands[CY] == cards("JD 10D 6C")


def test_a_round_with_no_knock_ends_as_a_draw_after_max_turns():
    t = Table(QUIET, max_turns=10)
    pass_turns(t, 9)
    assert t.result is None
    events = t("draw:stock", "discard:" + t.state.stock[0].code)
    assert t.result.reason == "max_turns"
    assert t.result.lives_lost == (0, 0, 0)
    assert t.said(events)[2] == "No one knocked in time: the round is a draw and no one loses."
    assert t.state.round_no == 2 and t.state.dealer == BOB and t.turn == CY


def test_a_player_with_no_cards_left_is_never_stuck_with_the_widow():
    # Hidden discards and a widow together: Bob throws away all four cards, then at his
    # next turn is offered the widow. Whatever he is offered must leave him a move
    # (§4: a turn that cannot be completed for lack of cards is impossible).
    t = Table(WIDOW, preset="banking", hidden_discards=True)
    t("draw:stock", "discard:KH,5C,6D,8S")  # Bob holds nothing
    assert t.hand(BOB) == ()
    pass_turns(t, 2)  # Cy, Ann
    assert t.turn == BOB
    for action in t.view(BOB).legal:
        after, _ = apply_action(t.state, action)
        if not after.is_over and after.turn == BOB:
            assert legal_actions(after, BOB), f"after {action.code} Bob has no move at all"
