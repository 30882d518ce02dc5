"""Bad input: unknown options, wrong types, values out of range, impossible
combinations, unknown presets, malformed cards and moves, and every kind of illegal
move. Each is refused with an error that says what is wrong, and a refused move
leaves the state it was tried on unchanged and equal to a copy saved before.
"""

from __future__ import annotations

import pytest

from games.engine import (
    CardError,
    Discard,
    Draw,
    EngineError,
    Exchange,
    FixedDecks,
    IllegalAction,
    Knock,
    Look,
    OpenWidow,
    Rules,
    RulesError,
    Stand,
    ThrowDown,
    apply_action,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
)
from games.engine.rules import RIDE_THE_BUS_LABELS
from tests.engine.helpers import (
    ANN,
    BOB,
    CY,
    NAMES,
    Table,
    blitz_deal,
    cards,
    deal,
    pass_turns,
    refused,
)


def rules_error(option: str, *words: str, preset: str = "scat", **changes) -> RulesError:
    with pytest.raises(RulesError) as caught:
        Rules.preset(preset, **changes)
    error = caught.value
    assert error.option == option, f"{error.option!r} named instead of {option!r}"
    for word in words:
        assert word in str(error), f"{word!r} not in {str(error)!r}"
    return error


# ---- unknown options and presets --------------------------------------------------------


@pytest.mark.parametrize(
    ("wrong", "meant"),
    [
        ("live", "lives"),
        ("knockmin", "knock_min"),
        ("blitztiming", "blitz_timing"),
        ("joker", "jokers"),
        ("allow_stands", "allow_stand"),
    ],
)
def test_an_unknown_option_name_is_named_with_a_suggestion(wrong, meant):
    error = rules_error(wrong, repr(wrong), f"Did you mean {meant!r}?", **{wrong: 1})
    assert isinstance(error, EngineError) and isinstance(error, ValueError)


def test_an_unknown_option_name_without_a_close_match_is_still_named():
    error = rules_error("colour", "'colour'", colour="red")
    assert "Did you mean" not in str(error)


def test_unknown_option_names_are_refused_by_from_dict_and_replace_too():
    with pytest.raises(RulesError, match="'lifes'.*'lives'") as caught:
        Rules.from_dict({**Rules().to_dict(), "lifes": 3})
    assert caught.value.option == "lifes"
    with pytest.raises(RulesError, match="'countys'.*'county'"):
        Rules().replace(countys=False)


def test_an_unknown_preset_is_named_and_the_presets_listed():
    with pytest.raises(RulesError) as caught:
        Rules.preset("scatt")
    assert "'scatt'" in str(caught.value)
    assert "scat, blitz, thirty_one" in str(caught.value)
    assert caught.value.option == "preset"


# ---- wrong types and values out of range ------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("lives", "3", "whole number"),
        ("lives", 3.0, "whole number"),
        ("lives", True, "whole number"),
        ("knock_min", None, "whole number"),
        ("county", "yes", "true or false"),
        ("county", 1, "true or false"),
        ("allow_stand", 0, "true or false"),
        ("three_of_a_kind", 30, "a word"),
        ("scoring", None, "a word"),
        ("life_labels", "abc", "non-empty names"),
        ("life_labels", (1, 2, 3, 4, 5), "non-empty names"),
        ("life_labels", ("a", " ", "c", "d", "e"), "non-empty names"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_naming_the_option(option, value, words):
    rules_error(option, option, words, **{option: value})


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("jokers", 2, "one of 0, 1"),
        ("three_of_a_kind", "31", "'off', '30', '30.5'"),
        ("blitz_requires", "ace", "'any', 'ace_king_ten'"),
        ("first_dealer", "youngest", "'random', 'high_card', 'cut', 'chosen'"),
        ("final_two_tiebreak_decides", "match", "'round', 'game'"),
        ("knocker_tie", "never", "'safe', 'loses'"),
        ("knocker_penalty", 3, "one of 1, 2"),
        ("blitz_timing", "later", "'immediate', 'on_turn'"),
        ("scoring", "money", "'lives', 'points', 'banking'"),
        ("empty_stock", "stop", "'reshuffle', 'draw'"),
        ("knock_min", 32, "between 0 and 31"),
        ("knock_min", -1, "between 0 and 31"),
        ("lives", 0, "between 1"),
        ("max_players", 13, "between 2 and 12"),
        ("max_players", 1, "between 2 and 12"),
        ("target_points", 0, "between 1"),
        ("chips", 0, "between 1"),
        ("max_turns", 5, "between 10"),
    ],
)
def test_a_value_out_of_range_is_refused_naming_the_option_and_what_is_allowed(
    option, value, words
):
    rules_error(
        option,
        option,
        words,
        repr(value) if isinstance(value, str) else str(value),
        **{option: value},
    )


