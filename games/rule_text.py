"""House rules in words: labels, help, groups and summaries (docs/rules.md).

The engine names options for code (`knock_min`); people read these. The forms, the
admin, the lobby, the join page and the table page all take their wording from here,
so an option is explained the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

# Django has no type stubs here; the wrappers below type what this module uses of it.
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine import PRESET_TITLES, PRESETS, Rules


def _(message: str) -> str:
    """`gettext`, typed: the sentence in the reader's language."""
    translated: str = translation.gettext(message)
    return translated


def ngettext(singular: str, plural: str, number: int) -> str:
    """`ngettext`, typed: the form for `number` in the reader's language."""
    translated: str = translation.ngettext(singular, plural, number)
    return translated


@dataclass(frozen=True)
class OptionText:
    # Lazy: translated when shown, in the reader's language (docs/i18n.md).
    label: str | Promise
    help: str | Promise


# Every option of `Rules`, by the sections of docs/rules.md (a test checks none is missing).
SECTIONS: tuple[tuple[str | Promise, tuple[str, ...]], ...] = (
    (
        gettext_lazy("Cards & hand values"),
        (
            "jokers",
            "three_of_a_kind",
            "straight_flush",
            "showdown_counts_all_cards",
            "blitz_requires",
            "three_aces_wins_game",
        ),
    ),
    (gettext_lazy("The deal"), ("max_players", "first_dealer")),
    (
        gettext_lazy("A turn"),
        ("allow_stand", "hidden_discards", "take_own_discard", "throw_down", "widow"),
    ),
    (
        gettext_lazy("Knocking"),
        ("knock_min", "no_knock_first_round", "knock_after_draw", "no_knock_when_all_on_county"),
    ),
    (
        gettext_lazy("Showdown & blitz"),
        ("knocker_tie", "knocker_penalty", "blitz_timing", "knocker_pays_double_on_blitz"),
    ),
    (
        gettext_lazy("Scoring"),
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
    (gettext_lazy("Stock"), ("empty_stock", "max_turns")),
)

OPTIONS: dict[str, OptionText] = {
    "jokers": OptionText(
        gettext_lazy("Jokers"),
        gettext_lazy(
            "The joker stands for any card the hand does not already hold, whichever is best."
        ),
    ),
    "three_of_a_kind": OptionText(
        gettext_lazy("Three of a kind"),
        gettext_lazy("Three cards of one rank, such as three sevens."),
    ),
    "straight_flush": OptionText(
        gettext_lazy("Straight flush is worth 30"),
        gettext_lazy(
            "Three suited cards in sequence, ace high (Q-K-A is the top one; A-2-3 is not one)."
        ),
    ),
    "showdown_counts_all_cards": OptionText(
        gettext_lazy("Count every card at a showdown"),
        gettext_lazy(
            "After a knock each hand scores all its cards, whatever their suits. This never "
            "makes a blitz."
        ),
    ),
    "blitz_requires": OptionText(
        gettext_lazy("What is a blitz"),
        gettext_lazy("A blitz ends the round at once; other 31s still score 31."),
    ),
    "three_aces_wins_game": OptionText(
        gettext_lazy("Three aces win the game"),
        gettext_lazy(
            "Three aces (or two and the joker) win the whole game at once: everyone else is out."
        ),
    ),
    "max_players": OptionText(
        gettext_lazy("Most players"),
        gettext_lazy(
            "2 to 12: one deck then still leaves a stock of at least a card for each player."
        ),
    ),
    "first_dealer": OptionText(
        gettext_lazy("First dealer"),
        gettext_lazy(
            "After the first round the deal passes to the left. “The host picks”: "
            "whoever starts the game chooses who deals first."
        ),
    ),
    "allow_stand": OptionText(
        gettext_lazy("Allow standing"),
        gettext_lazy(
            "In their last turn after a knock, a player may keep their hand and draw nothing."
        ),
    ),
    "hidden_discards": OptionText(
        gettext_lazy("Discard several cards"),
        gettext_lazy(
            "After drawing you may discard several cards and end with fewer than three. Buried "
            "discards stay face up for everyone to see."
        ),
    ),
    "take_own_discard": OptionText(
        gettext_lazy("Take back your own discard"),
        gettext_lazy("Taking the top discard is allowed even when you put it there yourself."),
    ),
    "throw_down": OptionText(
        gettext_lazy("Throw-down"),
        gettext_lazy(
            "Before looking at their cards, the player at the dealer's left may show every "
            "hand at once, as if they had knocked."
        ),
    ),
    "widow": OptionText(
        gettext_lazy("Widow"),
        gettext_lazy(
            "Three extra cards dealt face down. Instead of drawing, a player may swap one to "
            "three cards with them."
        ),
    ),
    "knock_min": OptionText(
        gettext_lazy("Lowest hand to knock with"),
        gettext_lazy("0 means any hand; En og tredive plays 21. At most 31."),
    ),
    "no_knock_first_round": OptionText(
        gettext_lazy("No knocking in the first round"),
        gettext_lazy("No one may knock until everyone has had a turn."),
    ),
    "knock_after_draw": OptionText(
        gettext_lazy("Knock after drawing"),
        gettext_lazy("Draw, then knock, then discard (the online Ride the Bus way)."),
    ),
    "no_knock_when_all_on_county": OptionText(
        gettext_lazy("No knocking when everyone is on the county"),
        gettext_lazy(
            "Play goes on until someone has 31, and they win the game. Needs lives with the county."
        ),
    ),
    "knocker_tie": OptionText(
        gettext_lazy("When the knocker ties for lowest"),
        gettext_lazy("Who loses when the knocker ties for the lowest hand."),
    ),
    "knocker_penalty": OptionText(
        gettext_lazy("A losing knocker pays"),
        gettext_lazy("Lives lost by a knocker with the lowest hand."),
    ),
    "blitz_timing": OptionText(
        gettext_lazy("When a blitz is shown"), gettext_lazy("A blitz is exactly 31 in one suit.")
    ),
    "knocker_pays_double_on_blitz": OptionText(
        gettext_lazy("Knocker pays double on a blitz"),
        gettext_lazy("A knocker caught by a later blitz loses two lives instead of one."),
    ),
    "scoring": OptionText(gettext_lazy("Scoring"), gettext_lazy("How the game is kept and won.")),
    "lives": OptionText(
        gettext_lazy("Lives"), gettext_lazy("Tokens each player starts with (scoring by lives).")
    ),
    "county": OptionText(
        gettext_lazy("The county"),
        gettext_lazy(
            "A player with no lives left is “on the county” and plays on; the next "
            "loss puts them out. Off: out as soon as the last life is gone."
        ),
    ),
    "life_labels": OptionText(
        gettext_lazy("Stage names"),
        gettext_lazy(
            "Optional: one name per line, from the start to out — lives + 2 names with "
            "the county, lives + 1 without. Leave empty to show lives as numbers."
        ),
    ),
    "levels_by_agreement": OptionText(
        gettext_lazy("Add levels by agreement"),
        gettext_lazy(
            "Ride the Bus: during a game a player may propose new levels for the bus; if "
            "everyone still in agrees, they go in before the county and everyone gains a life "
            "for each. Needs stage names."
        ),
    ),
    "final_two_tiebreak": OptionText(
        gettext_lazy("Break ties between the last two"),
        gettext_lazy(
            "With two players left, one of them on the county, a tie goes to the highest "
            "card, then the next."
        ),
    ),
    "final_two_tiebreak_decides": OptionText(
        gettext_lazy("The last two's tie-break decides"),
        gettext_lazy(
            "Whether the tie's winner only wins the round, or the whole game. Needs the "
            "tie-break between the last two."
        ),
    ),
    "target_points": OptionText(
        gettext_lazy("Points to win"),
        gettext_lazy(
            "Scoring by points: the first to this many wins. A player scores at most a point "
            "a round, so a game lasts at least this many rounds."
        ),
    ),
    "chips": OptionText(
        gettext_lazy("Chips each"),
        gettext_lazy("Banking: everyone starts with this many chips and antes one a round."),
    ),
    "empty_stock": OptionText(
        gettext_lazy("When the stock runs out"),
        gettext_lazy("What happens when a player must draw from an empty stock."),
    ),
    "max_turns": OptionText(
        gettext_lazy("Turn limit per round"),
        gettext_lazy("A round with no knock after this many turns ends as a draw."),
    ),
}

# The words for each value of the options that are a choice (docs/rules.md's wording).
CHOICE_LABELS: dict[str, dict[Any, str | Promise]] = {
    "jokers": {
        0: gettext_lazy("No joker (52 cards)"),
        1: gettext_lazy("One joker (53 cards)"),
    },
    "three_of_a_kind": {
        "off": gettext_lazy("Counts like any hand"),
        "30": gettext_lazy("Worth 30"),
        "30.5": gettext_lazy("Worth 30½ (beats all but 31)"),
    },
    "blitz_requires": {
        "any": gettext_lazy("Any 31 in one suit"),
        "ace_king_ten": gettext_lazy("Only A-K-10 of one suit"),
    },
    "first_dealer": {
        "random": gettext_lazy("Chosen at random"),
        "high_card": gettext_lazy("Highest card drawn deals"),
        "cut": gettext_lazy("Highest cut deals (joker high)"),
        "chosen": gettext_lazy("The host picks"),
    },
    "knocker_tie": {
        "safe": gettext_lazy("The knocker is safe, the others lose"),
        "loses": gettext_lazy("The knocker alone loses"),
    },
    "knocker_penalty": {1: gettext_lazy("1 life"), 2: gettext_lazy("2 lives")},
    "blitz_timing": {
        "immediate": gettext_lazy("At once: the round ends"),
        "on_turn": gettext_lazy("By knocking in turn"),
    },
    "scoring": {
        "lives": gettext_lazy("Lives: the last player left wins"),
        "points": gettext_lazy("Points: first to the target wins"),
        "banking": gettext_lazy("Banking: chips, antes and a pot"),
    },
    "empty_stock": {
        "reshuffle": gettext_lazy("Shuffle the discards into a new stock"),
        "draw": gettext_lazy("The round ends with no loser"),
    },
    "final_two_tiebreak_decides": {
        "round": gettext_lazy("The round: the other player loses as usual"),
        "game": gettext_lazy("The game: the tie's winner wins it"),
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


def scoring_of(option: str) -> str | None:
    """The one way of scoring `option` belongs to ("lives", "points", "banking"), or
    None for an option that applies whatever the scoring."""
    if option in _LIVES_ONLY:
        return "lives"
    return {"target_points": "points", "chips": "banking"}.get(option)


SCORING_NOTES = {
    "lives": gettext_lazy("Only when scoring by lives."),
    "points": gettext_lazy("Only when scoring by points."),
    "banking": gettext_lazy("Only when banking."),
}


def applies(rules: Rules, option: str) -> bool:
    """Whether `option` matters under `rules` (chips mean nothing when scoring by lives)."""
    if option in _LIVES_ONLY:
        return rules.scoring == "lives"
    if option == "target_points":
        return rules.scoring == "points"
    if option == "chips":
        return rules.scoring == "banking"
    return True


def _scoring_first(section: tuple[Any, tuple[str, ...]]) -> bool:
    """Sort key: the section holding how the game is scored comes first."""
    return "scoring" not in section[1]


def rule_summary(rules: Rules) -> list[str]:
    """What differs from Scat, in a few short phrases ("Three of a kind is worth 30",
    "4 lives"); empty for Scat's own rules."""
    lines = []
    # How the game is scored and won first: it changes a game more than any detail.
    for _title, options in sorted(SECTIONS, key=_scoring_first):
        for option in options:
            if applies(rules, option) and _differs(rules, option):
                lines.append(_phrase(rules, option))
    return lines


def _differs(rules: Rules, option: str) -> bool:
    if option in ("target_points", "chips"):  # part of the scoring phrase
        return False
    if option == "scoring":
        return rules.scoring != "lives"
    differs: bool = getattr(rules, option) != getattr(SCAT, option)
    return differs


def _phrase(rules: Rules, option: str) -> str:
    value = getattr(rules, option)
    if option in _AS_IN_SCAT and value == getattr(SCAT, option):
        return str(_AS_IN_SCAT[option])
    return _PHRASES[option](value, rules)


def _first_dealer_phrase(value: str) -> str:
    if value == "high_card":
        return _("Highest card deals first")
    if value == "cut":
        return _("Highest cut deals first")
    if value == "chosen":
        return _("The host picks the first dealer")
    return _("Random first dealer")


def _scoring_phrase(value: str, rules: Rules) -> str:
    if value == "points":
        return _("Points: first to %(points)s wins") % {"points": rules.target_points}
    return ngettext(
        "Banking with %(chips)s chip each", "Banking with %(chips)s chips each", rules.chips
    ) % {"chips": rules.chips}


def _stages_phrase(value: tuple[str, ...] | None) -> str:
    if not value:
        return _("Lives shown as numbers")
    return _("Stages from “%(first)s” to “%(last)s”") % {
        "first": stage_name(value[0]),
        "last": stage_name(value[-1]),
    }


_HALF = "½"
# Called when a page is made, so each phrase is in its reader's language.
_PHRASES: dict[str, Callable[[Any, Rules], str]] = {
    "jokers": lambda v, r: _("One joker in the deck"),
    "three_of_a_kind": lambda v, r: (
        _("Three of a kind is worth %(value)s") % {"value": v.replace(".5", _HALF)}
    ),
    "straight_flush": lambda v, r: _("A straight flush is worth 30"),
    "showdown_counts_all_cards": lambda v, r: _("Every card counts at a showdown"),
    "blitz_requires": lambda v, r: _("Only A-K-10 of one suit is a blitz"),
    "three_aces_wins_game": lambda v, r: _("Three aces win the game"),
    "max_players": lambda v, r: _("At most %(count)s players") % {"count": v},
    "first_dealer": lambda v, r: _first_dealer_phrase(v),
    "allow_stand": lambda v, r: _("Standing allowed after a knock"),
    "hidden_discards": lambda v, r: _("Discard several cards at once"),
    "take_own_discard": lambda v, r: _("You may not take back your own discard"),
    "throw_down": lambda v, r: _("Throw-down allowed"),
    "widow": lambda v, r: _("A widow of three cards"),
    "knock_min": lambda v, r: _("Knock with %(points)s or more") % {"points": v},
    "no_knock_first_round": lambda v, r: _("No knocking in the first round"),
    "knock_after_draw": lambda v, r: _("Knock after drawing"),
    "no_knock_when_all_on_county": lambda v, r: _("No knocking when all are on the county"),
    "knocker_tie": lambda v, r: _("A knocker who ties for lowest loses"),
    "knocker_penalty": lambda v, r: (
        ngettext("A losing knocker pays %(count)s life", "A losing knocker pays %(count)s lives", v)
        % {"count": v}
    ),
    "blitz_timing": lambda v, r: _("Show a blitz by knocking"),
    "knocker_pays_double_on_blitz": lambda v, r: _("A knocker caught by a blitz pays double"),
    "scoring": _scoring_phrase,
    "lives": lambda v, r: _lives(v),
    "county": lambda v, r: _("No county: out with the last life"),
    "life_labels": lambda v, r: _stages_phrase(v),
    "final_two_tiebreak": lambda v, r: _("High card breaks a tie between the last two"),
    "final_two_tiebreak_decides": lambda v, r: (
        _("The last two's tie-break wins the game")
        if v == "game"
        else _("The last two's tie-break settles the round")
    ),
    "levels_by_agreement": lambda v, r: _("Levels can be added to the bus by agreement"),
    "empty_stock": lambda v, r: _("An empty stock ends the round as a draw"),
    "max_turns": lambda v, r: (
        ngettext(
            "A round without a knock is a draw after %(count)s turn",
            "A round without a knock is a draw after %(count)s turns",
            v,
        )
        % {"count": v}
    ),
}


# The phrases for Scat's own value, needed when a preset that differs is changed back
# (No widow in Banking 31). The numbers and words of the others read either way.
_AS_IN_SCAT: dict[str, str | Promise] = {
    "jokers": gettext_lazy("No joker"),
    "three_of_a_kind": gettext_lazy("Three of a kind counts like any hand"),
    "straight_flush": gettext_lazy("A straight flush counts like any hand"),
    "showdown_counts_all_cards": gettext_lazy("Only one suit counts at a showdown"),
    "blitz_requires": gettext_lazy("Any 31 in one suit is a blitz"),
    "three_aces_wins_game": gettext_lazy("Three aces do not win the game"),
    "allow_stand": gettext_lazy("No standing after a knock"),
    "hidden_discards": gettext_lazy("Discard one card at a time"),
    "take_own_discard": gettext_lazy("You may take back your own discard"),
    "throw_down": gettext_lazy("No throw-down"),
    "widow": gettext_lazy("No widow"),
    "knock_min": gettext_lazy("Knock with any hand"),
    "no_knock_first_round": gettext_lazy("Knocking allowed in the first round"),
    "knock_after_draw": gettext_lazy("Knock instead of drawing"),
    "no_knock_when_all_on_county": gettext_lazy("Knocking allowed when all are on the county"),
    "knocker_tie": gettext_lazy("A knocker who ties for lowest is safe"),
    "blitz_timing": gettext_lazy("A blitz is shown at once"),
    "knocker_pays_double_on_blitz": gettext_lazy("A knocker caught by a blitz pays single"),
    "scoring": gettext_lazy("Lives: the last player left wins"),
    "county": gettext_lazy("On the county after the last life"),
    "final_two_tiebreak": gettext_lazy("No tie-break between the last two"),
    "levels_by_agreement": gettext_lazy("No levels added during a game"),
    "empty_stock": gettext_lazy("An empty stock is shuffled from the discards"),
}

# The options whose number a change says it replaced: "5 lives instead of 3".
_WAS = frozenset({"max_players", "knock_min", "lives", "target_points", "chips", "max_turns"})


def _instead(option: str, now: Any, before: Any) -> str:
    """A changed number with what it was, as one sentence: "5 lives instead of 3",
    "Knock with 25 or more instead of any hand"."""
    values = {"now": now, "before": before}
    if option == "max_players":
        return _("At most %(now)s players instead of %(before)s") % values
    if option == "knock_min":
        if now == 0:
            return _("Knock with any hand instead of %(before)s or more") % values
        if before == 0:
            return _("Knock with %(now)s or more instead of any hand") % values
        return _("Knock with %(now)s or more instead of %(before)s or more") % values
    if option == "lives":
        return (
            ngettext(
                "%(now)s life instead of %(before)s", "%(now)s lives instead of %(before)s", now
            )
            % values
        )
    if option == "target_points":
        return _("Points: first to %(now)s wins instead of %(before)s") % values
    if option == "chips":
        return (
            ngettext(
                "Banking with %(now)s chip each instead of %(before)s",
                "Banking with %(now)s chips each instead of %(before)s",
                now,
            )
            % values
        )
    return (
        ngettext(
            "A round without a knock is a draw after %(now)s turn instead of %(before)s",
            "A round without a knock is a draw after %(now)s turns instead of %(before)s",
            now,
        )
        % values
    )


def differences(base: Rules, rules: Rules) -> list[str]:
    """How `rules` differ from `base` (a preset's rules), in short phrases: "5 lives
    instead of 3", "Knock with 25 or more instead of any hand", "No widow"; empty
    when they are the same. Options that do not apply under `rules` are left out."""
    lines = []
    for _title, options in sorted(SECTIONS, key=_scoring_first):
        for option in options:
            if not applies(rules, option) or option in ("target_points", "chips"):
                continue
            if option == "scoring":
                lines.extend(_scoring_difference(base, rules))
                continue
            before, after = getattr(base, option), getattr(rules, option)
            if before == after:
                continue
            if option in _WAS and applies(base, option):
                lines.append(_instead(option, after, before))
            else:
                lines.append(_phrase(rules, option))
    return lines


def _scoring_difference(base: Rules, rules: Rules) -> list[str]:
    """Another way of scoring, or the same with another target or number of chips."""
    if rules.scoring != base.scoring:
        return [_phrase(rules, "scoring")]
    detail = {"points": "target_points", "banking": "chips"}.get(rules.scoring)
    if detail is None or getattr(rules, detail) == getattr(base, detail):
        return []
    return [_instead(detail, getattr(rules, detail), getattr(base, detail))]


def display_value(option: str, value: Any) -> str:
    """One option's value in words, as the form offers it."""
    if option in CHOICE_LABELS:
        return str(CHOICE_LABELS[option][value])
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if option == "life_labels":
        return " → ".join(map(stage_name, value)) if value else _("None (numbers)")
    if option == "knock_min" and value == 0:
        return _("Any hand")
    return str(value)


def rule_sections(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """Every option that applies, as (section, [(label, value in words)]): the full rules."""
    return [
        (
            str(title),
            [
                (str(OPTIONS[option].label), display_value(option, getattr(rules, option)))
                for option in options
                if applies(rules, option)
            ],
        )
        for title, options in SECTIONS
    ]


def preset_summary(key: str) -> str:
    """One line for a preset's card in the lobby and on the rules pages: how it differs
    from Scat, and how long a game lasts at least where a player can't see it from the
    rest (a player scores at most a point a round)."""
    rules = Rules.preset(key)
    lines = rule_summary(rules)
    if rules.scoring == "points":
        n = rules.target_points
        lines.append(
            ngettext("A game of at least %(count)s round", "A game of at least %(count)s rounds", n)
            % {"count": n}
        )
    if lines:
        return " · ".join(lines)
    if key == "scat":
        return _("The standard rules")
    return _("Another name for Scat: the same game, with the same rules")


class _PresetSummaries(Mapping[str, str]):
    """`PRESET_SUMMARIES[key]`: `preset_summary(key)`, made when read, so that it is in
    the reader's language."""

    def __getitem__(self, key: str) -> str:
        if key not in PRESETS:
            raise KeyError(key)
        return preset_summary(key)

    def __iter__(self) -> Iterator[str]:
        return iter(PRESETS)

    def __len__(self) -> int:
        return len(PRESETS)


# One line per preset for the lobby's preset cards: how it differs from Scat.
PRESET_SUMMARIES: Mapping[str, str] = _PresetSummaries()


# ---- the rules for players, one page per preset --------------------------------------


# Other names players know a preset by: shown with it, and listed on the rules index
# so that a player who knows the game as "Card Game 101" or "Blitz" finds it. Names are
# kept as they are ("Card Game 101", "Trente et un"); a name that describes the game
# ("Thirty-one with four tokens") is translated.
PRESET_OTHER_NAMES: dict[str, tuple[str | Promise, ...]] = {
    "scat": (pgettext_lazy("another name of a game", "Thirty-one"), "31"),
    "blitz": ("Scat",),
    "thirty_one": (pgettext_lazy("another name of a game", "Thirty-one with four tokens"),),
    "card_game_101": (
        "Card Game 101",
        pgettext_lazy("another name of a game", "Thirty-one with three of a kind"),
    ),
    "ride_the_bus": (pgettext_lazy("another name of a game", "Scat with the bus"),),
    "ride_the_bus_online": (
        pgettext_lazy("another name of a game", "Ride the Bus as played online"),
    ),
    "en_og_tredive": (pgettext_lazy("another name of a game", "Greenlandic 31"), "En-og-tredive"),
    "banking": (
        pgettext_lazy("another name of a game", "31 for chips"),
        pgettext_lazy("another name of a game", "Banking Scat"),
    ),
    "french_canadian": (pgettext_lazy("another name of a game", "31 for points"), "Trente et un"),
    "philadelphia": (pgettext_lazy("another name of a game", "Throw-down 31"),),
    "thirty_and_a_half": (
        "30½",
        pgettext_lazy("another name of a game", "Thirty and a half with three of a kind"),
    ),
}


def other_names(key: str) -> tuple[str, ...]:
    """The other names players know the preset `key` by, in the reader's language."""
    return tuple(str(name) for name in PRESET_OTHER_NAMES.get(key, ()))


# The built-in presets' titles (`games.engine.PRESET_TITLES`, in English there) in the
# reader's language: a name stays a name (Scat, Ride the Bus); what a title says of the
# game is translated. A test checks the English is the engine's.
_PRESET_TITLES: dict[str, str | Promise] = {
    "scat": "Scat",
    "blitz": "Blitz",
    "thirty_one": pgettext_lazy("preset title", "Thirty-one (four tokens, standing allowed)"),
    "dollar_bill": pgettext_lazy("preset title", "Dollar bill (folded in four, no county)"),
    "card_game_101": pgettext_lazy("preset title", "31 with three of a kind at 30"),
    "ride_the_bus": "Ride the Bus",
    "ride_the_bus_online": pgettext_lazy(
        "preset title", "Ride the Bus (online: knock after drawing)"
    ),
    "en_og_tredive": pgettext_lazy("preset title", "En og tredive (Greenland, with a joker)"),
    "banking": pgettext_lazy("preset title", "Banking 31 with a widow"),
    "french_canadian": pgettext_lazy("preset title", "French Canadian (points to 31)"),
    "philadelphia": pgettext_lazy("preset title", "Philadelphia (throw-down)"),
    "thirty_and_a_half": pgettext_lazy("preset title", "Thirty and a half"),
}


def preset_title(key: str) -> str:
    """The built-in preset `key`'s title in the reader's language."""
    return str(_PRESET_TITLES.get(key, PRESET_TITLES.get(key, key)))


def rules_title(name: str, preset: str) -> str:
    """A rule set's name as shown (a table keeps it as `rules_name`): a built-in preset's
    own title in the reader's language; a name staff gave house rules as they wrote it."""
    if preset in PRESET_TITLES and PRESET_TITLES[preset] == name:
        return preset_title(preset)
    return name


# The stages of the Ride the Bus presets (`games.engine.rules.RIDE_THE_BUS_LABELS`) in
# the reader's language; stage names a house rule gives are its own words, shown as written.
_STAGE_NAMES: dict[str, str | Promise] = {
    "seated at the back": pgettext_lazy("Ride the Bus stage", "seated at the back"),
    "standing at the back": pgettext_lazy("Ride the Bus stage", "standing at the back"),
    "middle of the bus": pgettext_lazy("Ride the Bus stage", "middle of the bus"),
    "front of the bus": pgettext_lazy("Ride the Bus stage", "front of the bus"),
    "on the stairs": pgettext_lazy("Ride the Bus stage", "on the stairs"),
    "off the bus": pgettext_lazy("Ride the Bus stage", "off the bus"),
}


def stage_name(label: str) -> str:
    """A stage's name (one of the rules' `life_labels`) as shown."""
    return str(_STAGE_NAMES.get(label, label))


# A preset that is another preset's game under another name says so.
SAME_GAME_AS: dict[str, str] = {"blitz": "scat"}


def _lives(n: int) -> str:
    return ngettext("%(count)s life", "%(count)s lives", n) % {"count": n}


def how_to_play(rules: Rules) -> list[tuple[str, list[str]]]:
    """The rules in words for players, as (heading, sentences): what wins, the cards, a
    turn, knocking, the showdown, special hands and the stock. Made from `rules` alone
    (the table page, the rules pages), so it says what the engine will do; a test checks
    that every option that applies changes what it says."""
    return [
        (_("What wins"), _winning(rules)),
        (_("Cards and hands"), _hands(rules)),
        (_("The deal"), _deal(rules)),
        (_("A turn"), _turn(rules)),
        (_("Knocking"), _knocking(rules)),
        (_("The showdown"), _showdown(rules)),
        (_("Special hands"), _special(rules)),
        (_("The stock"), _stock(rules)),
    ]


def _winning(r: Rules) -> list[str]:
    if r.scoring == "points":
        n = r.target_points
        return [
            ngettext(
                "Be the first to %(count)s point. No one loses lives and no one is ever out; "
                "players who reach the same best score together share the win.",
                "Be the first to %(count)s points. No one loses lives and no one is ever out; "
                "players who reach the same best score together share the win.",
                n,
            )
            % {"count": n},
            ngettext(
                "You score at most a point a round, so a game lasts at least %(count)s round.",
                "You score at most a point a round, so a game lasts at least %(count)s rounds.",
                n,
            )
            % {"count": n},
        ]
    if r.scoring == "banking":
        return [
            ngettext(
                "Be the last player with chips. Everyone starts with %(count)s chip and antes "
                "one into the pot before each round; a player with no chip to ante is out.",
                "Be the last player with chips. Everyone starts with %(count)s chips and antes "
                "one into the pot before each round; a player with no chip to ante is out.",
                r.chips,
            )
            % {"count": r.chips},
        ]
    lines = [
        ngettext(
            "Be the last player left. Everyone starts with %(count)s life.",
            "Be the last player left. Everyone starts with %(count)s lives.",
            r.lives,
        )
        % {"count": r.lives}
    ]
    if r.county:
        lines.append(
            _(
                "With no lives left you are “on the county” and still play; the next "
                "loss puts you out."
            )
        )
    else:
        lines.append(_("There is no county: lose your last life and you are out."))
    if r.life_labels:
        lines.append(
            _("Lives are shown as stages: %(stages)s.")
            % {"stages": " → ".join(map(stage_name, r.life_labels))}
        )
    if r.levels_by_agreement:
        lines.append(
            _(
                "During a game any player still in may propose new stages before the county; "
                "if everyone still in agrees, everyone gains a life for each."
            )
        )
    lines.append(_("Every lost life goes into the kitty, and the winner takes it."))
    return lines


def _hands(r: Rules) -> list[str]:
    lines = [
        _(
            "A hand is worth the total of its best suit: an ace 11, a king, queen or jack 10, "
            "every other card its number. 31, an ace and two ten-point cards of one suit, is "
            "the best hand."
        )
    ]
    if r.jokers:
        lines.append(
            _(
                "The deck has one joker (53 cards). It stands for whichever card the hand does "
                "not already hold that makes it best."
            )
        )
    else:
        lines.append(_("One deck of 52 cards, no joker."))
    if r.three_of_a_kind == "30":
        lines.append(_("Three of a kind (three cards of one rank) is worth 30."))
    elif r.three_of_a_kind == "30.5":
        lines.append(_("Three of a kind is worth 30½: it beats every hand but 31."))
    else:
        lines.append(_("Three of a kind counts like any other hand (three kings are worth 10)."))
    if r.straight_flush:
        lines.append(
            _(
                "Three cards of one suit in sequence are worth at least 30 (aces high: Q-K-A "
                "is the top run, A-2-3 is none)."
            )
        )
    if r.showdown_counts_all_cards:
        lines.append(
            _("At a showdown every card counts, whatever its suit (this never makes a blitz).")
        )
    return lines


def _deal(r: Rules) -> list[str]:
    most = {"most": r.max_players}
    if r.first_dealer == "high_card":
        first = _(
            "2 to %(most)s players. Everyone draws a card and the highest deals first (aces "
            "low); then the deal passes to the left."
        )
    elif r.first_dealer == "cut":
        first = _(
            "2 to %(most)s players. Everyone cuts and the highest card deals first (the joker, "
            "then aces, high); then the deal passes to the left."
        )
    elif r.first_dealer == "chosen":
        first = _(
            "2 to %(most)s players. Whoever starts the game picks the first dealer; then the "
            "deal passes to the left."
        )
    else:
        first = _(
            "2 to %(most)s players. The first dealer is chosen at random; then the deal "
            "passes to the left."
        )
    lines = [
        first % most,
        _(
            "Everyone gets three cards. The next card is turned up to start the discard "
            "pile; the rest is the stock."
        ),
    ]
    if r.widow:
        lines.append(_("Three more cards are dealt face down in the middle: the widow."))
    return lines


def _turn(r: Rules) -> list[str]:
    lines = []
    if r.throw_down:
        lines.append(
            _(
                "At the start of each round, before looking at their cards, the player at the "
                "dealer's left may throw down: every hand is shown at once, and they count as "
                "the knocker."
            )
        )
    if r.hidden_discards:
        lines.append(
            _(
                "On your turn, take the top card of the stock or of the discard pile, then "
                "discard one card or several and choose which lies on top. You must end your "
                "turn holding at most three cards (fewer are worth what they make); holding "
                "three or fewer after drawing, you may keep them all. Buried discards stay "
                "face up for everyone to see."
            )
        )
    else:
        lines.append(
            _(
                "On your turn, take the top card of the stock or of the discard pile, then "
                "discard one card."
            )
        )
    if r.take_own_discard:
        lines.append(_("A card you took from the discard pile can't go straight back."))
    else:
        lines.append(
            _(
                "A card you took from the discard pile can't go straight back. Nor may you "
                "take the top discard if you put it there yourself."
            )
        )
    if r.widow:
        lines.append(
            _(
                "Instead of drawing you may swap one to three of your cards for as many of the "
                "widow's: that is your whole turn. The first player to use the widow turns it "
                "face up for good."
            )
        )
    if r.allow_stand:
        lines.append(
            _(
                "In your last turn after someone knocks, you may stand: keep your hand and "
                "draw nothing."
            )
        )
    return lines


def _knocking(r: Rules) -> list[str]:
    if r.knock_after_draw:
        how = _(
            "Knock as you discard, after drawing: the three cards you keep are your hand for "
            "the showdown. Everyone else has one more turn, then every hand is shown (the "
            "showdown). Only one player knocks in a round."
        )
    else:
        how = _(
            "Instead of drawing, you may knock: your hand stays as it is. Everyone else has "
            "one more turn, then every hand is shown (the showdown). Only one player knocks "
            "in a round."
        )
    lines = [how]
    lines.append(
        _("You may knock with any hand.")
        if r.knock_min == 0
        else _("You may knock only with a hand worth %(points)s or more.") % {"points": r.knock_min}
    )
    if r.no_knock_first_round:
        lines.append(_("No one may knock until everyone has had a turn this round."))
    if r.no_knock_when_all_on_county and applies(r, "no_knock_when_all_on_county"):
        lines.append(
            _(
                "When everyone still in is on the county no one may knock: play goes on until "
                "someone holds 31, and they win the game."
            )
        )
    return lines


def _showdown(r: Rules) -> list[str]:
    if r.scoring == "points":
        return [
            _(
                "The highest hand scores a point; players who did not knock and tie for it "
                "each score one. If the knocker ties for highest, the point goes to the others "
                "tied."
            )
        ]
    if r.scoring == "banking":
        return [
            _(
                "The highest hand takes the pot; a tie splits it, and a chip that does not "
                "divide stays for the next round. Everyone else has lost their ante."
            )
        ]
    n = r.knocker_penalty
    lines = [
        _("The lowest hand loses a life; players who tie for lowest each lose one."),
        ngettext(
            "A knocker who alone has the lowest hand loses %(count)s life.",
            "A knocker who alone has the lowest hand loses %(count)s lives.",
            n,
        )
        % {"count": n},
        _("A knocker who ties for lowest is safe, and the others tied lose.")
        if r.knocker_tie == "safe"
        else ngettext(
            "A knocker who ties for lowest loses alone, and pays %(count)s life.",
            "A knocker who ties for lowest loses alone, and pays %(count)s lives.",
            n,
        )
        % {"count": n},
    ]
    if r.final_two_tiebreak:
        lines.append(
            _(
                "With two players left, one of them on the county, a tie goes to the higher "
                "top card, then the next (the joker above an ace). That wins the whole game; "
                "cards of identical rank draw it."
            )
            if r.final_two_tiebreak_decides == "game"
            else _(
                "With two players left, one of them on the county, a tie goes to the higher "
                "top card, then the next (the joker above an ace)."
            )
        )
    return lines


def _special(r: Rules) -> list[str]:
    # Whole sentences, each translated as one: what a blitz is, when it is shown, and
    # what it costs the others.
    said = [
        _("A blitz is 31 in one suit.")
        if r.blitz_requires == "any"
        else _("Only A-K-10 of one suit is a blitz; any other 31 is still worth 31.")
    ]
    if r.blitz_timing == "immediate":
        said.append(
            _(
                "It is shown at once, on the deal or at the end of its holder's turn (even "
                "after a knock), and ends the round."
            )
        )
    else:
        said.append(_("It is not shown by itself: its holder knocks, and it wins the showdown."))
    if r.scoring == "points":
        said.append(_("It scores its holder a point."))
    elif r.scoring == "banking":
        said.append(_("Everyone else adds a chip to the pot, and the blitzer takes it all."))
    elif r.knocker_pays_double_on_blitz:
        said.append(_("Everyone without a blitz loses a life; a knocker caught by it loses two."))
    else:
        said.append(_("Everyone without a blitz loses a life, the knocker too."))
    lines = [" ".join(said)]
    if r.three_aces_wins_game:
        lines.append(
            _(
                "Three aces (or two aces and the joker), on the deal or after your turn, win "
                "the whole game at once: you take the kitty or the pot and everything the "
                "others have left."
            )
            if r.jokers
            else _(
                "Three aces, on the deal or after your turn, win the whole game at once: you "
                "take the kitty or the pot and everything the others have left."
            )
        )
    return lines


def _stock(r: Rules) -> list[str]:
    return [
        _("When the stock runs out, the discards under the top card are shuffled into a new stock.")
        if r.empty_stock == "reshuffle"
        else _("When the stock runs out before anyone knocks, the round ends with no loser."),
        ngettext(
            "A round with no knock after %(count)s turn ends as a draw.",
            "A round with no knock after %(count)s turns ends as a draw.",
            r.max_turns,
        )
        % {"count": r.max_turns},
    ]
