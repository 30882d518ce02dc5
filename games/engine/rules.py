"""House rules (docs/rules.md §1-§9): one frozen dataclass holding every option.

Option names are the names of docs/rules.md, used unchanged in forms and storage. A rule
set is validated as a whole when it is made, so an impossible combination never
reaches a game, and every error names the option it is about.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass
from typing import Any

from .errors import N_, RulesError

# Ride the Bus's stages, from the start to out: English words (data, stored in a game's
# rules), marked for the catalogue: a page shows them in its reader's language
# (`games.wording.stage_name`).
RIDE_THE_BUS_LABELS = (
    N_("seated at the back"),
    N_("standing at the back"),
    N_("middle of the bus"),
    N_("front of the bus"),
    N_("on the stairs"),
    N_("off the bus"),
)

# The most players one 52-card deck sensibly serves: after the deal (three cards each,
# the up-card and, with the widow, three more) the stock must still hold at least one
# card for every player, so that everyone can draw once before the discards are
# reshuffled (or, with `empty_stock: "draw"`, before the round ends drawn). That is
# 52 - 3n - 1 >= n, n <= 12, and it still holds with the widow (12 players leave a
# stock of 12). Thirteen would leave a stock of 12 for 13 players; the deck runs dry at
# 17 (docs/rules.md §3).
MAX_SEATS = 12

# The allowed values of each option that is a choice between words or numbers.
CHOICES: dict[str, tuple[Any, ...]] = {
    "jokers": (0, 1),
    "three_of_a_kind": ("off", "30", "30.5"),
    "blitz_requires": ("any", "ace_king_ten"),
    "first_dealer": ("random", "high_card", "cut", "chosen"),
    "knocker_tie": ("safe", "loses"),
    "knocker_penalty": (1, 2),
    "blitz_timing": ("immediate", "on_turn"),
    "scoring": ("lives", "points", "banking"),
    "empty_stock": ("reshuffle", "draw"),
    "final_two_tiebreak_decides": ("round", "game"),
}
# Inclusive bounds of the numeric options that are not a fixed choice.
BOUNDS: dict[str, tuple[int, int]] = {
    "max_players": (2, MAX_SEATS),
    "knock_min": (0, 31),
    "lives": (1, 20),
    "target_points": (1, 1000),
    "chips": (1, 1000),
    "max_turns": (10, 100_000),
}


@dataclass(frozen=True)
class Rules:
    """Every house-rule option of docs/rules.md, with the Scat defaults."""

    # §1-§2 cards and hand values
    jokers: int = 0
    three_of_a_kind: str = "off"
    straight_flush: bool = False
    showdown_counts_all_cards: bool = False
    blitz_requires: str = "any"
    three_aces_wins_game: bool = False
    # §3 players and the deal
    max_players: int = MAX_SEATS
    first_dealer: str = "random"
    # §4 a turn
    allow_stand: bool = False
    hidden_discards: bool = False
    take_own_discard: bool = True
    throw_down: bool = False
    widow: bool = False
    # §5 knocking
    knock_min: int = 0
    no_knock_first_round: bool = False
    knock_after_draw: bool = False
    no_knock_when_all_on_county: bool = False
    # §6 showdown and blitz
    knocker_tie: str = "safe"
    knocker_penalty: int = 2
    blitz_timing: str = "immediate"
    knocker_pays_double_on_blitz: bool = False
    # §7 scoring
    scoring: str = "lives"
    lives: int = 3
    county: bool = True
    life_labels: tuple[str, ...] | None = None
    final_two_tiebreak: bool = False
    final_two_tiebreak_decides: str = "round"
    levels_by_agreement: bool = False
    target_points: int = 31
    chips: int = 10
    # §8 the stock running out
    empty_stock: str = "reshuffle"
    max_turns: int = 300

    def __post_init__(self) -> None:
        if isinstance(self.life_labels, list):
            object.__setattr__(self, "life_labels", tuple(self.life_labels))
        validate(self)

    @classmethod
    def preset(cls, key: str = "scat", **changes: Any) -> Rules:
        """The preset `key` of docs/rules.md §9 with `changes` applied, validated as a whole."""
        if key not in PRESETS:
            raise RulesError(
                N_("There is no preset called %(key)r. Presets: %(presets)s."),
                "preset",
                key=key,
                presets=", ".join(PRESETS),
            )
        _check_names(changes)
        return cls(**{**PRESETS[key], **changes})

    def replace(self, **changes: Any) -> Rules:
        _check_names(changes)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, JSON-ready (`from_dict` gives back an equal `Rules`)."""
        # What dataclasses.asdict gives, without its deep copy of every value (each new
        # game records its rules, so a simulation asks thousands of times): the values are
        # numbers, words and a tuple of words, which can't change.
        return {name: getattr(self, name) for name in OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        _check_names(data)
        return cls(**data)

    def changes_from(self, key: str) -> dict[str, Any]:
        """The options in which these rules differ from preset `key` (for storage and display)."""
        base = Rules.preset(key).to_dict()
        return {name: value for name, value in self.to_dict().items() if base[name] != value}

    @property
    def stages(self) -> int:
        """How many losses take a player from the start to out (lives scoring)."""
        return self.lives + (2 if self.county else 1) - 1


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))

