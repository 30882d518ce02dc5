"""A database of the code before the formats refactor migrates forward with nothing lost
(docs/development.md#the-upgrade-check).

tests/tournaments/upgrade/snapshot/ holds such a database — a club with a Swiss, a
balanced knockout, a top-q knockout and a duplicate event, each once running and once
finished, made by tests/tournaments/upgrade/make_snapshot.py on that code — and what
each viewer read on its pages then. This test migrates the test database back to the
snapshot's migration state, puts the rows in with raw SQL, migrates forward to the
head, and reads every page again as the same viewer, in the same order, with the clock
standing where it stood: each must read the same.
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import re
from collections import Counter
from datetime import datetime
from functools import cache as once

import pytest
from django.core.cache import cache
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection

from clubs import zones
from clubs.forms import ClubForm
from games import csv_cells
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
    # As `migrate` ends: the content types and permissions (the test database has them).
    emit_post_migrate_signal(0, False, connection.alias)


# What the code changed on purpose since the snapshot, and only that
# (docs/tournaments.md#formats-one-plug-in-each): the organizer's page of a knockout
# (balanced or top q) no longer offers the Pause button and the correction form, which
# the services always refused, and says in its format's words why there is nothing to
# correct, as a duplicate event's page does; an event's table no longer offers its
# seated player "Leave" (its seats are the event's: games.access.seats_itself); the
# event and manage pages link to the event's projector view. The club page names the
# zone of its events' times (the club's, UTC in the snapshot: clubs.zones), and its
# settings offer the club's time zone. After its game, an event's table no longer says
# "Waiting for the host…" nor offers an invitation: the event's page says what comes
# next (games/templates/games/table.html); and a game of a fixed number of deals (a
# knockout's deal, a duplicate board) has no winner: its game-over panel says what the
# deal did to each seat (games.rendering._deals_outcome) and no seat is tagged winner.
KNOCKOUT_REFUSAL = "A knockout's places follow from the games: nothing to correct."
DUPLICATE_BEFORE = (
    "A duplicate event scores each board as it was played: its results are not corrected by hand."
)
DUPLICATE_NOW = "A duplicate event scores the deals themselves: no places to correct."
# The printed pages (docs/club-night.md#print): the event page links its standings to print,
# the organizer's page has a "Print" section before the seating and the players.
PRINT_STANDINGS = re.compile(r"(\nStandings as CSV[^\n]*\n(?:· Manage this event\n)?)")
PRINT_SECTION = "\nPrint\nPairings · Table cards (the latest round) · Sign-in sheet · Standings\n"
PRINT_SECTION_UPCOMING = (
    "\nPrint\nPairings and table cards can be printed once round 1 is seated. "
    "Sign-in sheet · Standings\n"
)


CLUB_EVENT_TIME = re.compile(r"^(\w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d)$", re.M)
CLUB_POLICIES_END = "\nOnly with the invite link\n"


def club_zone_field() -> str:
    """The text of the club settings' time-zone select: label, help, every zone."""
    field = ClubForm.base_fields["time_zone"]
    labels = [label for _, group in zones.choices() for _, label in group]
    return "\n".join(["Time zone", str(field.help_text), *labels]) + "\n"


#
# The end of the evening (docs/club-night.md#the-end-of-the-evening): a finished event's
# page opens with its podium and tells a player how they finished instead of "You are
# registered."; the CSV has a first column marking its standings final or provisional; a
# Swiss event whose tie-breaks include table wins shows them once (its own "Table wins"
# column goes); a knockout's player still in, or its winner, with no life left is "on
# the county"; the list of events is not headed "Swiss tournaments". The podium and the
# lines are read from the snapshot's own CSV of the event: what the old code ranked.
LIST_BEFORE = "Swiss tournaments of the clubs: anyone may follow the standings."
LIST_NOW = "The clubs' tournaments, Swiss, knockout or duplicate: anyone may follow the standings."
EVENT_PAGE = re.compile(r"^/tournaments/(\d+)/$")


