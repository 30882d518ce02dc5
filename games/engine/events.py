"""Events: what happened, in data a replay can fold and words a table would use.

An event's `data` is public. Its `secret` (a deck order, a card drawn from the stock)
is shown only to `owner` -- or to no one while the round lasts, when `owner` is None.
`view(event, seat)` is the only way to hand an event to a viewer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .cards import CARDS, Card, format_cards
from .hands import format_value

# An event's public or secret part: JSON-like values (cards, seats, names, numbers) by
# key, different for each kind of event; `to_dict` and `from_dict` store them.
EventData = dict[str, Any]


class Event(NamedTuple):
    kind: str
    seat: int | None = None
    data: EventData = {}
    secret: EventData = {}
    owner: int | None = None


# The events a player's own move makes (the first is the one a replay reads the move
# from): a row of one of these may say a bot made it for the player (games.models).
MOVE_KINDS = frozenset(
    {"drew", "discarded", "knocked", "stood", "widow_opened", "exchanged", "looked", "thrown_down"}
)

# Events of the players' agreements (levels added to the bus by agreement, `levels.py`):
# any player still in the game makes them at any time, not on a turn of their own.
AGREEMENT_KINDS = frozenset(
    {"levels_proposed", "levels_agreed", "levels_declined", "levels_added", "levels_lapsed"}
)

# Table events: written by the web app's services, not by the engine. They say whose
# time ran out, who is away and why, who came back, and that a game was ended before
# anyone won. They carry no secret and change no engine state: a replay skips them.
TABLE_EVENTS = frozenset({"turn_timed_out", "player_away", "player_back", "game_ended_early"})
# Why a player is away (`player_away`'s reason), and why a game ended early
# (`game_ended_early`'s): who or what decided it.
AWAY_REASONS = ("timer", "absent", "host", "staff", "withdrawn", "event", "deadline")
END_REASONS = ("host", "staff", "abandoned")


def view(event: Event, viewer: int | None) -> Event:
    """The event as `viewer` may see it (None: a spectator)."""
    if not event.secret or (viewer is not None and viewer == event.owner):
        return event
    return event._replace(secret={})


# Keys whose values are cards (or nested tuples of cards), for storage as text.
CARD_KEYS = frozenset(
    {"card", "cards", "up_card", "deck", "stock", "widow", "gave", "took", "hands", "draws"}
)
_BY_CODE = {c.code: c for c in CARDS}


def to_dict(event: Event) -> dict[str, Any]:
    """JSON-ready form: cards as codes like ``AS``."""
    return {
        "kind": event.kind,
        "seat": event.seat,
        "data": _encode_all(event.data),
        "secret": _encode_all(event.secret),
        "owner": event.owner,
    }


def from_dict(data: dict[str, Any]) -> Event:
    return Event(
        data["kind"],
        data["seat"],
        _decode_all(data["data"]),
        _decode_all(data["secret"]),
        data["owner"],
    )


def _encode_all(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _encode(v) if k in CARD_KEYS else v for k, v in data.items()}


def _decode_all(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _decode(v) if k in CARD_KEYS else _tuples(v) for k, v in data.items()}


def _tuples(value: Any) -> Any:
    """JSON gives lists; the engine's events hold tuples."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, str):
        return _BY_CODE[value]
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


# ---- words ------------------------------------------------------------------------


