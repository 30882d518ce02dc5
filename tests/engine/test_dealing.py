"""docs/rules.md §3: the first dealer, the deal one card at a time from the dealer's left,
the widow, the up-card and the stock, and the deal passing left past players who are out.
"""

from __future__ import annotations

import pytest

from games.engine import (
    JOKER,
    Card,
    EngineError,
    FixedDecks,
    Rules,
    event_view,
    new_game,
    observation,
)
from tests.engine.helpers import (
    ANN,
    BOB,
    CY,
    DEE,
    NAMES,
    NAMES4,
    Table,
    blitz_deal,
    cards,
    deal,
)

# ---- the first dealer -------------------------------------------------------------------


def test_a_random_first_dealer_is_the_seat_the_deck_source_picks():
    for dealer in range(3):
        t = Table(dealer=dealer)
        assert t.state.dealer == dealer
        assert t.turn == (dealer + 1) % 3  # play starts at the dealer's left
        chosen = t.events[1]
        assert chosen.kind == "dealer_chosen"
        assert chosen.data["method"] == "random"
        assert chosen.data["dealer"] == dealer


def test_the_first_dealer_by_high_card_counts_aces_low():
    # Ann draws an ace (1 here), Bob a two, Cy a three: Cy deals, not Ann.
    t = Table("AS 2H 3D", preset="card_game_101")
    assert t.rules.first_dealer == "high_card"
    assert t.state.dealer == CY
    assert t.turn == ANN
    assert t.events[1].data["draws"] == (
        (ANN, cards("AS")[0]),
        (BOB, cards("2H")[0]),
        (CY, cards("3D")[0]),
    )
    assert t.said()[1] == "Cy deals first (high card: Ann A♠, Bob 2♥, Cy 3♦)."


def test_the_first_dealer_by_high_card_ranks_kings_over_queens_over_jacks_over_ten():
    t = Table("10S JH QD KC", preset="card_game_101", names=NAMES4)
    assert t.state.dealer == DEE
    t = Table("JS QH 10D", preset="card_game_101")
    assert t.state.dealer == BOB


def test_players_who_tie_for_the_high_card_draw_again_and_only_they_do():
    # Ann and Bob tie with kings; Cy is out of the running; Ann's queen beats Bob's jack.
    t = Table("KS KH 5D QS JC", preset="card_game_101")
    assert t.state.dealer == ANN
    draws = t.events[1].data["draws"]
    assert [seat for seat, _ in draws] == [ANN, BOB, CY, ANN, BOB]
    assert draws[3:] == ((ANN, cards("QS")[0]), (BOB, cards("JC")[0]))


def test_a_high_card_tie_can_need_several_redraws():
    t = Table("9S 9H 2D 4S 4H 7C 6C", preset="card_game_101")
    assert t.state.dealer == ANN  # 9-9 tie, then 4-4 tie, then Ann's 7 beats Bob's 6
    draws = t.events[1].data["draws"]
    assert [seat for seat, _ in draws] == [ANN, BOB, CY, ANN, BOB, ANN, BOB]


def test_the_first_dealer_by_cut_counts_the_joker_highest():
    t = Table("AS JK KD", preset="en_og_tredive")
    assert t.rules.first_dealer == "cut"
    assert t.state.dealer == BOB
    assert t.events[1].data["draws"][1] == (BOB, JOKER)


def test_the_first_dealer_by_cut_counts_aces_high():
    t = Table("AS KH 2C", preset="en_og_tredive")
    assert t.state.dealer == ANN
    assert t.said()[1] == "Ann deals first (cut: Ann A♠, Bob K♥, Cy 2♣)."


def test_players_who_tie_on_the_cut_cut_again():
    t = Table("AH AS 2C KD QD", preset="en_og_tredive")
    assert t.state.dealer == ANN
    assert [seat for seat, _ in t.events[1].data["draws"]] == [ANN, BOB, CY, ANN, BOB]


def test_the_deck_for_the_first_deal_follows_the_deck_for_choosing_the_dealer():
    # With high card, the first fixed deck is drawn from; the second is dealt.
    t = Table(
        "2S 3H 4D", deal(CY, "AS KS 2S", "2H 3H 4H", "5D 6D 7D", up="9C"), preset="card_game_101"
    )
    assert t.state.dealer == CY
    assert t.hand(ANN) == cards("AS KS 2S")


