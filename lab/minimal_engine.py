"""A minimal mutable 31 engine: the yardstick for the real engine's speed
(`python -m lab bench-engine`; docs/engine.md#speed).

The same game shape as `lab simulate`'s default games (Scat between baseline bots),
with none of the real engine's qualities: a round is one object changed in place,
with three-card hands in lists, the standard values (the best suit's sum, aces 11,
court cards 10), moves made by methods (draw from the stock or take the top discard,
discard a card, knock), a greedy player in every seat (take the top discard when it
makes a better hand, else draw from the stock; discard the card that leaves the best
hand; knock at 26). The round ends when play comes back to the knocker (or is drawn
after 300 turns); the lowest hand (every tied one) loses a life, and a player with no
lives is out. No house rules, no events, no observations, no checks of the moves, no
blitz, no county. Written plainly, as one would write a throwaway simulator: values
worked out when needed, not cached.
"""

from __future__ import annotations

import random

KNOCK_AT = 26
LIVES = 3
MAX_TURNS = 300  # a round no one can end (every card of the suits held) is drawn
# Card c (0-51): suit c // 13, rank c % 13 + 2 (ace 14); points: ace 11, courts 10.
SUIT = [c // 13 for c in range(52)]
POINTS = [11 if c % 13 == 12 else min(c % 13 + 2, 10) for c in range(52)]


def value(a: int, b: int, c: int) -> int:
    """The best suit's sum of three cards."""
    sa, sb, sc = SUIT[a], SUIT[b], SUIT[c]
    pa, pb, pc = POINTS[a], POINTS[b], POINTS[c]
    if sa == sb:
        return pa + pb + pc if sa == sc else max(pa + pb, pc)
    if sa == sc:
        return max(pa + pc, pb)
    if sb == sc:
        return max(pb + pc, pa)
    return max(pa, pb, pc)


class Round:
    """One round, changed in place by the moves of the player on turn."""

    def __init__(self, seats: list[int], rng: random.Random) -> None:
        self.rng = rng
        self.seats = seats  # in the order they play
        deck = list(range(52))
        rng.shuffle(deck)
        self.hands = {seat: [deck.pop(), deck.pop(), deck.pop()] for seat in seats}
        self.discard = [deck.pop()]
        self.stock = deck  # the last card is drawn next
        self.position = 0  # the player on turn, as an index into `seats`
        self.knocker: int | None = None
        self.taken = -1  # the card taken from the discard pile this turn (none: -1)
        self.turns = 0
        self.over = False

    @property
    def turn(self) -> int:
        return self.seats[self.position]

    def draw_stock(self) -> None:
        if not self.stock:  # the discard pile but its top becomes the stock
            self.stock = self.discard[:-1]
            self.rng.shuffle(self.stock)
            del self.discard[:-1]
        self.hands[self.turn].append(self.stock.pop())
        self.taken = -1

    def take_discard(self) -> None:
        self.taken = self.discard.pop()
        self.hands[self.turn].append(self.taken)

    def discard_card(self, index: int) -> None:
        self.discard.append(self.hands[self.turn].pop(index))
        self._end_turn()

    def knock(self) -> None:
        self.knocker = self.turn
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self.position = (self.position + 1) % len(self.seats)
        if self.turn == self.knocker or (self.knocker is None and self.turns >= MAX_TURNS):
            self.over = True

    def losers(self) -> list[int]:
        """The seats with the lowest hand (none when the round was drawn)."""
        if self.knocker is None:
            return []
        values = {seat: value(*hand) for seat, hand in self.hands.items()}
        lowest = min(values.values())
        return [seat for seat, v in values.items() if v == lowest]


def greedy_turn(game: Round) -> None:
    """The greedy player's turn for the seat on turn."""
    hand = game.hands[game.turn]
    a, b, c = hand
    current = value(a, b, c)
    if game.knocker is None and current >= KNOCK_AT:
        game.knock()
        return
    top = game.discard[-1]
    if max(value(b, c, top), value(a, c, top), value(a, b, top)) > current:
        game.take_discard()
    else:
        game.draw_stock()
    a, b, c, d = hand
    best, best_value = -1, -1
    for i, v in enumerate((value(b, c, d), value(a, c, d), value(a, b, d), value(a, b, c))):
        if v > best_value and hand[i] != game.taken:
            best, best_value = i, v
    game.discard_card(best)


def play_game(players: int, rng: random.Random) -> tuple[int, int]:
    """One game: the rounds and turns played."""
    lives = [LIVES] * players
    dealer = rng.randrange(players)
    rounds = turns = 0
    while sum(1 for n in lives if n > 0) > 1:
        dealer = _next(lives, dealer)
        seats = []
        seat = _next(lives, dealer)
        while seat not in seats:
            seats.append(seat)
            seat = _next(lives, seat)
        game = Round(seats, rng)
        while not game.over:
            greedy_turn(game)
        for seat in game.losers():
            lives[seat] -= 1
        rounds += 1
        turns += game.turns
    return rounds, turns


def _next(lives: list[int], seat: int) -> int:
    """The next seat to the left with lives left."""
    seat = (seat + 1) % len(lives)
    while lives[seat] <= 0:
        seat = (seat + 1) % len(lives)
    return seat


def simulate(players: int, games: int, seed: int) -> tuple[int, int]:
    """`games` games from `seed`: the rounds and turns played."""
    rng = random.Random(seed)
    rounds = turns = 0
    for _ in range(games):
        r, t = play_game(players, rng)
        rounds += r
        turns += t
    return rounds, turns
