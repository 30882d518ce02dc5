"""Write the upgrade snapshot (tests/tournaments/upgrade/snapshot/) that
tests/tournaments/test_upgrade.py migrates forward and reads again.

Run it on the code the snapshot is of — main before the formats became plug-ins
(commit 637b6ba), where a top-q knockout is `format="knockout", knockout_top=q` — and
commit what it writes; run on later code, it would record that code's pages, and the
check would compare the new code with itself:

    python -m tests.tournaments.upgrade          (from the project's folder)

which is `pytest tests/tournaments/upgrade/make_snapshot.py`: a pytest test so that it
plays its games with the tests' own seeded decks, seeded bots and inline tasks
(tests/conftest.py) on a fresh test database migrated to the head. Its file name is not
`test_*.py`, so a test run collects it only when it is named.

It builds the club and its eight events (`build`), stands the clock at `READ_AT`,
writes the rows and the migration state (`snapshot/database.json`), then reads every
page of `pages_to_read` and writes what each viewer read (`snapshot/pages.json`). The
rows are written before the pages are read because reading writes a little (a seated
player's page notes their table's activity, a log-in its time): the test reads from
the very rows the pages were read from, in the same order.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.db.models import Q
from django.urls import reverse

from tests.tournaments.upgrade import build, rows
from tests.tournaments.upgrade.clock import StoppedClock
from tests.tournaments.upgrade.paths import DATABASE, PAGES, SNAPSHOT
from tests.tournaments.upgrade.reading import Page, Readers, club_pages, event_pages
from tournaments.models import Event, RoundTable

# The evening of the events' day, after the last one's games.
READ_AT = build.DAY + timedelta(hours=11)


@pytest.mark.django_db(transaction=True)
def test_write_the_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = StoppedClock(monkeypatch, build.DAY)
    built = build.build(clock)
    clock.set(READ_AT)
    database = {"migrations": rows.migration_state(), "rows": rows.read_rows()}
    # The games just played left presence marks; the test starts with an empty cache.
    cache.clear()
    readers = Readers()
    readings = [readers.read(page) for page in pages_to_read(built)]
    # 404: a duplicate table's page to an anonymous visitor (only its players see it,
    # docs/tournaments.md#reveal), which must stay so.
    unexpected = [r.page.what for r in readings if r.status not in (200, 404)]
    assert not unexpected, f"pages that failed today: {unexpected}"
    SNAPSHOT.mkdir(exist_ok=True)
    DATABASE.write_text(_dump(database))
    pages = {"read_at": READ_AT.isoformat(), "pages": [r.to_json() for r in readings]}
    PAGES.write_text(json.dumps(pages, indent=1, ensure_ascii=False) + "\n")


def pages_to_read(built: build.Built) -> list[Page]:
    """Each event's pages (`event_pages`) with one of its tables and a player seated
    there; the club's page; the list of events."""
    organizer = built.organizer.get_username()
    pages = []
    for event in built.events:
        table = shown_table(event)
        seat = table.seats.filter(entry__isnull=False).select_related("entry__user").first()
        pages += event_pages(event, organizer, seat.entry.user.get_username(), table.table_id)
    pages += club_pages(built.club.slug, organizer, build.MEMBERS[0])
    pages.append(Page("list of events, anonymous", None, reverse("tournaments:list")))
    return pages


def shown_table(event: Event) -> RoundTable:
    """A running event's table whose game is still in play (the current round's);
    a finished event's first table of its last round."""
    in_play = build.games_in_play(event)
    if in_play:
        game = in_play[0]
        return RoundTable.objects.filter(Q(game=game) | Q(board_plays__game=game)).distinct().get()
    return RoundTable.objects.filter(round__event=event).order_by("-round__number", "number")[0]


def _dump(database: dict[str, Any]) -> str:
    """The database as JSON with a line per row, so that a new snapshot's diff says what
    changed."""
    lines = ["{", f' "migrations": {json.dumps(database["migrations"])},', ' "rows": {']
    tables = list(database["rows"].items())
    for k, (table, content) in enumerate(tables):
        lines.append(f"  {json.dumps(table)}: {{")
        lines.append(f'   "columns": {json.dumps(content["columns"])},')
        body = ",\n    ".join(json.dumps(row, ensure_ascii=False) for row in content["rows"])
        lines.append(f'   "rows": [\n    {body}\n   ]' if body else '   "rows": []')
        lines.append("  }" + ("," if k < len(tables) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"
