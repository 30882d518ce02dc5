"""A game state as JSON-ready data and back, for the stored snapshot
(docs/persistence.md#the-snapshot).

Cards are stored as codes (``AS``); the deck source is not stored: the caller attaches
one when it loads the state. `state_from_dict(state_to_dict(s)) == s` for every state.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS, Card
from .randomness import DeckSource
from .rules import Rules
from .state import GameState, LevelProposal, Outcome, PlayerState, RoundResult

_BY_CODE = {c.code: c for c in CARDS}


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [c.code for c in cards]


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(_BY_CODE[code] for code in codes)


def _card_or_none(code: str | None) -> Card | None:
    return None if code is None else _BY_CODE[code]


def state_to_dict(state: GameState) -> dict[str, Any]:
    last = state.last_round
    return {
        "rules": state.rules.to_dict(),
        "names": list(state.names),
        "players": [list(p) for p in state.players],
        "hands": [_codes(h) for h in state.hands],
        "round_no": state.round_no,
        "dealer": state.dealer,
        "phase": state.phase,
        "turn": state.turn,
        "stock": _codes(state.stock),
        "discard": _codes(state.discard),
        "discard_owner": state.discard_owner,
        "buried_owners": list(state.buried_owners),
        "widow": _codes(state.widow),
        "widow_open": state.widow_open,
        "knocker": state.knocker,
        "turns_taken": state.turns_taken,
        "drawn": state.drawn.code if state.drawn is not None else None,
        "taken": state.taken.code if state.taken is not None else None,
        "kitty": state.kitty,
        "pot": state.pot,
        "last_round": None
        if last is None
        else {
            **last._asdict(),
            "hands": [None if h is None else _codes(h) for h in last.hands],
        },
        "outcome": None if state.outcome is None else state.outcome._asdict(),
        "proposal": None
        if state.proposal is None
        else {
            "proposer": state.proposal.proposer,
            "names": list(state.proposal.names),
            "agreed": list(state.proposal.agreed),
        },
        "last_deal": state.last_deal,
    }


def state_from_dict(data: dict[str, Any], deck_source: DeckSource | None = None) -> GameState:
    last = data["last_round"]
    outcome = data["outcome"]
    return GameState(
        rules=Rules.from_dict(data["rules"]),
        names=tuple(data["names"]),
        players=tuple(PlayerState(*p) for p in data["players"]),
        hands=tuple(_cards(h) for h in data["hands"]),
        round_no=data["round_no"],
        dealer=data["dealer"],
        phase=data["phase"],
        turn=data["turn"],
        stock=_cards(data["stock"]),
        discard=_cards(data["discard"]),
        discard_owner=data["discard_owner"],
        buried_owners=tuple(data.get("buried_owners", ())),
        widow=_cards(data["widow"]),
        widow_open=data["widow_open"],
        knocker=data["knocker"],
        turns_taken=data["turns_taken"],
        drawn=_card_or_none(data["drawn"]),
        taken=_card_or_none(data["taken"]),
        kitty=data["kitty"],
        pot=data["pot"],
        last_round=None if last is None else _round_result(last),
        outcome=None
        if outcome is None
        else Outcome(tuple(outcome["winners"]), outcome["reason"], tuple(outcome["shares"])),
        deck_source=deck_source,
        proposal=_proposal(data.get("proposal")),
        last_deal=data.get("last_deal"),
    )


def _proposal(data: dict[str, Any] | None) -> LevelProposal | None:
    if data is None:
        return None
    return LevelProposal(data["proposer"], tuple(data["names"]), tuple(data["agreed"]))


def _round_result(data: dict[str, Any]) -> RoundResult:
    fields = dict(data)
    fields["hands"] = tuple(None if h is None else _cards(h) for h in data["hands"])
    for name in ("blitzers", "values", "lives_lost", "points_won", "chips_won", "eliminated"):
        fields[name] = tuple(data[name])
    return RoundResult(**fields)
