"""docs/rules.md §1-§9 as data: every option with its default and allowed values, and every
preset of §9 with exactly the options it changes. (The spec's tables are copied here:
tests never read the shared spec at run time.)
"""

from __future__ import annotations

import json

import pytest

from games.engine import (
    OPTION_NAMES,
    PRESET_TITLES,
    PRESETS,
    Rules,
    SeededDeckSource,
    new_game,
)
from games.engine.rules import RIDE_THE_BUS_LABELS
from tests.engine.helpers import ANN, BOB, DEE, NAMES4, Table, blitz_deal, knock_showdown

# Every option of docs/rules.md with its default (the Scat rules of seed 000).
SPEC_DEFAULTS = {
    "jokers": 0,
    "three_of_a_kind": "off",
    "straight_flush": False,
    "showdown_counts_all_cards": False,
    "blitz_requires": "any",
    "three_aces_wins_game": False,
    "max_players": 12,
    "first_dealer": "random",
    "allow_stand": False,
    "hidden_discards": False,
    "take_own_discard": True,
    "throw_down": False,
    "widow": False,
    "knock_min": 0,
    "no_knock_first_round": False,
    "knock_after_draw": False,
    "no_knock_when_all_on_county": False,
    "knocker_tie": "safe",
    "knocker_penalty": 2,
    "blitz_timing": "immediate",
    "knocker_pays_double_on_blitz": False,
    "scoring": "lives",
    "lives": 3,
    "county": True,
    "life_labels": None,
    "final_two_tiebreak": False,
    "final_two_tiebreak_decides": "round",
    "levels_by_agreement": False,
    "target_points": 31,
    "chips": 10,
    "empty_stock": "reshuffle",
    "max_turns": 300,
}

# The values the spec names for each option that is a choice.
SPEC_CHOICES = {
    "jokers": (0, 1),
    "three_of_a_kind": ("off", "30", "30.5"),
    "blitz_requires": ("any", "ace_king_ten"),
    "first_dealer": ("random", "high_card", "cut", "chosen"),
    "knocker_tie": ("safe", "loses"),
    "knocker_penalty": (2, 1),
    "blitz_timing": ("immediate", "on_turn"),
    "scoring": ("lives", "points", "banking"),
    "empty_stock": ("reshuffle", "draw"),
    "final_two_tiebreak_decides": ("round", "game"),
    "knock_min": (0, 17, 19, 21),
}

# §9: preset key -> the options that differ from the defaults.
SPEC_PRESETS = {
    "scat": {},
    "blitz": {},
    "thirty_one": {"lives": 4, "knocker_tie": "loses", "allow_stand": True, "empty_stock": "draw"},
    # Source 001's folded dollar bill: four quarters to lose, and no county.
    "dollar_bill": {
        "lives": 4,
        "county": False,
        "knocker_tie": "loses",
        "allow_stand": True,
        "empty_stock": "draw",
    },
    "card_game_101": {"three_of_a_kind": "30", "first_dealer": "high_card"},
    "ride_the_bus": {"lives": 4, "life_labels": RIDE_THE_BUS_LABELS, "levels_by_agreement": True},
    "ride_the_bus_online": {
        "lives": 4,
        "life_labels": RIDE_THE_BUS_LABELS,
        "levels_by_agreement": True,
        "knock_after_draw": True,
        "no_knock_first_round": True,
    },
    "en_og_tredive": {
        "jokers": 1,
        "hidden_discards": True,
        "knock_min": 21,
        "no_knock_first_round": True,
        "three_aces_wins_game": True,
        "no_knock_when_all_on_county": True,
        "first_dealer": "cut",
    },
    "banking": {"scoring": "banking", "widow": True},
    "french_canadian": {"scoring": "points", "target_points": 31},
    "philadelphia": {"throw_down": True},
    "thirty_and_a_half": {"three_of_a_kind": "30.5"},
}


def test_every_option_of_the_spec_exists_with_the_spec_default():
    assert set(OPTION_NAMES) == set(SPEC_DEFAULTS)
    assert Rules().to_dict() == SPEC_DEFAULTS
    assert Rules() == Rules.preset() == Rules.preset("scat")


