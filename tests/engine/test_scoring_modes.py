"""docs/rules.md §7: lives and the county, life labels, the kitty and the last player,
the final-two tiebreak, points (the French Canadian game) and banking.
"""

from __future__ import annotations

from games.engine import Rules, replay
from games.engine.rules import RIDE_THE_BUS_LABELS
from tests.engine.helpers import (
    ANN,
    BOB,
    CY,
    NAMES2,
    Table,
    blitz_deal,
    deal,
    knock_showdown,
    pass_turns,
)

# ---- lives and the county ---------------------------------------------------------------


def test_every_player_starts_with_the_lives_option_tokens():
    assert Table().lives == (3, 3, 3)
    assert Table(lives=5).lives == (5, 5, 5)
    assert Table(preset="thirty_one").lives == (4, 4, 4)


def test_a_player_with_no_tokens_left_is_on_the_county_and_still_plays():
    t = Table(blitz_deal(ANN, BOB), blitz_deal(BOB, BOB), blitz_deal(CY, BOB), dealer=ANN)
    assert t.lives == (0, 3, 0)
    assert t.out == (False, False, False)
    assert t.state.kitty == 6
    seats = t.view(BOB).seats
    assert [s.on_county for s in seats] == [True, False, True]
    assert t.hand(ANN) != () and t.hand(CY) != ()
    assert t.turn == BOB  # round 4, dealt by Ann
    pass_turns(t, 1)
    assert t.turn == CY


def test_a_player_on_the_county_who_loses_is_out_and_the_last_player_takes_the_kitty():
    t = Table(
        blitz_deal(ANN, BOB),
        blitz_deal(BOB, BOB),
        blitz_deal(CY, BOB),
        blitz_deal(ANN, BOB),
        dealer=ANN,
    )
    assert t.out == (True, False, True)
    assert t.result.eliminated == (ANN, CY)
    assert t.result.lives_lost == (1, 0, 1)
    said = t.said()
    assert said[-3:] == ["Ann is out of the game.", "Cy is out of the game.", "Bob wins the game!"]
    assert t.outcome.winners == (BOB,)
    assert t.outcome.reason == "last_player"
    assert t.outcome.shares == (0.0, 6.0, 0.0)  # the kitty: three tokens from each
    assert t.state.phase == "over" and t.turn is None


def test_without_the_county_a_player_is_out_as_soon_as_the_last_token_is_gone():
    t = Table(blitz_deal(ANN, BOB), blitz_deal(BOB, BOB), dealer=ANN, lives=2, county=False)
    assert t.out == (True, False, True)
    assert t.outcome.winners == (BOB,)
    assert t.outcome.shares == (0.0, 4.0, 0.0)
    assert not any(s.on_county for s in t.view(BOB).seats)


def test_a_player_who_must_lose_two_lives_with_one_token_left_pays_it_and_is_on_the_county():
    # Bob knocks and has the lowest hand alone with his one token.
    t = knock_showdown("KS QS 6D", "AH 3D 2H", "9D 8D 7D", lives=1)
    assert t.result.lives_lost == (0, 2, 0)
    assert t.lives == (1, 0, 1)
    assert t.out == (False, False, False)
    assert t.state.kitty == 1
    assert t.view(ANN).seats[BOB].on_county


def test_a_knocker_on_the_county_who_loses_is_out():
    hands = ("KS QS 6D", "AH 3D 2H", "9D 8D 7D")
    t = Table(
        deal(ANN, *hands, up="8C", stock="2C 3C 4C"),
        deal(BOB, *hands, up="8C", stock="2C 3C 4C 5C"),
        lives=1,
    )
    t("knock")  # round 1: Bob, lowest alone, pays his one token
    pass_turns(t, 2)
    assert t.lives == (1, 0, 1) and t.state.round_no == 2
    assert t.turn == CY
    pass_turns(t, 2)  # Cy, Ann
    t("knock")  # Bob, lowest alone again
    pass_turns(t, 2)  # Cy, Ann
    assert t.result.lives_lost == (0, 2, 0)
    assert t.result.eliminated == (BOB,)
    assert t.out == (False, True, False)
    assert t.state.kitty == 1  # an on-county player pays nothing more
    assert t.state.dealer == CY and t.turn == ANN


