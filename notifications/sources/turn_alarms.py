"""What the clock brings at a turn-based table (docs/notifications.md#turn-based-alarms):
"your move runs out soon" once a quarter of the move's time is left, "an hour left" an
hour before the deadline (when the move has more than four hours, so the two do not
fall together), and "your turn" again once half the move's time is left if the
person has not read it and is not at the table. Made by beat's sweep
(`notifications.sweep`), each once per turn: the keys carry the game and its seq, and
`services.notify` writes a (kind, key, person) once however often the sweep proposes it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.language import speaking_to
from games import presence
from games.models import Game, GamePlayer
from notifications import kinds
from notifications.models import Notification
from notifications.services import Draft
from notifications.sources.tables import YOUR_TURN, game_of_turn, turn_still_waits

QUARTER_LEFT, HOUR_LEFT = "move_quarter_left", "move_hour_left"
HOUR = timedelta(hours=1)

for name, label, help_text, order in (
    (
        QUARTER_LEFT,
        gettext_lazy("Your move runs out soon"),
        gettext_lazy("At a turn-based table, once a quarter of your move's time is left."),
        61,
    ),
    (
        HOUR_LEFT,
        gettext_lazy("An hour left for your move"),
        gettext_lazy("At a turn-based table, an hour before your move's time runs out."),
        62,
    ),
):
    kinds.register(
        kinds.Kind(
            name,
            label,
            help_text,
            {"site": True, "email": True, "browser": True, "push": True},
            still_news=turn_still_waits,
            order=order,
            urgent=True,
            game_of=game_of_turn,
        )
    )


def alarms(now: datetime) -> list[Draft]:
    """The alarms whose moment has come at every turn-based game waiting for a person."""
    turns = _turns_waiting(now)
    if not turns:
        return []
    drafts: list[Draft] = []
    unread = _unread_turns(turns)
    for turn in turns:
        # The move's own hours, not deadline minus start: a vacation puts the deadline
        # off (docs/tables.md#vacation), and the alarms come as its last hours run.
        span = turn.move_time
        if now >= turn.deadline - span / 4:
            drafts.append(turn.draft(QUARTER_LEFT, f"quarter-{turn.key}", now))
        if span > 4 * HOUR and now >= turn.deadline - HOUR:
            drafts.append(turn.draft(HOUR_LEFT, f"hour-{turn.key}", now))
        if (
            now >= turn.deadline - span / 2
            and (turn.user_id, f"turn-{turn.key}") in unread
            and not presence.seat_seen(turn.game_id, turn.seat, turn.user_id)
        ):
            drafts.append(turn.draft(YOUR_TURN, f"turn-{turn.key}", now, revision=1))
    return drafts


class _Turn:
    """A turn-based game waiting for one person's move."""

    def __init__(self, row: dict[str, Any], user: Any) -> None:
        self.game_id, self.seq, self.seat = row["pk"], row["seq"], row["state__turn"]
        self.deadline, self.started = row["turn_deadline"], row["turn_started_at"]
        self.table_title, self.url = row["title"], row["url"]
        self.move_time = timedelta(hours=row["move_hours"])
        self.user, self.user_id = user, user.pk
        self.key = f"{self.game_id}-{self.seq}"

    def draft(self, kind: str, key: str, now: datetime, revision: int = 0) -> Draft:
        with speaking_to(self.user):
            words = {"table": self.table_title, "left": timeuntil(self.deadline, now)}
            if kind == YOUR_TURN:
                text = _("Your turn at %(table)s: %(left)s left for your move") % words
            elif kind == HOUR_LEFT:
                text = _("An hour left for your move at %(table)s") % words
            else:
                text = _("Your move at %(table)s runs out in %(left)s") % words
        return Draft(
            kind, self.user_id, key, text, self.url, valid_until=self.deadline, revision=revision
        )


def _turns_waiting(now: datetime) -> list[_Turn]:
    games = list(
        Game.objects.in_play()
        .filter(table__move_hours__gt=0, turn_deadline__gt=now, turn_started_at__isnull=False)
        .select_related("table")
    )
    if not games:
        return []
    rows = {
        g.pk: {
            "pk": g.pk,
            "seq": g.seq,
            "state__turn": g.state.get("turn"),
            "turn_deadline": g.turn_deadline,
            "turn_started_at": g.turn_started_at,
            "title": g.table.title,
            "move_hours": g.table.move_hours,
            "url": g.table.get_absolute_url(),
        }
        for g in games
    }
    players = GamePlayer.objects.played_by_person().filter(
        game_id__in=list(rows), user__isnull=False, user__is_active=True
    )
    return [
        _Turn(rows[p.game_id], p.user)
        for p in players.select_related("user")
        if rows[p.game_id]["state__turn"] == p.position
    ]


def _unread_turns(turns: list[_Turn]) -> set[tuple[int, str]]:
    """(person, key) of the "your turn"s of these turns made and not read yet."""
    return set(
        Notification.objects.filter(
            kind=YOUR_TURN,
            key__in=[f"turn-{t.key}" for t in turns],
            user_id__in={t.user_id for t in turns},
            read_at__isnull=True,
            revision=0,
        ).values_list("user_id", "key")
    )
