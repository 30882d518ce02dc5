"""Who plays after whom: the one place turn order is decided (the deal, the next
player's turn, a bot's reading of the table and the page's round summary use it)."""

from __future__ import annotations

from collections.abc import Sequence

from .state import GameState, StateView


def play_order(dealer: int, out: Sequence[bool]) -> list[int]:
    """Seats still in the game (`out[s]` false) in the order they play, from the
    dealer's left (clockwise)."""
    count = len(out)
    return [s for s in ((dealer + step) % count for step in range(1, count + 1)) if not out[s]]


def deal_order(state: GameState) -> list[int]:
    """`state`'s players still in the game, starting at the dealer's left."""
    return play_order(state.dealer, [p.out for p in state.players])


def next_seat(state: StateView, seat: int) -> int:
    """The next player to the left (clockwise) who is still in the game."""
    players = state.players
    count = len(players)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if not players[candidate].out:
            return candidate
    raise AssertionError("no player is left in the game")
