"""A replay steps through the golden games move by move, and equals their log
(issue 26); a transcript of a game reads back as the same events."""

from __future__ import annotations

import pytest

from games.engine import EngineError, replay
from games.engine.events import Event
from games.engine.replay import steps
from games.engine.transcript import Line, TranscriptError, read, write
from games.wording import describe
from tests.engine.test_golden_transcripts import GAMES, GOLDEN, NAMES, transcript


@pytest.mark.parametrize("key", list(GAMES))
def test_the_replay_of_every_golden_game_ends_in_its_final_state_and_equals_its_log(key):
    players, seed = GAMES[key]
    _, state, events = transcript(key, players, seed)
    found = steps(events)
    assert found[-1].state == state
    assert [e for step in found for e in step.events] == list(events)
    # Every step after the deal is one move, and the state after it is the fold so far.
    assert len(found) == 1 + sum(1 for _ in _moves(events))
    assert found[len(found) // 2].state == replay(
        [e for step in found[: len(found) // 2 + 1] for e in step.events], check=False
    )
    # What the replay tells, step by step, is the stored golden transcript's words.
    names = NAMES[:players]
    said = [describe(e, names) for step in found for e in step.events]
    stored = (GOLDEN / f"{key}.txt").read_text(encoding="utf-8").splitlines()
    assert said == [line for line in stored[1:] if not line.startswith(("    ", "Outcome:"))]


def _moves(events):
    from games.engine.replay import action_of

    return (e for e in events if action_of(e) is not None)


def test_a_tampered_log_does_not_step():
    _, _, events = transcript("scat", 4, 1)
    events = list(events)
    drew = next(i for i, e in enumerate(events) if e.kind == "discarded")
    events[drew] = events[drew]._replace(seat=(events[drew].seat + 1) % 4)
    with pytest.raises(EngineError):
        steps(events)


def test_table_events_are_not_steps():
    _, state, events = transcript("blitz", 3, 2)
    with_table = [*events[:5], Event("player_away", 1, {"reason": "timer"}), *events[5:]]
    assert steps(with_table)[-1].state == state


@pytest.mark.parametrize("key", list(GAMES))
def test_a_transcript_reads_back_as_the_same_events_and_replays_to_the_same_state(key):
    players, seed = GAMES[key]
    _, state, events = transcript(key, players, seed)
    lines = [Line(seq, event, by_bot=seq % 7 == 0) for seq, event in enumerate(events, 1)]
    text = write([("Rules", key), ("Seat1", 'Ann "the ace" \\ ; x')], lines)
    headers, found = read(text)
    assert headers == [("Rules", key), ("Seat1", 'Ann "the ace" \\ ; x')]
    assert found == lines
    assert replay([line.event for line in found]) == state
    assert write(headers, found) == text


def test_a_transcript_says_each_event_in_words_after_its_data():
    _, _, events = transcript("scat", 4, 1)
    text = write([], [Line(1, events[0])], describe)
    assert text.splitlines()[1].endswith("; A new game of 31 for Ann, Bob, Cy and Dee.")


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no events"),
        ("hello\n", "Line 1: neither"),
        ('[Rules "scat"]\n1 game_started {"seat": null\n', "Line 2: the event's data is not JSON"),
        ('1 drew {"seat": 0, "data": {"card": "ZZ"}}\n', "Line 1: a card"),
        ("1 drew [1, 2]\n", "Line 1: the event's data is not a JSON object"),
        ('1 drew {"seat": 0} trailing\n', "not a JSON object"),
        ('1 drew {"seat": 0}\n[Rules "x"]\n', "Line 2: a header after the events"),
        ("[Rules 12]\n", "Line 1: neither"),
    ],
)
def test_text_that_is_not_a_transcript_is_refused_with_the_line(text, message):
    with pytest.raises(TranscriptError, match=message):
        read(text)
