"""The admin: ratings and their history, to look up and to rebuild, never to edit.

A rating is a fold over finished games (`ratings.services`): a number typed in here
would be undone by the next `rebuild_ratings`, and would make the history lie. So the
rows are read-only; what an admin changes is the games (a corrected tournament place,
a game ended) and then rebuilds, from the ratings list's action.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy, ngettext

from ratings import services
from ratings.models import Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "family", "shown", "games", "mu", "sigma", "updated")
    list_filter = ("family",)
    search_fields = ("user__username",)
    list_select_related = ("user",)
    ordering = ("family", "-mu")
    actions = ["rebuild"]

    @admin.display(description=gettext_lazy("rating"))
    def shown(self, rating: Rating) -> str:
        return rating.shown

    @admin.action(description=gettext_lazy("Rebuild every rating from the games (all families)"))
    def rebuild(self, request: HttpRequest, queryset: QuerySet[Rating]) -> None:
        count = services.rebuild()
        said = ngettext(
            "Rebuilt from %(count)d rated game.", "Rebuilt from %(count)d rated games.", count
        )
        self.message_user(request, said % {"count": count}, messages.SUCCESS)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        # The action rewrites every rating: superusers only.
        actions = super().get_actions(request)
        if not request.user.is_superuser:
            actions.pop("rebuild", None)
        return actions


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = (
        "finished_at",
        "user",
        "family",
        "game",
        "place",
        "weight",
        "displayed_before",
        "displayed_after",
    )
    list_filter = ("family",)
    search_fields = ("user__username",)
    list_select_related = ("user", "game")
    raw_id_fields = ("game", "user")
    date_hierarchy = "finished_at"