@once
def old_csv(event_id: str) -> list[list[str]]:
    """The event's standings CSV as the snapshot read it."""
    for page in json.loads(PAGES.read_text())["pages"]:
        if page["url"] == f"/tournaments/{event_id}/standings.csv":
            return list(csv.reader(io.StringIO(page["text"])))
    raise AssertionError(f"no CSV of event {event_id} in the snapshot")


def csv_now(reading: Reading) -> str:
    rows = list(csv.reader(io.StringIO(reading.text)))
    if rows[0].count("Table wins") == 2:  # the tie-break's column stays
        rows = [row[:5] + row[6:] for row in rows]
    mark = "final" if "(finished)" in reading.page.what else "provisional"
    out = io.StringIO()
    # A cell that would start a formula ("=3rd", a tie) is quoted now (docs/security.md#csv-files).
    csv_cells.write_rows(out, [["Standings", *rows[0]], *([mark, *row] for row in rows[1:])])
    return out.getvalue()


def places(rows: list[list[str]]) -> list[tuple[str, str, list[str]]]:
    """(place as the podium writes it, name, the row) of each row of an old CSV."""
    if rows[0][0] == "Place":  # a knockout's: "1st", "=3rd" already
        return [(row[0], row[1], row) for row in rows[1:]]
    count = Counter(row[0] for row in rows[1:])
    found = []
    for row in rows[1:]:
        rank = int(row[0])
        suffix = (
            "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
        )
        found.append((("=" if count[row[0]] > 1 else "") + f"{rank}{suffix}", row[1], row))
    return found


def scores(rows: list[list[str]]) -> list[tuple[str, str]]:
    """(the podium's score, the own line's end) of each row of an old CSV."""
    header = rows[0]
    if header[0] == "Place":
        return [(row[2], row[2]) for row in rows[1:]]
    if "Matchpoints" in header:
        return [(f"{r[2]}%", f"{r[2]}% of the matchpoints ({r[3]} of {r[4]})") for r in rows[1:]]
    found = []
    for row in rows[1:]:
        pts = f"{row[2]} point{'' if row[2] == '1' else 's'}"
        found.append((pts, f"{pts}, {row[3]}% of the points possible"))
    return found


def end_of_evening(reading: Reading, event_id: str, text: str) -> str:
    """A finished event's podium, and its player's own line."""
    rows = old_csv(event_id)
    ranked = list(zip(places(rows), scores(rows), strict=True))
    steps: dict[str, list[tuple[str, str]]] = {}
    for (place, name, _), (score, _) in ranked:
        if int(place.lstrip("=")[:-2]) <= 3:
            steps.setdefault(place, []).append((name, score))
    podium = "".join(
        f"{place} {', '.join(n for n, _ in together)} {together[0][1]}\n"
        for place, together in steps.items()
    )
    text = text.replace("\nAbout this event\n", f"\nPodium\n{podium}About this event\n", 1)
    for (place, name, row), (_, detail) in ranked:
        if name != reading.page.viewer:
            continue
        if rows[0][0] != "Place":
            line = f"You finished {place} of {len(rows) - 1} — {detail}."
        elif row[2] == "winner":
            line = "You won the event."
        else:
            line = f"You went {detail}: {place} of {len(rows) - 1}."
        text = text.replace("\nYou are registered.\n", f"\n{line}\n")
    return text


# A Swiss event's "About this event" states what a round a bot played for someone
# scores (docs/tournaments.md#stand-ins): the snapshot's events score it as played, the default.
STAND_IN_LINE = "A round a bot plays for someone: the bot's result counts in full.\n"


