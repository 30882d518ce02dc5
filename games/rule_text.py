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
    "target_points": OptionText(
        "Points to win",
        "Scoring by points: the first to this many wins. A player scores at most a point "
        "a round, so a game lasts at least this many rounds.",
    ),
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


def scoring_of(option: str) -> str | None:
    """The one way of scoring `option` belongs to ("lives", "points", "banking"), or
    None for an option that applies whatever the scoring."""
    if option in _LIVES_ONLY:
        return "lives"
    return {"target_points": "points", "chips": "banking"}.get(option)


SCORING_NOTES = {
    "lives": "Only when scoring by lives.",
    "points": "Only when scoring by points.",
    "banking": "Only when banking.",
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
    differs: bool = getattr(rules, option) != getattr(SCAT, option)
    return differs


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


def _game_length(rules: Rules) -> str:
    """How long a game lasts at least, where a player can't see it from the rest: a
    player scores at most a point a round."""
    if rules.scoring != "points":
        return ""
    n = rules.target_points
    return f" · A game of at least {n} round{'s' if n != 1 else ''}"


# One line per preset for the lobby's preset cards: how it differs from Scat.
PRESET_SUMMARIES: dict[str, str] = {
    key: " \u00b7 ".join(rule_summary(Rules.preset(key))) + _game_length(Rules.preset(key))
    or (
        "The standard rules"
        if key == "scat"
        else "Another name for Scat: the same game, with the same rules"
    )
    for key in PRESETS
}


# ---- the rules for players, one page per preset --------------------------------------

# Other names players know a preset by: shown with it, and listed on the rules index
# so that a player who knows the game as "Card Game 101" or "Blitz" finds it.
PRESET_OTHER_NAMES: dict[str, tuple[str, ...]] = {
    "scat": ("Thirty-one", "31"),
    "blitz": ("Scat",),
    "thirty_one": ("Thirty-one with four tokens",),
    "card_game_101": ("Card Game 101", "Thirty-one with three of a kind"),
    "ride_the_bus": ("Scat with the bus",),
    "ride_the_bus_online": ("Ride the Bus as played online",),
    "en_og_tredive": ("Greenlandic 31", "En-og-tredive"),
    "banking": ("31 for chips", "Banking Scat"),
    "french_canadian": ("31 for points", "Trente et un"),
    "philadelphia": ("Throw-down 31",),
    "thirty_and_a_half": ("30½", "Thirty and a half with three of a kind"),
}

# A preset that is another preset's game under another name says so.
SAME_GAME_AS: dict[str, str] = {"blitz": "scat"}


def _lives(n: int) -> str:
    return "1 life" if n == 1 else f"{n} lives"


def how_to_play(rules: Rules) -> list[tuple[str, list[str]]]:
    """The rules in words for players, as (heading, sentences): what wins, the cards, a
    turn, knocking, the showdown, special hands and the stock. Made from `rules` alone
    (the table page, the rules pages), so it says what the engine will do; a test checks
    that every option that applies changes what it says."""
    return [
        ("What wins", _winning(rules)),
        ("Cards and hands", _hands(rules)),
        ("The deal", _deal(rules)),
        ("A turn", _turn(rules)),
        ("Knocking", _knocking(rules)),
        ("The showdown", _showdown(rules)),
        ("Special hands", _special(rules)),
        ("The stock", _stock(rules)),
    ]


def _winning(r: Rules) -> list[str]:
    if r.scoring == "points":
        return [
            f"Be the first to {r.target_points} point{'s' if r.target_points != 1 else ''}. "
            "No one loses lives and no one is ever out; players who reach the same best "
            "score together share the win.",
            f"You score at most a point a round, so a game lasts at least "
            f"{r.target_points} round{'s' if r.target_points != 1 else ''}.",
        ]
    if r.scoring == "banking":
        return [
            f"Be the last player with chips. Everyone starts with {r.chips} "
            f"chip{'s' if r.chips != 1 else ''} and antes one into the pot before each "
            "round; a player with no chip to ante is out.",
        ]
    lines = [f"Be the last player left. Everyone starts with {_lives(r.lives)}."]
    if r.county:
        lines.append(
            "With no lives left you are \u201con the county\u201d and still play; the next "
            "loss puts you out."
        )
    else:
        lines.append("There is no county: lose your last life and you are out.")
    if r.life_labels:
        lines.append("Lives are shown as stages: " + " \u2192 ".join(r.life_labels) + ".")
    if r.levels_by_agreement:
        lines.append(
            "During a game any player still in may propose new stages before the county; "
            "if everyone still in agrees, everyone gains a life for each."
        )
    lines.append("Every lost life goes into the kitty, and the winner takes it.")
    return lines


def _hands(r: Rules) -> list[str]:
    lines = [
        "A hand is worth the total of its best suit: an ace 11, a king, queen or jack 10, "
        "every other card its number. 31, an ace and two ten-point cards of one suit, is "
        "the best hand."
    ]
    if r.jokers:
        lines.append(
            "The deck has one joker (53 cards). It stands for whichever card the hand does "
            "not already hold that makes it best."
        )
    else:
        lines.append("One deck of 52 cards, no joker.")
    lines.append(
        {
            "off": "Three of a kind counts like any other hand (three kings are worth 10).",
            "30": "Three of a kind (three cards of one rank) is worth 30.",
            "30.5": "Three of a kind is worth 30\u00bd: it beats every hand but 31.",
        }[r.three_of_a_kind]
    )
    if r.straight_flush:
        lines.append(
            "Three cards of one suit in sequence are worth at least 30 (aces high: Q-K-A "
            "is the top run, A-2-3 is none)."
        )
    if r.showdown_counts_all_cards:
        lines.append(
            "At a showdown every card counts, whatever its suit (this never makes a blitz)."
        )
    return lines


def _deal(r: Rules) -> list[str]:
    first = {
        "random": "The first dealer is chosen at random",
        "high_card": "Everyone draws a card and the highest deals first (aces low)",
        "cut": "Everyone cuts and the highest card deals first (the joker, then aces, high)",
        "chosen": "Whoever starts the game picks the first dealer",
    }[r.first_dealer]
    lines = [
        f"2 to {r.max_players} players. {first}; then the deal passes to the left.",
        "Everyone gets three cards. The next card is turned up to start the discard "
        "pile; the rest is the stock.",
    ]
    if r.widow:
        lines.append("Three more cards are dealt face down in the middle: the widow.")
    return lines


def _turn(r: Rules) -> list[str]:
    lines = []
    if r.throw_down:
        lines.append(
            "At the start of each round, before looking at their cards, the player at the "
            "dealer's left may throw down: every hand is shown at once, and they count as "
            "the knocker."
        )
    if r.hidden_discards:
        lines.append(
            "On your turn, take the top card of the stock or of the discard pile, then "
            "discard one card or several and choose which lies on top. You must end your "
            "turn holding at most three cards (fewer are worth what they make); holding "
            "three or fewer after drawing, you may keep them all. Buried discards stay "
            "face up for everyone to see."
        )
    else:
        lines.append(
            "On your turn, take the top card of the stock or of the discard pile, then "
            "discard one card."
        )
    own = (
        ""
        if r.take_own_discard
        else " Nor may you take the top discard if you put it there yourself."
    )
    lines.append("A card you took from the discard pile can't go straight back." + own)
    if r.widow:
        lines.append(
            "Instead of drawing you may swap one to three of your cards for as many of the "
            "widow's: that is your whole turn. The first player to use the widow turns it "
            "face up for good."
        )
    if r.allow_stand:
        lines.append(
            "In your last turn after someone knocks, you may stand: keep your hand and "
            "draw nothing."
        )
    return lines


def _knocking(r: Rules) -> list[str]:
    if r.knock_after_draw:
        how = (
            "Knock as you discard, after drawing: the three cards you keep are your hand "
            "for the showdown."
        )
    else:
        how = "Instead of drawing, you may knock: your hand stays as it is."
    lines = [
        how + " Everyone else has one more turn, then every hand is shown (the showdown). "
        "Only one player knocks in a round."
    ]
    lines.append(
        "You may knock with any hand."
        if r.knock_min == 0
        else f"You may knock only with a hand worth {r.knock_min} or more."
    )
    if r.no_knock_first_round:
        lines.append("No one may knock until everyone has had a turn this round.")
    if r.no_knock_when_all_on_county and applies(r, "no_knock_when_all_on_county"):
        lines.append(
            "When everyone still in is on the county no one may knock: play goes on until "
            "someone holds 31, and they win the game."
        )
    return lines


def _showdown(r: Rules) -> list[str]:
    if r.scoring == "points":
        return [
            "The highest hand scores a point; players who did not knock and tie for it "
            "each score one. If the knocker ties for highest, the point goes to the others "
            "tied."
        ]
    if r.scoring == "banking":
        return [
            "The highest hand takes the pot; a tie splits it, and a chip that does not "
            "divide stays for the next round. Everyone else has lost their ante."
        ]
    penalty = _lives(r.knocker_penalty)
    lines = [
        "The lowest hand loses a life; players who tie for lowest each lose one.",
        f"A knocker who alone has the lowest hand loses {penalty}.",
        "A knocker who ties for lowest is safe, and the others tied lose."
        if r.knocker_tie == "safe"
        else f"A knocker who ties for lowest loses alone, and pays {penalty}.",
    ]
    if r.final_two_tiebreak:
        lines.append(
            "With two players left, one of them on the county, a tie goes to the higher "
            "top card, then the next (the joker above an ace)."
            + (
                " That wins the whole game; cards of identical rank draw it."
                if r.final_two_tiebreak_decides == "game"
                else ""
            )
        )
    return lines


def _special(r: Rules) -> list[str]:
    blitz = (
        "A blitz is 31 in one suit."
        if r.blitz_requires == "any"
        else "Only A-K-10 of one suit is a blitz; any other 31 is still worth 31."
    )
    if r.blitz_timing == "immediate":
        blitz += (
            " It is shown at once, on the deal or at the end of its holder's turn (even "
            "after a knock), and ends the round."
        )
    else:
        blitz += " It is not shown by itself: its holder knocks, and it wins the showdown."
    if r.scoring == "points":
        blitz += " It scores its holder a point."
    elif r.scoring == "banking":
        blitz += " Everyone else adds a chip to the pot, and the blitzer takes it all."
    else:
        blitz += " Everyone without a blitz loses a life"
        blitz += (
            "; a knocker caught by it loses two."
            if r.knocker_pays_double_on_blitz
            else ", the knocker too."
        )
    lines = [blitz]
    if r.three_aces_wins_game:
        aces = "Three aces (or two aces and the joker)" if r.jokers else "Three aces"
        lines.append(
            f"{aces}, on the deal or after your turn, win the whole game at once: you take "
            "the kitty or the pot and everything the others have left."
        )
    return lines


def _stock(r: Rules) -> list[str]:
    return [
        "When the stock runs out, the discards under the top card are shuffled into a new stock."
        if r.empty_stock == "reshuffle"
        else "When the stock runs out before anyone knocks, the round ends with no loser.",
        f"A round with no knock after {r.max_turns} turns ends as a draw.",
    ]
