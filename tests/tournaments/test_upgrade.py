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
# event's: games.access.seats_itself). After its game, an event's table no longer says
# "Waiting for the host…" nor offers an invitation: the event's page says what comes
# next (games/templates/games/table.html); and a game of a fixed number of deals (a
# knockout's deal, a duplicate board) has no winner: its game-over panel says what the
# deal did to each seat (games.rendering._deals_outcome) and no seat is tagged winner.
KNOCKOUT_REFUSAL = "A knockout's places follow from the games: nothing to correct."
DUPLICATE_BEFORE = (
    "A duplicate event scores each board as it was played: its results are not corrected by hand."
)
DUPLICATE_NOW = "A duplicate event scores the deals themselves: no places to correct."


# The snapshot's games of one deal, as their game-over panel reads now: (the old
# panel's heading and text, for a spectator and for the player who read it) -> the new.
DEAL_PANELS = {
    ("/tables/9/", None): (
        "★\nGame over\nada wins the game!\n",
        "The deal is over\nada is the last player in at this table.\n"
        "[Lives after the deal]\neve: out\nada: still on the county\n",
    ),
    ("/tables/9/", "eve"): (
        "★\nGame over\nada wins the game!\n",
        "You are out of the event\nThe deal is over. ada is the last player in at this table.\n"
        "[Lives after the deal]\neve: out\nada: still on the county\n",
    ),
    ("/tables/22/", "hana"): (
        "★\nGame over\nThe deal is played; Medium bot 1 and jan kept the most.\n",
        "You lost a life: you are on the county\nThe deal is over.\n[Lives after the deal]\n"
        "Medium bot 1: kept their life, 1 left\nhana: lost a life, on the county\n"
        "jan: kept their life, 1 left\n",
    ),
}


def _event_table_now(reading: Reading, text: str) -> str:
    """An event's table page after its game, as it reads now (see above)."""
    home = re.search(r"\n← (.+)\n", text)
    if home is None or "[The game]" not in text:
        return text
    label = home.group(1)
    text = re.sub(
        r"(Waiting for the host to deal a new game…\n)?"
        + re.escape(label)
        + r"\n(?=\[The (other )?players)",
        f"What comes next is on the event's page.\nBack to {label}\n",
        text,
    )
    text = text.replace(
        "Waiting for the game to be started for this table…\n",
        f"The event starts the games at this table: what comes next is on {label}.\n",
    )
    text = text.replace("\nInvite friends with this link\n", "\n")
    panel = DEAL_PANELS.get((reading.page.url, reading.page.viewer))
    if panel is not None:
        text = text.replace(*panel).replace("\nwinner\n", "\n")
    return text


def as_now(reading: Reading) -> str:
    """The text `reading` should read as now: as before, but for the changes above."""
    text = reading.text
    if reading.page.url.startswith("/tables/"):
        return _event_table_now(reading, text.replace("\nLeave\n", "\n"))
    if not reading.page.url.endswith("/manage/"):
        return text
    if "knockout" in reading.page.what.lower():
        text = text.replace("\nPause\n", "\n")
        text = re.sub(r"Correct a result\n.*?\nCorrect(?=\n)", KNOCKOUT_REFUSAL, text, flags=re.S)
        text = text.replace("No game of this event is over yet.", KNOCKOUT_REFUSAL)
    return text.replace(DUPLICATE_BEFORE, DUPLICATE_NOW)


def difference(before: Reading, now: Reading) -> str | None:
    """None when `now` reads as `before` did (but for the changes made on purpose,
    `as_now`); otherwise what differs, from the first differing line."""
    expected = as_now(before)
    if (now.status, now.text) == (before.status, expected):
        return None
    status = (
        f"{before.status}" if now.status == before.status else f"{before.status} → {now.status}"
    )
    lines = [f"{before.page.what} ({before.page.url}), status {status}:"]
    diff = difflib.unified_diff(
        expected.splitlines(), now.text.splitlines(), "before", "after", n=2, lineterm=""
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
