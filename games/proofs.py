"""The shuffle proofs a viewer may see: commitments, and decks once revealed (issue 20).

Built from the `Deal` rows as of a snapshot's seq (a deal revealed by a later move is
still hidden here), and the only way a deck or salt reaches a template: a proof holds
them only once revealed, so a template cannot show them early by mistake. The table's
game area shows the round in play and the round before; the proof page every deck.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games import engine
from games.models import Deal, Game, GameEvent


class Proof(NamedTuple):
    label: str  # "Round 2", "Round 2, reshuffle 1", "First dealer": in the reader's language
    purpose: str
    round_no: int
    commitment: str
    committed_seq: int
    used_seq: int | None  # as of the snapshot
    revealed: bool
    salt: str | None  # None until revealed
    deck: str | None  # None until revealed
    stock: str | None  # a reshuffle's new stock, once revealed
    name: str = ""  # the label in English, as a transcript's headers name the deck (`label`)
    within: str = ""  # the label as a sentence says it: "round 2" ("Runde 2" in German)

    @property
    def check(self) -> str:
        """The command that recomputes the commitment."""
        return f"printf '%s' '{self.salt}:{self.deck}' | sha256sum" if self.revealed else ""


def label(purpose: str, round_no: int, number: int = 0) -> str:
    """A deck's name in a transcript's headers, the same in every language (`games.archive`
    reads an imported transcript's decks back by it)."""
    if purpose == Deal.FIRST_DEALER:
        return "First dealer"
    if purpose == Deal.RESHUFFLE:
        return f"Round {round_no}, reshuffle {number}"
    return f"Round {round_no}"


def shown_label(purpose: str, round_no: int, number: int = 0) -> str:
    """A deck's name on a page, in the reader's language."""
    if purpose == Deal.FIRST_DEALER:
        return _("First dealer")
    if purpose == Deal.RESHUFFLE:
        return _("Round %(round)s, reshuffle %(number)s") % {"round": round_no, "number": number}
    return _("Round %(round)s") % {"round": round_no}


def label_within(purpose: str, round_no: int, number: int = 0) -> str:
    """`shown_label` within a sentence ("Fair shuffle: round 2"): each language's own
    case, never the label lower-cased (a German noun keeps its capital)."""
    if purpose == Deal.FIRST_DEALER:
        return pgettext("within a sentence", "first dealer")
    if purpose == Deal.RESHUFFLE:
        return pgettext("within a sentence", "round %(round)s, reshuffle %(number)s") % {
            "round": round_no,
            "number": number,
        }
    return pgettext("within a sentence", "round %(round)s") % {"round": round_no}


_NAMED = re.compile(r"Round ([0-9]{1,9})(?:, reshuffle ([0-9]{1,9}))?")


def shown_name(name: str) -> str:
    """A deck's name as a transcript's headers give it (`label`), in the reader's
    language; a name no transcript of this site writes is shown as it is."""
    if name == "First dealer":
        return shown_label(Deal.FIRST_DEALER, 0)
    found = _NAMED.fullmatch(name)
    if found is None:
        return name
    round_no, number = found.groups()
    if number is None:
        return shown_label(Deal.ROUND, int(round_no))
    return shown_label(Deal.RESHUFFLE, int(round_no), int(number))


def proof(
    deal: Deal, seq: int, stocks: dict[int, str] | None = None, *, sealed: bool = False
) -> Proof:
    """What a snapshot at `seq` shows of `deal`. `stocks` maps a reshuffle's seq to the
    stock it made, for the reshuffle decks used at those seqs. A `sealed` game's decks
    stay hidden (`Game.sealed`: the same deck is still being played elsewhere)."""
    revealed = deal.revealed_at(seq) and not sealed
    used = deal.used_seq if deal.used_seq is not None and deal.used_seq <= seq else None
    return Proof(
        label=shown_label(deal.purpose, deal.round_no, deal.number),
        purpose=deal.purpose,
        round_no=deal.round_no,
        commitment=deal.commitment,
        committed_seq=deal.committed_seq,
        used_seq=used,
        revealed=revealed,
        salt=deal.salt if revealed else None,
        deck=deal.deck if revealed else None,
        stock=(stocks or {}).get(used) if revealed and used is not None else None,
        name=label(deal.purpose, deal.round_no, deal.number),
        within=label_within(deal.purpose, deal.round_no, deal.number),
    )


def recent(game: Game) -> Any:
    """The deals the game area may show: the round in play's and the round before's
    (a bounded read however long the game), as of the snapshot's seq."""
    round_no = game.state.get("round_no", 0)
    return game.deals.filter(committed_seq__lte=game.seq, round_no__gte=round_no - 1)


def area_summary(deals: Iterable[Deal], seq: int, *, sealed: bool = False) -> dict[str, Any]:
    """For the game area: the commitments still hidden, and the decks revealed last."""
    proofs = [proof(deal, seq, sealed=sealed) for deal in deals]
    hidden = [p for p in proofs if not p.revealed]
    shown = [p for p in proofs if p.revealed]
    last = max((p.round_no for p in shown), default=None)
    return {
        "hidden": hidden,
        "revealed": [p for p in shown if p.round_no == last],
    }


def all_proofs(game: Game) -> list[Proof]:
    """Every deck of `game` as of its snapshot, in the order they were committed."""
    seq = game.seq
    deals = game.deals.filter(committed_seq__lte=seq).order_by("committed_seq", "id")
    reshuffles = GameEvent.objects.filter(game=game, kind="reshuffled", seq__lte=seq)
    stocks = {row.seq: engine.format_cards(row.to_engine().secret["stock"]) for row in reshuffles}
    return [proof(deal, seq, stocks, sealed=game.sealed) for deal in deals]
