"""The hard bot's guesses at the hidden cards: worlds consistent with what it has seen.

`WorldSampler` deals the cards a seat cannot place (the full deck minus its hand, the
visible discards, the open widow, and the cards its memory places) into the other
hands, the face-down widow, the buried discards and the stock, and builds a
`GameState` from that and the public facts of the observation. The state gets its own
deck source (`ImaginedDeck`), so playing it on never touches the real game's
randomness: it is the bot's guess, not the real state.

A hand dealt at random would be far weaker than the hand of a player who has had a
few turns, and far stronger than that of a player who could have knocked and did not.
So each other hand is imagined with its history: dealt, then grown by one plain turn
(`greedy_turn`) per turn that player has had, and redealt (a few times at most) when
that history disagrees with what everyone saw -- a player who did not knock although
a sensible player would have, or a knocker whose hand would not have been worth it.
Where the bot has watched the round's moves (`inference.TableWatch`), a hand is taken
from what the watch has read instead: that knows far more (docs/bots.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import repeat, starmap

from ..cards import Card
from ..observation import Observation
from ..state import GameState, PlayerState
from ..turns import play_order
from .common import greedy_turn, own_seat, strength, turns_done
from .inference import TableWatch
from .knocking import NEVER, KnockParams, least_knock
from .memory import Memory

TRIES = 6  # redeals of one player's history before taking the least inconsistent one

# What a past turn of another player tells: it could not knock (FREE), it did not knock
# though it could (BEFORE: judged on the hand it started the turn with; AFTER: on the
# hand it kept, with knock_after_draw), or it knocked (KNOCKED, KNOCKED_AFTER).
FREE, BEFORE, AFTER, KNOCKED, KNOCKED_AFTER = range(5)


class ImaginedDeck:
    """The deck source of an imagined world: its own seeded generator, never the real
    game's. (Like `SeededDeckSource`, but shuffles by sorting on random keys, several
    times faster in Python.) A round that ends in it is not followed by the next deal
    (`deals_on`): a rollout looks no further than the end of its round."""

    deals_on = False

    def __init__(self, seed: int) -> None:
        # The generator is seeded on first use: most imagined rounds end before the
        # stock runs out, and seeding one costs as much as a third of such a round.
        self._seed = seed
        self._generator: random.Random | None = None

    @property
    def _random(self) -> random.Random:
        if self._generator is None:
            self._generator = random.Random(self._seed)
        return self._generator

    def shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(sorted(cards, key=_random_keys(cards, self._random).__getitem__))

    def randbelow(self, n: int) -> int:
        return int(self._random.random() * n)


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """`rng.shuffle`, faster (see `ImaginedDeck`)."""
    cards.sort(key=_random_keys(cards, rng).__getitem__)


def _random_keys(cards: Sequence[Card], rng: random.Random) -> dict[Card, float]:
    """A random sort key for each of `cards` (which differ: one deck), drawn in their
    order: sorting by it is the same shuffle as sorting with `key=lambda _: rng.random()`,
    without a Python call per card."""
    return dict(zip(cards, starmap(rng.random, repeat((), len(cards))), strict=True))


class WorldSampler:
    """Deals the unplaced cards of one observation into worlds, again and again."""

    def __init__(
        self,
        obs: Observation,
        memory: Memory,
        rng: random.Random,
        params: KnockParams,
        table: TableWatch | None = None,
    ) -> None:
        self.obs = obs
        self.table = table
        self.rng = rng
        self.params = params
        self.ok = self._plan(obs, memory, use_memory=True) or self._plan(
            obs, memory, use_memory=False
        )
        seats = obs.seats
        self.players = tuple(PlayerState(s.lives, s.points, s.chips, s.out) for s in seats)
        self.order = play_order(obs.dealer, [s.out for s in seats])
        self.histories = {seat: self._history(seat) for seat, _ in self.gaps}
        self.watched = self._fitting() if self.ok else {}

    def _plan(self, obs: Observation, memory: Memory, *, use_memory: bool) -> bool:
        """Work out which cards are unplaced and where the gaps are; False if the counts
        do not add up (the memory must then be wrong: try without it)."""
        me = obs.viewer
        self.pool = memory.unseen(obs, use_memory=use_memory)
        self.held = {
            seat: tuple(sorted(cards))
            for seat, cards in memory.held.items()
            if cards and use_memory
        }
        self.dead = sorted(memory.dead) if use_memory else []
        self.gaps: list[tuple[int, int]] = []  # (seat, unknown cards in its hand)
        for seat, count in enumerate(obs.cards_held):
            if seat == me and obs.hand is not None:
                continue
            known = len(self.held.get(seat, ()))
            if count < known:
                return False
            self.gaps.append((seat, count - known))
        self.widow_gap = 0 if obs.widow or not obs.rules.widow else obs.widow_count
        self.buried_gap = obs.discard_count - len(obs.discard_pile) - len(self.dead)
        needed = sum(n for _, n in self.gaps) + self.widow_gap + self.buried_gap + obs.stock_count
        return self.buried_gap >= 0 and needed == len(self.pool)

    # ---- what the past turns tell ------------------------------------------------------

    def _history(self, seat: int) -> list[tuple[int, float]]:
        """Per past turn of `seat` this round: what it tells, and the knock threshold
        then (the least hand a sensible player would have knocked with)."""
        obs = self.obs
        rules = obs.rules
        if seat == obs.viewer or seat not in self.order:
            return []
        n = len(self.order)
        position = self.order.index(seat)
        done = turns_done(self.order, obs.turns_taken)[seat]
        knock_turn = None
        if obs.knocker is not None:
            knocker_done = turns_done(self.order, obs.turns_taken)[obs.knocker]
            knock_turn = self.order.index(obs.knocker) + n * (knocker_done - 1)
        all_county = rules.no_knock_when_all_on_county and all(
            s.lives == 0 for s in obs.seats if not s.out
        )
        after = rules.knock_after_draw
        history = []
        for i in range(done):
            turn = position + n * i
            final = knock_turn is not None and turn > knock_turn  # after the knock
            if final or all_county or (rules.no_knock_first_round and turn < n):
                history.append((FREE, NEVER))
            else:
                floor = self._threshold(seat, turn)
                if turn == knock_turn:
                    history.append((KNOCKED_AFTER if after else KNOCKED, floor))
                else:
                    history.append((AFTER if after else BEFORE, floor))
        return history

    def _threshold(self, seat: int, turn: int) -> float:
        obs = self.obs
        return least_knock(seat, self.order, turn, obs.seats[seat], obs.rules, self.params)

    def _grow(
        self, seat: int, hand: tuple[Card, ...], cards: list[Card]
    ) -> tuple[tuple[Card, ...], list[Card], int]:
        """Play `seat`'s past turns from `hand` with `cards` as the cards it met; the
        hand, the cards it let go, and how many turns disagree with what was seen."""
        rules = self.obs.rules
        held = self.held.get(seat, ())
        gone: list[Card] = []
        wrong = 0
        at = 0
        for kind, floor in self.histories[seat]:
            if kind == BEFORE and strength(hand, rules)[0] >= floor:
                wrong += 1
            if kind == KNOCKED:
                wrong += strength(hand, rules)[0] < floor
                continue
            if at + 2 <= len(cards) and hand:
                hand, let_go = greedy_turn(hand, cards[at], cards[at + 1], rules, held)
                gone.extend(let_go)
                at += 2
            if kind == AFTER and strength(hand, rules)[0] >= floor:
                wrong += 1
            if kind == KNOCKED_AFTER:
                wrong += strength(hand, rules)[0] < floor
        return hand, gone + cards[at:], wrong

    # ---- dealing a world ------------------------------------------------------------

    def sample(self, seed: int) -> GameState:
        obs = self.obs
        hands, rest = self._deal_hands()
        if obs.hand is not None:
            hands[own_seat(obs)] = obs.hand
        widow: tuple[Card, ...] = tuple(obs.widow)
        # Cards the imagined turns let go come first: they likely lie in the discards.
        buried = tuple(self.dead) + tuple(rest[: self.buried_gap])
        rest = rest[self.buried_gap :]
        shuffle(rest, self.rng)
        if self.widow_gap:
            widow = tuple(rest[: self.widow_gap])
            rest = rest[self.widow_gap :]
        return GameState(
            rules=obs.rules,
            names=obs.names,
            players=self.players,
            hands=tuple(hands),
            round_no=obs.round_no,
            dealer=obs.dealer,
            phase=obs.phase,
            turn=obs.turn,
            stock=tuple(rest),
            discard=buried + tuple(obs.discard_pile),
            discard_owner=obs.discard_owner,
            widow=widow,
            widow_open=bool(obs.widow),
            knocker=obs.knocker,
            turns_taken=obs.turns_taken,
            drawn=obs.drawn,
            taken=obs.taken,
            kitty=obs.kitty,
            pot=obs.pot,
            last_round=None,
            outcome=None,
            deck_source=ImaginedDeck(seed),
        )

    def _fitting(self) -> dict[int, list[tuple[Card, ...]]]:
        """Per other player, the hands the table watch holds likely that fit here."""
        if self.table is None:
            return {}
        pool = set(self.pool)
        counts = self.obs.cards_held
        allowed = {
            seat: pool | set(self.held.get(seat, ())) for seat, _ in self.gaps if counts[seat]
        }
        fitting = self.table.fitting(self.obs, allowed)
        for seat in list(fitting):
            held = set(self.held.get(seat, ()))
            fitting[seat] = [h for h in fitting[seat] if len(h) == counts[seat] and held <= set(h)]
            if not fitting[seat]:
                del fitting[seat]
        return fitting

    def _deal_hands(self) -> tuple[list[tuple[Card, ...]], list[Card]]:
        """The other hands, each grown through its past turns; and the cards left over,
        those the imagined turns let go first."""
        rng = self.rng
        pool = list(self.pool)
        shuffle(pool, rng)
        hands: list[tuple[Card, ...]] = [() for _ in self.obs.cards_held]
        watched = TableWatch.guess(self.watched, rng) if self.watched else {}
        if watched:
            used = set().union(*watched.values())
            pool = [c for c in pool if c not in used]
            for seat, hand in watched.items():
                hands[seat] = hand
        # Other players' dealt cards first, so that every hand gets its share.
        gaps = [(seat, gap) for seat, gap in self.gaps if seat not in watched]
        spare: list[Card] = []
        reserved = sum(gap for _, gap in gaps)
        for seat, gap in gaps:
            turns = len(self.histories[seat])
            # (grown, gone, wrong) of the least inconsistent try; every try beats this.
            best: tuple[tuple[Card, ...], list[Card], float] = ((), [], math.inf)
            for _ in range(TRIES):
                extra = min(2 * turns, max(0, len(pool) - reserved))
                cards = pool[: gap + extra]
                grown, gone, wrong = self._grow(
                    seat, self.held.get(seat, ()) + tuple(cards[:gap]), cards[gap:]
                )
                if wrong < best[2]:
                    best = (grown, gone, wrong)
                if not wrong:
                    break
                shuffle(pool, rng)
            grown, gone, _ = best
            used = set(grown) | set(gone)
            hands[seat] = grown
            spare.extend(gone)
            pool = [c for c in pool if c not in used]
            reserved -= gap
        return hands, spare + pool
