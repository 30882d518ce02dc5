"""Rules in short phrases: what differs from Scat or from a preset ("5 lives instead of
3"), each option's value in words, the full list by section and each preset's line."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from games.engine import PRESETS, Rules

from .names import stage_name
from .options import CHOICE_LABELS, OPTIONS, SECTIONS, applies
from .words import _, ngettext

SCAT = Rules()


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


def _lives(n: int) -> str:
    return ngettext("%(count)s life", "%(count)s lives", n) % {"count": n}


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
