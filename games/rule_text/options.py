"""Every house rule option's label, help and choices, by the sections of docs/rules.md,
and which options apply under which way of scoring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from games.engine import Rules


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