# ---- impossible combinations ------------------------------------------------------------


def test_life_labels_must_fit_lives_and_the_county():
    rules_error("life_labels", "must name 5 stages", "not 6", preset="ride_the_bus", lives=3)
    rules_error("life_labels", "without the county", preset="ride_the_bus", county=False)
    rules_error("life_labels", "must name 5 stages", "not 4", life_labels=("a", "b", "c", "d"))
    # The right lengths are accepted.
    assert Rules.preset("ride_the_bus", county=False, lives=5).life_labels == RIDE_THE_BUS_LABELS
    assert Rules.preset("scat", life_labels=("a", "b", "c", "d", "e")).stages == 4


def test_life_labels_need_lives_scoring():
    rules_error("life_labels", "scoring is 'lives'", preset="ride_the_bus", scoring="points")


def test_no_knocking_when_all_are_on_the_county_needs_the_county_and_lives():
    rules_error("no_knock_when_all_on_county", "county", preset="en_og_tredive", county=False)
    rules_error("no_knock_when_all_on_county", "lives", preset="en_og_tredive", scoring="banking")


def test_the_final_two_tiebreak_needs_lives_scoring():
    rules_error("final_two_tiebreak", "lives", final_two_tiebreak=True, scoring="points")


def test_the_tiebreak_deciding_the_game_needs_the_final_two_tiebreak():
    rules_error(
        "final_two_tiebreak_decides", "final_two_tiebreak", final_two_tiebreak_decides="game"
    )
    assert Rules(final_two_tiebreak=True, final_two_tiebreak_decides="game")


def test_levels_by_agreement_need_stage_names():
    rules_error("levels_by_agreement", "life_labels", levels_by_agreement=True)
    rules_error("levels_by_agreement", "life_labels", preset="ride_the_bus", life_labels=None)
    assert Rules.preset("ride_the_bus").levels_by_agreement


def test_one_deck_seats_twelve_and_leaves_a_card_of_stock_for_each_of_them():
    # 12 players: 36 cards dealt, the up-card, a stock of 15 (12 with the widow).
    for changes in ({}, {"widow": True}, {"widow": True, "jokers": 1}):
        rules = Rules(max_players=12, **changes)
        state, _ = new_game(rules, 12, FixedDecks())
        assert len(state.stock) == (15 if not rules.widow else 12 + rules.jokers)
        assert all(len(hand) == 3 for hand in state.hands)
    rules_error("max_players", "between 2 and 12", max_players=13)


def test_a_game_needs_between_two_and_max_players_with_names_of_their_own():
    source = FixedDecks()
    for names, words in [
        (["Ann"], "2 to 12 players, not 1"),
        ([f"P{i}" for i in range(13)], "not 13"),
        (["Ann", "Ann"], "name of their own"),
        (["Ann", " "], "name of their own"),
    ]:
        with pytest.raises(EngineError, match=words):
            new_game(Rules(), names, source)
    with pytest.raises(EngineError, match="2 to 3 players, not 4"):
        new_game(Rules(max_players=3), 4, source)


# ---- malformed cards --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1S", "the rank must be"),
        ("11H", "the rank must be"),
        ("AX", "the suit must be"),
        ("10", "the suit must be"),
        ("", "write a rank and a suit"),
        ("A", "write a rank and a suit"),
        ("A S", "the rank must be"),
    ],
)
def test_malformed_card_text_is_a_card_error_quoting_it(text, words):
    with pytest.raises(CardError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value) and words in str(caught.value)


