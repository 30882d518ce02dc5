"""No observation shows a card its viewer may not see (docs/rules.md §10).

For every viewer (each seat, and the spectator) after every move of random games:

- every card anywhere in `observation(state, viewer)` -- the hand, the discards, the
  widow, the legal moves, everything but `last_round` (the previous round's hands,
  shown to all) -- is one the viewer may see: their own hand, the visible discards
  (the top one, or all with hidden_discards), the widow once face up, the card they
  drew, and the card just taken from the discard pile (everyone saw it taken);
- the observation does not depend on hidden cards: swapping a card of another hand
  (or of a face-down widow, or under the top discard) with a stock card, or shuffling
  the stock, leaves it exactly equal. That covers what holds no card but could give
  one away: `hand_value`, `legal`, counts.
"""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given

from games.engine import GameState, observation, spectator_view
from games.engine.state import THROW_DOWN

from .strategies import (
    GameSpec,
    cards_in,
    game_settings,
    game_specs,
    play_all,
    start,
    visible_cards,
)

SKIP = frozenset({"last_round"})


def viewers(state: GameState) -> list[int | None]:
    return [None, *range(len(state.players))]


def check_no_hidden_card(
    spec: GameSpec, state: GameState, viewer: int | None, obs: object, where: str
) -> None:
    shown = set(cards_in(obs, SKIP))
    hidden = shown - visible_cards(state, viewer)
    assert not hidden, (
        f"{spec} {where}: viewer {viewer} is shown {sorted(hidden)}, which they may not see "
        f"(phase {state.phase!r}, turn seat {state.turn})"
    )


def _with_hand(state: GameState, seat: int, hand: tuple) -> GameState:
    return state._replace(hands=state.hands[:seat] + (hand,) + state.hands[seat + 1 :])


def hidden_variants(
    state: GameState, viewer: int | None, rng: random.Random
) -> list[tuple[str, GameState]]:
    """States that differ from `state` only in cards `viewer` cannot see."""
    variants: list[tuple[str, GameState]] = []
    stock = state.stock
    if len(stock) > 1:
        shuffled = list(stock)
        while shuffled == list(stock):
            rng.shuffle(shuffled)
        variants.append(("the stock shuffled", state._replace(stock=tuple(shuffled))))
    if not stock:
        return variants
    public = {state.drawn, state.taken}
    for seat, hand in enumerate(state.hands):
        # Another player's hand; the viewer's own only while it is still face down
        # (before they choose to look, with a throw-down).
        own_unseen = state.phase == THROW_DOWN and state.turn == seat
        if (seat == viewer and not own_unseen) or not hand:
            continue
        index = rng.randrange(len(hand))
        if hand[index] in public:
            continue
        position = rng.randrange(len(stock))
        new_hand = hand[:index] + (stock[position],) + hand[index + 1 :]
        new_stock = stock[:position] + (hand[index],) + stock[position + 1 :]
        variants.append(
            (
                f"seat {seat}'s {hand[index]!r} swapped with the stock's {stock[position]!r}",
                _with_hand(state, seat, new_hand)._replace(stock=new_stock),
            )
        )
    if state.widow and not state.widow_open:
        index = rng.randrange(len(state.widow))
        position = rng.randrange(len(stock))
        widow = state.widow[:index] + (stock[position],) + state.widow[index + 1 :]
        new_stock = stock[:position] + (state.widow[index],) + stock[position + 1 :]
        variants.append(
            (
                "a face-down widow card swapped with the stock",
                state._replace(widow=widow, stock=new_stock),
            )
        )
    if len(state.discard) > 1 and not state.rules.hidden_discards:
        index = rng.randrange(len(state.discard) - 1)
        position = rng.randrange(len(stock))
        discard = state.discard[:index] + (stock[position],) + state.discard[index + 1 :]
        new_stock = stock[:position] + (state.discard[index],) + stock[position + 1 :]
        variants.append(
            (
                "a buried discard swapped with the stock",
                state._replace(discard=discard, stock=new_stock),
            )
        )
    return variants


