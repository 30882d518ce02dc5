"""Whole games, one per preset, compared line by line with stored transcripts.

Each game is played by `BaselineBot` in every seat from a `SeededDeckSource`, and its
transcript is what a spectator is told (`describe(event, names)` for every event), with
the hands shown and the standings after each round, and the outcome at the end. Any
change in the rules engine that changes a game shows up here as a readable diff.

Regenerate the stored transcripts after an intended change with::

    UPDATE_GOLDEN=1 python3 -m pytest tests/engine/test_golden_transcripts.py

and read the diff before committing it.

The options that no preset plays have games of their own (`OPTION_GAMES`): twelve at
a Scat table, a first dealer the players chose, the final two's tie-break deciding the
game, and Ride the Bus with a level added by agreement (the agreements are scripted:
the bots make none).

The last test is a short game from fixed decks whose every line is written out by hand.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from games.engine import (
    AnswerLevels,
    ProposeLevels,
    Rules,
    SeededDeckSource,
    apply_action,
    format_cards,
    format_value,
    new_game,
    observation,
    replay,
)
from games.engine.bots import BaselineBot
from games.engine.rules import PRESETS
from games.wording import describe
from tests.engine.helpers import ANN, BOB, NAMES2, Table, cards, deal

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
NAMES = ("Ann", "Bob", "Cy", "Dee")
TWELVE = (*NAMES, "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")

# preset -> (players, seed). Seeds chosen so that no game runs to thousands of lines.
GAMES = {
    "scat": (4, 1),
    "blitz": (3, 2),
    "thirty_one": (4, 3),
    "dollar_bill": (4, 1),
    "card_game_101": (3, 4),
    "ride_the_bus": (4, 5),
    "ride_the_bus_online": (3, 6),
    "en_og_tredive": (4, 7),
    "banking": (3, 25),
    "french_canadian": (3, 37),
    "philadelphia": (4, 8),
    "thirty_and_a_half": (3, 9),
}


def standings(state) -> str:
    scoring = state.rules.scoring
    parts = []
    for seat, player in enumerate(state.players):
        name = state.names[seat]
        if state.rules.life_labels:
            parts.append(f"{name} {state.stage_label(seat)}")
        elif player.out:
            parts.append(f"{name} out")
        elif scoring == "points":
            parts.append(f"{name} {player.points} point{'' if player.points == 1 else 's'}")
        elif scoring == "banking":
            parts.append(f"{name} {player.chips} chip{'' if player.chips == 1 else 's'}")
        else:
            lives = f"{player.lives} {'life' if player.lives == 1 else 'lives'}"
            parts.append(f"{name} {lives}" + (" (on the county)" if state.on_county(seat) else ""))
    if scoring == "banking":
        parts.append(f"pot {state.pot}")
    elif scoring == "lives":
        parts.append(f"kitty {state.kitty}")
    return "; ".join(parts)


# Games of options no preset plays: name -> (preset, changes, players, seed, the first
# dealer the players chose or None, {round: agreements made before its first move}).
OPTION_GAMES = {
    "twelve_at_scat": ("scat", {}, 12, 4, None, {}),
    "first_dealer_chosen": ("scat", {"first_dealer": "chosen"}, 4, 5, 2, {}),
    "tiebreak_decides_the_game": (
        "scat",
        {"final_two_tiebreak": True, "final_two_tiebreak_decides": "game"},
        3,
        3,
        None,
        {},
    ),
    "ride_the_bus_level_added": (
        "ride_the_bus",
        {},
        4,
        3,
        None,
        {
            # Round 2: Cy proposes a level and everyone agrees; round 3: Ann proposes
            # two, and Dee declines.
            2: [
                ProposeLevels(2, ("on the roof",)),
                AnswerLevels(0, True),
                AnswerLevels(1, True),
                AnswerLevels(3, True),
            ],
            3: [ProposeLevels(0, ("in the trunk", "on the bumper")), AnswerLevels(3, False)],
        },
    ),
}


def transcript(
    key: str,
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    dealer: int | None = None,
    agreements: dict[int, list] | None = None,
    title: str | None = None,
) -> tuple[list[str], object, list]:
    names = (NAMES if players <= len(NAMES) else TWELVE)[:players]
    rules = Rules.preset(key) if rules is None else rules
    state, events = new_game(rules, names, SeededDeckSource(seed), dealer)
    bot = BaselineBot()
    lines = [f"# {title or key}: {players} players, seed {seed}, BaselineBot in every seat"]
    pending = dict(agreements or {})

    def tell(new_events, state_after):
        for event in new_events:
            lines.append(describe(event, names))
            if event.kind == "round_ended":
                result = event.data
                shown = [
                    f"{names[seat]} {format_cards(hand, symbols=True)} = "
                    f"{format_value(result['values'][seat])}"
                    for seat, hand in enumerate(result["hands"])
                    if hand is not None
                ]
                lines.append("    hands: " + " | ".join(shown))

    tell(events, state)
    all_events = list(events)
    moves = 0
    while not state.is_over:
        before_round = state.round_no
        for agreement in pending.pop(state.round_no, ()):
            state, new = apply_action(state, agreement)
            all_events.extend(new)
            tell(new, state)
        state, new = apply_action(state, bot.choose(observation(state, state.turn)))
        all_events.extend(new)
        tell(new, state)
        moves += 1
        assert moves < 50_000, "the game does not end"
        if state.is_over:
            lines.append("    final standings: " + standings(state))
        elif state.round_no != before_round:
            lines.append("    standings at the deal: " + standings(state))
    outcome = state.outcome
    lines.append(
        f"Outcome: winners {', '.join(names[s] for s in outcome.winners)}; "
        f"reason {outcome.reason}; shares "
        + ", ".join(f"{names[s]} {share:g}" for s, share in enumerate(outcome.shares))
    )
    return lines, state, all_events


@pytest.mark.parametrize("key", list(GAMES))
def test_a_whole_game_matches_its_golden_transcript(key):
    players, seed = GAMES[key]
    lines, state, events = transcript(key, players, seed)
    check_golden(key, lines, state, events)


@pytest.mark.parametrize("name", list(OPTION_GAMES))
def test_a_whole_game_of_an_option_matches_its_golden_transcript(name):
    option_game(name)


def option_game(name: str) -> tuple:
    """The game `OPTION_GAMES[name]`, checked against its golden transcript."""
    preset, changes, players, seed, dealer, agreements = OPTION_GAMES[name]
    changed = ", ".join(f"{option}={value}" for option, value in changes.items())
    lines, state, events = transcript(
        preset,
        players,
        seed,
        rules=Rules.preset(preset, **changes),
        dealer=dealer,
        agreements=agreements,
        title=f"{name} ({preset}{': ' + changed if changed else ''}"
        + (f"; seat {dealer} chosen to deal first" if dealer is not None else "")
        + ")",
    )
    check_golden(name, lines, state, events)
    return state, events


def test_the_option_games_show_what_they_are_for():
    twelve, _ = option_game("twelve_at_scat")
    assert len(twelve.players) == 12
    _, events = option_game("first_dealer_chosen")
    assert events[1].data == {"method": "chosen", "dealer": 2, "draws": ()}
    decided, _ = option_game("tiebreak_decides_the_game")
    assert decided.outcome.reason == "tiebreak"
    bus, events = option_game("ride_the_bus_level_added")
    kinds = [e.kind for e in events]
    assert "levels_added" in kinds and "levels_declined" in kinds
    assert bus.rules.lives == 5 and "on the roof" in bus.rules.life_labels


def check_golden(key: str, lines: list[str], state, events) -> None:
    path = GOLDEN / f"{key}.txt"
    text = "\n".join(lines) + "\n"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden transcript {path.name}: run with UPDATE_GOLDEN=1"
    stored = path.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(stored, lines, strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs:\n  stored: {want}\n  now:    {got}"
    assert len(lines) == len(stored), f"{path.name}: {len(stored)} lines stored, {len(lines)} now"
    # The event log is the game: replaying it gives the same final state.
    assert replay(events) == state


def test_every_preset_has_a_golden_game():
    assert set(GAMES) == set(PRESETS)
    assert all(players in (3, 4) for players, _ in GAMES.values())
    assert not set(OPTION_GAMES) & set(GAMES)


# ---- a short game written out by hand ---------------------------------------------------


def short_game() -> Table:
    """Two players, two lives, no county. Round 1: Ann knocks with 21 and Bob, who took
    back his own discard, is caught with 20. Round 2: Ann draws to a blitz."""
    round_one = deal(ANN, "AS KS 2H", "KH QH 3C", up="4D", stock="5C 9D")
    round_two = deal(BOB, "AD KD 5S", "7C 8C 2S", up="6H", stock="QD JH")
    t = Table(round_one, round_two, names=NAMES2, dealer=ANN, lives=2, county=False)
    t("draw:stock", "discard:5C")  # Bob draws 5C and throws it straight back
    t("knock")  # Ann, with A-K of spades
    t("draw:discard", "discard:3C")  # Bob takes his own 5C back
    t("draw:stock", "discard:5S")  # round 2: Ann draws QD for A-K-Q of diamonds
    return t


def test_a_short_two_player_game_from_fixed_decks_says_exactly_this():
    t = short_game()
    assert t.said() == [
        "A new game of 31 for Ann and Bob.",
        "Ann deals first (chosen at random).",
        "Round 1: Ann deals. The up-card is 4♦.",
        "Bob draws from the stock.",
        "Bob discards 5♣.",
        "Ann knocks.",
        "Bob takes 5♣ from the discard pile.",
        "Bob discards 3♣.",
        "Showdown: Ann 21, Bob 20. Bob loses a life.",
        "Round 2: Bob deals. The up-card is 6♥.",
        "Ann draws from the stock.",
        "Ann discards 5♠.",
        "Ann has 31 in one suit: a blitz! Bob loses a life.",
        "Bob is out of the game.",
        "Ann wins the game!",
    ]
    assert [e.kind for e in t.events] == [
        "game_started",
        "dealer_chosen",
        "round_started",
        "drew",
        "discarded",
        "knocked",
        "drew",
        "discarded",
        "round_ended",
        "round_started",
        "drew",
        "discarded",
        "round_ended",
        "player_out",
        "game_ended",
    ]


def test_the_short_game_as_each_player_is_told_it():
    t = short_game()
    assert t.said(viewer=ANN) == [
        "A new game of 31 for Ann and Bob.",
        "You deal first (chosen at random).",
        "Round 1: You deal. The up-card is 4♦.",
        "Bob draws from the stock.",
        "Bob discards 5♣.",
        "You knock.",
        "Bob takes 5♣ from the discard pile.",
        "Bob discards 3♣.",
        "Showdown: You 21, Bob 20. Bob loses a life.",
        "Round 2: Bob deals. The up-card is 6♥.",
        "You draw Q♦ from the stock.",
        "You discard 5♠.",
        "You have 31 in one suit: a blitz! Bob loses a life.",
        "Bob is out of the game.",
        "You win the game!",
    ]
    assert t.said(viewer=BOB) == [
        "A new game of 31 for Ann and Bob.",
        "Ann deals first (chosen at random).",
        "Round 1: Ann deals. The up-card is 4♦.",
        "You draw 5♣ from the stock.",
        "You discard 5♣.",
        "Ann knocks.",
        "You take 5♣ from the discard pile.",
        "You discard 3♣.",
        "Showdown: Ann 21, You 20. You lose a life.",
        "Round 2: You deal. The up-card is 6♥.",
        "Ann draws from the stock.",
        "Ann discards 5♠.",
        "Ann has 31 in one suit: a blitz! You lose a life.",
        "You are out of the game.",
        "Ann wins the game!",
    ]


def test_the_short_game_ends_with_these_results():
    t = short_game()
    first = next(e.data for e in t.events if e.kind == "round_ended")
    assert first["reason"] == "knock" and first["knocker"] == ANN
    assert first["hands"] == (cards("AS KS 2H"), cards("KH QH 5C"))
    assert first["lives_lost"] == (0, 1)
    assert t.result.reason == "blitz"
    assert t.result.blitzers == (ANN,)
    assert t.result.hands == (cards("AD KD QD"), cards("7C 8C 2S"))
    assert t.result.eliminated == (BOB,)
    assert t.lives == (2, 0) and t.out == (False, True)
    assert t.state.kitty == 2
    assert t.outcome == ((ANN,), "last_player", (2.0, 0.0))
    assert replay(t.events) == t.state