def test_a_fixed_deck_with_a_bad_or_doubled_card_is_refused():
    with pytest.raises(CardError, match="'ZZ'"):
        FixedDecks(["AS ZZ"])
    with pytest.raises(CardError, match="twice: AS"):
        parse_cards("AS KS as")
    with pytest.raises(EngineError, match="not in play"):
        new_game(Rules(), NAMES, FixedDecks(["JK"]))  # no joker without jokers: 1


@pytest.mark.parametrize(
    "text",
    [
        "fly",
        "draw:hand",
        "draw",
        "discard:ZZ",
        "discard:7H:fold",
        "exchange:7H",
        "knock:now",
        "stand:up",
        "",
    ],
)
def test_malformed_move_text_is_an_illegal_action_quoting_it(text):
    with pytest.raises(IllegalAction) as caught:
        parse_action(text, 0)
    assert f"{text!r} is not a move" in str(caught.value)


def test_malformed_card_in_a_move_says_what_is_wrong_with_the_card():
    with pytest.raises(IllegalAction, match="'ZZ' is not a card"):
        parse_action("discard:ZZ", 0)


# ---- illegal moves leave the game as it was ---------------------------------------------

HANDS = deal(ANN, "KS QS 2H", "AH 10H 3C", "9D 8D 7D", up="4C", stock="5S 6S 7S 8S")


def test_moving_out_of_turn_is_refused():
    t = Table(HANDS)
    refused(t.state, Draw(CY, "stock"), "It is Bob's turn, not Cy's.")
    refused(t.state, Knock(ANN), "Bob's turn")


@pytest.mark.parametrize("seat", [3, 7, -1])
def test_a_forged_seat_is_refused(seat):
    t = Table(HANDS)
    refused(t.state, Draw(seat, "stock"), "no such seat")


def test_discarding_a_card_not_in_the_hand_is_refused():
    t = Table(HANDS)
    t("draw:stock")
    refused(t.state, Discard(BOB, cards("KS")), "K♠ is not in your hand")


def test_discarding_the_card_just_taken_from_the_discard_pile_is_refused():
    t = Table(HANDS)
    t("draw:discard")
    refused(t.state, Discard(BOB, cards("4C")), "you just took")


def test_discarding_two_cards_or_none_without_hidden_discards_is_refused():
    t = Table(HANDS)
    t("draw:stock")
    refused(t.state, Discard(BOB, cards("3C 5S")), "exactly one card")
    refused(t.state, Discard(BOB, ()), "exactly one card")


def test_with_hidden_discards_naming_a_card_twice_or_one_not_held_changes_nothing():
    t = Table(HANDS, hidden_discards=True)
    t("draw:stock")
    refused(t.state, Discard(BOB, cards("3C") * 2), "same card twice")
    # The first card is held, the second is not: nothing at all is discarded.
    refused(t.state, Discard(BOB, cards("3C KS")), "K♠ is not in your hand")
    assert t.hand(BOB) == cards("AH 10H 3C 5S")


def test_knocking_below_knock_min_is_refused():
    t = Table(HANDS, knock_min=22)
    refused(t.state, Knock(BOB), "at least 22", "worth 21")


def test_knocking_in_the_first_round_or_twice_is_refused():
    t = Table(HANDS, no_knock_first_round=True)
    refused(t.state, Knock(BOB), "until everyone has had a turn")
    t = Table(HANDS)
    t("knock")
    refused(t.state, Knock(CY), "already knocked")


def test_knocking_the_wrong_way_for_the_table_is_refused():
    t = Table(HANDS, knock_after_draw=True)
    refused(t.state, Knock(BOB), "knock after drawing")
    t = Table(HANDS)
    t("draw:stock")
    refused(t.state, Discard(BOB, cards("5S"), knock=True), "start of your turn")


def test_knocking_after_drawing_is_refused_as_a_move_in_the_wrong_phase():
    t = Table(HANDS)
    t("draw:stock")
    refused(t.state, Knock(BOB), "You have drawn: now discard.")


def test_standing_is_refused_where_it_is_not_allowed():
    t = Table(HANDS)
    t("knock")
    refused(t.state, Stand(CY), "not allowed at this table")
    t = Table(HANDS, allow_stand=True)
    refused(t.state, Stand(BOB), "only in your last turn")