PRESETS: dict[str, dict[str, Any]] = {
    "scat": {},
    "blitz": {},
    "thirty_one": {
        "lives": 4,
        "knocker_tie": "loses",
        "allow_stand": True,
        "empty_stock": "draw",
    },
    # Source 001's way of keeping score with money: everyone folds a dollar bill in four
    # and gives up a quarter of it with each loss; with the bill gone you are out.
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

PRESET_TITLES: dict[str, str] = {
    "scat": "Scat",
    "blitz": "Blitz",
    "thirty_one": "Thirty-one (four tokens, standing allowed)",
    "dollar_bill": "Dollar bill (folded in four, no county)",
    "card_game_101": "31 with three of a kind at 30",
    "ride_the_bus": "Ride the Bus",
    "ride_the_bus_online": "Ride the Bus (online: knock after drawing)",
    "en_og_tredive": "En og tredive (Greenland, with a joker)",
    "banking": "Banking 31 with a widow",
    "french_canadian": "French Canadian (points to 31)",
    "philadelphia": "Philadelphia (throw-down)",
    "thirty_and_a_half": "Thirty and a half",
}


def _check_names(options: dict[str, Any]) -> None:
    for name in options:
        if name not in OPTION_NAMES:
            close = difflib.get_close_matches(name, OPTION_NAMES, n=1)
            if close:
                raise RulesError(
                    N_("There is no house rule called %(name)r. Did you mean %(close)r?"),
                    name,
                    name=name,
                    close=close[0],
                )
            raise RulesError(N_("There is no house rule called %(name)r."), name, name=name)


def validate(rules: Rules) -> None:
    """Raise `RulesError` naming the first option that is malformed or impossible."""
    for f in dataclasses.fields(rules):
        _check_type(f.name, getattr(rules, f.name), f.default)
    for name, allowed in CHOICES.items():
        value = getattr(rules, name)
        if value not in allowed:
            shown = ", ".join(repr(a) for a in allowed)
            raise RulesError(
                N_("%(name)s must be one of %(allowed)s, not %(value)r."),
                name,
                name=name,
                allowed=shown,
                value=value,
            )
    for name, (low, high) in BOUNDS.items():
        value = getattr(rules, name)
        if not low <= value <= high:
            raise RulesError(
                N_("%(name)s must be between %(low)s and %(high)s, not %(value)s."),
                name,
                name=name,
                low=low,
                high=high,
                value=value,
            )
    _check_combinations(rules)


def _check_type(name: str, value: Any, default: Any) -> None:
    if name == "life_labels":
        if value is not None and (
            not isinstance(value, tuple)
            or not all(isinstance(label, str) and label.strip() for label in value)
        ):
            raise RulesError(N_("life_labels must be a list of non-empty names."), name)
        return
    expected = type(default)
    # bool is a subclass of int: refuse True where a number is meant, and 1 for a flag.
    if type(value) is not expected:
        message = {
            bool: N_("%(name)s must be true or false, not %(value)r."),
            int: N_("%(name)s must be a whole number, not %(value)r."),
            str: N_("%(name)s must be a word, not %(value)r."),
        }[expected]
        raise RulesError(message, name, name=name, value=value)


def _check_combinations(rules: Rules) -> None:
    if rules.life_labels is not None:
        if rules.scoring != "lives":
            raise RulesError(N_("life_labels only apply when scoring is 'lives'."), "life_labels")
        needed = rules.lives + (2 if rules.county else 1)
        if len(rules.life_labels) != needed:
            message = (
                N_(
                    "life_labels must name %(needed)s stages (lives + 2 with the county, "
                    "from the start to out), not %(given)s."
                )
                if rules.county
                else N_(
                    "life_labels must name %(needed)s stages (lives + 1 without the county, "
                    "from the start to out), not %(given)s."
                )
            )
            raise RulesError(message, "life_labels", needed=needed, given=len(rules.life_labels))
    if rules.no_knock_when_all_on_county and not (rules.scoring == "lives" and rules.county):
        raise RulesError(
            N_("no_knock_when_all_on_county needs scoring 'lives' with the county."),
            "no_knock_when_all_on_county",
        )
    if rules.final_two_tiebreak and rules.scoring != "lives":
        raise RulesError(
            N_("final_two_tiebreak only applies when scoring is 'lives'."),
            "final_two_tiebreak",
        )
    if rules.final_two_tiebreak_decides != "round" and not rules.final_two_tiebreak:
        raise RulesError(
            N_("final_two_tiebreak_decides only applies with final_two_tiebreak on."),
            "final_two_tiebreak_decides",
        )
    if rules.levels_by_agreement and rules.life_labels is None:
        raise RulesError(
            N_(
                "levels_by_agreement needs stage names (life_labels): a new level is a new "
                "named stage of the bus."
            ),
            "levels_by_agreement",
        )
    dealt = 3 * rules.max_players + 1 + (3 if rules.widow else 0)
    stock = 52 + rules.jokers - dealt
    if stock < rules.max_players:
        raise RulesError(
            N_(
                "With %(players)s players the deck leaves a stock of %(stock)s, "
                "less than a card for each player."
            ),
            "max_players",
            players=rules.max_players,
            stock=max(stock, 0),
        )