def check_indistinguishable(
    spec: GameSpec,
    state: GameState,
    viewer: int | None,
    obs: object,
    rng: random.Random,
    where: str,
) -> None:
    for change, variant in hidden_variants(state, viewer, rng):
        other = observation(variant, viewer)
        if other != obs:
            fields = [name for name, a, b in zip(obs._fields, obs, other, strict=True) if a != b]
            raise AssertionError(
                f"{spec} {where}: viewer {viewer}'s observation changes in {fields} "
                f"when {change}, a change they cannot see"
            )


def all_states(spec: GameSpec) -> list[tuple[str, GameState]]:
    first, _ = start(spec)
    _, _, steps = play_all(spec, partial=True)
    return [("after the deal", first)] + [
        (f"after move {step.index} ({step.action})", step.after) for step in steps
    ]


# ---- the tests --------------------------------------------------------------------


@game_settings(max_examples=60)
@given(spec=game_specs())
def test_no_observation_shows_a_card_its_viewer_may_not_see(spec: GameSpec) -> None:
    for where, state in all_states(spec):
        for viewer in viewers(state):
            obs = observation(state, viewer)
            check_no_hidden_card(spec, state, viewer, obs, where)
        assert spectator_view(state) == observation(state, None), f"{spec} {where}"


@game_settings(max_examples=40)
@given(spec=game_specs())
def test_observations_do_not_depend_on_hidden_cards(spec: GameSpec) -> None:
    rng = random.Random(spec.seed)
    for where, state in all_states(spec):
        for viewer in viewers(state):
            check_indistinguishable(spec, state, viewer, observation(state, viewer), rng, where)


# ---- the checks can fail ------------------------------------------------------------


def _a_state() -> tuple[GameSpec, GameState]:
    spec = GameSpec("scat", {}, 3, 11)
    return spec, start(spec)[0]


def test_the_card_check_catches_another_players_card() -> None:
    spec, state = _a_state()
    obs = observation(state, 0)
    check_no_hidden_card(spec, state, 0, obs, "test")
    leaky = obs._replace(discard_pile=obs.discard_pile + (state.hands[1][0],))
    with pytest.raises(AssertionError, match="may not see"):
        check_no_hidden_card(spec, state, 0, leaky, "test")
    with pytest.raises(AssertionError, match="may not see"):
        check_no_hidden_card(spec, state, 0, obs._replace(hand=state.stock[:3]), "test")
    # Hidden deep inside a legal move, too.
    deep = obs._replace(legal=((0, ((state.stock[-1],),)),))
    with pytest.raises(AssertionError, match="may not see"):
        check_no_hidden_card(spec, state, 0, deep, "test")


def test_the_card_check_ignores_the_last_round_only() -> None:
    spec, state = _a_state()
    obs = observation(state, None)
    check_no_hidden_card(spec, state, None, obs._replace(last_round=state.hands), "test")
    with pytest.raises(AssertionError, match="may not see"):
        check_no_hidden_card(spec, state, None, obs._replace(cards_held=state.hands), "test")


def test_the_indistinguishability_check_catches_a_value_that_gives_cards_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec, state = _a_state()
    check_indistinguishable(spec, state, 0, observation(state, 0), random.Random(1), "test")

    # A number that depends on the other hands gives them away, though it is no card.
    real = observation

    def leaky(state: GameState, viewer: int | None):
        total = sum(int(c) for seat, h in enumerate(state.hands) if seat != viewer for c in h)
        return real(state, viewer)._replace(kitty=total)

    monkeypatch.setattr(sys.modules[__name__], "observation", leaky)
    with pytest.raises(AssertionError, match="swapped with the stock"):
        check_indistinguishable(spec, state, 0, leaky(state, 0), random.Random(1), "test")
