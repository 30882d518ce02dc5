"""What a table says of each event, in the active language (docs/i18n.md).

The engine's events are data (`games.engine.events`); here they become one line a
person reads, from a viewer's side: "You draw 7♥ from the stock." to the player who
drew, "Ann draws from the stock." to everyone else. Every line is a whole sentence of
the catalogue: one for "you", one for someone else by name, a plural form for a count.
In English these are exactly the lines the engine said before it stopped saying
anything (tests/engine/test_golden_transcripts.py holds whole games of them).

The moves and the deal are worded here; a bot playing for someone in `away`, the
game's end in `game_end`, levels added by agreement in `levels` and a round's end in
`round_summary`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.events import Event, view
from games.wording.away import player_away, player_back, turn_timed_out
from games.wording.cards import card_text, cards_text
from games.wording.game_end import game_ended, game_ended_early
from games.wording.levels import (
    levels_added,
    levels_agreed,
    levels_declined,
    levels_lapsed,
    levels_proposed,
)
from games.wording.lists import and_list
from games.wording.round_summary import round_summary
from games.wording.told import Told, listed, player_name

__all__ = ["describe", "listed", "player_name", "round_summary"]


def describe(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """One line a table would say, from `viewer`'s side (their secrets only)."""
    told = Told(view(event, viewer), names, viewer)
    text = _DESCRIBERS.get(event.kind)
    if text is not None:
        return text(told)
    who = _("You") if told.you else told.name
    return _("%(name)s: %(kind)s.") % {"name": who, "kind": event.kind}


def _game_started(t: Told) -> str:
    players = and_list(list(t.names))
    # A tournament's knockout deal or duplicate board is a game of one deal (`deals`):
    # "a new game" would promise rounds to the last player that it does not play.
    deals = t.data.get("deals")
    if deals == 1:
        return _("A deal of 31 for %(players)s.") % {"players": players}
    if deals:
        return ngettext(
            "A game of %(deals)s deal of 31 for %(players)s.",
            "A game of %(deals)s deals of 31 for %(players)s.",
            deals,
        ) % {"deals": deals, "players": players}
    return _("A new game of 31 for %(players)s.") % {"players": players}


def _dealer_chosen(t: Told) -> str:
    d = t.data
    you = d["dealer"] == t.viewer
    values: dict[str, Any] = {"name": t.names[d["dealer"]]}
    if d["method"] == "random":
        if you:
            return _("You deal first (chosen at random).")
        return _("%(name)s deals first (chosen at random).") % values
    if d["method"] == "chosen":
        return _("You deal first.") if you else _("%(name)s deals first.") % values
    values["draws"] = ", ".join(f"{t.names[seat]} {card_text(c)}" for seat, c in d["draws"])
    if d["method"] == "high_card":
        if you:
            return _("You deal first (high card: %(draws)s).") % values
        return _("%(name)s deals first (high card: %(draws)s).") % values
    if you:
        return _("You deal first (cut: %(draws)s).") % values
    return _("%(name)s deals first (cut: %(draws)s).") % values


def _round_started(t: Told) -> str:
    d = t.data
    values = {
        "round": d["round_no"],
        "name": t.names[d["dealer"]],
        "card": card_text(d["up_card"]),
    }
    if d["dealer"] == t.viewer:
        text = _("Round %(round)s: You deal. The up-card is %(card)s.") % values
    else:
        text = _("Round %(round)s: %(name)s deals. The up-card is %(card)s.") % values
    if d.get("pot"):
        text += " " + _("Everyone antes a chip: the pot holds %(pot)s.") % {"pot": d["pot"]}
    return text


def _drew(t: Told) -> str:
    d, secret = t.data, t.event.secret
    if d["source"] == "discard":
        values = {"name": t.name, "card": card_text(d["card"])}
        if t.you:
            return _("You take %(card)s from the discard pile.") % values
        return _("%(name)s takes %(card)s from the discard pile.") % values
    if "card" in secret:
        values = {"name": t.name, "card": card_text(secret["card"])}
        if t.you:
            return _("You draw %(card)s from the stock.") % values
        return _("%(name)s draws %(card)s from the stock.") % values
    if t.you:
        return _("You draw from the stock.")
    return _("%(name)s draws from the stock.") % {"name": t.name}