def test_the_presets_are_exactly_those_of_the_spec():
    assert set(PRESETS) == set(SPEC_PRESETS)
    assert set(PRESET_TITLES) == set(SPEC_PRESETS)
    assert all(PRESET_TITLES[key].strip() for key in PRESETS)


@pytest.mark.parametrize("key", list(SPEC_PRESETS))
def test_each_preset_changes_exactly_the_options_the_spec_lists(key):
    rules = Rules.preset(key).to_dict()
    listed = SPEC_PRESETS[key]
    assert {name: rules[name] for name in listed} == listed
    # Every option the table does not list keeps its default. (French Canadian lists
    # target_points: 31, which is also the default.)
    assert {name: value for name, value in rules.items() if name not in listed} == {
        name: value for name, value in SPEC_DEFAULTS.items() if name not in listed
    }


@pytest.mark.parametrize("key", list(SPEC_PRESETS))
def test_each_preset_round_trips_through_json(key):
    rules = Rules.preset(key)
    again = Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules
    assert again.life_labels == rules.life_labels


@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option, values in SPEC_CHOICES.items() for value in values],
)
def test_every_allowed_value_of_every_choice_starts_a_game(option, value):
    # The tie-break's reach needs the tie-break; a chosen first dealer needs the choice.
    needs = {"final_two_tiebreak": True} if option == "final_two_tiebreak_decides" else {}
    rules = Rules.preset("scat", **{option: value}, **needs)
    assert getattr(rules, option) == value
    dealer = DEE if value == "chosen" else None
    state, events = new_game(rules, NAMES4, SeededDeckSource(1), dealer)
    assert events[0].kind == "game_started"
    assert state.round_no == 1
    if dealer is not None:
        assert state.dealer == DEE


def test_a_preset_with_changes_keeps_the_rest_of_the_preset():
    rules = Rules.preset("thirty_one", allow_stand=False, lives=5)
    assert rules.allow_stand is False and rules.lives == 5
    assert rules.knocker_tie == "loses" and rules.empty_stock == "draw"
    assert rules.changes_from("thirty_one") == {"allow_stand": False, "lives": 5}


def test_life_labels_may_be_given_as_a_list():
    labels = ["a", "b", "c", "d", "e"]
    rules = Rules.preset("scat", life_labels=labels)
    assert rules.life_labels == tuple(labels)
    assert Rules.from_dict({**rules.to_dict(), "life_labels": labels}) == rules


def test_the_number_of_losses_from_the_start_to_out_depends_on_the_county():
    assert Rules().stages == 4  # three tokens, the county, out
    assert Rules(county=False).stages == 3
    assert Rules.preset("ride_the_bus").stages == len(RIDE_THE_BUS_LABELS) - 1


def test_replace_checks_the_new_rules_as_a_whole():
    rules = Rules.preset("ride_the_bus")
    assert rules.replace(life_labels=None, lives=3, levels_by_agreement=False) == Rules()


# ---- the presets in play, where no other test file plays them ---------------------------


def test_the_blitz_preset_plays_laverty_rules_several_blitzes_on_the_deal_all_win():
    # Seed 003: "In the case of two or more people getting 31 on the initial deal, all
    # players with 31 win and those without lose."
    t = Table(blitz_deal(ANN, (BOB, DEE), seats=4), names=NAMES4, dealer=ANN, preset="blitz")
    assert t.result.blitzers == (BOB, DEE)
    assert t.result.lives_lost == (1, 0, 1, 0)


def test_the_blitz_preset_knocker_lowest_loses_two_tokens_and_a_tie_spares_the_knocker():
    # Seed 003: "If the tie involves the knocker, then the knocker is safe but the other
    # player loses a token. If the knocker ends up being the player with the lowest
    # score, he loses two tokens."
    t = knock_showdown("KS QS 6D", "KH QH 3D", "9D 8D 7D", preset="blitz")
    assert t.result.lives_lost == (1, 0, 0)
    t = knock_showdown("KS QS 6D", "AH 3D 2H", "9D 8D 7D", preset="blitz")
    assert t.result.lives_lost == (0, 2, 0)
    assert t.lives == (3, 1, 3)