def test_ride_the_bus_shows_each_players_stage_instead_of_tokens():
    decks = [blitz_deal(dealer % 3, BOB) for dealer in range(5)]
    assert RIDE_THE_BUS_LABELS == (
        "seated at the back",
        "standing at the back",
        "middle of the bus",
        "front of the bus",
        "on the stairs",
        "off the bus",
    )
    for losses in range(5):
        t = Table(*decks[:losses], dealer=ANN, preset="ride_the_bus")
        seats = t.view(None).seats
        assert seats[ANN].stage_label == RIDE_THE_BUS_LABELS[losses]
        assert seats[CY].stage_label == RIDE_THE_BUS_LABELS[losses]
        assert seats[BOB].stage_label == "seated at the back"
        assert seats[ANN].on_county == (losses == 4)
    t = Table(*decks, dealer=ANN, preset="ride_the_bus")
    seats = t.view(BOB).seats
    assert [s.stage_label for s in seats] == ["off the bus", "seated at the back", "off the bus"]
    assert t.outcome.winners == (BOB,)


def test_life_labels_without_the_county_run_from_the_start_to_out():
    labels = ("fresh", "wounded", "gone")
    t = Table(blitz_deal(ANN, BOB), dealer=ANN, lives=2, county=False, life_labels=labels)
    assert [s.stage_label for s in t.view(None).seats] == ["wounded", "fresh", "wounded"]
    t = Table(
        blitz_deal(ANN, BOB),
        blitz_deal(BOB, BOB),
        dealer=ANN,
        lives=2,
        county=False,
        life_labels=labels,
    )
    assert [s.stage_label for s in t.view(None).seats] == ["gone", "fresh", "gone"]


def test_without_life_labels_no_stage_label_is_shown():
    assert all(s.stage_label is None for s in Table().view(None).seats)


# ---- the final two ----------------------------------------------------------------------

ROUND_ONE = blitz_deal(ANN, ANN, seats=2)  # Ann's blitz puts Bob on the county


def final_two(ann: str, bob: str, **changes) -> Table:
    """Two players, Bob on the county; in round 2 (Bob deals) Ann plays a quiet turn,
    Bob knocks, Ann plays a quiet last turn."""
    t = Table(
        ROUND_ONE, deal(BOB, ann, bob, up="8C", stock="2C 3C 4C"), names=NAMES2, lives=1, **changes
    )
    assert t.lives == (1, 0) and t.turn == ANN
    pass_turns(t, 1)
    t("knock")
    pass_turns(t, 1)
    return t


def test_without_the_final_two_tiebreak_a_knocker_who_ties_is_safe():
    t = final_two("KS QS 3H", "KH QH 2D")
    assert t.result.values == (20, 20)
    assert t.result.lives_lost == (1, 0)
    assert t.result.tiebreak_winner is None
    assert t.outcome is None


def test_with_the_final_two_tiebreak_the_higher_card_ranks_win_a_tie():
    t = final_two("KS QS 3H", "KH QH 2D", final_two_tiebreak=True)
    assert t.result.values == (20, 20)
    assert t.result.tiebreak_winner == ANN
    # Bob, on the county, loses the tie (the knocker's safety does not apply): he is out.
    assert t.result.lives_lost[ANN] == 0 and t.result.lives_lost[BOB] >= 1
    assert t.out == (False, True)
    assert t.outcome.winners == (ANN,)
    ended = [line for line in t.said() if line.startswith("Showdown")]
    assert ended[-1].startswith("Showdown: Ann 20, Bob 20. Bob loses")
    assert ended[-1].endswith("Ann wins the tie on card ranks.")


