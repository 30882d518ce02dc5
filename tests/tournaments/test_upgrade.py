"""A database of the code before the formats refactor migrates forward with nothing lost
(docs/design.md §10).

tests/tournaments/upgrade/snapshot/ holds such a database — a club with a Swiss, a
balanced knockout, a top-q knockout and a duplicate event, each once running and once
finished, made by tests/tournaments/upgrade/make_snapshot.py on that code — and what
each viewer read on its pages then. This test migrates the test database back to the
snapshot's migration state, puts the rows in with raw SQL, migrates forward to the
head, and reads every page again as the same viewer, in the same order, with the clock
standing where it stood: each must read the same.
"""

from __future__ import annotations

import difflib
import json
import re
from datetime import datetime

import pytest
from django.core.cache import cache

from tests.tournaments.upgrade import rows
from tests.tournaments.upgrade.clock import StoppedClock
from tests.tournaments.upgrade.paths import DATABASE, PAGES
from tests.tournaments.upgrade.reading import Readers, Reading

pytestmark = pytest.mark.django_db(transaction=True)

SHOWN_DIFFERENCES = 5  # pages whose differences a failure shows in full
DIFF_LINES = 30  # of each


def load_snapshot() -> None:
    """The snapshot's rows at its migration state, then everything migrated to the head.
    The database is left at the head whatever fails on the way (the next tests need it)."""
    database = json.loads(DATABASE.read_text())
    rows.migrate_to(database["migrations"])
    try:
        rows.write_rows(database["rows"])
    finally:
        rows.migrate_to_head()
    rows.reset_sequences()


# What the code changed on purpose since the snapshot, and only that (docs/design.md
# §19): the organizer's page of a knockout (balanced or top q) no longer offers the
# Pause button and the correction form, which the services always refused, and says in
# its format's words why there is nothing to correct, as a duplicate event's page does;
# an event's table no longer offers its seated player "Leave" (its seats are the
# event's: games.access.seats_itself).
KNOCKOUT_REFUSAL = "A knockout's places follow from the games: nothing to correct."
DUPLICATE_BEFORE = (
    "A duplicate event scores each board as it was played: its results are not corrected by hand."
)
DUPLICATE_NOW = "A duplicate event scores the deals themselves: no places to correct."


# The organizer's console for a club night (docs/design.md §14): a running event's
# manage page no longer offers "Finish the event now" while a round is being played and
# says why (and a knockout's why it has no pause); it names the player first in a seat's
# choice ("eve: round 1, table 1, seat 1 (1st)", so a phone's narrow select shows who);
# and it has new sections (the break and announcements, the tables of the round) that
# had nothing before them to compare with: they are cut from the page as read now.
KNOCKOUT_NO_PAUSE = "A knockout deals on until one player is left: it has no pause."
# Where a member could be added by hand or register late, the pages say why not (each
# running event of the snapshot is past the point of late entry).
LATE_REFUSALS = {
    "Swiss": "Half the rounds have started: it is too late to join.",
    "Knockout": "The knockout has started: it is too late to join.",
    "Top 2 knockout": "The knockout has started: it is too late to join.",
    "Duplicate": "A duplicate event seats everyone at its start: it is too late.",
}
CONSOLE_PARTS = re.compile(r"\nBreak and announcements\n.*?(?=\nPlayers\n)", re.S)
SEAT_CHOICE = re.compile(r"^Round (\d+), table (\d+), seat (\d+): (.+?)( \(\w+\))?$", re.M)


def as_now(reading: Reading) -> str:
    """The text `reading` should read as now: as before, but for the changes above."""
    text = reading.text
    if reading.page.url.startswith("/tables/"):
        return text.replace("\nLeave\n", "\n")
    if re.fullmatch(r"/tournaments/\d+/", reading.page.url) and "(running)" in reading.page.what:
        # Registering late where it would be refused is not offered: the page says why.
        late = LATE_REFUSALS[reading.page.what.split(" (")[0]]
        text = text.replace("\nLog in to register\n", f"\n{late}\n")
        return text.replace("\nYour entry\nRegister\n", f"\nYour entry\n{late}\n")
    if not reading.page.url.endswith("/manage/"):
        return text
    playing = re.search(r"^(Round|Deal) (\d+)(?: of \d+)? is being played", text, re.M)
    if playing is not None:
        refusal = (
            f"{playing[1]} {playing[2]} is being played: the event can be finished once it is over."
        )
        text = text.replace("\nFinish the event now\n", f"\n{refusal}\n")
        late = LATE_REFUSALS[reading.page.what.split(" (")[0]]
        text = text.replace("\nResults\n", f"\n{late}\nResults\n", 1)
    if "knockout" in reading.page.what.lower():
        text = text.replace("\nPause\n", "\n")
        if playing is not None:
            text = text.replace(
                "\nClose registration\n", f"\nClose registration\n{KNOCKOUT_NO_PAUSE}\n"
            )
        text = re.sub(r"Correct a result\n.*?\nCorrect(?=\n)", KNOCKOUT_REFUSAL, text, flags=re.S)
        text = text.replace("No game of this event is over yet.", KNOCKOUT_REFUSAL)
    text = SEAT_CHOICE.sub(r"\4: round \1, table \2, seat \3\5", text)
    return text.replace(DUPLICATE_BEFORE, DUPLICATE_NOW)


def as_compared(reading: Reading) -> str:
    """The text of a page as read now, without the parts new since the snapshot."""
    return CONSOLE_PARTS.sub("", reading.text)


def difference(before: Reading, now: Reading) -> str | None:
    """None when `now` reads as `before` did (but for the changes made on purpose,
    `as_now`); otherwise what differs, from the first differing line."""
    expected = as_now(before)
    read = as_compared(now)
    if (now.status, read) == (before.status, expected):
        return None
    status = (
        f"{before.status}" if now.status == before.status else f"{before.status} → {now.status}"
    )
    lines = [f"{before.page.what} ({before.page.url}), status {status}:"]
    diff = difflib.unified_diff(
        expected.splitlines(), read.splitlines(), "before", "after", n=2, lineterm=""
    )
    shown = list(diff)
    lines += shown[:DIFF_LINES]
    if len(shown) > DIFF_LINES:
        lines.append(f"… and {len(shown) - DIFF_LINES} more lines of difference")
    return "\n".join(lines)


def test_a_database_of_today_migrates_forward_and_every_page_reads_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    snapshot = json.loads(PAGES.read_text())
    before = [Reading.from_json(page) for page in snapshot["pages"]]
    assert {r.page.kind for r in before} == {"page", "csv"}, "the snapshot has no pages"
    # The clock stands first, so a migration that stamps a time stamps the same on every run.
    StoppedClock(monkeypatch, datetime.fromisoformat(snapshot["read_at"]))
    load_snapshot()
    cache.clear()  # as when the pages were read: no presence marks
    readers = Readers()
    found = [difference(then, readers.read(then.page)) for then in before]
    differing = [d for d in found if d is not None]
    assert not differing, (
        f"{len(differing)} of {len(before)} pages read differently after the migration:\n\n"
        + "\n\n".join(differing[:SHOWN_DIFFERENCES])
    )