def _discarded(t: Told) -> str:
    d = t.data
    cards = d["cards"]
    knock = bool(d.get("knock"))
    you = t.you
    if not cards:
        if knock:
            return (
                _("You keep your cards and knock.")
                if you
                else _("%(name)s keeps their cards and knocks.") % {"name": t.name}
            )
        return (
            _("You keep your cards.")
            if you
            else _("%(name)s keeps their cards.") % {"name": t.name}
        )
    if len(cards) == 1:
        values = {"name": t.name, "card": card_text(cards[0])}
        if knock:
            if you:
                return _("You discard %(card)s and knock.") % values
            return _("%(name)s discards %(card)s and knocks.") % values
        if you:
            return _("You discard %(card)s.") % values
        return _("%(name)s discards %(card)s.") % values
    values = {"name": t.name, "cards": cards_text(cards), "top": card_text(cards[-1])}
    if knock:
        if you:
            return _("You discard %(cards)s with %(top)s on top and knock.") % values
        return _("%(name)s discards %(cards)s with %(top)s on top and knocks.") % values
    if you:
        return _("You discard %(cards)s with %(top)s on top.") % values
    return _("%(name)s discards %(cards)s with %(top)s on top.") % values


def _looked(t: Told) -> str:
    return _("You look.") if t.you else _("%(name)s looks.") % {"name": t.name}


def _knocked(t: Told) -> str:
    return _("You knock.") if t.you else _("%(name)s knocks.") % {"name": t.name}


def _stood(t: Told) -> str:
    return _("You stand.") if t.you else _("%(name)s stands.") % {"name": t.name}


def _reshuffled(t: Told) -> str:
    return _("The stock ran out: the discards are shuffled into a new stock of %(count)s.") % {
        "count": t.data["count"]
    }


def _widow_opened(t: Told) -> str:
    values = {"name": t.name, "cards": cards_text(t.data["widow"])}
    if t.you:
        return _("You turn the widow face up: %(cards)s.") % values
    return _("%(name)s turns the widow face up: %(cards)s.") % values


def _exchanged(t: Told) -> str:
    values = {
        "name": t.name,
        "gave": cards_text(t.data["gave"]),
        "took": cards_text(t.data["took"]),
    }
    if t.you:
        return _("You exchange %(gave)s for %(took)s from the widow.") % values
    return _("%(name)s exchanges %(gave)s for %(took)s from the widow.") % values


def _thrown_down(t: Told) -> str:
    if t.you:
        return _("You throw down! Every hand is shown.")
    return _("%(name)s throws down! Every hand is shown.") % {"name": t.name}


def _passed(t: Told) -> str:
    if t.you:
        return _("You can draw nothing and pass.")
    return _("%(name)s can draw nothing and passes.") % {"name": t.name}


def _round_ended(t: Told) -> str:
    return round_summary(t.data, t.names, t.viewer)


def _player_out(t: Told) -> str:
    if t.you:
        return _("You are out of the game.")
    return _("%(name)s is out of the game.") % {"name": t.name}


_DESCRIBERS: dict[str, Callable[[Told], str]] = {
    "game_started": _game_started,
    "dealer_chosen": _dealer_chosen,
    "round_started": _round_started,
    "looked": _looked,
    "thrown_down": _thrown_down,
    "drew": _drew,
    "discarded": _discarded,
    "knocked": _knocked,
    "stood": _stood,
    "passed": _passed,
    "reshuffled": _reshuffled,
    "widow_opened": _widow_opened,
    "exchanged": _exchanged,
    "round_ended": _round_ended,
    "player_out": _player_out,
    "game_ended": game_ended,
    "turn_timed_out": turn_timed_out,
    "player_away": player_away,
    "player_back": player_back,
    "game_ended_early": game_ended_early,
    "levels_proposed": levels_proposed,
    "levels_agreed": levels_agreed,
    "levels_declined": levels_declined,
    "levels_added": levels_added,
    "levels_lapsed": levels_lapsed,
}
