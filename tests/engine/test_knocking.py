"""docs/rules.md §5: knocking, one last turn each, knock_min, no_knock_first_round,
knock_after_draw and no_knock_when_all_on_county.
"""

from __future__ import annotations

from games.engine import Discard, Knock
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

HANDS = deal(ANN, "KS QS 2H", "AH 10H 3C", "9D 8D 7D", up="4C", stock="5S 6S 7S 8S 9S")


def test_a_knock_ends_the_knockers_turn_and_everyone_else_gets_one_more_turn():
    t = Table(HANDS)
    knocked = t("knock")  # Bob, at the start of his turn, instead of drawing
    assert t.said(knocked) == ["Bob knocks."]
    assert t.hand(BOB) == cards("AH 10H 3C")
    assert t.turn == CY
    assert all(t.view(seat).knocker == BOB for seat in (ANN, BOB, CY, None))
    t("draw:stock", "discard:5S")  # Cy
    assert t.turn == ANN and t.result is None
    events = t("draw:stock", "discard:6S")  # Ann, at the knocker's right: the showdown
    assert t.kinds(events)[:3] == ["drew", "discarded", "round_ended"]
    assert t.result.reason == "knock"
    assert t.result.knocker == BOB
    assert t.result.hands[BOB] == cards("AH 10H 3C")  # frozen since the knock
    assert t.said(events)[2] == "Showdown: Ann 20, Bob 21, Cy 24. Ann loses a life."


def test_with_four_players_the_round_ends_after_the_player_at_the_knockers_right():
    t = Table(
        deal(
            ANN,
            "KS QS 2H",
            "AH 10H 3C",
            "9D 8D 7D",
            "2C 3D 4H",
            up="4C",
            stock="5S 6S 7S 8S 9S 10S",
        ),
        names=NAMES4,
    )
    t("draw:stock", "discard:5S")  # Bob
    t("knock")  # Cy
    order = []
    while t.result is None:
        order.append(t.turn)
        pass_turns(t, 1)
    assert order == [DEE, ANN, BOB]
    assert t.result.knocker == CY
    assert t.result.lives_lost == (0, 0, 0, 1)


def test_there_is_at_most_one_knock_a_round():
    t = Table(HANDS)
    t("knock")
    assert "knock" not in t.legal()
    refused(t.state, Knock(CY), "already knocked")


def test_with_knock_min_a_player_may_knock_only_with_at_least_that_much():
    t = Table(HANDS, knock_min=21)
    assert t.view(BOB).hand_value == 21
    assert "knock" in t.legal()
    t("draw:stock", "discard:5S")  # Bob
    assert t.view(CY).hand_value == 24
    t("draw:stock", "discard:6S")  # Cy
    assert t.view(ANN).hand_value == 20
    assert "knock" not in t.legal()
    refused(t.state, Knock(ANN), "at least 21", "worth 20")
    t("draw:stock", "discard:7S")
    t("knock")  # Bob with exactly 21
    assert t.state.knocker == BOB


def test_no_knock_first_round_forbids_knocking_until_everyone_has_had_a_turn():
    t = Table(HANDS, no_knock_first_round=True)
    for seat in (BOB, CY, ANN):
        assert t.turn == seat
        assert "knock" not in t.legal()
        refused(t.state, Knock(seat), "everyone has had a turn")
        pass_turns(t, 1)
    assert t.turn == BOB
    assert "knock" in t.legal()
    t("knock")
    assert t.state.knocker == BOB


def test_en_og_tredive_needs_twenty_one_and_a_full_round_before_a_knock():
    cut = "KS 2H 3D"  # Ann cuts the king and deals
    t = Table(
        cut,
        deal(ANN, "KS QS 2H", "AH 10H 3C", "9D 8D 7D", up="4C", stock="5S 6S 7S 8S 9S"),
        preset="en_og_tredive",
    )
    assert t.state.dealer == ANN
    assert "knock" not in t.legal()  # Bob has 21, but it is the first round
    pass_turns(t, 3)
    assert "knock" in t.legal()  # Bob, 21
    pass_turns(t, 2)
    assert "knock" not in t.legal()  # Ann, 20
    refused(t.state, Knock(ANN), "at least 21")


