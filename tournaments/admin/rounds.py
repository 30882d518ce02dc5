"""The admin's read of an event's entries, rounds, tables, seats, byes, corrections and
card results (docs/tournaments.md#withdrawal): read-only, but for withdrawing an entry and
correcting a seat's place, which go through the services (`withdraw`,
`correct_result`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.admin.events import show_error
from tournaments.models import (
    Bye,
    CardResult,
    Correction,
    Entry,
    Round,
    RoundSeat,
    RoundTable,
)
from tournaments.services import ServiceError, dry_run


class RoundTableInline(admin.TabularInline):
    model = RoundTable
    fields = ("number", "table", "game", "finished_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RoundSeatInline(admin.TabularInline):
    model = RoundSeat
    fields = ("position", "entry", "bot_level", "locked", "place", "lives_lost", "stood_in")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("user", "event", "status", "checked_in_at", "first_round")
    list_filter = ("status", "event__club")
    search_fields = ("user__username", "event__name")
    readonly_fields = (
        "event",
        "user",
        "status",
        "registered_at",
        "checked_in_at",
        "first_round",
        "withdrawn_at",
    )
    actions = ["withdraw"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=gettext_lazy("Withdraw the selected players"))
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Entry]) -> None:
        for entry in queryset.select_related("event", "user"):
            try:
                services.withdraw(event=entry.event, entry=entry, by=request.user)
            except ServiceError as error:
                self.message_user(
                    request,
                    _("%(entry)s: %(error)s") % {"entry": entry, "error": error.message},
                    messages.ERROR,
                )
            else:
                self.message_user(
                    request, _("Withdrawn: %(name)s.") % {"name": entry.user.get_username()}
                )


@admin.register(Round)
class RoundAdmin(ReadOnly):
    list_display = ("__str__", "status", "start_at", "started_at", "finished_at")
    list_filter = ("status",)
    inlines = [RoundTableInline]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = super().get_fields(request, obj)
        if obj is not None and not obj.event.seed_revealed:  # the event's seed, with ":n"
            fields = [name for name in fields if name != "seed"]
        return fields


@admin.register(RoundTable)
class RoundTableAdmin(ReadOnly):
    list_display = ("__str__", "table", "cards", "finished_at")
    inlines = [RoundSeatInline]


class CorrectionForm(forms.ModelForm):
    """A seat's result, corrected: the new place and the reason, for the audit log."""

    new_place = forms.IntegerField(label=gettext_lazy("New place"), min_value=1)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=200)
    user: Any = None

    class Meta:
        model = RoundSeat
        fields: tuple[str, ...] = ()

    def correct(self) -> Correction:
        data = self.cleaned_data
        return services.correct_result(
            seat=self.instance, by=self.user, place=data["new_place"], reason=data["reason"]
        )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors:
            error = dry_run(self.correct)
            if error is not None:
                error.field = {"place": "new_place"}.get(error.field or "", error.field)
                show_error(self, error)
        return cleaned


@admin.register(RoundSeat)
class RoundSeatAdmin(admin.ModelAdmin):
    list_display = ("__str__", "entry", "bot_level", "place", "locked")
    form = CorrectionForm
    readonly_fields = (
        "table",
        "position",
        "entry",
        "bot_level",
        "locked",
        "place",
        "lives_lost",
        "stood_in",
    )
    fieldsets = (
        (None, {"fields": readonly_fields}),
        (gettext_lazy("Correct the result"), {"fields": ("new_place", "reason")}),
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_form(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, **kwargs)
        form.user = request.user
        return form

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        form.correct()


@admin.register(Correction)
class CorrectionAdmin(ReadOnly):
    list_display = ("seat", "old_place", "new_place", "reason", "by", "at")


@admin.register(Bye)
class ByeAdmin(ReadOnly):
    list_display = ("entry", "round", "points", "late")


@admin.register(CardResult)
class CardResultAdmin(ReadOnly):
    """A card table's submissions (docs/club-night.md#entering-and-confirming): read
    only, the record of who entered and confirmed what; the result page and the console
    change them."""

    list_display = ("round_table", "places", "status", "submitted_by", "confirmed_by", "reason")
    list_filter = ("status",)