def test_the_final_two_tiebreak_looks_at_the_next_ranks_when_the_highest_ties():
    t = final_two("KS 9S QH", "KH 9H JD", final_two_tiebreak=True)
    assert t.result.values == (19, 19)
    assert t.result.tiebreak_winner == ANN  # K-Q-9 beats K-J-9 on the second card
    assert t.outcome.winners == (ANN,)
    t = final_two("KS 9S 2H", "KH 9H 3D", final_two_tiebreak=True)
    assert t.result.values == (19, 19)
    # K-9-2 against K-9-3: the third card decides for Bob; Ann (not on the county) pays.
    assert t.result.tiebreak_winner == BOB
    assert t.result.lives_lost == (1, 0)
    assert t.lives == (0, 0)


def test_with_the_final_two_tiebreak_identical_ranks_draw_the_game_and_share_the_kitty():
    t = final_two("KS QS 5H", "KH QH 5D", final_two_tiebreak=True)
    assert t.result.lives_lost == (0, 0)
    assert t.outcome.reason == "draw"
    assert t.outcome.winners == (ANN, BOB)
    assert t.outcome.shares == (0.5, 0.5)  # the one token Bob paid
    assert t.said()[-1] == "The game is a draw between Ann and Bob."


def test_the_final_two_tiebreak_needs_someone_on_the_county():
    t = Table(
        deal(ANN, "KS QS 3H", "KH QH 2D", up="8C", stock="2C 3C"),
        names=NAMES2,
        final_two_tiebreak=True,
    )
    t("knock")  # Bob
    pass_turns(t, 1)
    assert t.result.tiebreak_winner is None
    assert t.result.lives_lost == (1, 0)  # the knocker's tie is safe as usual


def test_the_final_two_tiebreak_needs_only_two_players_left():
    # Bob's blitz puts Ann and Cy on the county; in round 2 Cy knocks and ties Ann for
    # lowest. With three players left the knocker's tie is safe, tiebreak or not.
    def play(**changes) -> Table:
        t = Table(
            blitz_deal(ANN, BOB),
            deal(BOB, "KS QS 6D", "9D 8D 7D", "KH QH 3D", up="8C", stock="2C 3C"),
            lives=1,
            **changes,
        )
        assert t.lives == (0, 1, 0) and t.turn == CY
        t("knock")
        pass_turns(t, 2)
        return t

    with_tiebreak = play(final_two_tiebreak=True)
    assert with_tiebreak.result.tiebreak_winner is None
    assert with_tiebreak.result.lives_lost == (1, 0, 0)
    assert with_tiebreak.result == play().result


# ---- points -----------------------------------------------------------------------------


def test_with_points_the_highest_hand_at_a_showdown_scores_a_point_and_no_one_loses_lives():
    t = knock_showdown("KS 9H 6D", "AH 10H 3D", "9D 8D 7D", preset="french_canadian")
    assert t.result.values == (10, 21, 24)
    assert t.result.points_won == (0, 0, 1)
    assert t.result.lives_lost == (0, 0, 0)
    assert t.points == (0, 0, 1)
    assert t.lives == (3, 3, 3)
    assert t.said(t.events[-2:-1]) == ["Showdown: Ann 10, Bob 21, Cy 24. Cy scores a point."]


def test_with_points_a_tie_between_the_knocker_and_another_goes_to_the_other():
    t = knock_showdown("KS 9H 6D", "AH KH 3D", "AD 10D 5H", preset="french_canadian")
    assert t.result.values == (10, 21, 21)
    assert t.result.points_won == (0, 0, 1)


def test_with_points_a_tie_between_players_who_did_not_knock_scores_for_each():
    t = knock_showdown("AS KS 6D", "AH 9H 3D", "AD 10D 5H", preset="french_canadian")
    assert t.result.values == (21, 20, 21)
    assert t.result.points_won == (1, 0, 1)


def test_with_points_a_blitz_scores_a_point_at_once():
    t = Table(blitz_deal(ANN, BOB), dealer=ANN, preset="french_canadian")
    assert t.result.reason == "blitz"
    assert t.result.points_won == (0, 1, 0)
    assert t.result.lives_lost == (0, 0, 0)
    assert t.points == (0, 1, 0)
    assert t.said(t.events[3:4]) == ["Bob has 31 in one suit: a blitz! Bob scores a point."]


