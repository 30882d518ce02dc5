"""Adding an event in the admin, and an event's admin page (docs/tournaments.md): the add
form runs `services.create_event` as a dry run in `clean()` and for real on saving; an
event's upcoming schedule and entry options stay editable, its terms do not."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import models
from django.http import HttpRequest
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.models import RuleSet, Table
from tournaments import formats, services
from tournaments.models import (
    Event,
)
from tournaments.services import ServiceError, dry_run

# What staff may change of an upcoming event (the rest are its terms, fixed when made).
EDITABLE = ("name", "description", "starts_at", "checkin_minutes", "player_cap", "advance")
# What a calendar shows of an event, of the fields above.
CALENDAR_SHOWS = {"name", "description", "starts_at"}
# The formats' own options (tournaments.formats.setup.Option) as the site's form places
# them: one of its own line after the format, the others after the rules.
ADD_FIELDS = (
    "club",
    "name",
    "description",
    "format",
    *(option.name for option in formats.options() if option.own_line),
    "rule_set",
    *(option.name for option in formats.options() if not option.own_line),
    "table_size",
    "table_min",
    "table_max",
    "bots_fill",
    "bye_points",
    "scoring",
    "place_points",
    "stand_in_scoring",
    "tiebreaks",
    "starts_at",
    "checkin_minutes",
    "entry",
    "player_cap",
    "advance",
    "turn_timer",
    "move_hours",
    "round_days",
)


# An event's seed and salt, kept from everyone, staff too, until the event is over: the
# commitment proves nothing if someone can read the seed while the rounds are drawn.
SECRET_UNTIL_THE_END = ("seed", "seed_salt")


def show_error(form: forms.Form, error: ServiceError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


class StrictJSONField(forms.JSONField):
    """Django's JSON form field, refusing as invalid what its parser raises besides a
    syntax error, which Django lets through as a 500: an integer of more than 4,300
    digits (ValueError), nesting deeper than the stack (RecursionError)."""

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except (ValueError, RecursionError) as error:
            raise ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value}
            ) from error

    def bound_data(self, data: Any, initial: Any) -> Any:
        # What the form shows again after a refusal: the text as it was sent.
        try:
            return super().bound_data(data, initial)
        except (ValueError, RecursionError):
            return forms.fields.InvalidJSONInput(data)


class EventAddFields(forms.ModelForm):
    bye_points = forms.FloatField(
        label=gettext_lazy("Bye points"),
        required=False,
        help_text=gettext_lazy("Blank: half of a won game."),
    )
    # As on the site's form: optional, a form posted without it keeps the bot's result.
    stand_in_scoring = forms.ChoiceField(
        label=capfirst(Event._meta.get_field("stand_in_scoring").verbose_name),
        choices=Event.STAND_IN_SCORING,
        initial=Event.STAND_IN_PLAYED,
        required=False,
    )
    # As on the site's form: a knockout has no rounds to set (the services store 0).
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"),
        required=False,
        initial=3,
        help_text=gettext_lazy(
            "Swiss and duplicate events only; a knockout plays until one player is left."
        ),
    )
    boards = forms.IntegerField(
        label=gettext_lazy("Boards a round"),
        initial=4,
        help_text=gettext_lazy(
            "Duplicate events only: the deals every table plays in each round (1 to 16)."
        ),
    )
    # A turn-based event (docs/tournaments.md#turn-based-events): blank for a live one,
    # as on the site.
    move_hours = forms.TypedChoiceField(
        label=gettext_lazy("Hours a move"),
        choices=Table.MOVE_HOURS_CHOICES,
        coerce=int,
        required=False,
        empty_value=0,
        initial=0,
        help_text=gettext_lazy("Turn-based events only (the turn timer is then not used)."),
    )
    round_days = forms.IntegerField(
        label=gettext_lazy("Days a round"),
        required=False,
        help_text=gettext_lazy(
            "Turn-based events only: each round's deadline, in days from its start."
        ),
    )
    user: Any = None  # set by EventAdmin.get_form: who creates the event

    def options(self) -> dict[str, Any]:
        data = {k: self.cleaned_data.get(k) for k in ADD_FIELDS}
        data["place_points"] = data["place_points"] or ()
        data["bots_fill"] = bool(data["bots_fill"])
        data["stand_in_scoring"] = data["stand_in_scoring"] or Event.STAND_IN_PLAYED
        data["move_hours"] = data["move_hours"] or 0
        data["round_days"] = data["round_days"] or 0
        return data

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors:
            error = dry_run(lambda: services.create_event(by=self.user, **self.options()))
            if error is not None:
                show_error(self, error)
        return cleaned

    def create(self) -> Event:
        self.save_m2m = lambda: None  # what the admin calls after save_form; none here
        return services.create_event(by=self.user, **self.options())


# The add form: its fields above, and a format's option without a column of its own
# (kept in `Event.format_options`) as the format words it.
EventAddForm = type(
    "EventAddForm",
    (EventAddFields,),
    {
        **{o.name: o.field() for o in formats.options() if not o.column},
        "Meta": type("Meta", (), {"model": Event, "fields": ADD_FIELDS}),
        "__module__": __name__,
    },
)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "status", "starts_at", "format", "rounds_shown", "rules_name")
    formfield_overrides = {models.JSONField: {"form_class": StrictJSONField}}
    list_filter = ("status", "club")
    search_fields = ("name", "club__name")
    date_hierarchy = "starts_at"

    @admin.display(description=pgettext_lazy("tournaments field", "rounds"), ordering="rounds")
    def rounds_shown(self, event: Event) -> str:
        # A knockout stores 0 rounds: it has no set number, not none at all.
        planned = formats.of(event).rounds.planned(event)
        return "—" if planned is None else str(planned)

    def get_form(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        if obj is None:
            kwargs["form"] = EventAddForm
            form = super().get_form(request, obj, **kwargs)
            form.user = request.user
            return form
        return super().get_form(request, obj, **kwargs)

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        """The query may prefill the add form (`?club=3`), as everywhere in the admin;
        but the query's text is no value for a field split in parts (the date and time
        of `starts_at`), whose widget takes a datetime and fails on text (a 500)."""
        initial = super().get_changeform_initial_data(request)
        fields = self.get_form(request).base_fields
        return {
            name: value
            for name, value in initial.items()
            if not isinstance(fields.get(name), forms.MultiValueField)
        }

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return ADD_FIELDS
        fields = super().get_fields(request, obj)
        # secret until the event is over (docs/fair-seating.md#revealed-when-the-event-is-over)
        if not obj.seed_revealed:
            fields = [name for name in fields if name not in SECRET_UNTIL_THE_END]
        return fields

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return ()
        every = [f.name for f in Event._meta.fields if f.name != "id"]
        if obj.status != Event.UPCOMING:
            return every
        return [name for name in every if name not in EDITABLE]

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "rule_set":
            kwargs["queryset"] = RuleSet.objects.order_by("name")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_form(self, request: HttpRequest, form: Any, change: bool) -> Any:
        if not change:
            return form.create()  # the same call the dry run made: it is saved
        return super().save_form(request, form, change)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change:
            if CALENDAR_SHOWS.intersection(form.changed_data):
                # calendars show the change (docs/calendars.md#what-a-vevent-says)
                obj.calendar_changed()
            super().save_model(request, obj, form, change)
