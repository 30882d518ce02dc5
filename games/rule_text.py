"""House rules in words: labels, help, groups and summaries (docs/rules.md).

The engine names options for code (`knock_min`); people read these. The forms, the
admin, the lobby, the join page and the table page all take their wording from here,
so an option is explained the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine import PRESETS, Rules


@dataclass(frozen=True)
class OptionText:
    label: str
    help: str


# Every option of `Rules`, by the sections of docs/rules.md (a test checks none is missing).
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Cards & hand values",
        (
            "jokers",
            "three_of_a_kind",
            "straight_flush",
            "showdown_counts_all_cards",
            "blitz_requires",
            "three_aces_wins_game",
        ),
    ),
    ("The deal", ("max_players", "first_dealer")),
    ("A turn", ("allow_stand", "hidden_discards", "take_own_discard", "throw_down", "widow")),
    (
        "Knocking",
        ("knock_min", "no_knock_first_round", "knock_after_draw", "no_knock_when_all_on_county"),
    ),
    (
        "Showdown & blitz",
        ("knocker_tie", "knocker_penalty", "blitz_timing", "knocker_pays_double_on_blitz"),
    ),
    (
        "Scoring",
        (
            "scoring",
            "lives",
            "county",
            "life_labels",
            "levels_by_agreement",
            "final_two_tiebreak",
            "final_two_tiebreak_decides",
            "target_points",
            "chips",
        ),
    ),
    ("Stock", ("empty_stock", "max_turns")),
)

OPTIONS: dict[str, OptionText] = {
    "jokers": OptionText(
        "Jokers", "The joker stands for any card the hand does not already hold, whichever is best."
    ),
    "three_of_a_kind": OptionText(
        "Three of a kind", "Three cards of one rank, such as three sevens."
    ),
    "straight_flush": OptionText(
        "Straight flush is worth 30",
        "Three suited cards in sequence, ace high (Q-K-A is the top one; A-2-3 is not one).",
    ),
    "showdown_counts_all_cards": OptionText(
        "Count every card at a showdown",
        "After a knock each hand scores all its cards, whatever their suits. This never "
        "makes a blitz.",
    ),
    "blitz_requires": OptionText(
        "What is a blitz", "A blitz ends the round at once; other 31s still score 31."
    ),
    "three_aces_wins_game": OptionText(
        "Three aces win the game",
        "Three aces (or two and the joker) win the whole game at once: everyone else is out.",
    ),
    "max_players": OptionText(
        "Most players",
        "2 to 12: one deck then still leaves a stock of at least a card for each player.",
    ),
    "first_dealer": OptionText(
        "First dealer",
        "After the first round the deal passes to the left. \u201cThe host picks\u201d: "
        "whoever starts the game chooses who deals first.",
    ),
    "allow_stand": OptionText(
        "Allow standing",
        "In their last turn after a knock, a player may keep their hand and draw nothing.",
    ),
    "hidden_discards": OptionText(
        "Discard several cards",
        "After drawing you may discard several cards and end with fewer than three. Buried "
        "discards stay face up for everyone to see.",
    ),
    "take_own_discard": OptionText(
        "Take back your own discard",
        "Taking the top discard is allowed even when you put it there yourself.",
    ),
    "throw_down": OptionText(
        "Throw-down",
        "Before looking at their cards, the player at the dealer's left may show every hand "
        "at once, as if they had knocked.",
    ),
    "widow": OptionText(
        "Widow",
        "Three extra cards dealt face down. Instead of drawing, a player may swap one to "
        "three cards with them.",
    ),
    "knock_min": OptionText(
        "Lowest hand to knock with", "0 means any hand; En og tredive plays 21. At most 31."
    ),
    "no_knock_first_round": OptionText(
        "No knocking in the first round", "No one may knock until everyone has had a turn."
    ),
    "knock_after_draw": OptionText(
        "Knock after drawing", "Draw, then knock, then discard (the online Ride the Bus way)."
    ),
    "no_knock_when_all_on_county": OptionText(
        "No knocking when everyone is on the county",
        "Play goes on until someone has 31, and they win the game. Needs lives with the county.",
    ),
    "knocker_tie": OptionText(
        "When the knocker ties for lowest", "Who loses when the knocker ties for the lowest hand."
    ),
    "knocker_penalty": OptionText(
        "A losing knocker pays", "Lives lost by a knocker with the lowest hand."
    ),
    "blitz_timing": OptionText("When a blitz is shown", "A blitz is exactly 31 in one suit."),
    "knocker_pays_double_on_blitz": OptionText(
        "Knocker pays double on a blitz",
        "A knocker caught by a later blitz loses two lives instead of one.",
    ),
    "scoring": OptionText("Scoring", "How the game is kept and won."),
    "lives": OptionText("Lives", "Tokens each player starts with (scoring by lives)."),
    "county": OptionText(
        "The county",
        "A player with no lives left is \u201con the county\u201d and plays on; the next loss "
        "puts them out. Off: out as soon as the last life is gone.",
    ),
    "life_labels": OptionText(
        "Stage names",
        "Optional: one name per line, from the start to out \u2014 lives + 2 names with the "
        "county, lives + 1 without. Leave empty to show lives as numbers.",
    ),
    "levels_by_agreement": OptionText(
        "Add levels by agreement",
        "Ride the Bus: during a game a player may propose new levels for the bus; if "
        "everyone still in agrees, they go in before the county and everyone gains a life "
        "for each. Needs stage names.",
    ),
    "final_two_tiebreak": OptionText(
        "Break ties between the last two",
        "With two players left, one of them on the county, a tie goes to the highest card, "
        "then the next.",
    ),
    "final_two_tiebreak_decides": OptionText(
        "The last two's tie-break decides",
        "Whether the tie's winner only wins the round, or the whole game. Needs the "
        "tie-break between the last two.",
    ),
    "target_points": OptionText("Points to win", "Scoring by points: the first to this many wins."),
    "chips": OptionText(
        "Chips each", "Banking: everyone starts with this many chips and antes one a round."
    ),
    "empty_stock": OptionText(
        "When the stock runs out", "What happens when a player must draw from an empty stock."
    ),
    "max_turns": OptionText(
        "Turn limit per round", "A round with no knock after this many turns ends as a draw."
    ),
}

# The words for each value of the options that are a choice (docs/rules.md's wording).
CHOICE_LABELS: dict[str, dict[Any, str]] = {
    "jokers": {0: "No joker (52 cards)", 1: "One joker (53 cards)"},
    "three_of_a_kind": {
        "off": "Counts like any hand",
        "30": "Worth 30",
        "30.5": "Worth 30\u00bd (beats all but 31)",
    },
    "blitz_requires": {"any": "Any 31 in one suit", "ace_king_ten": "Only A-K-10 of one suit"},
    "first_dealer": {
        "random": "Chosen at random",
        "high_card": "Highest card drawn deals",
        "cut": "Highest cut deals (joker high)",
        "chosen": "The host picks",
    },
    "knocker_tie": {
        "safe": "The knocker is safe, the others lose",
        "loses": "The knocker alone loses",
    },
    "knocker_penalty": {1: "1 life", 2: "2 lives"},
    "blitz_timing": {"immediate": "At once: the round ends", "on_turn": "By knocking in turn"},
    "scoring": {
        "lives": "Lives: the last player left wins",
        "points": "Points: first to the target wins",
        "banking": "Banking: chips, antes and a pot",
    },
    "empty_stock": {
        "reshuffle": "Shuffle the discards into a new stock",
        "draw": "The round ends with no loser",
    },
    "final_two_tiebreak_decides": {
        "round": "The round: the other player loses as usual",
        "game": "The game: the tie's winner wins it",
    },
}

SCAT = Rules()


# Options about losing lives: they mean nothing when scoring by points or banking.
_LIVES_ONLY = frozenset(
    {
        "lives",
        "county",
        "life_labels",
        "final_two_tiebreak",
        "final_two_tiebreak_decides",
        "levels_by_agreement",
        "knocker_tie",
        "knocker_penalty",
        "knocker_pays_double_on_blitz",
        "no_knock_when_all_on_county",
    }
)


def applies(rules: Rules, option: str) -> bool:
    """Whether `option` matters under `rules` (chips mean nothing when scoring by lives)."""
    if option in _LIVES_ONLY:
        return rules.scoring == "lives"
    if option == "target_points":
        return rules.scoring == "points"
    if option == "chips":
        return rules.scoring == "banking"
    return True


def rule_summary(rules: Rules) -> list[str]:
    """What differs from Scat, in a few short phrases ("Three of a kind is worth 30",
    "4 lives"); empty for Scat's own rules."""
    lines = []
    # How the game is scored and won first: it changes a game more than any detail.
    for _, options in sorted(SECTIONS, key=lambda section: section[0] != "Scoring"):
        for option in options:
            if applies(rules, option) and _differs(rules, option):
                lines.append(_phrase(rules, option))
    return lines