def describe(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """One line a table would say, from `viewer`'s side (their secrets only)."""
    event = view(event, viewer)
    who = _name(names, event.seat, viewer)
    d = event.data
    text = _DESCRIBERS.get(event.kind)
    return text(event, d, who, names, viewer) if text else f"{who}: {event.kind}."


def _name(names: Sequence[str], seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "The dealer"
    return "You" if seat == viewer else names[seat]


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards, symbols=True)


def _list(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _game_started(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    players = _list(list(names))
    # A tournament's knockout deal or duplicate board is a game of one deal (`deals`):
    # "a new game" would promise rounds to the last player that it does not play.
    deals = d.get("deals")
    if deals == 1:
        return f"A deal of 31 for {players}."
    if deals:
        return f"A game of {deals} deals of 31 for {players}."
    return f"A new game of 31 for {players}."


def _dealer_chosen(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    dealer = _name(names, d["dealer"], viewer)
    if d["method"] == "random":
        return f"{dealer} deal{'s' if dealer != 'You' else ''} first (chosen at random)."
    if d["method"] == "chosen":
        return f"{dealer} deal{'s' if dealer != 'You' else ''} first."
    draws = ", ".join(f"{names[seat]} {c}" for seat, c in d["draws"])
    how = "high card" if d["method"] == "high_card" else "cut"
    return f"{dealer} deal{'s' if dealer != 'You' else ''} first ({how}: {draws})."


def _round_started(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    dealer = _name(names, d["dealer"], viewer)
    verb = "deal" if dealer == "You" else "deals"
    text = f"Round {d['round_no']}: {dealer} {verb}. The up-card is {d['up_card']}."
    if d.get("pot"):
        text += f" Everyone antes a chip: the pot holds {d['pot']}."
    return text


def _drew(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    verb = "draw" if who == "You" else "draws"
    if d["source"] == "discard":
        return f"{who} take{'s' if who != 'You' else ''} {d['card']} from the discard pile."
    if "card" in e.secret:
        return f"{who} {verb} {e.secret['card']} from the stock."
    return f"{who} {verb} from the stock."


def _discarded(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    s = "" if who == "You" else "s"
    cards = d["cards"]
    if not cards:
        text = f"{who} keep{s} {'your' if who == 'You' else 'their'} cards"
    elif len(cards) == 1:
        text = f"{who} discard{s} {cards[0]}"
    else:
        text = f"{who} discard{s} {_cards(cards)} with {cards[-1]} on top"
    return text + (f" and knock{s}." if d.get("knock") else ".")


# The sentence for one kind of event: (event, its data, who did it, names, viewer).
_Describer = Callable[[Event, EventData, str, Sequence[str], int | None], str]


def _simple(verb: str) -> _Describer:
    def text(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
        return f"{who} {verb if who == 'You' else verb + 's'}."

    return text


def _reshuffled(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    return f"The stock ran out: the discards are shuffled into a new stock of {d['count']}."


def _widow_opened(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    return f"{who} turn{'s' if who != 'You' else ''} the widow face up: {_cards(d['widow'])}."


def _exchanged(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    s = "" if who == "You" else "s"
    return f"{who} exchange{s} {_cards(d['gave'])} for {_cards(d['took'])} from the widow."


def _thrown_down(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    return f"{who} throw{'s' if who != 'You' else ''} down! Every hand is shown."


def _passed(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    return f"{who} can draw nothing and pass{'es' if who != 'You' else ''}."


def _round_ended(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    return round_summary(d, names, viewer)


def _player_out(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    return f"{who} {'are' if who == 'You' else 'is'} out of the game."


def _turn_timed_out(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    if who == "You":
        return "Your time ran out: a bot plays this turn for you."
    return f"{who}'s time ran out: a bot plays this turn for them."


def _player_away(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    you = who == "You"
    them, are = ("you", "you are") if you else ("them", "they are")
    until = f"a bot plays for {them} until {are} back."
    match d.get("reason"):
        case "timer":
            return f"{who} ran out of time on two turns in a row, so {until}"
        case "absent":
            seconds = d.get("seconds", 60)
            return (
                f"{who} left the table on {'your' if you else 'their'} turn (nothing heard "
                f"from {them} for {seconds} seconds), so {until}"
            )
        case "host":
            return f"The host let a bot play for {them if you else who} until {are} back."
        case "staff":
            return f"Staff let a bot play for {them if you else who} until {are} back."
        case "withdrawn":
            return f"{who} withdrew from the event, so a bot plays for {them} to the end."
        case "event":
            return (
                f"The event's organizer let a bot play for {them if you else who} this "
                f"round until {are} back."
            )
        case "deadline":
            return (
                f"The deadline for this game passed, so a bot plays for "
                f"{them if you else who} to the end."
            )
    return f"{who} {'are' if you else 'is'} away: {until}"


def _player_back(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    if who == "You":
        return "You are back and play your own turns again."
    return f"{who} is back and plays their own turns again."


def _game_ended_early(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    rest = "no one wins, and the standings stay as they were."
    match d.get("reason"):
        case "host":
            return f"The host ended the game: {rest}"
        case "staff":
            return f"Staff ended the game: {rest}"
        case "abandoned":
            return (
                f"No one had played for {d.get('hours', 24)} hours, so the game ended "
                f"itself: {rest}"
            )
    return f"The game was ended: {rest}"


def _game_ended(e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None) -> str:
    winners = [_name(names, s, viewer) for s in d["winners"]]
    if d["reason"] == "deals_played":
        deals = "deal is" if d.get("deals", 1) == 1 else "deals are"
        return f"The {deals} played; {_list(winners)} kept the most."
    if len(winners) > 1:
        return f"The game is a draw between {_list(winners)}."
    verb = "win" if winners[0] == "You" else "wins"
    reason = {
        "three_aces": " with three aces",
        "thirty_one": " with 31 while everyone is on the county",
        "target_points": f" with {d.get('points', '')} points",
        "tiebreak": " on the tie-break",
    }.get(d["reason"], "")
    return f"{winners[0]} {verb} the game{reason}!"


def _quoted(names: Sequence[str]) -> str:
    return _list([f"\u201c{name}\u201d" for name in names])


def _levels_proposed(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    levels = d["names"]
    one = len(levels) == 1
    what = f"a new level, {_quoted(levels)}" if one else f"new levels: {_quoted(levels)}"
    return (
        f"{who} propose{'s' if who != 'You' else ''} adding {what}, before the county. "
        "Everyone still in must agree."
    )


def _levels_agreed(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    return f"{who} agree{'s' if who != 'You' else ''}."


def _levels_declined(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    if d.get("withdrawn"):
        return f"{who} withdr{'aw' if who == 'You' else 'aws'} the proposal: no level is added."
    return f"{who} decline{'s' if who != 'You' else ''}: no level is added."


def _levels_added(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    count = len(d["names"])
    lives = "a life" if count == 1 else f"{count} lives"
    return (
        f"Everyone agreed: the bus has {'a new level' if count == 1 else 'new levels'}, "
        f"{_quoted(d['names'])}. Everyone still in gains {lives}."
    )


def _levels_lapsed(
    e: Event, d: EventData, who: str, names: Sequence[str], viewer: int | None
) -> str:
    return "The round ended before everyone agreed: no level is added."


def round_summary(
    d: EventData, names: Sequence[str], viewer: int | None = None, *, values: bool = True
) -> str:
    """Who showed what and who lost what, in one line (`values=False`: without the
    showdown's hand values, for a page that shows the hands beside it)."""
    reason = d["reason"]
    if reason in ("stock_empty", "max_turns"):
        why = "The stock ran out" if reason == "stock_empty" else "No one knocked in time"
        return f"{why}: the round is a draw and no one loses."
    parts = []
    shown = [
        f"{_name(names, seat, viewer)} {format_value(value)}"
        for seat, value in enumerate(d["values"])
        if value is not None
    ]
    if reason == "blitz" or d["blitzers"]:
        blitzers = [_name(names, s, viewer) for s in d["blitzers"]]
        verb = "has" if len(blitzers) == 1 and blitzers[0] != "You" else "have"
        parts.append(f"{_list(blitzers)} {verb} 31 in one suit: a blitz!")
    elif reason in ("three_aces", "thirty_one"):
        pass  # game_ended says who won and how
    else:
        if reason == "throw_down" and d.get("knocker") is not None:
            thrower = _name(names, d["knocker"], viewer)
            parts.append(f"{thrower} threw down.")
        if values:
            parts.append("Showdown: " + ", ".join(shown) + ".")
    for seat, lost in enumerate(d["lives_lost"]):
        if lost:
            who = _name(names, seat, viewer)
            parts.append(
                f"{who} lose{'s' if who != 'You' else ''} "
                f"{'a life' if lost == 1 else f'{lost} lives'}."
            )
    for seat, won in enumerate(d["points_won"]):
        if won:
            who = _name(names, seat, viewer)
            parts.append(f"{who} score{'s' if who != 'You' else ''} a point.")
    for seat, won in enumerate(d["chips_won"]):
        if won > 0:
            who = _name(names, seat, viewer)
            chips = "a chip" if won == 1 else f"{won} chips"
            parts.append(f"{who} take{'s' if who != 'You' else ''} {chips}.")
    if d.get("tiebreak_winner") is not None:
        parts.append(f"{names[d['tiebreak_winner']]} wins the tie on card ranks.")
    return " ".join(parts)


_DESCRIBERS: dict[str, _Describer] = {
    "game_started": _game_started,
    "dealer_chosen": _dealer_chosen,
    "round_started": _round_started,
    "looked": _simple("look"),
    "thrown_down": _thrown_down,
    "drew": _drew,
    "discarded": _discarded,
    "knocked": _simple("knock"),
    "stood": _simple("stand"),
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
