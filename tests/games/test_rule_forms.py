"""House rules as a form (games.forms) and in words (games.rule_text)."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template

from games.engine import OPTION_NAMES, PRESET_TITLES, PRESETS, Rules, RulesError
from games.forms import HouseRulesForm, TableForm
from games.models import RuleSet
from games.rule_text import (
    OPTIONS,
    PRESET_SUMMARIES,
    SECTIONS,
    applies,
    differences,
    rule_sections,
    rule_summary,
)


def rules_data(rules: Rules, **overrides: Any) -> dict[str, str]:
    """What a browser posts for `rules` (an unticked checkbox sends nothing)."""
    values = {**rules.to_dict(), **overrides}
    data = {}
    for name, value in values.items():
        if value is True:
            data[name] = "on"
        elif value is False:
            continue
        elif name == "life_labels":
            data[name] = "\n".join(value or ())
        else:
            data[name] = str(value)
    return data


def engine_message(**changes: Any) -> str:
    with pytest.raises(RulesError) as caught:
        Rules.preset("scat", **changes)
    return str(caught.value)


def test_every_option_has_a_field_words_and_one_section() -> None:
    in_sections = [name for _, names in SECTIONS for name in names]

    assert sorted(in_sections) == sorted(OPTION_NAMES)
    assert set(OPTIONS) == set(OPTION_NAMES)
    assert set(HouseRulesForm().fields) == set(OPTION_NAMES)


def test_the_fields_follow_the_option_types() -> None:
    fields = HouseRulesForm().fields

    assert fields["straight_flush"].widget.input_type == "checkbox"
    assert dict(fields["three_of_a_kind"].choices)["30.5"].startswith("Worth 30\u00bd")
    assert fields["knock_min"].widget.attrs == {"min": 0, "max": 31}
    assert fields["life_labels"].widget.__class__.__name__ == "Textarea"
    assert "lives + 2" in fields["life_labels"].help_text


@pytest.mark.parametrize("key", list(PRESETS))
def test_each_preset_goes_through_the_form_unchanged(key: str) -> None:
    form = HouseRulesForm(rules_data(Rules.preset(key)))

    assert form.is_valid(), form.errors
    assert form.rules == Rules.preset(key)
    assert form.changes_from(key) == {}


def test_the_form_starts_from_the_rules_it_is_given() -> None:
    form = HouseRulesForm(rules=Rules.preset("ride_the_bus"))

    assert form["lives"].value() == 4
    assert form["life_labels"].value().splitlines()[0] == "seated at the back"


@pytest.mark.parametrize(
    ("changes", "option"),
    [
        ({"lives": 5}, "life_labels"),  # Ride the Bus's six stages no longer fit
        ({"knock_min": 40}, "knock_min"),
        ({"county": False, "no_knock_when_all_on_county": True}, "no_knock_when_all_on_county"),
        ({"scoring": "points", "final_two_tiebreak": True}, "final_two_tiebreak"),
    ],
)
def test_an_impossible_combination_shows_the_engines_message_on_its_field(
    changes: dict[str, Any], option: str
) -> None:
    base = Rules.preset("ride_the_bus") if option == "life_labels" else Rules()
    form = HouseRulesForm(rules_data(base, **changes))

    assert not form.is_valid()
    expected = engine_message(**{**base.changes_from("scat"), **changes})
    assert form.errors == {option: [expected]}
    assert form.rules is None


def test_the_engine_names_the_bound_in_its_message() -> None:
    form = HouseRulesForm(rules_data(Rules(), knock_min=40))

    form.is_valid()

    assert form.errors["knock_min"] == ["knock_min must be between 0 and 31, not 40."]


def test_a_forged_choice_is_refused_on_its_field() -> None:
    form = HouseRulesForm(rules_data(Rules(), three_of_a_kind="31"))

    assert not form.is_valid()
    assert "Select a valid choice" in form.errors["three_of_a_kind"][0]


def test_stage_names_are_one_a_line_and_blank_lines_do_not_count() -> None:
    data = rules_data(Rules(lives=1))
    data["life_labels"] = "  in the game \n\n on the county\n out  \n"

    form = HouseRulesForm(data)

    assert form.is_valid(), form.errors
    assert form.rules is not None
    assert form.rules.life_labels == ("in the game", "on the county", "out")


def test_no_stage_names_is_none() -> None:
    form = HouseRulesForm(rules_data(Rules()))

    assert form.is_valid()
    assert form.cleaned_data["life_labels"] is None


def test_changes_from_gives_only_the_differences_ready_for_json() -> None:
    form = HouseRulesForm(rules_data(Rules.preset("ride_the_bus"), knock_min=17))

    assert form.is_valid()
    assert form.changes_from("ride_the_bus") == {"knock_min": 17}
    assert form.changes_from("scat") == {
        "knock_min": 17,
        "lives": 4,
        "life_labels": list(Rules.preset("ride_the_bus").life_labels or ()),
        "levels_by_agreement": True,
    }
    assert form.changes_from(Rules.preset("ride_the_bus", knock_min=17)) == {}


# ---- rules in words ---------------------------------------------------------------

# One change per option, away from Scat (with the scoring it needs to matter).
ONE_CHANGE_EACH: dict[str, dict[str, Any]] = {
    "jokers": {"jokers": 1},
    "three_of_a_kind": {"three_of_a_kind": "30"},
    "straight_flush": {"straight_flush": True},
    "showdown_counts_all_cards": {"showdown_counts_all_cards": True},
    "blitz_requires": {"blitz_requires": "ace_king_ten"},
    "three_aces_wins_game": {"three_aces_wins_game": True},
    "max_players": {"max_players": 6},
    "first_dealer": {"first_dealer": "cut"},
    "allow_stand": {"allow_stand": True},
    "hidden_discards": {"hidden_discards": True},
    "take_own_discard": {"take_own_discard": False},
    "throw_down": {"throw_down": True},
    "widow": {"widow": True},
    "knock_min": {"knock_min": 21},
    "no_knock_first_round": {"no_knock_first_round": True},
    "knock_after_draw": {"knock_after_draw": True},
    "no_knock_when_all_on_county": {"no_knock_when_all_on_county": True},
    "knocker_tie": {"knocker_tie": "loses"},
    "knocker_penalty": {"knocker_penalty": 1},
    "blitz_timing": {"blitz_timing": "on_turn"},
    "knocker_pays_double_on_blitz": {"knocker_pays_double_on_blitz": True},
    "scoring": {"scoring": "banking"},
    "lives": {"lives": 5},
    "county": {"county": False},
    "life_labels": {"lives": 1, "life_labels": ["in", "on the county", "out"]},
    "final_two_tiebreak": {"final_two_tiebreak": True},
    "final_two_tiebreak_decides": {
        "final_two_tiebreak": True,
        "final_two_tiebreak_decides": "game",
    },
    "levels_by_agreement": {
        "lives": 1,
        "life_labels": ["in", "on the county", "out"],
        "levels_by_agreement": True,
    },
    "target_points": {"scoring": "points", "target_points": 11},
    "chips": {"scoring": "banking", "chips": 5},
    "empty_stock": {"empty_stock": "draw"},
    "max_turns": {"max_turns": 100},
}


def test_scat_has_nothing_to_summarise() -> None:
    assert rule_summary(Rules()) == []
    assert PRESET_SUMMARIES["scat"] == "The standard rules"
    assert PRESET_SUMMARIES["blitz"] == "Another name for Scat: the same game, with the same rules"


@pytest.mark.parametrize("option", OPTION_NAMES)
def test_every_change_from_scat_is_put_in_words(option: str) -> None:
    rules = Rules.preset("scat", **ONE_CHANGE_EACH[option])

    summary = rule_summary(rules)

    assert summary, option
    assert all(isinstance(line, str) and line[0].isalnum() for line in summary)


def test_the_summary_reads_like_the_rules() -> None:
    assert rule_summary(Rules.preset("card_game_101")) == [
        "Three of a kind is worth 30",
        "Highest card deals first",
    ]
    assert rule_summary(Rules.preset("thirty_and_a_half")) == ["Three of a kind is worth 30\u00bd"]
    assert rule_summary(Rules.preset("french_canadian")) == ["Points: first to 31 wins"]
    assert rule_summary(Rules.preset("thirty_one"))[0] == "4 lives"


def test_options_that_do_not_apply_are_left_out() -> None:
    # Chips and target points mean nothing when scoring by lives.
    assert rule_summary(Rules(chips=50, target_points=99)) == []
    assert not applies(Rules(scoring="points"), "lives")
    labels = [label for _, rows in rule_sections(Rules()) for label, _ in rows]
    assert "Chips each" not in labels
    assert "Lives" in labels


def test_the_full_rules_are_in_words() -> None:
    sections = dict(rule_sections(Rules.preset("ride_the_bus")))

    assert ("Lives", "4") in sections["Scoring"]
    assert ("Lowest hand to knock with", "Any hand") in sections["Knocking"]
    assert ("Allow standing", "No") in sections["A turn"]


# ---- how rules differ from their preset ---------------------------------------------


def test_house_rules_say_what_they_change_and_what_it_was() -> None:
    club = Rules.preset("scat", lives=5, knock_min=25)

    assert differences(Rules(), club) == [
        "5 lives instead of 3",
        "Knock with 25 or more instead of any hand",
    ]
    assert differences(club, Rules()) == [
        "3 lives instead of 5",
        "Knock with any hand instead of 25 or more",
    ]


def test_the_same_rules_have_no_differences() -> None:
    for key in PRESETS:
        assert differences(Rules.preset(key), Rules.preset(key)) == []


@pytest.mark.parametrize("base", ["scat", "banking", "philadelphia", "en_og_tredive"])
def test_every_change_from_a_preset_is_put_in_words_either_way(base: str) -> None:
    """Each option changed away from Scat, and back to Scat from another preset."""
    preset = Rules.preset(base)
    for option, change in ONE_CHANGE_EACH.items():
        try:
            changed = preset.replace(**change)
        except RulesError:
            continue  # not a combination the engine allows with this preset
        for before, after in ((preset, changed), (changed, preset)):
            lines = differences(before, after)
            if after == before or not applies(after, option):
                continue
            assert lines, (option, before.changes_from("scat"), after.changes_from("scat"))
            assert all(line[0].isalnum() for line in lines)


def test_changes_back_to_scat_read_as_such() -> None:
    assert differences(Rules.preset("banking"), Rules()) == [
        "Lives: the last player left wins",
        "No widow",
    ]
    assert differences(Rules.preset("philadelphia"), Rules()) == ["No throw-down"]
    assert differences(
        Rules.preset("thirty_one"), Rules.preset("thirty_one", allow_stand=False)
    ) == ["No standing after a knock"]


def test_a_new_target_or_number_of_chips_says_what_it_was() -> None:
    assert differences(
        Rules.preset("french_canadian"), Rules.preset("french_canadian", target_points=11)
    ) == ["Points: first to 11 wins instead of 31"]
    assert differences(Rules.preset("banking"), Rules.preset("banking", chips=5)) == [
        "Banking with 5 chips each instead of 10"
    ]


def test_options_that_no_longer_apply_are_not_listed() -> None:
    # Scoring by points: the lives (changed or not) mean nothing.
    assert differences(Rules(), Rules(scoring="points", lives=5)) == ["Points: first to 31 wins"]


# ---- the table form ---------------------------------------------------------------


def rule_set_pk(key: str) -> str:
    """The form value of preset `key`'s rule set."""
    return str(RuleSet.objects.get(preset=key, is_preset=True).pk)