def test_drawing_from_a_pile_that_does_not_exist_is_refused():
    t = Table(HANDS)
    refused(t.state, Draw(BOB, "hand"), "stock or the discard pile, not 'hand'")


def test_drawing_from_an_empty_discard_pile_is_refused():
    # Hidden discards: Bob and Cy go down to two cards; when the stock runs out Bob
    # draws from the reshuffled stock (the pile is down to its top card) and keeps
    # his cards, Cy takes that top card and keeps his: Ann finds the pile empty.
    t = Table(HANDS, hidden_discards=True)
    t("draw:stock", "discard:3C,5S")  # Bob holds AH 10H
    t("draw:stock", "discard:7D,6S")  # Cy holds 9D 8D
    pass_turns(t, 40)
    assert t.turn == BOB and t.state.stock == ()
    t("draw:stock", "discard:")
    assert len(t.state.discard) == 1
    t("draw:discard", "discard:")
    assert t.turn == ANN and t.state.discard == ()
    assert "draw:discard" not in t.legal()
    refused(t.state, Draw(ANN, "discard"), "The discard pile is empty.")


def test_moves_of_the_wrong_phase_are_refused_with_what_to_do_instead():
    t = Table(HANDS)
    refused(t.state, Discard(BOB, cards("3C")), "Draw a card first")
    refused(t.state, Look(BOB), "Draw a card first")
    refused(t.state, ThrowDown(BOB), "Draw a card first")
    t("draw:stock")
    refused(t.state, Draw(BOB, "stock"), "You have drawn: now discard.")
    refused(t.state, Stand(BOB), "You have drawn: now discard.")
    t = Table(HANDS, preset="philadelphia")
    refused(t.state, Draw(BOB, "stock"), "look at your cards or throw down")
    refused(t.state, Knock(BOB), "look at your cards or throw down")
    t("look")
    refused(t.state, ThrowDown(BOB), "Draw a card first")


def test_widow_moves_are_refused_without_a_widow_or_out_of_order():
    t = Table(HANDS)
    refused(t.state, OpenWidow(BOB), "no widow at this table")
    refused(t.state, Exchange(BOB, cards("3C"), cards("5S")), "no widow at this table")
    widow = deal(ANN, "KS QS 2H", "AH 10H 3C", "9D 8D 7D", up="4C", widow="5H 6H 7H")
    t = Table(widow, preset="banking")
    refused(t.state, Exchange(BOB, cards("3C"), cards("5H")), "Turn the widow face up first")
    t("widow")
    refused(t.state, Draw(BOB, "stock"), "choose the cards to exchange")
    refused(t.state, Exchange(BOB, (), ()), "one to three")
    refused(t.state, Exchange(BOB, cards("3C 10H"), cards("5H")), "one to three")
    refused(t.state, Exchange(BOB, cards("KS"), cards("5H")), "K♠ is not in your hand")
    refused(t.state, Exchange(BOB, cards("3C"), cards("8H")), "8♥ is not in the widow")
    refused(t.state, Exchange(BOB, cards("3C") * 2, cards("5H 6H")), "same card twice")
    t("exchange:3C>5H")
    refused(t.state, OpenWidow(CY), "already face up")


def test_any_move_after_the_game_is_over_is_refused():
    t = Table(
        blitz_deal(ANN, BOB),
        blitz_deal(BOB, BOB),
        blitz_deal(CY, BOB),
        blitz_deal(ANN, BOB),
        dealer=ANN,
    )
    assert t.state.phase == "over" and t.turn is None
    for action in (Draw(BOB, "stock"), Knock(BOB), Discard(BOB, cards("AS")), Look(ANN)):
        refused(t.state, action, "The game is over.")
    assert t.legal(BOB) == []


def test_no_refused_move_is_ever_offered_and_every_offered_move_is_accepted():
    for changes in (
        {},
        {"hidden_discards": True},
        {"knock_after_draw": True},
        {"allow_stand": True, "knock_min": 21},
    ):
        t = Table(HANDS, **changes)
        for _ in range(6):
            if t.result is not None:
                break
            for action in t.view(t.turn).legal:
                apply_action(t.state, action)  # raises if an offered move is refused
            pass_turns(t, 1)