# ---- the deal ---------------------------------------------------------------------------


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left():
    t = Table("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", dealer=BOB)
    assert t.hand(CY) == cards("2S 5S 8S")  # the dealer's left gets the first card
    assert t.hand(ANN) == cards("3S 6S 9S")
    assert t.hand(BOB) == cards("4S 7S 10S")  # the dealer the last
    assert t.state.discard == cards("JS")  # the next card is turned up
    assert t.state.stock[0] == cards("QS")[0]  # the rest is the stock, drawn in order
    assert t.turn == CY
    t("draw:stock")
    assert t.state.drawn == cards("QS")[0]


def test_four_players_are_dealt_in_clockwise_order_from_the_dealers_left():
    t = Table("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH", dealer=CY, names=NAMES4)
    assert t.hand(DEE) == cards("2S 6S 10S")
    assert t.hand(ANN) == cards("3S 7S JS")
    assert t.hand(BOB) == cards("4S 8S QS")
    assert t.hand(CY) == cards("5S 9S KS")
    assert t.state.discard == cards("AH")
    assert t.turn == DEE


def test_the_stock_holds_the_rest_of_the_deck():
    assert len(Table().state.stock) == 52 - 9 - 1
    assert len(Table(names=NAMES4).state.stock) == 52 - 12 - 1
    joker_game = Table(jokers=1)
    assert len(joker_game.state.stock) == 53 - 9 - 1
    everything = (
        *joker_game.state.stock,
        *joker_game.state.discard,
        *(c for hand in joker_game.state.hands for c in hand),
    )
    assert sorted(everything) == sorted(cards("JK") + tuple(c for c in range(52)))
    assert JOKER in everything


def test_the_widow_gets_one_card_after_each_pass_of_the_deal():
    t = Table("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH", preset="banking", dealer=ANN)
    assert t.hand(BOB) == cards("2S 6S 10S")
    assert t.hand(CY) == cards("3S 7S JS")
    assert t.hand(ANN) == cards("4S 8S QS")
    assert t.state.widow == cards("5S 9S KS")
    assert t.state.discard == cards("AH")
    assert len(t.state.stock) == 52 - 9 - 3 - 1
    assert not t.state.widow_open


def test_the_deal_helper_matches_the_engines_deal_with_a_widow():
    text = deal(CY, "AS 2S 3S", "4H 5H 6H", "7D 8D 9D", up="10C", widow="JC QC KC")
    t = Table(text, preset="banking", dealer=CY)
    assert t.hand(ANN) == cards("AS 2S 3S")
    assert t.state.widow == cards("JC QC KC")


def test_the_round_started_event_names_the_dealer_and_up_card_and_hides_the_deck():
    t = Table(deal(ANN, "2S 3S 4S", "5H 6H 7H", "8D 9D 2C", up="KC"))
    started = t.events[2]
    assert started.kind == "round_started"
    assert started.data["dealer"] == ANN
    assert started.data["up_card"] == cards("KC")[0]
    assert started.data["stock_count"] == 42
    assert "deck" in started.secret and started.owner is None
    assert t.said(viewer=None)[2] == "Round 1: Ann deals. The up-card is K♣."
    assert t.said(viewer=BOB)[2] == "Round 1: Ann deals. The up-card is K♣."


def test_each_player_sees_only_their_own_hand_after_the_deal():
    t = Table(deal(ANN, "2S 3S 4S", "5H 6H 7H", "8D 9D 2C", up="KC"))
    for seat in range(3):
        seen = t.view(seat)
        assert seen.hand == t.hand(seat)
        assert seen.cards_held == (3, 3, 3)
    assert t.view(None).hand is None
    assert t.view(BOB).hand_value == 18
    assert t.view(BOB).stock_count == 42
    assert t.view(BOB).discard_pile == cards("KC")


# ---- the deal passes to the left --------------------------------------------------------


def test_the_deal_passes_to_the_left_each_round():
    t = Table(
        blitz_deal(ANN, BOB),
        blitz_deal(BOB, CY),
        blitz_deal(CY, ANN),
        blitz_deal(ANN, BOB),
        dealer=ANN,
        lives=5,
    )
    dealers = [e.data["dealer"] for e in t.events if e.kind == "round_started"]
    # Four rounds end on their deals; the fifth is dealt by Bob and waits for Cy.
    assert dealers == [ANN, BOB, CY, ANN, BOB]
    assert [r for r in t.kinds(t.events) if r == "round_ended"] == ["round_ended"] * 4
    assert t.turn == CY