def test_with_knock_after_draw_a_player_knocks_while_discarding():
    t = Table(HANDS, knock_after_draw=True)
    assert t.legal() == ["draw:stock", "draw:discard"]
    refused(t.state, Knock(BOB), "after drawing")
    t("draw:stock")
    assert "discard:5S:knock" in t.legal() and "discard:5S" in t.legal()
    events = t("discard:5S:knock")
    assert t.said(events) == ["Bob discards 5♠ and knocks."]
    assert t.state.knocker == BOB
    assert t.hand(BOB) == cards("AH 10H 3C")
    assert t.turn == CY
    t("draw:stock")
    assert "discard:6S:knock" not in t.legal()  # one knock a round
    t("discard:6S")
    t("draw:stock", "discard:7S")  # Ann: then the showdown
    assert t.result.knocker == BOB
    assert t.result.lives_lost == (1, 0, 0)


def test_with_knock_after_draw_and_knock_min_the_hand_kept_must_reach_the_minimum():
    t = Table(
        deal(ANN, "KS QS 2H", "AH 9H 3C", "9D 8D 7D", up="4C", stock="10H 6S"),
        knock_after_draw=True,
        knock_min=21,
    )
    t("draw:stock")  # Bob draws 10H: 21 or more if he lets go of 9H or 3C
    assert "discard:3C:knock" in t.legal()
    assert "discard:10H:knock" not in t.legal()  # keeping AH 9H 3C is only 20
    refused(t.state, Discard(BOB, cards("10H"), knock=True), "at least 21", "worth 20")
    t("discard:3C:knock")
    assert t.state.knocker == BOB


def test_ride_the_bus_online_stops_the_bus_after_drawing_but_not_in_the_first_turn():
    t = Table(HANDS, preset="ride_the_bus_online")
    t("draw:stock")
    assert not any(code.endswith(":knock") for code in t.legal())
    refused(t.state, Discard(BOB, cards("5S"), knock=True), "everyone has had a turn")
    t("discard:5S")
    pass_turns(t, 2)
    t("draw:stock")
    assert "discard:8S:knock" in t.legal()
    t("discard:8S:knock")
    assert t.state.knocker == BOB


# ---- everyone on the county -------------------------------------------------------------

CUT = "KS 2H"  # Ann cuts the king: she deals first


def all_on_county(*round_three: str) -> Table:
    """En og tredive for two with one life each: Ann's blitz puts Bob on the county,
    then Bob's blitz puts Ann there; `round_three` deals the rest."""
    return Table(
        CUT,
        deal(ANN, "AS KS QS", "2H 3D 5C", up="9C"),
        deal(BOB, "4H 6D 7C", "AH KH QH", up="9C"),
        *round_three,
        preset="en_og_tredive",
        names=NAMES2,
        lives=1,
    )


def test_when_everyone_left_is_on_the_county_no_one_may_knock():
    t = all_on_county(deal(ANN, "KD QD 5S", "KC QC 2D", up="3H", stock="4S 4C 6S 6C 7S"))
    assert t.lives == (0, 0) and t.out == (False, False)
    assert all(t.view(seat).seats[seat].on_county for seat in (ANN, BOB))
    assert t.state.round_no == 3
    for _ in range(4):
        assert "knock" not in t.legal()
        pass_turns(t, 1)
    refused(t.state, Knock(t.turn), "everyone is on the county")


def test_when_everyone_left_is_on_the_county_a_thirty_one_wins_the_whole_game():
    t = all_on_county(deal(ANN, "KD QD 5S", "KC QC 2D", up="3H", stock="AC"))
    assert t.turn == BOB
    t("draw:stock")
    events = t("discard:2D")
    assert t.outcome.winners == (BOB,)
    assert t.outcome.reason == "thirty_one"
    assert t.out == (True, False)
    assert t.state.phase == "over"
    assert t.said(events)[-1] == "Bob wins the game with 31 while everyone is on the county!"


def test_when_everyone_left_is_on_the_county_a_thirty_one_on_the_deal_wins_at_once():
    t = all_on_county(deal(ANN, "AC QC KC", "KD QD 5S", up="3H"))
    assert t.outcome.winners == (ANN,)
    assert t.outcome.reason == "thirty_one"
    assert t.result.reason == "thirty_one"
    assert t.result.hands[ANN] == cards("AC QC KC")