def _differs(rules: Rules, option: str) -> bool:
    if option in ("target_points", "chips"):  # part of the scoring phrase
        return False
    if option == "scoring":
        return rules.scoring != "lives"
    return getattr(rules, option) != getattr(SCAT, option)


def _phrase(rules: Rules, option: str) -> str:
    value = getattr(rules, option)
    if option in _AS_IN_SCAT and value == getattr(SCAT, option):
        return _AS_IN_SCAT[option]
    return _PHRASES[option](value, rules)


_HALF = "\u00bd"
_PHRASES: dict[str, Callable[[Any, Rules], str]] = {
    "jokers": lambda v, r: "One joker in the deck",
    "three_of_a_kind": lambda v, r: f"Three of a kind is worth {v.replace('.5', _HALF)}",
    "straight_flush": lambda v, r: "A straight flush is worth 30",
    "showdown_counts_all_cards": lambda v, r: "Every card counts at a showdown",
    "blitz_requires": lambda v, r: "Only A-K-10 of one suit is a blitz",
    "three_aces_wins_game": lambda v, r: "Three aces win the game",
    "max_players": lambda v, r: f"At most {v} players",
    "first_dealer": lambda v, r: {
        "high_card": "Highest card deals first",
        "cut": "Highest cut deals first",
        "chosen": "The host picks the first dealer",
    }.get(v, "Random first dealer"),
    "allow_stand": lambda v, r: "Standing allowed after a knock",
    "hidden_discards": lambda v, r: "Discard several cards at once",
    "take_own_discard": lambda v, r: "You may not take back your own discard",
    "throw_down": lambda v, r: "Throw-down allowed",
    "widow": lambda v, r: "A widow of three cards",
    "knock_min": lambda v, r: f"Knock with {v} or more",
    "no_knock_first_round": lambda v, r: "No knocking in the first round",
    "knock_after_draw": lambda v, r: "Knock after drawing",
    "no_knock_when_all_on_county": lambda v, r: "No knocking when all are on the county",
    "knocker_tie": lambda v, r: "A knocker who ties for lowest loses",
    "knocker_penalty": lambda v, r: f"A losing knocker pays {CHOICE_LABELS['knocker_penalty'][v]}",
    "blitz_timing": lambda v, r: "Show a blitz by knocking",
    "knocker_pays_double_on_blitz": lambda v, r: "A knocker caught by a blitz pays double",
    "scoring": lambda v, r: (
        f"Points: first to {r.target_points} wins"
        if v == "points"
        else f"Banking with {r.chips} chips each"
    ),
    "lives": lambda v, r: "1 life" if v == 1 else f"{v} lives",
    "county": lambda v, r: "No county: out with the last life",
    "life_labels": lambda v, r: (
        f"Stages from \u201c{v[0]}\u201d to \u201c{v[-1]}\u201d" if v else "Lives shown as numbers"
    ),
    "final_two_tiebreak": lambda v, r: "High card breaks a tie between the last two",
    "final_two_tiebreak_decides": lambda v, r: (
        "The last two's tie-break wins the game"
        if v == "game"
        else "The last two's tie-break settles the round"
    ),
    "levels_by_agreement": lambda v, r: "Levels can be added to the bus by agreement",
    "empty_stock": lambda v, r: "An empty stock ends the round as a draw",
    "max_turns": lambda v, r: f"A round without a knock is a draw after {v} turns",
}