def test_the_deal_skips_a_player_who_is_out_and_so_does_the_deal_order():
    # Without the county one life is all: Bob knocks with the lowest hand and is out.
    t = Table(
        deal(ANN, "KH QH 2C", "2S 3D 4H", "JD 10D 3C", up="5C", stock="6S 7S"),
        deal(CY, "AS 2S 3S", None, "4H 5H 6H", up="9C", stock="7S 8S"),
        dealer=ANN,
        lives=1,
        county=False,
    )
    t("knock")  # Bob
    t("draw:stock", "discard:6S")  # Cy
    t("draw:stock", "discard:7S")  # Ann
    assert t.result.lives_lost == (0, 2, 0)
    assert t.out == (False, True, False)
    # The deal would pass to Bob, who is out: Cy deals, and Ann (Cy's left) plays first.
    assert t.state.dealer == CY
    assert t.turn == ANN
    assert t.hand(ANN) == cards("AS 2S 3S")
    assert t.hand(CY) == cards("4H 5H 6H")
    assert t.hand(BOB) == ()
    assert t.view(ANN).cards_held == (3, 0, 3)
    # ... and play passes Bob by.
    t("draw:stock", "discard:7S")
    assert t.turn == CY
    t("draw:stock", "discard:8S")
    assert t.turn == ANN


def test_a_new_game_is_dealt_from_the_fixed_decks_in_turn():
    source = FixedDecks([deal(ANN, "2S 3S 4S", "5H 6H 7H", "8D 9D 2C", up="KC")], picks=[ANN])
    state, events = new_game(Rules(), list(NAMES), source)
    assert [e.kind for e in events] == ["game_started", "dealer_chosen", "round_started"]
    assert events[0].data["names"] == NAMES
    assert observation(state, BOB).hand == cards("5H 6H 7H")


def test_nine_players_can_play_with_one_deck():
    names = [f"P{i}" for i in range(9)]
    t = Table(names=names)
    assert all(len(hand) == 3 for hand in t.state.hands)
    assert len(t.state.stock) == 52 - 27 - 1
    t = Table(names=names, preset="banking", jokers=1)
    assert len(t.state.widow) == 3
    assert len(t.state.stock) == 53 - 27 - 3 - 1


# ---- what the players see (§10) ---------------------------------------------------------


def cards_in(value) -> set:
    """Every card named anywhere inside `value` (tuples, named tuples, dicts)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, tuple | list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def test_a_view_names_no_card_its_viewer_may_not_see():
    t = Table(deal(ANN, "KS QS 2H", "AH 10H 3C", "9D 8D 7D", up="4C", stock="5S 6S 7S"))
    t("draw:stock")  # Bob holds four cards; 5S is his secret
    for viewer in (ANN, BOB, CY, None):
        seen = cards_in(tuple(t.view(viewer)))
        allowed = set(t.state.discard[-1:])
        if viewer is not None:
            allowed |= set(t.hand(viewer))
        assert seen <= allowed, (viewer, seen - allowed)
        # And the events as told to this viewer: only the drawer learns the drawn card.
        told = cards_in([tuple(event_view(e, viewer)) for e in t.events])
        hidden = set(t.state.stock) | {
            c for seat in (ANN, BOB, CY) if seat != viewer for c in t.hand(seat)
        }
        assert not told & hidden, (viewer, told & hidden)


# ---- a first dealer chosen by the players (first_dealer: "chosen") ---------------------


def test_a_chosen_first_dealer_deals_and_no_card_is_drawn_for_it():
    deck = deal(BOB, "2H 3D 5C", "4H 6D 7C", "8H 9D 2D", up="9C")
    t = Table(deck, picks=[ANN], chosen=BOB, first_dealer="chosen")
    assert t.state.dealer == BOB
    assert t.turn == CY  # play starts at the chosen dealer's left
    assert t.events[1].data == {"method": "chosen", "dealer": BOB, "draws": ()}
    assert t.events[1].secret == {}
    # No pick and no deck were used for the dealer: the first deck dealt the round.
    assert t.source._picks == [ANN]
    assert t.hand(ANN) == cards("2H 3D 5C")
    assert t.said()[1] == "Bob deals first."
    assert t.said(viewer=BOB)[1] == "You deal first."


def test_rules_that_have_the_players_choose_need_a_dealer_at_the_table():
    source = FixedDecks()
    rules = Rules(first_dealer="chosen")
    with pytest.raises(EngineError, match="choose the first dealer"):
        new_game(rules, NAMES, source)
    for seat in (3, -1, 9):
        with pytest.raises(EngineError, match="one of the 3 seats"):
            new_game(rules, NAMES, source, dealer=seat)
    assert source._picks == [] and source._decks == []
