"""Tables in the admin: name and visibility moderated, tables closed; seats read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import services
from games.admin.common import summary_list
from games.models import Seat, Table


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
    readonly_fields = [f for f in fields if f not in ("name", "is_public")]
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
        return summary_list(obj.engine_rules())