# The phrases for Scat's own value, needed when a preset that differs is changed back
# (No widow in Banking 31). The numbers and words of the others read either way.
_AS_IN_SCAT: dict[str, str] = {
    "jokers": "No joker",
    "three_of_a_kind": "Three of a kind counts like any hand",
    "straight_flush": "A straight flush counts like any hand",
    "showdown_counts_all_cards": "Only one suit counts at a showdown",
    "blitz_requires": "Any 31 in one suit is a blitz",
    "three_aces_wins_game": "Three aces do not win the game",
    "allow_stand": "No standing after a knock",
    "hidden_discards": "Discard one card at a time",
    "take_own_discard": "You may take back your own discard",
    "throw_down": "No throw-down",
    "widow": "No widow",
    "knock_min": "Knock with any hand",
    "no_knock_first_round": "Knocking allowed in the first round",
    "knock_after_draw": "Knock instead of drawing",
    "no_knock_when_all_on_county": "Knocking allowed when all are on the county",
    "knocker_tie": "A knocker who ties for lowest is safe",
    "blitz_timing": "A blitz is shown at once",
    "knocker_pays_double_on_blitz": "A knocker caught by a blitz pays single",
    "scoring": "Lives: the last player left wins",
    "county": "On the county after the last life",
    "final_two_tiebreak": "No tie-break between the last two",
    "levels_by_agreement": "No levels added during a game",
    "empty_stock": "An empty stock is shuffled from the discards",
}

