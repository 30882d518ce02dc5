"""Reading a transcript refuses what no transcript this app writes holds, naming the
line (games.engine.transcript, docs/security.md#what-a-transcript-may-hold): a
transcript may come from anyone."""

from __future__ import annotations

import json

import pytest

from games.engine import Rules, SeededDeckSource, apply_action, new_game, observation
from games.engine.bots import BaselineBot
from games.engine.replay import replay
from games.engine.transcript import (
    MAX_DEPTH,
    MAX_HEADER_CHARS,
    MAX_HEADERS,
    MAX_STRING,
    Line,
    TranscriptError,
    read,
    write,
)


def _game(names: tuple[str, ...] = ("Ann", "Bob")) -> list[Line]:
    """A whole game of one life each, played by the baseline bot."""
    state, events = new_game(Rules.preset("scat", lives=1), names, SeededDeckSource(7))
    every = list(events)
    bot = BaselineBot()
    while not state.is_over:
        state, new = apply_action(state, bot.choose(observation(state, state.turn)))
        every += new
    return [Line(seq, event) for seq, event in enumerate(every, start=1)]


@pytest.fixture(scope="module")
def text() -> str:
    return write([("Table", "Kitchen")], _game())


def _with_data(text: str, change: str) -> str:
    """`text` with its first event's data given a key `x` holding `change` (raw JSON)."""
    first = text.index('{"seat"')
    return text[:first] + '{"x": ' + change + ", " + text[first + 1 :]


def test_a_transcript_that_keeps_within_the_limits_reads_back(text: str) -> None:
    headers, lines = read(text)

    assert headers == [("Table", "Kitchen")]
    assert replay([line.event for line in lines])


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda t: t.replace("Kitchen", "K" * (MAX_HEADER_CHARS + 1)), "a header longer"),
        (lambda t: '[Event "x"]\n' * MAX_HEADERS + t, f"more than {MAX_HEADERS} headers"),
        (lambda t: t.replace('"Ann"', '"' + "A" * (MAX_STRING + 1) + '"'), "longer than 150"),
        (lambda t: t.replace('"Ann"', '"A\\u0000nn"'), "a NUL"),
        (lambda t: t.replace('"Ann"', '"A\\ud800nn"'), "half a surrogate pair"),
        (lambda t: t.replace("Kitchen", "Kit\\u0000chen"), "a NUL"),
        (lambda t: t.replace(" ; ", " ; \x00 ", 1), "a character no transcript holds"),
        (lambda t: _with_data(t, "[" * 100_000 + "]" * 100_000), "nested too deeply"),
        (lambda t: _with_data(t, "[" * MAX_DEPTH + "]" * MAX_DEPTH), "nested too deeply"),
        (lambda t: _with_data(t, "NaN"), "not JSON"),
        (lambda t: _with_data(t, "Infinity"), "not JSON"),
        (lambda t: _with_data(t, "1e309"), "not finite"),
        (lambda t: _with_data(t, "9" * 5000), "not JSON"),
    ],
    ids=[
        "long header",
        "too many headers",
        "long name",
        "NUL escaped in a name",
        "lone surrogate escaped in a name",
        "NUL escaped in a header",
        "raw NUL in a comment",
        "JSON nested past the stack",
        "JSON nested past the cap",
        "NaN",
        "Infinity",
        "infinite number",
        "5,000 digits",
    ],
)
def test_what_no_transcript_holds_is_refused_naming_why(text: str, change, said: str) -> None:
    with pytest.raises(TranscriptError, match=said):
        read(change(text))


def test_names_with_line_separators_read_back_as_written() -> None:
    """json.dumps leaves U+2028 and U+0085 as they are: a line ends at \\n alone."""
    names = ("Ann\u2028Lee", "Bob\x85Cy")
    lines = _game(names)
    written = write([("Table", "A\u2029B")], lines)

    headers, again = read(written)

    assert headers == [("Table", "A\u2029B")]
    assert [line.event for line in again] == [line.event for line in lines]
    assert again[0].event.data["names"] == names
    assert read(written.replace("\n", "\r\n"))[1] == again


def test_the_depth_cap_leaves_room_for_every_event_a_game_writes(text: str) -> None:
    """The deepest event body a game writes is well inside MAX_DEPTH."""

    def depth(value: object) -> int:
        if isinstance(value, dict):
            return 1 + max((depth(v) for v in value.values()), default=0)
        if isinstance(value, list):
            return 1 + max((depth(v) for v in value), default=0)
        return 1

    bodies = [json.loads(row.split(" ", 2)[2].split(" ; ")[0]) for row in text.split("\n")[2:-1]]
    assert max(depth(body) for body in bodies) < MAX_DEPTH
