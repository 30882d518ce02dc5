"""Filing a report (docs/fair-play.md#reports): about a person at a table (their seat),
a line they wrote in its chat, or their profile, with a reason from the short list and a
note. Refused with a sentence, nothing written: a report on oneself, an unknown reason,
a person who was not at the table, a line that is not theirs there. At a table the
report keeps the game and its replay step at the time, and the club whose event the
table belongs to, whose organizers then see it."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from fairplay.models import Report
from fairplay.reasons import REPORT_REASONS
from games import access
from games.archive import replay_steps
from games.errors import ServiceError
from games.models import ChatMessage, Game, Table
from games.ratelimit import Limit
from tournaments.models import RoundTable

log = logging.getLogger(__name__)

# Reports a person may file: a few in an evening is a bad table; more is a campaign.
REPORTS = Limit("reports", count=5, seconds=3600)
NOTE_LENGTH = 1000


def people_at(table: Table) -> list[tuple[int, str]]:
    """(user id, name) of the people at `table`: seated now, or players of its last game."""
    found: dict[int, str] = {}
    game = table.games.order_by("-pk").first()
    if game is not None:
        for player in game.players.filter(user__isnull=False, bot_level=""):
            found[player.user_id] = player.name
    for seat in table.seats.filter(user__isnull=False).select_related("user"):
        found.setdefault(seat.user_id, seat.display_name)
    return sorted(found.items(), key=lambda pair: pair[1].casefold())


def _checked(reporter: Any, reported_id: int, reason: str, note: str) -> str:
    if reason not in REPORT_REASONS:
        raise ServiceError(_("Choose a reason from the list."))
    if reported_id == reporter.pk:
        raise ServiceError(_("You cannot report yourself."))
    if not get_user_model().objects.filter(pk=reported_id).exists():
        raise ServiceError(_("There is no such person."))
    note = note.strip()
    if len(note) > NOTE_LENGTH:
        raise ServiceError(_("A note holds at most %(count)s characters.") % {"count": NOTE_LENGTH})
    return note


def report_profile(*, reporter: Any, reported_id: int, reason: str, note: str = "") -> Report:
    note = _checked(reporter, reported_id, reason, note)
    return Report.objects.create(
        reporter=reporter, reported_id=reported_id, subject=Report.PROFILE, reason=reason, note=note
    )


def report_seat(
    *, reporter: Any, table: Table, reported_id: int, reason: str, note: str = ""
) -> Report:
    """A person at `table` (seated, or a player of its last game)."""
    note = _checked(reporter, reported_id, reason, note)
    if not access.may_watch(reporter, table):
        raise ServiceError(_("There is no such table."))
    if reported_id not in dict(people_at(table)):
        raise ServiceError(_("Choose a person at this table."))
    return _at_table(reporter, table, reported_id, Report.SEAT, reason, note)


def report_line(
    *, reporter: Any, table: Table, line_id: int, reason: str, note: str = ""
) -> Report:
    """A line of `table`'s chat, which the reporter may read."""
    line = ChatMessage.objects.filter(pk=line_id, table=table, user__isnull=False).first()
    if line is None or not access.may_watch(reporter, table):
        raise ServiceError(_("Choose a line of this table's chat."))
    assert line.user_id is not None
    note = _checked(reporter, line.user_id, reason, note)
    return _at_table(reporter, table, line.user_id, Report.CHAT, reason, note, line)


def _at_table(
    reporter: Any,
    table: Table,
    reported_id: int,
    subject: str,
    reason: str,
    note: str,
    line: ChatMessage | None = None,
) -> Report:
    game = table.games.order_by("-pk").first()
    with transaction.atomic():
        return Report.objects.create(
            reporter=reporter,
            reported_id=reported_id,
            subject=subject,
            reason=reason,
            note=note,
            table=table,
            game=game,
            seq=None if game is None else game.seq,
            step=None if game is None else _step(game),
            chat_message=line,
            quoted="" if line is None else line.shown[:500],
            club=club_of(table),
        )


def _step(game: Game) -> int | None:
    """The replay step the game is at (its last), or None if it has none to replay."""
    if game.sealed:
        return None
    try:
        count = len(replay_steps(game))
    except Exception:  # a log that does not fold: the report stands without its step
        log.warning("report: game %s has no replay steps", game.pk, exc_info=True)
        return None
    return count - 1 if count else None


def club_of(table: Table) -> Any:
    """The club whose event `table` belongs to (None: a casual table)."""
    found = (
        RoundTable.objects.filter(table=table)
        .select_related("round__event__club")
        .order_by("-pk")
        .first()
    )
    return None if found is None else found.round.event.club