# The numbers, with what they were: "5 lives instead of 3".
_WAS: dict[str, Callable[[Any], str]] = {
    "max_players": str,
    "knock_min": lambda v: "any hand" if v == 0 else f"{v} or more",
    "lives": str,
    "target_points": str,
    "chips": str,
    "max_turns": str,
}


def differences(base: Rules, rules: Rules) -> list[str]:
    """How `rules` differ from `base` (a preset's rules), in short phrases: "5 lives
    instead of 3", "Knock with 25 or more instead of any hand", "No widow"; empty
    when they are the same. Options that do not apply under `rules` are left out."""
    lines = []
    for _, options in sorted(SECTIONS, key=lambda section: section[0] != "Scoring"):
        for option in options:
            if not applies(rules, option) or option in ("target_points", "chips"):
                continue
            if option == "scoring":
                lines.extend(_scoring_difference(base, rules))
                continue
            before, after = getattr(base, option), getattr(rules, option)
            if before == after:
                continue
            line = _phrase(rules, option)
            if option in _WAS and applies(base, option):
                line += f" instead of {_WAS[option](before)}"
            lines.append(line)
    return lines


def _scoring_difference(base: Rules, rules: Rules) -> list[str]:
    """Another way of scoring, or the same with another target or number of chips."""
    if rules.scoring != base.scoring:
        return [_phrase(rules, "scoring")]
    detail = {"points": "target_points", "banking": "chips"}.get(rules.scoring)
    if detail is None or getattr(rules, detail) == getattr(base, detail):
        return []
    return [f"{_phrase(rules, 'scoring')} instead of {_WAS[detail](getattr(base, detail))}"]


def display_value(option: str, value: Any) -> str:
    """One option's value in words, as the form offers it."""
    if option in CHOICE_LABELS:
        return CHOICE_LABELS[option][value]
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if option == "life_labels":
        return " \u2192 ".join(value) if value else "None (numbers)"
    if option == "knock_min" and value == 0:
        return "Any hand"
    return str(value)


def rule_sections(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """Every option that applies, as (section, [(label, value in words)]): the full rules."""
    return [
        (
            title,
            [
                (OPTIONS[option].label, display_value(option, getattr(rules, option)))
                for option in options
                if applies(rules, option)
            ],
        )
        for title, options in SECTIONS
    ]


# One line per preset for the lobby's preset cards: how it differs from Scat.
PRESET_SUMMARIES: dict[str, str] = {
    key: " \u00b7 ".join(rule_summary(Rules.preset(key)))
    or ("The standard rules" if key == "scat" else "The same rules as Scat")
    for key in PRESETS
}