def event_page_now(reading: Reading, event_id: str, text: str) -> str:
    rows = old_csv(event_id)
    if reading.page.what.startswith("Swiss"):
        text = re.sub(r"(\nScoring\n[^\n]*\n)(?=Ties\n)", rf"\1{STAND_IN_LINE}", text, count=1)
    if rows[0].count("Table wins") == 2:
        text = text.replace("\nGames\nTable wins\n", "\nGames\n", 1)
        for row in rows[1:]:
            name = re.escape(row[1]) + r"(?: you)?"
            rank, points, percentage, games, wins = (re.escape(row[k]) for k in (0, 2, 3, 4, 5))
            before = rf"\n{rank}\n({name})\n{points}\n{percentage}\n{games}\n{wins}\n"
            after = f"\n{row[0]}\n\\1\n{row[2]}\n{row[3]}\n{row[4]}\n"
            text, found = re.subn(before, after, text, count=1)
            assert found, f"no standings row of {row[1]} on event {event_id}'s page"
    if rows[0][0] == "Place":  # still in (or the winner) with no life: on the county
        head, _, standings = text.partition("\nMoves\n")
        standings = re.sub(r"\n(in|winner)\n0\n", r"\n\1\n0 (on the county)\n", standings)
        text = f"{head}\nMoves\n{standings}"
    if "(finished)" in reading.page.what:
        text = end_of_evening(reading, event_id, text)
    return text


# The organizer's console for a club night (docs/club-night.md#the-console): a running event's
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
# Calendars and weekly series (docs/calendars.md): the event page offers its start as a
# calendar file, the club page its feed; the organizer's page of an event not finished
# has a new "When" section (moving, repeating, cancelling), cut like the console's.
ADD_TO_CALENDAR = re.compile(r"(\nStarts\n[^\n]*)\n")
CLUB_CALENDAR = "In your calendar app: subscribe to the club's events (or copy its address)\n"
CONSOLE_WHEN = re.compile(r"\nWhen\n.*?(?=\nPrint\n)", re.S)
# The check-in desk (docs/club-night.md#the-check-in-desk), new above the tables while
# round 1 is played.
CONSOLE_DESK = re.compile(
    r"\nCheck-in desk\n.*?(?=\n(?:(?:Round|Deal) \d+: the tables|The event)\n)", re.S
)
CONSOLE_TABLES = re.compile(r"\n(?:Round|Deal) \d+: the tables\n.*?(?=\nThe event\n)", re.S)
SEAT_CHOICE = re.compile(r"^Round (\d+), table (\d+), seat (\d+): (.+?)( \(\w+\))?$", re.M)
# The languages (docs/i18n.md): every page's footer has a form to choose one.
LANGUAGE_FORM = re.compile(r"\nLanguage\nEnglish\nDansk\nDeutsch\nFrançais\nChange(?=\n|$)")


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


FOOTER = "Thirty-One — get as close to 31 in one suit as you can."