def table_data(preset: str = "scat", **overrides: Any) -> dict[str, Any]:
    """What the table form posts, with the rules of built-in `preset` (or `rule_set=`)."""
    return {
        "name": "Kitchen",
        "rule_set": rule_set_pk(preset),
        "seat_count": "4",
        "visibility": "public",
        "turn_timer": "0",
        "bots": "0",
        "bot_level": "medium",
        **overrides,
    }


def test_the_table_form_accepts_what_it_offers(presets: None) -> None:
    form = TableForm(table_data(seat_count="5", bots="4", turn_timer="30", visibility="private"))

    assert form.is_valid(), form.errors
    assert form.cleaned_data["seat_count"] == 5
    assert form.cleaned_data["turn_timer"] == 30
    assert form.cleaned_data["rule_set"] == RuleSet.objects.get(preset="scat", is_preset=True)
    assert form.is_public is False


def test_bots_must_leave_a_seat_for_the_owner(presets: None) -> None:
    form = TableForm(table_data(seat_count="3", bots="3"))

    assert not form.is_valid()
    assert form.errors["bots"] == ["3 seats leave room for 2 bots besides you, not 3."]


@pytest.mark.parametrize(
    ("field", "value"), [("seat_count", "13"), ("turn_timer", "7"), ("bot_level", "genius")]
)
def test_a_tampered_table_form_is_refused_on_its_field(
    presets: None, field: str, value: str
) -> None:
    form = TableForm(table_data(**{field: value}))

    assert not form.is_valid()
    assert "Select a valid choice" in form.errors[field][0]


