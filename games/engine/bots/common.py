"""What the bots share: hand arithmetic, the order of play and how a position is worth
to a player. What a seat remembers of a round is in `memory.py`.

Everything here works on public facts plus one seat's own cards, so a bot that uses it
sees no more than its `Observation`. The knock model (who is likely to be lowest at a
showdown) is in `knocking.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..actions import Action, Discard, Draw
from ..cards import CARD_VALUES, JOKER_INDEX, Card, full_deck, without
from ..hands import HandKey, ValueOptions, hand_key, is_blitz, value_options
from ..observation import Observation
from ..rules import Rules

# ---- hands ------------------------------------------------------------------------


def strength(cards: Sequence[Card], rules: Rules) -> HandKey:
    """How a hand does at a showdown (what the bots compare): `hand_key` with
    `showdown_counts_all_cards` applied, so equal to the plain key when it is off."""
    return hand_key(cards, rules, showdown=True)


# A hand's draw gains (`draw_gains`): per card of the deck, in half points, what drawing
# it adds to the hand; and the mean gain, in points.
_Gains = tuple[tuple[int, ...], float]


def draw_gains(kept: tuple[Card, ...], rules: Rules) -> _Gains:
    """For a hand of three cards or fewer: per card of the deck, in half points, how much
    drawing it (and then discarding the worst card, if there are four) would add to the
    hand's value; and the mean gain in points over the cards not in the hand.

    Memoised: a game asks for the same few hundred hands again and again. (Half points
    are small ints, which Python shares, so a table of 20,000 hands stays small.)
    """
    last, trios, by_sorted = _GAINS_LAST[0]
    if last is not rules:
        options = value_options(rules)
        found_memo = _GAINS.get(options)
        if found_memo is None:
            found_memo = _GAINS[options] = ([None] * 53**3, {})
        trios, by_sorted = found_memo
        _GAINS_LAST[0] = (rules, trios, by_sorted)
    if len(kept) == 3:
        # The usual hand: one read of a flat list indexed by the cards in the order
        # given (as `hands.hand_key` does), without sorting and hashing a tuple.
        a, b, c = kept
        index = (a * 53 + b) * 53 + c
        found = trios[index]
        if found is None:
            found = trios[index] = _sorted_gains(kept, rules, by_sorted)
        return found
    return _sorted_gains(kept, rules, by_sorted)


def trio_gains(rules: Rules) -> list[_Gains | None]:
    """`draw_gains`' memo of three-card hands under `rules`, read inline by the
    rollouts: the gains of (a, b, c) at ``(a * 53 + b) * 53 + c``, or None until
    `draw_gains` has been asked for them."""
    draw_gains((), rules)  # makes `rules`' memo the one last asked about
    return _GAINS_LAST[0][1]


def _sorted_gains(
    kept: tuple[Card, ...], rules: Rules, by_sorted: dict[tuple[Card, ...], _Gains]
) -> _Gains:
    key = tuple(sorted(kept))
    found = by_sorted.get(key)
    if found is None:
        if len(by_sorted) > 100_000:
            by_sorted.clear()
        found = by_sorted[key] = _compute_gains(key, rules)
    return found


# Per set of the options a hand's gains depend on: the gains of three-card hands at
# (a * 53 + b) * 53 + c (None until asked), and of any hand by its cards in sorted order.
_GAINS: dict[ValueOptions, tuple[list[_Gains | None], dict[tuple[Card, ...], _Gains]]] = {}
# The rules last asked about and their memos (a search asks with one rules object), in
# one tuple replaced whole: safe in threads. Until the first call, empty memos that are
# never read (no rules are None).
_GAINS_LAST: list[tuple[Rules | None, list[_Gains | None], dict[tuple[Card, ...], _Gains]]] = [
    (None, [], {})
]


def _compute_gains(kept: tuple[Card, ...], rules: Rules) -> _Gains:
    base = strength(kept, rules)[0]
    plain = (
        rules.three_of_a_kind == "off"
        and not rules.straight_flush
        and not rules.showdown_counts_all_cards
        and JOKER_INDEX not in kept
    )
    by_suit: list[list[int]] = [[], [], [], []]
    for c in kept:
        if c != JOKER_INDEX:
            by_suit[c // 13].append(CARD_VALUES[c])
    # Per suit: its points, and the least of them when it has three cards (or more).
    sums = [sum(values) for values in by_suit]
    lows = [min(values) if len(values) >= 3 else 0 for values in by_suit]
    gains = [0] * 53
    for c in full_deck(rules.jokers):
        if c in kept:
            continue
        if plain and c != JOKER_INDEX:
            # Plain values: the best suit's three highest cards (a suit of at most three
            # cards can always be kept whole by discarding from another suit). With
            # fewer than three of the suit held, all count; with three, the new card
            # replaces the least if it is more (the sum of the three highest of four).
            suit, points = c // 13, CARD_VALUES[c]
            held = len(by_suit[suit])
            if held < 3:
                best = sums[suit] + points
            elif held == 3:
                best = sums[suit] + points - min(points, lows[suit])
            else:
                best = sum(sorted(by_suit[suit] + [points], reverse=True)[:3])
            value = max(base, best)
        else:
            hand = kept + (c,)
            if len(hand) <= 3:
                value = strength(hand, rules)[0]
            else:
                value = max(strength(hand[:i] + hand[i + 1 :], rules)[0] for i in range(4))
        gains[c] = int(round((value - base) * 2))
    return tuple(gains), sum(gains) / 2 / max(1, len(full_deck(rules.jokers)) - len(kept))


def mean_gain(kept: tuple[Card, ...], rules: Rules, pool: Sequence[Card] | None) -> float:
    """The expected gain of one draw from `pool` (None: any card not in the hand)."""
    gains, mean = draw_gains(kept, rules)
    if pool is None:
        return mean
    if not pool:
        return 0.0
    return sum(gains[c] for c in pool) / 2 / len(pool)


def keeps_of(
    legal: Sequence[Action], hand: tuple[Card, ...]
) -> list[tuple[Discard, tuple[Card, ...]]]:
    """Each legal discard with the cards it keeps."""
    return [(a, without(hand, a.cards)) for a in legal if type(a) is Discard]


def best_take(hand: tuple[Card, ...], card: Card, rules: Rules) -> HandKey:
    """The best hand after taking `card` (which then cannot be discarded)."""
    if len(hand) < 3:
        return strength(hand + (card,), rules)
    if len(hand) == 3:  # the usual hand: the loop below, unrolled
        a, b, c = hand
        return max(
            strength((b, c, card), rules),
            strength((a, c, card), rules),
            strength((a, b, card), rules),
        )
    return max(strength(hand[:i] + hand[i + 1 :] + (card,), rules) for i in range(len(hand)))


def best_with(hand: tuple[Card, ...], card: Card, rules: Rules) -> tuple[Card, ...]:
    """The best hand after taking `card`, which cannot go back the same turn."""
    if len(hand) < 3:
        return hand + (card,)
    target = best_take(hand, card, rules)
    for i in range(len(hand)):
        kept = hand[:i] + hand[i + 1 :] + (card,)
        if strength(kept, rules) == target:
            return kept
    return hand


def blitz_take(obs: Observation) -> Action | None:
    """Taking the top discard, when it completes a blitz that is shown at once (no
    knock is worth more than ending the round with every other player losing)."""
    rules = obs.rules
    hand = obs.hand or ()
    if rules.blitz_timing != "immediate" or obs.discard_top is None or len(hand) < 3:
        return None
    take = next((a for a in obs.legal if type(a) is Draw and a.source != "stock"), None)
    if take is None:
        return None
    top = obs.discard_top
    for i in range(len(hand)):
        if is_blitz(hand[:i] + hand[i + 1 :] + (top,), rules):
            return take
    return None


def greedy_turn(
    hand: tuple[Card, ...], top: Card, drawn: Card, rules: Rules, keep: Sequence[Card] = ()
) -> tuple[tuple[Card, ...], list[Card]]:
    """One turn of a plain sensible player, for imagining how others' hands grew: take
    `top` if that adds three points or more, else draw `drawn`; then discard the card
    that leaves the best hand (never one of `keep`). Returns the hand and the two cards
    that ended elsewhere."""
    value = strength(hand, rules)[0]
    taken = top if best_take(hand, top, rules)[0] >= value + 3 else None
    new = top if taken is not None else drawn
    full = hand + (new,)
    best = None
    best_key = None
    for i, c in enumerate(full):
        if c == taken or c in keep:
            continue
        kept = full[:i] + full[i + 1 :]
        key = strength(kept, rules)
        if best_key is None or key > best_key:
            best, best_key = i, key
    if best is None:
        return hand, [top, drawn]
    return full[:best] + full[best + 1 :], [full[best], drawn if taken is not None else top]


def three_aces_bonus(kept: Sequence[Card], rules: Rules) -> float:
    """With `three_aces_wins_game`, two aces (or an ace and the joker) are worth keeping."""
    if not rules.three_aces_wins_game:
        return 0.0
    aces = sum(1 for c in kept if c.rank == 14 or c.is_joker)
    return 3.0 if aces >= 2 else 0.0


# ---- seats and turns ----------------------------------------------------------------


def own_seat(obs: Observation) -> int:
    """The seat a bot plays: a bot is given a player's observation, never a spectator's
    (which has no legal moves, so `Memory.choose` and every bot refuse it first)."""
    seat = obs.viewer
    if seat is None:
        raise ValueError("A bot plays a seat: it was given a spectator's view.")
    return seat


def players_after(order: Sequence[int], me: int) -> list[int]:
    """The other seats of `order` in the order they play after `me`."""
    at = order.index(me)
    return [*order[at + 1 :], *order[:at]]


def turns_done(order: Sequence[int], turns_taken: int) -> dict[int, int]:
    """How many turns each seat has finished this round (play starts at order[0])."""
    n = len(order)
    return {seat: max(0, (turns_taken - pos + n - 1) // n) for pos, seat in enumerate(order)}


class Standing(Protocol):
    """A player's standing as the bots read it: the state's `PlayerState` (an imagined
    world's) or the observation's `SeatView` (the real table's)."""

    @property
    def lives(self) -> int: ...

    @property
    def points(self) -> int: ...

    @property
    def chips(self) -> int: ...

    @property
    def out(self) -> bool: ...


def stages_left(player: Standing, rules: Rules) -> int:
    """Losses a player can still take before being out ("lives" scoring)."""
    if player.out:
        return 0
    return player.lives + (1 if rules.county else 0)


def equity(players: Sequence[Standing], seat: int, rules: Rules) -> float:
    """A rough chance for `seat` to win the game from these standings, in [0, 1]:
    the square of what it has (stages left, closeness to the target, chips) over the sum
    of everyone's. Squares make a loss cost more the fewer one has left."""
    weights = []
    for p in players:
        if p.out:
            weights.append(0.0)
        elif rules.scoring == "lives":
            weights.append(float(stages_left(p, rules) ** 2))
        elif rules.scoring == "points":
            weights.append(1.0 / max(1, rules.target_points - p.points) ** 2)
        else:
            weights.append(float(p.chips * p.chips))
    total = sum(weights)
    return weights[seat] / total if total else 0.0


def is_blitz_take(hand: tuple[Card, ...], top: Card, rules: Rules) -> bool:
    """Whether taking `top` into `hand` (of three) makes a blitz that is shown at once."""
    if rules.blitz_timing != "immediate" or len(hand) < 3:
        return False
    return any(is_blitz(hand[:i] + hand[i + 1 :] + (top,), rules) for i in range(len(hand)))