def test_with_points_the_first_to_the_target_wins():
    t = Table(
        blitz_deal(ANN, BOB),
        blitz_deal(BOB, CY),
        blitz_deal(CY, BOB),
        dealer=ANN,
        preset="french_canadian",
        target_points=2,
    )
    assert t.points == (0, 2, 1)
    assert t.outcome.winners == (BOB,)
    assert t.outcome.reason == "target_points"
    assert t.said()[-1] == "Bob wins the game with 2 points!"
    assert t.state.round_no == 3


# ---- banking ----------------------------------------------------------------------------

WIDOW = "5S 6S 7S"


def test_with_banking_everyone_antes_a_chip_before_each_round():
    t = Table(preset="banking")
    assert t.chips == (9, 9, 9)
    assert t.state.pot == 3
    assert t.view(ANN).pot == 3
    assert t.said()[2].endswith("Everyone antes a chip: the pot holds 3.")


def test_with_banking_the_highest_hand_takes_the_pot():
    t = knock_showdown("KS 9S 6D", "AH 10D 3D", "9D 8D 7D", preset="banking")
    assert t.result.values == (19, 13, 24)
    assert t.result.chips_won == (0, 0, 3)
    assert t.result.lives_lost == (0, 0, 0)
    # Cy took 3; then everyone anted for round 2.
    assert t.chips == (8, 8, 11)
    assert t.state.pot == 3


def test_with_banking_a_tie_splits_the_pot_and_the_odd_chip_stays():
    t = knock_showdown("KS QS 6D", "AH 3D 2H", "KD QD 5H", preset="banking")
    assert t.result.values == (20, 13, 20)
    assert t.result.chips_won == (1, 0, 1)
    assert t.chips == (9, 8, 9)
    assert t.state.pot == 1 + 3
    assert t.said()[-1].endswith("Everyone antes a chip: the pot holds 4.")


def test_with_banking_a_blitz_takes_the_pot_and_a_chip_from_every_other_player():
    t = Table(blitz_deal(ANN, BOB, widow=WIDOW), dealer=ANN, preset="banking")
    assert t.result.blitzers == (BOB,)
    assert t.result.chips_won == (-1, 5, -1)
    # After round 1: Ann and Cy 10 - 1 ante - 1 paid; Bob 9 + 5. Then round 2's antes.
    assert t.chips == (7, 13, 7)
    assert t.state.pot == 3


def test_with_banking_a_player_with_no_chips_at_the_start_of_a_round_is_out():
    # One chip each: after the antes nobody can pay Bob's blitz, and he takes the pot.
    t = Table(blitz_deal(ANN, BOB, widow=WIDOW), dealer=ANN, preset="banking", chips=1)
    assert t.result.chips_won == (0, 3, 0)
    assert t.out == (True, False, True)
    assert t.outcome.winners == (BOB,)
    assert t.outcome.reason == "last_player"
    assert t.said()[-3:] == [
        "Ann is out of the game.",
        "Cy is out of the game.",
        "Bob wins the game!",
    ]


def test_with_banking_a_player_out_of_chips_is_skipped_by_the_deal():
    # Ann and Cy split the pot of 3; Bob is left with nothing and is out at round 2,
    # so the deal passes from Ann to Cy, and Ann (Cy's left) plays first.
    t = knock_showdown("KS QS 6D", "AH 3D 2H", "KD QD 5H", preset="banking", chips=1)
    assert t.state.round_no == 2
    assert t.chips == (0, 0, 0)
    assert t.out == (False, True, False)
    assert t.state.pot == 1 + 2
    assert t.hand(BOB) == ()
    assert t.state.dealer == CY
    assert t.turn == ANN


# ---- the final two's tie-break decides the game (final_two_tiebreak_decides: "game") ----


def test_when_the_tiebreak_decides_the_game_its_winner_wins_at_once_with_tokens_to_spare():
    # Ann (1 life) and Bob (on the county) tie at 20; Ann's K-Q-3 beats Bob's K-Q-2. Bob
    # would be out anyway; the game is Ann's, reason "tiebreak".
    t = final_two(
        "KS QS 3H", "KH QH 2D", final_two_tiebreak=True, final_two_tiebreak_decides="game"
    )
    assert t.result.tiebreak_winner == ANN
    assert t.out == (False, True)
    assert t.outcome.winners == (ANN,)
    assert t.outcome.reason == "tiebreak"
    assert t.said()[-1] == "Ann wins the game on the tie-break!"


