"""Games, their players, event logs and deals in the admin, read-only; a round's
secrets shown only once it is over, a sealed board's not at all."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.db.models import OuterRef, QuerySet, Subquery
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import results
from games.admin.common import HIDDEN, SEALED, ReadOnlyAdmin, ReadOnlyInline, pretty_json
from games.engine import format_cards, spectator_view
from games.models import Deal, Game, GameEvent, GamePlayer


class GamePlayerInline(ReadOnlyInline):
    model = GamePlayer
    fields = [
        "position",
        "name",
        "user",
        "bot_level",
        "won",
        *results.FIELDS,
        "away",
        "away_reason",
        "turns_timed_out",
    ]


def _round_ends(game: Any) -> QuerySet[GameEvent]:
    return GameEvent.objects.filter(game=game, kind="round_ended")


class GameEventInline(ReadOnlyInline):
    model = GameEvent
    fields = ["seq", "kind", "seat", "data", "secret_shown", "owner", "by_bot", "created_at"]
    ordering = ["seq"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[GameEvent]:
        # Each row learns whether its round is over in the same query.
        last_end = _round_ends(OuterRef("game")).order_by("-seq").values("seq")[:1]
        return (
            super()
            .get_queryset(request)
            .select_related("game")
            .annotate(round_over_at=Subquery(last_end))
            # A sealed game's log is its board's deal, still played elsewhere (Game.sealed).
            .filter(game__sealed=False)
        )

    @admin.display(description=gettext_lazy("Secret"))
    def secret_shown(self, obj: GameEvent) -> str:
        if not obj.secret:
            return "-"
        over = obj.game.status == Game.FINISHED or obj.seq <= (obj.round_over_at or 0)
        return json.dumps(obj.secret, ensure_ascii=False) if over else str(HIDDEN)


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "table", "status", "end_reason", "seq", "started_at", "finished_at"]
    list_filter = ["status", "end_reason"]
    search_fields = ["table__name"]
    list_select_related = ["table"]
    hidden_fields = frozenset({"state"})
    fields = [
        "table",
        "status",
        "end_reason",
        "seq",
        "turn_deadline",
        "turn_started_at",
        "started_at",
        "updated_at",
        "human_moved_at",
        "finished_at",
        "state_shown",
    ]
    readonly_fields = fields
    inlines = [GamePlayerInline, GameEventInline]

    @admin.display(description=gettext_lazy("State snapshot"))
    def state_shown(self, obj: Game) -> str:
        if obj.sealed:
            return str(SEALED)
        if obj.status == Game.FINISHED:
            return pretty_json(obj.state)
        return _public_summary(obj)


def _public_summary(game: Game) -> str:
    """A game in play as a spectator sees it: the snapshot holds every hand and the
    stock's order, which no one may see before the round is over."""
    seen = spectator_view(game.engine_state())
    lines = [
        _("round %(round)s, phase %(phase)s, turn: %(turn)s")
        % {
            "round": seen.round_no,
            "phase": seen.phase,
            "turn": seen.names[seen.turn] if seen.turn is not None else "-",
        },
        *(_seat_line(s.name, seen.cards_held[s.seat], s) for s in seen.seats),
        ngettext("stock: %(count)s card", "stock: %(count)s cards", seen.stock_count)
        % {"count": seen.stock_count},
        ngettext(
            "discard pile: %(count)s card, showing %(cards)s",
            "discard pile: %(count)s cards, showing %(cards)s",
            seen.discard_count,
        )
        % {"count": seen.discard_count, "cards": format_cards(seen.discard_pile)},
        _("kitty %(kitty)s, pot %(pot)s") % {"kitty": seen.kitty, "pot": seen.pot},
        _("(the hands and the stock are shown once the game is over)"),
    ]
    return format_html("<pre>{}</pre>", "\n".join(lines))


def _seat_line(name: str, held: int, seat: Any) -> str:
    """One seat of a game in play, as the admin's summary shows it."""
    values = {
        "name": name,
        "count": held,
        "lives": seat.lives,
        "points": seat.points,
        "chips": seat.chips,
    }
    if seat.out:
        return (
            ngettext(
                "%(name)s: %(count)s card, lives %(lives)s, points %(points)s, "
                "chips %(chips)s, out",
                "%(name)s: %(count)s cards, lives %(lives)s, points %(points)s, "
                "chips %(chips)s, out",
                held,
            )
            % values
        )
    return (
        ngettext(
            "%(name)s: %(count)s card, lives %(lives)s, points %(points)s, chips %(chips)s",
            "%(name)s: %(count)s cards, lives %(lives)s, points %(points)s, chips %(chips)s",
            held,
        )
        % values
    )


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "game", "purpose", "commitment", "used_seq", "revealed_seq"]
    list_filter = ["purpose", ("revealed_seq", admin.EmptyFieldListFilter)]
    list_select_related = ["game__table"]
    hidden_fields = frozenset({"salt", "deck"})
    fields = [
        "game",
        "round_no",
        "purpose",
        "number",
        "commitment",
        "committed_seq",
        "used_seq",
        "revealed_seq",
        "salt_shown",
        "deck_shown",
    ]
    readonly_fields = fields

    @admin.display(description=gettext_lazy("Salt"))
    def salt_shown(self, obj: Deal) -> str:
        return str(SEALED) if obj.game.sealed else obj.salt if obj.revealed else str(HIDDEN)

    @admin.display(description=gettext_lazy("Deck"))
    def deck_shown(self, obj: Deal) -> str:
        return str(SEALED) if obj.game.sealed else obj.deck if obj.revealed else str(HIDDEN)