NOT_OFFERED = "Those rules are not offered here: choose rules from the list."


@pytest.mark.parametrize("value", ["poker", "999999", "-1", ""])
def test_rules_that_do_not_exist_are_refused_on_their_field(presets: None, value: str) -> None:
    form = TableForm(table_data(rule_set=value))

    assert not form.is_valid()
    assert form.errors["rule_set"] == [NOT_OFFERED if value else "Choose the rules to play by."]


def test_missing_rules_are_refused_on_their_field(presets: None) -> None:
    data = table_data()
    del data["rule_set"]

    form = TableForm(data)

    assert not form.is_valid()
    assert form.errors["rule_set"] == ["Choose the rules to play by."]


@pytest.fixture
def club(presets: None) -> RuleSet:
    return RuleSet.objects.create(
        name="Club Scat (5 lives, knock 25)", preset="scat", changes={"lives": 5, "knock_min": 25}
    )


def test_house_rules_are_offered_after_the_built_in_presets_in_their_own_group(
    club: RuleSet,
) -> None:
    bus = RuleSet.objects.create(name="Bus stop", preset="ride_the_bus", description="Ours.")

    groups = TableForm().rule_set_groups

    assert [title for title, _ in groups] == ["Built-in", "This site\u2019s house rules"]
    built_in, house = (cards for _, cards in groups)
    assert [card.rule_set.preset for card in built_in] == list(PRESET_TITLES)
    assert [card.rule_set for card in house] == [bus, club]  # by name
    scat = built_in[0]
    assert (scat.rule_set.name, scat.summary, scat.changes) == ("Scat", "The standard rules", [])
    assert scat.radio.data["selected"], "Scat is chosen at first"
    assert house[1].changes == ["5 lives instead of 3", "Knock with 25 or more instead of any hand"]
    assert house[1].summary == "5 lives \u00b7 Knock with 25 or more"
    assert not house[1].show_summary  # Scat plus changes: the changes say it all
    assert house[0].changes == []  # no changes: "The same rules as Ride the Bus"
    assert house[0].show_summary and house[0].summary.startswith("4 lives")