def test_when_the_tiebreak_decides_the_game_the_loser_is_out_whatever_tokens_they_had():
    # Two blitzes by Bob put Ann on the county; Bob keeps both his lives. In round 3 Ann
    # knocks and ties Bob at 19: her K-9-3 beats his K-9-2 on the third card.
    def play(**changes) -> Table:
        t = Table(
            blitz_deal(ANN, BOB, seats=2),
            blitz_deal(BOB, BOB, seats=2),
            deal(ANN, "KS 9S 3H", "KH 9H 2D", up="8C", stock="2C 3C 4C"),
            names=NAMES2,
            lives=2,
            final_two_tiebreak=True,
            **changes,
        )
        assert t.lives == (0, 2) and t.turn == BOB
        pass_turns(t, 1)
        t("knock")  # Ann, on the county
        pass_turns(t, 1)
        return t

    in_the_round = play()
    assert in_the_round.result.tiebreak_winner == ANN
    assert in_the_round.result.lives_lost == (0, 1)
    assert in_the_round.outcome is None and in_the_round.lives == (0, 1)

    t = play(final_two_tiebreak_decides="game")
    assert t.result.tiebreak_winner == ANN
    assert t.result.lives_lost == (0, 1)
    assert t.result.eliminated == (BOB,)
    assert t.out == (False, True)
    assert t.outcome.winners == (ANN,) and t.outcome.reason == "tiebreak"
    # Ann takes the kitty (her two lives and Bob's one) and the token Bob had left.
    assert t.outcome.shares == (4.0, 0.0)
    assert [e.kind for e in t.events[-3:]] == ["round_ended", "player_out", "game_ended"]
    assert t.said()[-3:] == [
        "Showdown: Ann 19, Bob 19. Bob loses a life. Ann wins the tie on card ranks.",
        "Bob is out of the game.",
        "Ann wins the game on the tie-break!",
    ]
    assert replay(t.events) == t.state


def test_when_the_tiebreak_decides_the_game_identical_ranks_still_draw_it():
    t = final_two(
        "KS QS 5H", "KH QH 5D", final_two_tiebreak=True, final_two_tiebreak_decides="game"
    )
    assert t.outcome.reason == "draw"
    assert t.outcome.winners == (ANN, BOB)
    assert t.outcome.shares == (0.5, 0.5)


def test_the_tiebreak_deciding_the_game_changes_nothing_while_three_are_left():
    def play(**changes) -> Table:
        t = Table(
            blitz_deal(ANN, BOB),
            deal(BOB, "KS QS 6D", "9D 8D 7D", "KH QH 3D", up="8C", stock="2C 3C"),
            lives=1,
            final_two_tiebreak=True,
            **changes,
        )
        t("knock")
        pass_turns(t, 2)
        return t

    deciding, settling = play(final_two_tiebreak_decides="game"), play()
    assert deciding.result.tiebreak_winner is None
    assert deciding.result == settling.result
    assert deciding.lives == settling.lives and deciding.outcome is None


# ---- the folded dollar bill (dollar_bill) --------------------------------------------


def test_the_dollar_bill_has_four_quarters_and_no_county():
    rules = Rules.preset("dollar_bill")
    assert (rules.lives, rules.county) == (4, False)
    # As in source 001's Thirty-one otherwise: standing allowed, a tied knocker loses.
    assert Rules.preset("thirty_one").replace(county=False) == rules
    t = Table(
        *(blitz_deal(dealer, BOB) for dealer in (ANN, BOB, CY, ANN)),
        dealer=ANN,
        preset="dollar_bill",
    )
    # Four blitzes by Bob: the fourth quarter gone, Ann and Cy are out (no county).
    assert t.lives == (0, 4, 0)
    assert t.out == (True, False, True)
    assert t.outcome.winners == (BOB,)
    assert t.outcome.shares == (0.0, 8.0, 0.0)
