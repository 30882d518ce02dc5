"""Leavers of rated games (docs/fair-play.md#leavers).

When a game at a rated table (`Table.rated`: the lobby's rated games; an event's games
are its organizers' to judge) is over (`games.signals.game_finished`), each person who
left it is marked once: away at its end (the timer, absence, the host or staff let a bot
play for them, and they never came back), still in a game abandoned by everyone, or
played by a bot for most of their moves (`GamePlayer.bot_moves` against their own).

Three marks within 7 days, counted since the last such ban began, pause rated play for
a day; if a pause for leaving began within the 30 days before, a week. Each ban is a
`Sanction` keyed by the mark that made it, and a mark is unique per game and person, in
one transaction under the person's row lock: the receiver run twice, or two games ending
at once, make each mark and each ban once. The person hears of it (`rated_paused`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from fairplay import signals
from fairplay.models import LeaverMark, Sanction
from fairplay.reasons import LEAVING
from games.engine.events import MOVE_KINDS
from games.models import Game, GameEvent, GamePlayer
from games.signals import send_on_commit

MARKS, WITHIN = 3, timedelta(days=7)
FIRST_BAN, AGAIN_BAN, AGAIN_WITHIN = timedelta(days=1), timedelta(days=7), timedelta(days=30)
# Away for a reason that is leaving; not an event's withdrawal, stand-in or deadline.
LEAVING_AWAY = ("timer", "absent", "host", "staff")


def game_finished(sender: Any, *, game_id: int, end_reason: str = "", **_: Any) -> None:
    """The receiver of `games.signals.game_finished`."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None or not game.table.rated:
        return
    at = game.finished_at or timezone.now()
    people = list(game.players.filter(user__isnull=False, bot_level=""))
    own = _own_moves(game)
    for player in people:
        why = _why(player, own.get(player.position, 0), end_reason)
        if why is not None:
            assert player.user_id is not None
            mark(user_id=player.user_id, game=game, why=why, at=at)


def _own_moves(game: Game) -> dict[int, int]:
    """seat -> the moves its person made themselves."""
    rows = (
        GameEvent.objects.filter(game=game, kind__in=MOVE_KINDS, by_bot=False, seat__isnull=False)
        .values("seat")
        .annotate(moves=Count("pk"))
    )
    return {row["seat"]: row["moves"] for row in rows}


def _why(player: GamePlayer, own_moves: int, end_reason: str) -> str | None:
    if player.away and player.away_reason in LEAVING_AWAY:
        return LeaverMark.LEFT
    if end_reason == "abandoned" and player.out_in_round is None:
        return LeaverMark.LEFT
    if player.bot_moves > own_moves:
        return LeaverMark.BOT
    return None


def mark(*, user_id: int, game: Game, why: str, at: datetime) -> Sanction | None:
    """Mark `user_id` as having left `game` (once), and ban them if that makes three;
    the ban made, if one was."""
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user_id).first()
        found, created = LeaverMark.objects.get_or_create(
            user_id=user_id, game=game, defaults={"why": why, "at": at}
        )
        if not created:
            return None
        bans = Sanction.objects.filter(user_id=user_id, kind=Sanction.RATED_BAN, reason=LEAVING)
        last = bans.filter(starts_at__lte=at).order_by("-starts_at").first()
        marks = LeaverMark.objects.filter(user_id=user_id, at__gt=at - WITHIN, at__lte=at)
        if last is not None:
            marks = marks.filter(at__gt=last.starts_at)
        if marks.count() < MARKS:
            return None
        again = last is not None and last.starts_at > at - AGAIN_WITHIN
        ban = Sanction.objects.create(
            user_id=user_id,
            kind=Sanction.RATED_BAN,
            reason=LEAVING,
            starts_at=at,
            ends_at=at + (AGAIN_BAN if again else FIRST_BAN),
            key=f"leaver-{found.pk}",
        )
        send_on_commit(signals.rated_paused, sender=Sanction, sanction_id=ban.pk)
    return ban