def as_now(reading: Reading) -> str:
    """The text `reading` should read as now: as before, but for the changes above."""
    text = reading.text
    url = reading.page.url
    # The header links a logged-in person to their notifications (docs/notifications.md#the-site).
    text = text.replace(
        "\nRatings\nProfile\nLog out\n", "\nRatings\nNotifications\nProfile\nLog out\n"
    )
    if reading.page.kind == "csv":
        return csv_now(reading)
    # Every page's footer links the privacy page (docs/privacy.md).
    text = text.replace(FOOTER, f"{FOOTER}\nPrivacy", 1)
    if url.startswith("/clubs/"):
        text = CLUB_EVENT_TIME.sub(r"\1 UTC", text)
        # may write to the members (docs/notifications.md#a-club-announcement)
        if reading.page.what.endswith("organizer"):
            text = text.replace(
                "\nMembers\nMembers of ", "\nMembers\nWrite to the members\nMembers of "
            )
            # and keep members apart in seating (docs/clubs.md#keep-apart-pairs)
            text = text.replace(
                "\nWrite to the members\n", "\nWrite to the members Keep players apart\n", 1
            )
            # and take the members out and in by CSV (docs/clubs.md#members-by-csv)
            text = text.replace(
                "\nWrite to the members Keep players apart\n",
                "\nWrite to the members Keep players apart Download the members (CSV) "
                "Invite from a CSV file\n",
                1,
            )
            # and make a league (docs/tournaments.md#leagues)
            text = text.replace("\nNew event\n", "\nNew event New league\n", 1)
        # The club's leagues (docs/tournaments.md#leagues), linked beside its season.
        text = text.replace(
            "\nSeason standings\n· Ratings\n", "\nSeason standings\n· Leagues\n· Ratings\n", 1
        )
        text = text.replace("\nComing up\n", f"\n{CLUB_CALENDAR}Coming up\n", 1)
        return text.replace(CLUB_POLICIES_END, CLUB_POLICIES_END + club_zone_field())
    if url == "/tournaments/":
        text = text.replace(LIST_BEFORE, LIST_NOW)
    if found := EVENT_PAGE.match(url):
        text = event_page_now(reading, found.group(1), text)
        text = ADD_TO_CALENDAR.sub(r"\1 · Add to calendar (an .ics file)\n", text, count=1)
    if reading.page.url.startswith("/tables/"):
        return _event_table_now(reading, text.replace("\nLeave\n", "\n"))
    text = text.replace("\nStandings as CSV\n", "\nStandings as CSV · Projector view\n")
    text = text.replace("\n← The event's page\n", "\n← The event's page · Projector view\n")
    if re.fullmatch(r"/tournaments/\d+/", reading.page.url) and "(running)" in reading.page.what:
        # Registering late where it would be refused is not offered: the page says why.
        late = LATE_REFUSALS[reading.page.what.split(" (")[0]]
        text = text.replace("\nLog in to register\n", f"\n{late}\n")
        text = text.replace("\nYour entry\nRegister\n", f"\nYour entry\n{late}\n")
    if not reading.page.url.endswith("/manage/"):
        return PRINT_STANDINGS.sub(r"\1· Print the standings\n", text, count=1)
    section = PRINT_SECTION_UPCOMING if "\nUpcoming:" in text else PRINT_SECTION
    text = re.sub(r"\n(?=(Round \d+: the seating|Players)\n)", section, text, count=1)
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
    if "(running)" in reading.page.what:
        # Every running event of the snapshot is past late entry: opening or closing
        # registration would mean nothing, so it is not offered.
        text = text.replace("\nThe event\nClose registration\n", "\nThe event\n")
    # The console links the event's keep-apart pairs (docs/fair-seating.md#keep-apart-pairs).
    before = "\nCheck-in desk\n" if "\nCheck-in desk\n" in text else "\nThe event\n"
    text = text.replace(before, f"\n{KEEP_APART_LINK}{before}", 1)
    text = SEAT_CHOICE.sub(r"\4: round \1, table \2, seat \3\5", text)
    return text.replace(DUPLICATE_BEFORE, DUPLICATE_NOW)


KEEP_APART_LINK = "Keep-apart pairs (who the seating keeps at different tables)"


# Fair play's lines (docs/fair-play.md): an event page tells its players that blocking
# does not change seating, a table page links reporting and blocking.
FAIR_PLAY_LINES = (
    "\nBlocking someone does not change how this event seats its players: if you must be "
    "kept apart from someone, ask an organizer.\n",
    "\nReport or block a player…\n",
)

# Calling the organizer (docs/club-night.md#calling-the-organizer): an event table's page
# links its players to the call page.
ORGANIZER_CALL_LINES = ("\nCall the organizer to this table\n",)


def as_compared(reading: Reading) -> str:
    """The text of a page as read now, without the parts new since the snapshot."""
    text = reading.text
    for line in (*FAIR_PLAY_LINES, *ORGANIZER_CALL_LINES):
        text = text.replace(line, "\n")
    if reading.page.url.endswith("/manage/"):
        text = CONSOLE_WHEN.sub("", text)
    text = LANGUAGE_FORM.sub("", text)
    return CONSOLE_TABLES.sub("", CONSOLE_PARTS.sub("", CONSOLE_DESK.sub("", text)))


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
    monkeypatch: pytest.MonkeyPatch, migrations_database: None
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
