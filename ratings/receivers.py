"""What ratings do when `games` announces something (games never imports this)."""

from __future__ import annotations

from typing import Any

from games import notify
from ratings.models import Rating
from ratings.records import rated_games

RATE_GAME = "ratings.tasks.rate_game"


def game_finished(sender: Any, *, game_id: int, **results: Any) -> None:
    """A game is over (after its commit): if it counts, rate it in a Celery task (the
    receiver runs in whichever process made the last move; the task does nothing for a
    game already rated, so a repeated delivery changes nothing)."""
    if rated_games().filter(pk=game_id).exists():
        notify.enqueue(RATE_GAME, game_id)


def account_erased(sender: Any, *, user: Any, **_: Any) -> None:
    """A member's deletion took effect (accounts.signals): their rating leaves the
    leaderboards; the changes each game made stay, as the others' ratings rest on them
    (docs/privacy.md#deleting-an-account)."""
    Rating.objects.filter(user=user).delete()
