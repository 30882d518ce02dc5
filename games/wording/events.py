"""What a table says of each event, in the active language (docs/i18n.md).

The engine's events are data (`games.engine.events`); here they become one line a
person reads, from a viewer's side: "You draw 7♥ from the stock." to the player who
drew, "Ann draws from the stock." to everyone else. Every line is a whole sentence of
the catalogue: one for "you", one for someone else by name, a plural form for a count.
In English these are exactly the lines the engine said before it stopped saying
anything (tests/engine/test_golden_transcripts.py holds whole games of them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.engine.events import Event, EventData, view
from games.engine.hands import format_value
from games.wording.cards import card_text, cards_text
from games.wording.lists import and_list, quoted


class Told(NamedTuple):
    """One event as its viewer may see it, and who is who."""

    event: Event
    names: Sequence[str]
    viewer: int | None

    @property
    def data(self) -> EventData:
        return self.event.data

    @property
    def you(self) -> bool:
        """Whether the viewer made the event."""
        return self.event.seat is not None and self.event.seat == self.viewer

    @property
    def name(self) -> str:
        """The name of whoever made the event (the dealer for the table's own)."""
        return player_name(self.names, self.event.seat)


def player_name(names: Sequence[str], seat: int | None) -> str:
    return _("The dealer") if seat is None else names[seat]


def listed(names: Sequence[str], seat: int, viewer: int | None) -> str:
    """A player as one of a list that is a sentence's subject ("You and Ann kept the
    most")."""
    if seat == viewer:
        return pgettext("the reader, in a list of players that does something", "You")
    return names[seat]


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


def _turn_timed_out(t: Told) -> str:
    if t.you:
        return _("Your time ran out: a bot plays this turn for you.")
    return _("%(name)s's time ran out: a bot plays this turn for them.") % {"name": t.name}


def _player_away(t: Told) -> str:
    d = t.data
    values: dict[str, Any] = {"name": t.name}
    you = t.you
    match d.get("reason"):
        case "timer":
            if you:
                return _(
                    "You ran out of time on two turns in a row, so a bot plays for you until "
                    "you are back."
                )
            return (
                _(
                    "%(name)s ran out of time on two turns in a row, so a bot plays for them "
                    "until they are back."
                )
                % values
            )
        case "absent":
            seconds = d.get("seconds", 60)
            values["seconds"] = seconds
            if you:
                return (
                    ngettext(
                        "You left the table on your turn (nothing heard from you for "
                        "%(seconds)s second), so a bot plays for you until you are back.",
                        "You left the table on your turn (nothing heard from you for "
                        "%(seconds)s seconds), so a bot plays for you until you are back.",
                        seconds,
                    )
                    % values
                )
            return (
                ngettext(
                    "%(name)s left the table on their turn (nothing heard from them for "
                    "%(seconds)s second), so a bot plays for them until they are back.",
                    "%(name)s left the table on their turn (nothing heard from them for "
                    "%(seconds)s seconds), so a bot plays for them until they are back.",
                    seconds,
                )
                % values
            )
        case "host":
            if you:
                return _("The host let a bot play for you until you are back.")
            return _("The host let a bot play for %(name)s until they are back.") % values
        case "staff":
            if you:
                return _("Staff let a bot play for you until you are back.")
            return _("Staff let a bot play for %(name)s until they are back.") % values
        case "withdrawn":
            if you:
                return _("You withdrew from the event, so a bot plays for you to the end.")
            return (
                _("%(name)s withdrew from the event, so a bot plays for them to the end.") % values
            )
        case "event":
            if you:
                return _(
                    "The event's organizer let a bot play for you this round until you are back."
                )
            return (
                _(
                    "The event's organizer let a bot play for %(name)s this round until they "
                    "are back."
                )
                % values
            )
        case "deadline":
            if you:
                return _("The deadline for this game passed, so a bot plays for you to the end.")
            return (
                _("The deadline for this game passed, so a bot plays for %(name)s to the end.")
                % values
            )
    if you:
        return _("You are away: a bot plays for you until you are back.")
    return _("%(name)s is away: a bot plays for them until they are back.") % values


def _player_back(t: Told) -> str:
    if t.you:
        return _("You are back and play your own turns again.")
    return _("%(name)s is back and plays their own turns again.") % {"name": t.name}


def _game_ended_early(t: Told) -> str:
    match t.data.get("reason"):
        case "host":
            return _("The host ended the game: no one wins, and the standings stay as they were.")
        case "staff":
            return _("Staff ended the game: no one wins, and the standings stay as they were.")
        case "abandoned":
            hours = t.data.get("hours", 24)
            return ngettext(
                "No one had played for %(hours)s hour, so the game ended itself: no one wins, "
                "and the standings stay as they were.",
                "No one had played for %(hours)s hours, so the game ended itself: no one wins, "
                "and the standings stay as they were.",
                hours,
            ) % {"hours": hours}
    return _("The game was ended: no one wins, and the standings stay as they were.")


def _game_ended(t: Told) -> str:
    d = t.data
    seats = d["winners"]
    if d["reason"] == "deals_played":
        winners = and_list([listed(t.names, s, t.viewer) for s in seats])
        if d.get("deals", 1) == 1:
            return _("The deal is played; %(winners)s kept the most.") % {"winners": winners}
        return _("The deals are played; %(winners)s kept the most.") % {"winners": winners}
    if len(seats) > 1:
        between = and_list(
            [
                pgettext("the reader, in a list of players after “between”", "You")
                if s == t.viewer
                else t.names[s]
                for s in seats
            ]
        )
        return _("The game is a draw between %(players)s.") % {"players": between}
    you = seats[0] == t.viewer
    values: dict[str, Any] = {"name": t.names[seats[0]]}
    match d["reason"]:
        case "three_aces":
            if you:
                return _("You win the game with three aces!")
            return _("%(name)s wins the game with three aces!") % values
        case "thirty_one":
            if you:
                return _("You win the game with 31 while everyone is on the county!")
            return _("%(name)s wins the game with 31 while everyone is on the county!") % values
        case "target_points":
            points = d.get("points", "")
            values["points"] = points
            count = points if isinstance(points, int) else 0
            if you:
                return (
                    ngettext(
                        "You win the game with %(points)s point!",
                        "You win the game with %(points)s points!",
                        count,
                    )
                    % values
                )
            return (
                ngettext(
                    "%(name)s wins the game with %(points)s point!",
                    "%(name)s wins the game with %(points)s points!",
                    count,
                )
                % values
            )
        case "tiebreak":
            if you:
                return _("You win the game on the tie-break!")
            return _("%(name)s wins the game on the tie-break!") % values
    return _("You win the game!") if you else _("%(name)s wins the game!") % values


def _levels_proposed(t: Told) -> str:
    levels = t.data["names"]
    values = {"name": t.name, "levels": quoted(levels)}
    if len(levels) == 1:
        if t.you:
            return (
                _(
                    "You propose adding a new level, %(levels)s, before the county. "
                    "Everyone still in must agree."
                )
                % values
            )
        return (
            _(
                "%(name)s proposes adding a new level, %(levels)s, before the county. "
                "Everyone still in must agree."
            )
            % values
        )
    if t.you:
        return (
            _(
                "You propose adding new levels: %(levels)s, before the county. "
                "Everyone still in must agree."
            )
            % values
        )
    return (
        _(
            "%(name)s proposes adding new levels: %(levels)s, before the county. "
            "Everyone still in must agree."
        )
        % values
    )


def _levels_agreed(t: Told) -> str:
    return _("You agree.") if t.you else _("%(name)s agrees.") % {"name": t.name}


def _levels_declined(t: Told) -> str:
    values = {"name": t.name}
    if t.data.get("withdrawn"):
        if t.you:
            return _("You withdraw the proposal: no level is added.")
        return _("%(name)s withdraws the proposal: no level is added.") % values
    if t.you:
        return _("You decline: no level is added.")
    return _("%(name)s declines: no level is added.") % values


def _levels_added(t: Told) -> str:
    names = t.data["names"]
    count = len(names)
    values = {"levels": quoted(names), "count": count}
    if count == 1:
        return (
            _(
                "Everyone agreed: the bus has a new level, %(levels)s. Everyone still in "
                "gains a life."
            )
            % values
        )
    return (
        ngettext(
            "Everyone agreed: the bus has new levels, %(levels)s. Everyone still in gains "
            "%(count)s life.",
            "Everyone agreed: the bus has new levels, %(levels)s. Everyone still in gains "
            "%(count)s lives.",
            count,
        )
        % values
    )


def _levels_lapsed(t: Told) -> str:
    return _("The round ended before everyone agreed: no level is added.")


def round_summary(
    d: EventData, names: Sequence[str], viewer: int | None = None, *, values: bool = True
) -> str:
    """Who showed what and who lost what, in one line (`values=False`: without the
    showdown's hand values, for a page that shows the hands beside it)."""
    reason = d["reason"]
    if reason == "stock_empty":
        return _("The stock ran out: the round is a draw and no one loses.")
    if reason == "max_turns":
        return _("No one knocked in time: the round is a draw and no one loses.")
    parts = []
    if reason == "blitz" or d["blitzers"]:
        blitzers = d["blitzers"]
        if len(blitzers) == 1 and blitzers[0] == viewer:
            parts.append(_("You have 31 in one suit: a blitz!"))
        elif len(blitzers) == 1:
            parts.append(_("%(name)s has 31 in one suit: a blitz!") % {"name": names[blitzers[0]]})
        else:
            players = and_list([listed(names, s, viewer) for s in blitzers])
            parts.append(_("%(players)s have 31 in one suit: a blitz!") % {"players": players})
    elif reason in ("three_aces", "thirty_one"):
        pass  # game_ended says who won and how
    else:
        knocker = d.get("knocker")
        if reason == "throw_down" and knocker is not None:
            if knocker == viewer:
                parts.append(_("You threw down."))
            else:
                parts.append(_("%(name)s threw down.") % {"name": names[knocker]})
        if values:
            shown = [
                pgettext("the showdown: the reader's hand and its value", "You %(value)s")
                % {"value": format_value(value)}
                if seat == viewer
                else f"{names[seat]} {format_value(value)}"
                for seat, value in enumerate(d["values"])
                if value is not None
            ]
            parts.append(_("Showdown: %(hands)s.") % {"hands": ", ".join(shown)})
    for seat, lost in enumerate(d["lives_lost"]):
        if lost:
            said = {"name": names[seat], "count": lost}
            if seat == viewer:
                parts.append(ngettext("You lose a life.", "You lose %(count)s lives.", lost) % said)
            else:
                parts.append(
                    ngettext("%(name)s loses a life.", "%(name)s loses %(count)s lives.", lost)
                    % said
                )
    for seat, won in enumerate(d["points_won"]):
        if won:
            if seat == viewer:
                parts.append(_("You score a point."))
            else:
                parts.append(_("%(name)s scores a point.") % {"name": names[seat]})
    for seat, won in enumerate(d["chips_won"]):
        if won > 0:
            said = {"name": names[seat], "count": won}
            if seat == viewer:
                parts.append(ngettext("You take a chip.", "You take %(count)s chips.", won) % said)
            else:
                parts.append(
                    ngettext("%(name)s takes a chip.", "%(name)s takes %(count)s chips.", won)
                    % said
                )
    if d.get("tiebreak_winner") is not None:
        parts.append(
            _("%(name)s wins the tie on card ranks.") % {"name": names[d["tiebreak_winner"]]}
        )
    return " ".join(parts)


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
    "game_ended": _game_ended,
    "turn_timed_out": _turn_timed_out,
    "player_away": _player_away,
    "player_back": _player_back,
    "game_ended_early": _game_ended_early,
    "levels_proposed": _levels_proposed,
    "levels_agreed": _levels_agreed,
    "levels_declined": _levels_declined,
    "levels_added": _levels_added,
    "levels_lapsed": _levels_lapsed,
}
