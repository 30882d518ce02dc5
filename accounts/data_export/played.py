"""The games part of the download (docs/privacy.md#download-my-data): `games/<id>.json`
for every game the person sat at.

Each holds the game's signed transcript, the same file anyone who may watch the game
downloads from its page (`games.archive.transcript`: what a spectator may know now), and
the person's own view of it: every step of the replay as their seat saw it, what the
table told them (`games.archive.said`, their own draws named) and their own cards
(`games.engine.observation` for their seat). Those are the replay's own per-seat rules
(docs/tables.md#replays), never a hand or a card of another player that their seat did
not see (docs/security.md#who-sees-what). The replay offers a seat's side only once the
game is over, because anyone who may watch could ask for it; this file goes to that
seat's player alone, who held those cards, so a game in play is in it too. A sealed
deal (a duplicate board still played at other tables) is listed without either: its
transcript would show the deck those tables are playing."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.data_export import parts
from accounts.data_export.parts import File
from accounts.stats import game_entry
from games import archive, engine, site
from games.models import GamePlayer


def files(user: Any) -> Iterator[File]:
    seats = (
        GamePlayer.objects.filter(user=user)
        .select_related("game__table")
        .prefetch_related(
            Prefetch("game__players", queryset=GamePlayer.objects.order_by("position"))
        )
        .order_by("game__started_at", "game_id")
    )
    for seat in seats:
        entry = game_entry(seat)
        title = " · ".join(
            (date_format(seat.game.started_at, _("j M Y")), entry.table_name, entry.result)
        )
        yield File(f"games/{seat.game_id}.json", game_record(seat, entry.result), title)


def game_record(seat: GamePlayer, result: str) -> dict[str, Any]:
    game = seat.game
    events = [row.to_engine() for row in archive.log(game)]
    names = list(events[0].data["names"]) if events else []
    record: dict[str, Any] = {
        "game": game.pk,
        "url": site.absolute(reverse("game_page", args=[game.pk])),
        "table": game.table.title,
        "rules": game.table.rules_name,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "status": game.status,
        "status_name": game.get_status_display(),
        "result": archive.result_text(game, events, names),
        "players": [
            {"seat": p.position + 1, "name": p.name, "bot": p.bot_level, "place": p.place}
            for p in game.players.all()
        ],
        "you": {
            "seat": seat.position + 1,
            "name": seat.name,
            "result": result,
            "place": seat.place,
            "lives": seat.lives,
            "points": seat.points,
            "chips": seat.chips,
            "moves_a_bot_made_for_you": seat.bot_moves,
        },
    }
    if game.sealed:
        return record | {
            "sealed": True,
            "note": _(
                "This deal is still being played at other tables: its transcript and your "
                "view of it come in a download asked for once it is over there."
            ),
            "transcript": None,
            "your_view": None,
        }
    return record | {
        "sealed": False,
        "transcript": archive.transcript(game),
        "your_view": your_view(events, names, seat.position),
    }


def your_view(
    events: Sequence[engine.Event], names: Sequence[str], seat: int
) -> list[dict[str, Any]] | None:
    """Each step of the replay as `seat` saw it (None: a log that does not fold)."""
    try:
        steps = archive.fold(events)
    except engine.EngineError:
        return None
    view = []
    for number, step in enumerate(steps):
        seen = engine.observation(step.state, seat)
        view.append(
            {
                "step": number,
                "round": seen.round_no,
                "said": archive.said(step, names, str(seat), True),
                "your_cards": _codes(seen.hand),
                "your_hand_value": seen.hand_value,
                "you_drew": seen.drawn.code if seen.drawn is not None else None,
                "discard_top": seen.discard_top.code if seen.discard_top is not None else None,
            }
        )
    return view


def _codes(cards: Sequence[engine.Card] | None) -> list[str] | None:
    return None if cards is None else [card.code for card in cards]


def register() -> None:
    parts.register(
        parts.Part(
            "games/<id>.json",
            gettext_lazy(
                "One file for each game you played: its players and result, its transcript "
                "signed by the site (the same file its page offers everyone who may watch it), "
                "and your own view of it, step by step: what the table told you and your own "
                "cards, as codes: the rank (2 to 10, J, Q, K or A), then the suit's letter (S, "
                "H, D or C); JK is a joker. No other player's hidden card is in it."
            ),
            files,
            order=60,
            many=True,
        )
    )
