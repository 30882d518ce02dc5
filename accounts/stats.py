"""What a profile page shows about a player's games: the recent ones and the totals.

Read from `GamePlayer` rows (one per player per game: their results are columns there,
`games.results`; no snapshot is read), in a fixed number of queries
however many games there are: the totals, the recent games with their tables, and
everyone who played in them.

A game ended early (by the host or staff, or abandoned: `Game.ENDED`) is listed with
why, but is neither won nor lost: it counts in no total (games.absence).

A game a bot finished for the player (they were away when it ended: the timer, absence,
the host, staff or a withdrawal; `GamePlayer.away`) is listed with its result and says
"finished by a bot", but counts neither in their games played nor in their wins: the
totals and the win rate are about the games the person played to the end themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TypedDict

from django.db.models import Count, Prefetch, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.models import Game, GamePlayer

# How many recent games a profile lists (the totals count them all).
RECENT_GAMES = 30

# A game's result in words, by its outcome (`GameEntry.outcome`).
RESULTS = {
    "abandoned": _("Abandoned"),
    "ended-early": _("Ended early"),
    "playing": _("Playing"),
    "won": _("Won"),
    "shared-win": _("Shared win"),
    "lost": _("Lost"),
    "won-finished-by-a-bot": _("Won, finished by a bot"),
    "shared-win-finished-by-a-bot": _("Shared win, finished by a bot"),
    "lost-finished-by-a-bot": _("Lost, finished by a bot"),
}


@dataclass(frozen=True)
class PlayerInGame:
    name: str
    won: bool
    is_bot: bool
    is_them: bool  # the player whose profile this is
    place: int | None  # 1 = best, shared by a tie; None while the game is played


@dataclass(frozen=True)
class GameEntry:
    table_name: str
    table_is_public: bool
    table_url: str
    game_url: str  # the game's permanent page, which outlives "Play again"
    started_at: datetime
    finished: bool
    ended: str  # "" or, for a game ended early, why: "host", "staff" or "abandoned"
    won: bool
    shared_win: bool  # a drawn game: the kitty was shared
    by_bot: bool  # a bot was playing for them when the game ended
    place: int | None  # their place (games.results); None while the game is played
    players: list[PlayerInGame]

    @property
    def outcome(self) -> str:
        """The result as a word of the code, the same in every language (the page's CSS
        class): "won", "shared-win", "lost" (each perhaps "-finished-by-a-bot"),
        "playing", "abandoned" or "ended-early"."""
        if self.ended:
            return "abandoned" if self.ended == "abandoned" else "ended-early"
        if not self.finished:
            return "playing"
        result = ("shared-win" if self.shared_win else "won") if self.won else "lost"
        return f"{result}-finished-by-a-bot" if self.by_bot else result

    @property
    def result(self) -> str:
        """The result in words, in the language of the page."""
        return str(RESULTS[self.outcome])


class PlayerSummary(TypedDict):
    games: list[GameEntry]  # newest first, at most RECENT_GAMES
    played: int  # finished games (not those ended early, nor those a bot finished)
    won: int
    by_bot: int  # finished games a bot finished for them (in neither total above)
    win_rate: float | None  # won / played, None before the first finished game
    playing: int  # games in progress


def player_summary(user: User, *, public_only: bool = False) -> PlayerSummary:
    """The summary shown on `user`'s profile page (three queries).

    `public_only` for anyone but the player themselves: a game at a private table,
    its co-players and its result are for the people at that table, so a visitor's
    list and totals count only games at public tables."""
    mine = GamePlayer.objects.filter(user=user)
    if public_only:
        mine = mine.filter(game__table__is_public=True)
    finished = Q(game__status=Game.FINISHED)
    totals = mine.aggregate(
        played=Count("pk", filter=finished & Q(away=False)),
        won=Count("pk", filter=finished & Q(away=False, won=True)),
        by_bot=Count("pk", filter=finished & Q(away=True)),
        playing=Count("pk", filter=Q(game__status=Game.PLAYING)),
    )
    rows = (
        mine.select_related("game__table")
        .prefetch_related(
            Prefetch("game__players", queryset=GamePlayer.objects.order_by("position"))
        )
        .order_by("-game__started_at", "-game_id")[:RECENT_GAMES]
    )
    played, won = totals["played"], totals["won"]
    return {
        "games": [game_entry(row) for row in rows],
        "played": played,
        "won": won,
        "by_bot": totals["by_bot"],
        "win_rate": won / played if played else None,
        "playing": totals["playing"],
    }


def game_entry(row: GamePlayer) -> GameEntry:
    """One game of the player whose seat `row` is, as their profile lists it (its
    `game__table` and `game__players` read with it)."""
    game, table = row.game, row.game.table
    players = list(game.players.all())
    return GameEntry(
        table_name=table.title,
        table_is_public=table.is_public,
        table_url=table.get_absolute_url(),
        game_url=reverse("game_page", args=[game.pk]),
        started_at=game.started_at,
        finished=game.status == Game.FINISHED,
        ended=(game.end_reason or "ended") if game.status == Game.ENDED else "",
        won=row.won and game.status == Game.FINISHED,
        shared_win=sum(player.won for player in players) > 1,
        by_bot=row.away and game.status == Game.FINISHED,
        place=row.place,
        players=[
            PlayerInGame(player.name, player.won, player.is_bot, player.pk == row.pk, player.place)
            for player in players
        ],
    )
