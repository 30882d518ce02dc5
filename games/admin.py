"""The admin: rule sets with every house rule as a field, and tables and games to look at.

Rule sets are edited through the same option fields as the site's form, so the
engine's message lands on the offending field, and only the options that differ from
the preset are stored. Games, their event logs and deals are read-only: game state is
written by `games.services` alone.

Staff see no more of a round in play than a spectator: a deck and its salt, the hands
and the stock, and the events' secrets (the deal's deck, a card drawn from the stock)
only once the round is over, when the shuffle proof shows them to the players too.
Nor can they filter by a hidden field: `?deck__startswith=` would answer, a card at a
time, what the page does not show.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import OuterRef, QuerySet, Subquery
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import results, services
from games.engine import OPTION_NAMES, PRESETS, Rules, format_cards, spectator_view
from games.forms import HouseRuleFields, rules_initial
from games.models import (
    ChatMessage,
    Deal,
    Game,
    GameEvent,
    GamePlayer,
    RuleSet,
    Seat,
    Table,
    TableMute,
)
from games.rule_text import SECTIONS, rule_summary


class RuleSetForm(HouseRuleFields, forms.ModelForm):
    """A rule set as its preset plus every option; saving keeps only the differences."""

    class Meta:
        model = RuleSet
        fields = ["name", "preset", "offered", "description", *OPTION_NAMES]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            rules = self.instance.rules()
        else:  # a new rule set starts from its preset (the add page takes ?preset=)
            preset = self.initial.get("preset")
            rules = Rules.preset(preset if preset in PRESETS else self.instance.preset)
        for name, value in rules_initial(rules).items():
            self.initial.setdefault(name, value)
        if self.instance.is_preset:
            # `load_presets` keeps the built-in rule sets equal to the engine's presets.
            for name in ("preset", "offered", *OPTION_NAMES):
                self.fields[name].disabled = True

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.rules is not None and "preset" in cleaned:
            self.instance.changes = self.changes_from(cleaned["preset"])
        return cleaned


class OfferedForm(forms.ModelForm):
    """A row of the rule sets' list: whether it is offered (the presets always are)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.is_preset and "offered" in self.fields:
            self.fields["offered"].disabled = True


def _pretty_json(value: Any) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


def _summary_list(rules: Rules) -> str:
    lines = rule_summary(rules)
    if not lines:
        return _("The standard Scat rules")
    return format_html(
        "<ul>{}</ul>", format_html_join("", "<li>{}</li>", ((line,) for line in lines))
    )


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    form = RuleSetForm
    list_display = ["name", "preset", "offered", "is_preset", "differs_from_scat"]
    list_editable = ["offered"]
    list_filter = ["offered", "is_preset", "preset"]
    search_fields = ["name", "description"]
    readonly_fields = ["stored_changes", "is_preset", "created_by"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "name",
                    "preset",
                    "offered",
                    "description",
                    "stored_changes",
                    "is_preset",
                    "created_by",
                ],
                "description": gettext_lazy(
                    "The options below are the rules of this set; saving stores the ones "
                    "that differ from the preset. Only offered rule sets can be chosen when "
                    "opening a table; a table keeps the rules it was opened with, so editing "
                    "or withdrawing a rule set changes no table or game. The built-in presets "
                    "are kept by load_presets and cannot be changed here."
                ),
            },
        ),
        *[(title, {"fields": list(names)}) for title, names in SECTIONS],
    ]

    @admin.display(description=gettext_lazy("Stored changes from the preset"))
    def stored_changes(self, obj: RuleSet) -> str:
        return _pretty_json(obj.changes) if obj.changes else _("None")

    @admin.display(description=gettext_lazy("Differs from Scat in"))
    def differs_from_scat(self, obj: RuleSet) -> str:
        return _summary_list(obj.rules())

    def get_changelist_form(self, request: HttpRequest, **kwargs: Any) -> Any:
        return super().get_changelist_form(request, form=OfferedForm, **kwargs)

    def save_model(self, request: HttpRequest, obj: RuleSet, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


class SeatInline(admin.TabularInline):
    # Seats change through the site (games.services checks who may sit where).
    model = Seat
    fields = ["position", "user", "bot_level"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "owner",
        "rule_set",
        "seat_count",
        "is_public",
        "created_at",
        "closed_at",
    ]
    list_filter = ["is_public", "closed_reason", "rule_set"]
    search_fields = ["name", "owner__username"]
    list_select_related = ["owner", "rule_set"]
    # Name and visibility may be moderated, and a table closed (the action, through
    # games.services); the rules and seats are the players'.
    fields = [
        "name",
        "is_public",
        "owner",
        "starters",
        "rule_set",
        "rules_name",
        "rules_preset",
        "rules_in_words",
        "rules",
        "seat_count",
        "turn_timer",
        "move_hours",
        "invite_token",
        "created_at",
        "last_activity",
        "closed_at",
        "closed_reason",
    ]
    readonly_fields = [
        "owner",
        "starters",
        "rule_set",
        "rules_name",
        "rules_preset",
        "rules_in_words",
        "rules",
        "seat_count",
        "turn_timer",
        "move_hours",
        "invite_token",
        "created_at",
        "last_activity",
        "closed_at",
        "closed_reason",
    ]
    inlines = [SeatInline]
    actions = ["close_tables"]

    @admin.action(description=gettext_lazy("Close the selected tables"))
    def close_tables(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        closed = 0
        for table in queryset:
            try:
                services.close_table(table=table, by=request.user)
            except services.ServiceError as refused:
                self.message_user(
                    request,
                    _("%(table)s: %(reason)s") % {"table": table.title, "reason": refused.message},
                    messages.WARNING,
                )
            else:
                closed += 1
        if closed:
            self.message_user(
                request,
                ngettext("Closed %(count)s table.", "Closed %(count)s tables.", closed)
                % {"count": closed},
            )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tables are opened on the site, through games.services

    @admin.display(description=gettext_lazy("Differs from Scat in"))
    def rules_in_words(self, obj: Table) -> str:
        return _summary_list(obj.engine_rules())


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return self.fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


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


HIDDEN = gettext_lazy("hidden until the round is over")
SEALED = gettext_lazy("sealed: a duplicate board still being played at other tables")


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


class ReadOnlyAdmin(admin.ModelAdmin):
    # Fields no changelist may be filtered by (see the module's docstring).
    hidden_fields: frozenset[str] = frozenset()

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        if lookup.split("__")[0] in self.hidden_fields:
            return False  # the changelist answers 400, as for any lookup not allowed
        return super().lookup_allowed(lookup, value, request)


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
            return _pretty_json(obj.state)
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


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """Table chat (games.chat), for moderation: `hidden` lines are those taken down when
    their writer was muted; staff may take down or restore a line here."""

    list_display = ["created_at", "table", "name", "text", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["text", "name", "table__name"]
    list_editable = ["hidden"]
    raw_id_fields = ["table", "user"]
    readonly_fields = ["table", "user", "name", "text", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        # Players write the lines (games.chat); every field of the form is read-only, so
        # an "add" could only save a line of no table (a 500 from the database).
        return False


@admin.register(TableMute)
class TableMuteAdmin(admin.ModelAdmin):
    list_display = ["table", "user", "muted_by", "created_at"]
    raw_id_fields = ["table", "user", "muted_by"]
