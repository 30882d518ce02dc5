"""`lab simulate`'s games on the mutable state (`games.engine.mutable`): the baseline
bots' choices read off the state itself, no observations, no events kept. The third
engine of `python -m lab bench-engine` (docs/engine.md#speed); it plays the very games
`lab simulate` plays with baseline bots (tests/lab/test_bench_engine.py).

Under the plain rules (no widow, hidden discards, throw-down or knock after the draw) a
seat holding three cards at the start of its turn, or four after drawing, chooses here
as `BaselineBot` does, the legal moves asked of the rules' questions (`refusals`) and
the hands valued from the engine's memo (`hands.trio_keys`); anything else asks the
bot itself, with an observation of the state frozen back.
"""

from __future__ import annotations

from games.engine.actions import (
    DISCARD_PILE,
    DRAWS_FROM_DISCARDS,
    DRAWS_FROM_STOCK,
    KNOCKS,
    ONE_CARD_DISCARDS,
    STOCK,
    Action,
    Discard,
    Exchange,
    Knock,
    Stand,
    ThrowDown,
)
from games.engine.bots.baseline import BaselineBot
from games.engine.cards import CARD_VALUES, Card
from games.engine.game import new_game
from games.engine.hands import HandKey, hand_key, trio_keys
from games.engine.mutable import MutableState
from games.engine.observation import observation
from games.engine.randomness import DeckSource, SeededDeckSource
from games.engine.refusals import draw_refusal, knock_refusal, stand_refusal
from games.engine.rules import Rules
from games.engine.state import DISCARD, DRAW

TURN_ENDING = (Discard, Knock, Stand, Exchange, ThrowDown)


class BaselinePlayer:
    """`BaselineBot`'s choices (knock at 26, stand at 24) for every seat of a mutable
    state."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.bot = BaselineBot()
        self.plain = not (
            rules.widow or rules.hidden_discards or rules.throw_down or rules.knock_after_draw
        )
        self.keys = trio_keys(rules)

    def key(self, a: Card, b: Card, c: Card) -> HandKey:
        found = self.keys[(a * 53 + b) * 53 + c]
        return hand_key((a, b, c), self.rules) if found is None else found

    def choose(self, game: MutableState, seat: int) -> Action:
        hand = game.hands[seat]
        if self.plain:
            if game.phase == DRAW and len(hand) == 3:
                return self.start_of_turn(game, seat, hand)
            if game.phase == DISCARD and len(hand) == 4:
                return self.discard(game, seat, hand)
        return self.bot.choose(observation(game.frozen(), seat))

    def start_of_turn(self, game: MutableState, seat: int, hand: tuple[Card, ...]) -> Action:
        """`BaselineBot._start_of_turn` under the plain rules."""
        a, b, c = hand
        current = self.key(a, b, c)
        stock = draw_refusal(game, seat, STOCK) is None
        take = draw_refusal(game, seat, DISCARD_PILE) is None
        if current[0] >= 26 and knock_refusal(game, seat, hand, after_draw=False) is None:
            return KNOCKS[seat]
        if current[0] >= 24 and stand_refusal(game, seat) is None:
            return Stand(seat)
        if take:
            top = game.discard[-1]
            best = max(self.key(b, c, top), self.key(a, c, top), self.key(a, b, top))
            if best > current:
                return DRAWS_FROM_DISCARDS[seat]
        if stock:
            return DRAWS_FROM_STOCK[seat]
        if take:
            return DRAWS_FROM_DISCARDS[seat]
        return self.bot.choose(observation(game.frozen(), seat))

    def discard(self, game: MutableState, seat: int, hand: tuple[Card, ...]) -> Action:
        """`BaselineBot._discard` of one card (no knock: not with the plain rules): the
        best hand kept, then the highest card shed, the first of equals."""
        a, b, c, d = hand
        kept = ((b, c, d), (a, c, d), (a, b, d), (a, b, c))
        taken = game.taken
        best = -1
        best_score: tuple[HandKey, int] = ((0.0, 0), 0)
        for i in (0, 1, 2, 3):
            card = hand[i]
            if card == taken:
                continue
            score = (self.key(*kept[i]), CARD_VALUES[card])
            if best < 0 or score > best_score:
                best, best_score = i, score
        return ONE_CARD_DISCARDS[seat][hand[best]]


def play_game(rules: Rules, seats: int, source: DeckSource) -> tuple[MutableState, int, int]:
    """One whole game between baseline players: the final state, the rounds played and
    the turns taken."""
    game = MutableState.of(new_game(rules, seats, source)[0])
    player = BaselinePlayer(rules)
    turns = 0
    while game.turn is not None:
        action = player.choose(game, game.turn)
        game.apply(action)
        if isinstance(action, TURN_ENDING):
            turns += 1
    return game, game.round_no, turns


def simulate(rules: Rules, seats: int, games: int, seed: int) -> tuple[int, int]:
    """`games` games from `seed`, as `lab simulate` deals them: rounds and turns."""
    source = SeededDeckSource(seed)
    rounds = turns = 0
    for _ in range(games):
        _, played, taken = play_game(rules, seats, source)
        rounds += played
        turns += taken
    return rounds, turns
