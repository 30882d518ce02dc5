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
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from .errors import EngineError
from .events import Event, describe, from_dict, to_dict

_HEADER = re.compile(r"^\[([A-Za-z][A-Za-z0-9_]*) (\".*\")\]$")
_EVENT = re.compile(r"^(\d{1,9}) ([a-z_]{1,30}) ")


class TranscriptError(EngineError):
    """The text is not a transcript: the message names the line."""


class Line(NamedTuple):
    """One event of the log, with its seq and whether a bot made it for the player."""

    seq: int
    event: Event
    by_bot: bool = False


def write(headers: Sequence[tuple[str, str]], lines: Sequence[Line]) -> str:
    """The transcript of `lines` under `headers` (names for the comments come from the
    first event, game_started)."""
    names: Sequence[str] = ()
    if lines and lines[0].event.kind == "game_started":
        names = lines[0].event.data.get("names", ())
    out = [f"[{key} {json.dumps(str(value), ensure_ascii=False)}]" for key, value in headers]
    out.append("")
    for line in lines:
        out.append(_event_line(line, names))
    return "\n".join(out) + "\n"


def _event_line(line: Line, names: Sequence[str]) -> str:
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
    said = describe(line.event, names) if names else line.event.kind
    return f"{line.seq} {line.event.kind} {text} ; {said}"


def read(text: str) -> tuple[list[tuple[str, str]], list[Line]]:
    """The headers and the events of a transcript; TranscriptError naming the first
    line that is neither."""
    headers: list[tuple[str, str]] = []
    lines: list[Line] = []
    decoder = json.JSONDecoder()
    for number, raw in enumerate(text.splitlines(), start=1):
        row = raw.strip()
        if not row:
            continue
        if header := _HEADER.match(row):
            if lines:
                raise TranscriptError(f"Line {number}: a header after the events.")
            headers.append((header[1], _string(header[2], number)))
            continue
        lines.append(_read_event(row, number, decoder))
    if not lines:
        raise TranscriptError("The transcript has no events.")
    return headers, lines


def _string(value: str, number: int) -> str:
    try:
        found = json.loads(value)
    except ValueError as error:
        raise TranscriptError(f"Line {number}: the header's value is not a string.") from error
    if not isinstance(found, str):
        raise TranscriptError(f"Line {number}: the header's value is not a string.")
    return found


def _read_event(row: str, number: int, decoder: json.JSONDecoder) -> Line:
    start = _EVENT.match(row)
    if start is None:
        raise TranscriptError(f"Line {number}: neither a header nor an event.")
    try:
        body, end = decoder.raw_decode(row, start.end())
    except ValueError as error:
        raise TranscriptError(f"Line {number}: the event's data is not JSON.") from error
    rest = row[end:].strip()
    if not isinstance(body, dict) or (rest and not rest.startswith(";")):
        raise TranscriptError(f"Line {number}: the event's data is not a JSON object.")
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
        raise TranscriptError(f"Line {number}: a card in the event is not a card.") from error
    return Line(int(start[1]), event, bool(body.get("by_bot", False)))