def test_the_form_groups_render_as_fieldsets_of_radio_buttons(club: RuleSet) -> None:
    html = Template(
        '{% load partials %}{% include "games/create_table.html#rule_set_cards" %}'
    ).render(Context({"form": TableForm()}))

    assert html.count('type="radio"') == len(PRESET_TITLES) + 1
    assert "<legend>Built-in</legend>" in html
    assert "<legend>This site\u2019s house rules</legend>" in html
    assert html.index("Built-in") < html.index("Ride the Bus") < html.index("house rules")
    assert f'value="{club.pk}"' in html.split("house rules</legend>")[1]
    assert "Scat with 5 lives instead of 3 \u00b7 Knock with 25 or more instead of any hand" in html


def test_only_offered_rule_sets_are_shown_and_accepted(club: RuleSet) -> None:
    RuleSet.objects.filter(pk=club.pk).update(offered=False)

    form = TableForm(table_data(rule_set=str(club.pk)))

    assert [title for title, _ in form.rule_set_groups] == ["Built-in"]
    assert not form.is_valid()
    assert form.errors["rule_set"] == [NOT_OFFERED]


def test_a_rule_set_the_engine_refuses_is_left_out_not_an_error(club: RuleSet) -> None:
    # Stored without the admin's check (or made impossible by a newer engine).
    RuleSet.objects.filter(pk=club.pk).update(changes={"lives": 99})

    form = TableForm(table_data(rule_set=str(club.pk)))

    assert [title for title, _ in form.rule_set_groups] == ["Built-in"]
    assert form.errors["rule_set"] == [NOT_OFFERED]
