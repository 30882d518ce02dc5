"""The game's page: its rounds with the hands shown at their ends and their shuffle
proofs, how it ended, and its players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from games import engine, proofs
from games.archive.public import FIRST_DEALER_ROUND
from games.models import Deal, Game, GamePlayer
from games.rendering import CardView, cards
from games.wording import describe, round_summary


class ShownHand(NamedTuple):
    name: str
    cards: list[CardView]
    value: str
    lost: bool
    knocked: bool


class RoundRecord(NamedTuple):
    round_no: int
    label: str
    text: str  # what happened, in a line; "" for a round that has not ended
    hands: list[ShownHand]  # as shown at the round's end; none before
    proofs: list[proofs.Proof]
    ended: bool


def rounds(game: Game, events: Sequence[engine.Event], names: Sequence[str]) -> list[RoundRecord]:
    """Every round so far with the hands shown at its end and its shuffle proofs (the
    first dealer's deck as a round of its own, when one was used)."""
    by_round: dict[int, list[proofs.Proof]] = {}
    for proof in proofs.all_proofs(game):
        by_round.setdefault(proof.round_no, []).append(proof)
    ended = {e.data["round_no"]: e.data for e in events if e.kind == "round_ended"}
    started = [e.data["round_no"] for e in events if e.kind == "round_started"]
    found = []
    if FIRST_DEALER_ROUND in by_round:
        found.append(
            RoundRecord(
                0,
                proofs.shown_label(Deal.FIRST_DEALER, FIRST_DEALER_ROUND),
                "",
                [],
                by_round[FIRST_DEALER_ROUND],
                ended=True,
            )
        )
    for round_no in started:
        data = ended.get(round_no)
        found.append(
            RoundRecord(
                round_no,
                proofs.shown_label(Deal.ROUND, round_no),
                round_summary(data, names) if data else "",
                shown_hands(data, names) if data else [],
                by_round.get(round_no, []),
                ended=data is not None,
            )
        )
    return found


def shown_hands(data: dict[str, Any], names: Sequence[str]) -> list[ShownHand]:
    """The hands a round's end showed everyone (a player already out showed none)."""
    return [
        ShownHand(
            names[seat],
            cards(hand),
            engine.format_value(data["values"][seat]),
            bool(data["lives_lost"][seat] or seat in data["eliminated"])
            or data["chips_won"][seat] < 0,
            seat == data["knocker"],
        )
        for seat, hand in enumerate(data["hands"])
        if hand is not None
    ]


def result_text(game: Game, events: Sequence[engine.Event], names: Sequence[str]) -> str:
    """How the game ended, in a sentence; or that it is being played."""
    for event in reversed(events):
        if event.kind in ("game_ended", "game_ended_early"):
            return describe(event, names)
    if game.status == Game.ENDED:
        return describe(engine.Event("game_ended_early", data={"reason": game.end_reason}), names)
    return _("The game is being played.")


def players(game: Game) -> list[GamePlayer]:
    """The players best first once the game is over (by seat while it is played)."""
    return list(GamePlayer.objects.results_of(game))
