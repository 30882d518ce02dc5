"""The transcript: a game as signed text (`transcript`), and the checks of a transcript
imported to be replayed (`deck_checks`: is each deck it reveals the one committed to,
and the one its events were dealt from?)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import engine, proofs, signatures
from games.archive.page import players, result_text
from games.archive.public import FIRST_DEALER_ROUND, log, public_lines
from games.engine.transcript import Line, write
from games.models import Deal, Game
from games.shuffles import deck_commitment, in_order_of
from games.wording import describe
from games.wording.names import shown_name


def transcript(game: Game) -> str:
    """The game as text (`engine.transcript`): headers with the rules, the players, how
    it ended and every deck's commitment (and salt and deck once revealed), then every
    event a spectator may know now; signed by the site (`games.signatures`). In English
    whoever asks: a file of record, the same for everyone, like a chess PGN."""
    rows = log(game)
    with translation.override("en"):
        lines = _names_shown(public_lines(rows))
        return signatures.sign(write(_headers(game, lines), lines, describe))


def _names_shown(lines: list[Line]) -> list[Line]:
    """The first event's names as the transcript shows them: a deleted member's token as
    "Deleted player 7" (games.wording.names), the same in its headers, events and lines."""
    if not lines or "names" not in lines[0].event.data:
        return lines
    first = lines[0]
    data = {**first.event.data, "names": [shown_name(n) for n in first.event.data["names"]]}
    return [first._replace(event=first.event._replace(data=data)), *lines[1:]]


def _headers(game: Game, lines: Sequence[Line]) -> list[tuple[str, str]]:
    table = game.table
    start = lines[0].event.data if lines else {}
    names = start.get("names", ())
    headers = [
        ("Event", "Thirty-One"),
        ("Game", str(game.pk)),
        ("Table", table.title),
        ("Date", timezone.localtime(game.started_at).strftime("%Y.%m.%d %H:%M %Z")),
        ("Rules", table.rules_name),
        ("Preset", table.rules_preset),
        ("Status", game.get_status_display()),
        ("Result", result_text(game, [line.event for line in lines], names)),
    ]
    for player in players(game):
        who = player.name + (f" ({player.bot_level} bot)" if player.is_bot else "")
        place = f", place {player.place}" if player.place else ""
        headers.append((f"Seat{player.position + 1}", who + place))
    headers.append(
        (
            "Shuffles",
            "Every deck is committed before it is dealt: the commitment is the SHA-256 of "
            "salt:deck; check one with printf '%s' 'salt:deck' | sha256sum",
        )
    )
    for proof in proofs.all_proofs(game):
        headers.append(("Commitment", f"{proof.name} = {proof.commitment}"))
        if proof.revealed:
            headers.append(("Revealed", f"{proof.name} = {proof.salt}:{proof.deck}"))
    return headers


class DeckCheck(NamedTuple):
    """An imported transcript's deck: its label (in the reader's language), and why it is
    forged ("" if it is not)."""

    label: str
    forged: str


def deck_checks(
    headers: Sequence[tuple[str, str]], events: Sequence[engine.Event]
) -> list[DeckCheck]:
    """For an imported transcript: each deck its headers reveal, forged if its salt and
    deck do not hash to the commitment stated for it (the check the shuffles page
    explains) or if it is not the deck the events were dealt from; then each deck the
    events were dealt from that no header reveals. Of a transcript this site did not
    sign, a deck that passes proves nothing (whoever wrote it chose the deck and the
    commitment together); one that fails is forged all the same."""
    committed = dict(_pairs(headers, "Commitment"))
    with translation.override("en"):  # a transcript names its decks in English
        dealt = _dealt(events)
    found = []
    for label, shown in _pairs(headers, "Revealed"):
        salt, colon, deck = shown.partition(":")
        if not colon:
            forged = _("the revealed deck is not salt:deck")
        elif deck_commitment(salt, deck) != committed.get(label):
            forged = _("the deck does not match its commitment")
        elif label in dealt and not dealt[label](deck):
            forged = _("the deck is not the one the game was dealt from")
        else:
            forged = ""
        found.append(DeckCheck(label, forged))
    revealed = {check.label for check in found}
    found += [
        DeckCheck(label, _("the game was dealt from it, but no header reveals it"))
        for label in dealt
        if label not in revealed
    ]
    return [DeckCheck(proofs.shown_name(check.label), check.forged) for check in found]


def _dealt(events: Sequence[engine.Event]) -> dict[str, Callable[[str], bool]]:
    """The decks the events were dealt from, by label, each with a test of whether a
    revealed deck (card codes) is that deck: the first dealer's and each round's are
    the deck itself; a reshuffle's new stock is the discards in its deck's order."""
    found: dict[str, Callable[[str], bool]] = {}
    round_no, reshuffles = FIRST_DEALER_ROUND, 0

    def same(cards: tuple[engine.Card, ...]) -> Callable[[str], bool]:
        return lambda deck: deck == engine.format_cards(cards)

    def orders(stock: tuple[engine.Card, ...]) -> Callable[[str], bool]:
        def check(deck: str) -> bool:
            try:
                return in_order_of(engine.parse_cards(deck), stock) == tuple(stock)
            except engine.EngineError:
                return False

        return check

    for event in events:
        if event.kind == "dealer_chosen" and "deck" in event.secret:
            found[proofs.label(Deal.FIRST_DEALER, FIRST_DEALER_ROUND)] = same(event.secret["deck"])
        elif event.kind == "round_started" and "deck" in event.secret:
            round_no, reshuffles = event.data["round_no"], 0
            found[proofs.label(Deal.ROUND, round_no)] = same(event.secret["deck"])
        elif event.kind == "reshuffled" and "stock" in event.secret:
            reshuffles += 1
            label = proofs.label(Deal.RESHUFFLE, round_no, reshuffles)
            found[label] = orders(event.secret["stock"])
    return found


def _pairs(headers: Sequence[tuple[str, str]], key: str) -> list[tuple[str, str]]:
    return [
        tuple(value.split(" = ", 1))  # type: ignore[misc]
        for name, value in headers
        if name == key and " = " in value
    ]
