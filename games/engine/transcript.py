"""A game as text, one line per event, like a chess PGN (issue 26).

Header lines first, ``[Key "value"]`` (the value a JSON string), then a blank line,
then one line per event: its seq, its kind, the event as JSON (cards as codes), and
after ``;`` what a spectator is told of it, for people (the reader ignores it)::

    [Rules "Scat"]
    [Seat1 "Ann"]

    1 game_started {"seat": null, "data": {...}} ; A new game of 31 for Ann and Bob.
    4 drew {"seat": 1, "data": {"source": "stock"}, "secret": {"card": "7H"}, "owner": 1}

(A tournament's game of one deal, a knockout's deal or a duplicate board, begins
``; A deal of 31 for Ann and Bob.``: its `game_started` data holds ``"deals": 1``.)

What goes in is the writer's choice: the web app leaves out every secret a spectator
may not know yet (`games.archive`), so a transcript of a game in play holds none.
Reading gives back exactly the events written, so `replay` can fold them.

A transcript may come from anyone (docs/security.md#what-a-transcript-may-hold), so
reading refuses, naming the line, what no transcript this app writes holds and what
would cost every page that shows it: more than MAX_HEADERS headers, a header's value
longer than MAX_HEADER_CHARS, an event's JSON nested deeper than MAX_DEPTH, a string in
an event longer than MAX_STRING (a player's name is the longest), a number that is not
finite, and a NUL or a lone surrogate anywhere (no database stores the one, no page can
send the other). Lines end at ``\n`` (or ``\r\n``) only: a name may hold U+2028, which
`str.splitlines` would break a line at.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .errors import N_, EngineError
from .events import Event, from_dict, to_dict

_HEADER = re.compile(r"^\[([A-Za-z][A-Za-z0-9_]{0,39}) (\".*\")\]$")
_EVENT = re.compile(r"^(\d{1,9}) ([a-z_]{1,30}) ")
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")

MAX_HEADERS = 2_000  # a long game has a commitment and a revealed deck for each deck
MAX_HEADER_CHARS = 2_000  # a result naming twelve players of 150 characters fits
MAX_STRING = 150  # a player's name (games.models.GamePlayer.name) is the longest
MAX_DEPTH = 8  # an event's body is nested four deep (data, hands, a hand, a card)


class TranscriptError(EngineError):
    """The text is not a transcript: the message names the line."""


class Line(NamedTuple):
    """One event of the log, with its seq and whether a bot made it for the player."""

    seq: int
    event: Event
    by_bot: bool = False


# What a spectator is told of an event, from the event and the players' names: the
# comment after each event line. The engine words nothing (`games.wording` does).
Say = Callable[[Event, Sequence[str]], str]


def write(headers: Sequence[tuple[str, str]], lines: Sequence[Line], say: Say | None = None) -> str:
    """The transcript of `lines` under `headers` (names for the comments come from the
    first event, game_started; the comments are `say`'s, or each event's kind)."""
    names: Sequence[str] = ()
    if lines and lines[0].event.kind == "game_started":
        names = lines[0].event.data.get("names", ())
    out = [f"[{key} {json.dumps(str(value), ensure_ascii=False)}]" for key, value in headers]
    out.append("")
    for line in lines:
        out.append(_event_line(line, names, say))
    return "\n".join(out) + "\n"


def _event_line(line: Line, names: Sequence[str], say: Say | None) -> str:
    data = to_dict(line.event)
    body: dict[str, Any] = {"seat": data["seat"], "data": data["data"]}
    if data["secret"]:
        body["secret"] = data["secret"]
    if data["owner"] is not None:
        body["owner"] = data["owner"]
    if line.by_bot:
        body["by_bot"] = True
    text = json.dumps(body, ensure_ascii=False)
    # The comment is a spectator's sentence: it never tells a secret, even one written.
    said = say(line.event, names) if names and say is not None else line.event.kind
    return f"{line.seq} {line.event.kind} {text} ; {said}"


def read(text: str) -> tuple[list[tuple[str, str]], list[Line]]:
    """The headers and the events of a transcript; TranscriptError naming the first
    line that is neither."""
    headers: list[tuple[str, str]] = []
    lines: list[Line] = []
    decoder = json.JSONDecoder(parse_constant=_not_a_number)
    for number, raw in enumerate(text.split("\n"), start=1):
        row = raw.strip()
        if not row:
            continue
        if _UNSTORABLE.search(row):
            raise TranscriptError(
                N_(
                    "Line %(line)s: a character no transcript holds (a NUL, or half of a "
                    "UTF-16 surrogate pair)."
                ),
                line=number,
            )
        if header := _HEADER.match(row):
            if lines:
                raise TranscriptError(N_("Line %(line)s: a header after the events."), line=number)
            if len(headers) == MAX_HEADERS:
                raise TranscriptError(
                    N_("Line %(line)s: more than %(most)s headers."), line=number, most=MAX_HEADERS
                )
            headers.append((header[1], _string(header[2], number)))
            continue
        lines.append(_read_event(row, number, decoder))
    if not lines:
        raise TranscriptError(N_("The transcript has no events."))
    return headers, lines


def _not_a_number(constant: str) -> Any:
    raise ValueError(f"{constant} is not a number a game holds")


def _string(value: str, number: int) -> str:
    try:
        found = json.loads(value)
    except ValueError as error:
        raise TranscriptError(
            N_("Line %(line)s: the header's value is not a string."), line=number
        ) from error
    if not isinstance(found, str):
        raise TranscriptError(N_("Line %(line)s: the header's value is not a string."), line=number)
    if len(found) > MAX_HEADER_CHARS:
        raise TranscriptError(
            N_("Line %(line)s: a header longer than %(most)s characters."),
            line=number,
            most=f"{MAX_HEADER_CHARS:,}",
        )
    if _UNSTORABLE.search(found):
        raise TranscriptError(
            N_("Line %(line)s: a header holds a NUL or half a surrogate pair."), line=number
        )
    return found


def _check_value(value: Any, number: int, depth: int = 1) -> None:
    """Refuse what no event of a game holds: deep nesting, long or unstorable strings,
    numbers that are not finite."""
    if depth > MAX_DEPTH:
        raise TranscriptError(
            N_("Line %(line)s: the event's data is nested too deeply."), line=number
        )
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise TranscriptError(
                N_("Line %(line)s: a name or word longer than %(most)s characters."),
                line=number,
                most=MAX_STRING,
            )
        if _UNSTORABLE.search(value):
            raise TranscriptError(
                N_("Line %(line)s: a string holds a NUL or half a surrogate pair."), line=number
            )
    elif isinstance(value, float) and not math.isfinite(value):
        raise TranscriptError(N_("Line %(line)s: a number that is not finite."), line=number)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_value(key, number, depth + 1)
            _check_value(item, number, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_value(item, number, depth + 1)


def _read_event(row: str, number: int, decoder: json.JSONDecoder) -> Line:
    start = _EVENT.match(row)
    if start is None:
        raise TranscriptError(N_("Line %(line)s: neither a header nor an event."), line=number)
    try:
        body, end = decoder.raw_decode(row, start.end())
    except RecursionError as error:
        raise TranscriptError(
            N_("Line %(line)s: the event's data is nested too deeply."), line=number
        ) from error
    except ValueError as error:
        raise TranscriptError(
            N_("Line %(line)s: the event's data is not JSON."), line=number
        ) from error
    rest = row[end:].strip()
    if not isinstance(body, dict) or (rest and not rest.startswith(";")):
        raise TranscriptError(
            N_("Line %(line)s: the event's data is not a JSON object."), line=number
        )
    _check_value(body, number)
    try:
        event = from_dict(
            {
                "kind": start[2],
                "seat": body.get("seat"),
                "data": body.get("data", {}),
                "secret": body.get("secret", {}),
                "owner": body.get("owner"),
            }
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise TranscriptError(
            N_("Line %(line)s: a card in the event is not a card."), line=number
        ) from error
    return Line(int(start[1]), event, bool(body.get("by_bot", False)))
