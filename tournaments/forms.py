"""Forms of the event pages. They only read input: what makes sense is decided by
`tournaments.services`, whose `ServiceError` names the field its sentence belongs on
(`EventForm.service_error` puts it there)."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime
from typing import Any

from django import forms
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs import zones
from clubs.models import Club
from games.errors import ServiceError
from games.forms import PACE_CHOICES, split_pace
from tournaments import formats, services
from tournaments.condition_form import EntryConditionsForm
from tournaments.formats.swiss.standings import TIEBREAKS
from tournaments.models import Event
from tournaments.schedule import recurrence
from tournaments.services.turn_based import MAX_ROUND_DAYS
from tournaments.words import ordinal, seat_name, table_seat

# A turn-based event lets its players be away this many days in a game at most.
MAX_VACATION_DAYS = 30
TIEBREAK_FIELDS = tuple(f"tiebreak_{n}" for n in range(1, len(TIEBREAKS) + 1))
# The tie-breaks the form starts with: an event with card tables' defaults, whatever the
# venue, since the venue is chosen on the same form (a phone without JavaScript could
# not change them when it is): "fewest lives lost" only when the organizer chooses it,
# as it makes every card table enter each seat's lives lost
# (docs/club-night.md#card-results).
INITIAL_TIEBREAKS = services.default_tiebreaks(Event.CARDS)
# Fields of the services that have no field of their own here.
FIELD_FOR = {"tiebreaks": TIEBREAK_FIELDS[0]}


def aware(moment: datetime | None, zone: str) -> datetime | None:
    """A datetime-local value (naive) read in the time zone `zone` (a zoneinfo name):
    what the organizer typed is the clock in the zone they chose."""
    if moment is None:
        return None
    return moment.replace(tzinfo=zoneinfo.ZoneInfo(zone)).astimezone(UTC)


class WhenField(forms.DateTimeField):
    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class TimeZoneField(forms.ChoiceField):
    """The zone a WhenField is read in: the club's first and chosen to begin with, then
    the common zones, then all (clubs.zones.choices). static/js/local-time.js picks
    the browser's instead while it is still on UTC."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", gettext_lazy("Time zone"))
        super().__init__(choices=zones.choices(), initial=zones.DEFAULT, **kwargs)
        self.widget.attrs["data-browser-zone"] = ""


def offer_zones(form: forms.Form, club: Club) -> None:
    """`form`'s time_zone offers the club's zone first and starts on it."""
    field = form.fields["time_zone"]
    assert isinstance(field, TimeZoneField)
    field.choices = zones.choices(club.time_zone)
    field.initial = club.time_zone


class EventForm(EntryConditionsForm):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80, required=False)
    description = forms.CharField(
        label=gettext_lazy("Description"),
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
    )
    # Optional: a form posted without it (an older page, a script) makes a Swiss event.
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=formats.choices,
        initial=Event.SWISS,
        required=False,
        # Its help is each format's description, one line a format (`EventForm.format_help`).
        widget=forms.Select(attrs={"aria-describedby": "format-help"}),
    )
    # Optional like the format: a form posted without it makes an online event.
    venue = forms.ChoiceField(
        label=gettext_lazy("Where the tables play"),
        choices=Event.VENUES,
        initial=Event.ONLINE,
        required=False,
        widget=forms.RadioSelect,
        # What each format allows (`Setup.card_tables_refusal`, `mixed_tables_refusal`;
        # tests/tournaments/test_forms.py checks the sentence against them).
        help_text=gettext_lazy(
            "Real cards: players enter each table's result on their phones and another "
            "player of the table confirms it. A Swiss event plays every table or some of "
            "them with cards (mixed); a knockout or top-q knockout every table or none; "
            "duplicate plays online only."
        ),
    )
    rule_set = forms.TypedChoiceField(label=gettext_lazy("Rules"), coerce=int)
    table_size = forms.IntegerField(label=gettext_lazy("Preferred table size"), initial=4)
    table_min = forms.IntegerField(label=gettext_lazy("Smallest table"), initial=3)
    table_max = forms.IntegerField(label=gettext_lazy("Largest table"), initial=5)
    bots_fill = forms.BooleanField(
        label=gettext_lazy("Bots fill empty seats"),
        required=False,
        initial=True,
        help_text=gettext_lazy("Otherwise a player who cannot be seated sits out with a bye."),
    )
    bye_points = forms.FloatField(
        label=gettext_lazy("Points for a bye"),
        required=False,
        help_text=gettext_lazy("Blank: half of a won game."),
    )
    # Optional: a form posted without it keeps the bot's result (docs/tournaments.md#stand-ins).
    stand_in_scoring = forms.ChoiceField(
        label=capfirst(Event._meta.get_field("stand_in_scoring").verbose_name),
        choices=Event.STAND_IN_SCORING,
        initial=Event.STAND_IN_PLAYED,
        required=False,
        widget=forms.RadioSelect,
        help_text=gettext_lazy(
            "Swiss events only: when a player does not come and you let a bot play for "
            "them, that round scores them this. Knockouts and duplicate keep the bot's result."
        ),
    )
    scoring = forms.ChoiceField(
        label=gettext_lazy("Scoring"),
        choices=Event.SCORING_CHOICES,
        initial=Event.OUTLASTED,
        widget=forms.RadioSelect,
    )
    place_points = forms.CharField(
        label=gettext_lazy("Place points"),
        required=False,
        help_text=gettext_lazy(
            "For points by place: 1st, 2nd, 3rd… separated by commas, e.g. 4, 2, 1, 0."
        ),
    )
    starts_at = WhenField(label=gettext_lazy("Starts at"), required=False)
    registration_opens_at = WhenField(
        label=gettext_lazy("Registration opens at"),
        required=False,
        help_text=gettext_lazy("Blank: at once. In the time zone chosen for the start."),
    )
    time_zone = TimeZoneField()
    checkin_minutes = forms.IntegerField(
        label=gettext_lazy("Check-in (minutes before the start)"),
        initial=0,
        help_text=gettext_lazy(
            "0: no check-in. Otherwise players who have not checked in are withdrawn."
        ),
    )
    entry = forms.ChoiceField(
        label=gettext_lazy("Who may register"),
        choices=Event.ENTRY_CHOICES,
        initial=Event.OPEN,
        widget=forms.RadioSelect,
    )
    player_cap = forms.IntegerField(
        label=gettext_lazy("Most players"),
        required=False,
        help_text=gettext_lazy("Blank: no cap."),
    )
    advance = forms.ChoiceField(
        label=gettext_lazy("Starting each round"),
        choices=Event.ADVANCE_CHOICES,
        initial=Event.AUTO,
        widget=forms.RadioSelect,
    )
    # Live or turn-based, one select (games.forms.PACE_CHOICES): a turn-based event's
    # rounds each have days (docs/tournaments.md#turn-based-events).
    turn_timer = forms.TypedChoiceField(
        choices=PACE_CHOICES, coerce=int, initial=60, label=gettext_lazy("Turn timer")
    )
    round_days = forms.IntegerField(
        label=gettext_lazy("Days a round"),
        required=False,
        widget=forms.NumberInput(attrs={"min": 1, "max": MAX_ROUND_DAYS}),
        help_text=gettext_lazy(
            "Turn-based events only: each round's deadline, in days from its start; "
            "then bots finish the games still being played."
        ),
    )
    vacation_days = forms.IntegerField(
        label=gettext_lazy("Vacation days"),
        required=False,
        min_value=0,
        max_value=MAX_VACATION_DAYS,
        widget=forms.NumberInput(attrs={"min": 0, "max": MAX_VACATION_DAYS}),
        help_text=gettext_lazy(
            "Turn-based events only: the days each player may be away in a game, their "
            "moves' time stopped; after them a bot plays their moves. Blank: none."
        ),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        offer_zones(self, club)
        self.rule_sets = {r.pk: r for r in services.rule_sets_for(club)}
        self.fields["rule_set"].choices = [(pk, r.title) for pk, r in self.rule_sets.items()]
        # The formats' options (`tournaments.formats.setup.Option`): one of its own line
        # under the venue, the others in the row of numbers after the rules.
        own = [o.name for o in formats.options() if o.own_line]
        row = [o.name for o in formats.options() if not o.own_line]
        for option in formats.options():
            self.fields[option.name] = option.field()
        names = list(self.fields)
        for name in own + row:
            names.remove(name)
        at = names.index("venue") + 1
        names[at:at] = own
        at = names.index("rule_set") + 1
        names[at:at] = row
        self.order_fields(names)
        blank = [("", "—")]
        labels = [(key, _(label)) for key, label in TIEBREAKS.items()]
        for n, name in enumerate(TIEBREAK_FIELDS):
            self.fields[name] = forms.ChoiceField(
                label=_("%(ordinal)s tie-break") % {"ordinal": ordinal(n + 1)},
                choices=blank + labels,
                required=False,
                initial=INITIAL_TIEBREAKS[n] if n < len(INITIAL_TIEBREAKS) else "",
            )

    @property
    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in TIEBREAK_FIELDS]

    @property
    def format_help(self) -> list[tuple[str, str, bool]]:
        """(format, what it is, whether it is the one chosen), for every format."""
        chosen = self["format"].value() or self.fields["format"].initial
        return [(key, str(fmt.description), key == chosen) for key, fmt in formats.FORMATS.items()]

    @property
    def own_line_options(self) -> list[forms.BoundField]:
        """The formats' options with a line of their own (the form shows them first)."""
        return [self[o.name] for o in formats.options() if o.own_line]

    @property
    def row_options(self) -> list[forms.BoundField]:
        """The formats' other options, in the row of numbers beside the turn timer."""
        return [self[o.name] for o in formats.options() if not o.own_line]

    def clean_place_points(self) -> list[float]:
        text = self.cleaned_data["place_points"]
        try:
            return [float(part) for part in text.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError(
                _("Write the points as numbers separated by commas, e.g. 4, 2, 1, 0.")
            ) from None

    def options(self) -> dict[str, Any]:
        """The cleaned input as `services.create_event` takes it."""
        data = dict(self.cleaned_data)
        zone = data.pop("time_zone")
        data["starts_at"] = aware(data["starts_at"], zone)
        data["registration_opens_at"] = aware(data.get("registration_opens_at"), zone)
        data["rule_set"] = self.rule_sets.get(data["rule_set"])
        data["tiebreaks"] = [key for name in TIEBREAK_FIELDS if (key := data.pop(name))]
        data["format"] = data.get("format") or Event.SWISS
        data["venue"] = data.get("venue") or Event.ONLINE
        for option in formats.options():  # a blank field means the option's `blank`
            if data.get(option.name) is None:
                data[option.name] = option.blank
        data["stand_in_scoring"] = data.get("stand_in_scoring") or Event.STAND_IN_PLAYED
        data["turn_timer"], data["move_hours"] = split_pace(data["turn_timer"])
        data["round_days"] = data.get("round_days") or 0
        data["vacation_days"] = data.get("vacation_days") or 0
        return data

    def service_error(self, error: ServiceError) -> None:
        """Show the services' refusal on the field it names (or above the form)."""
        field = FIELD_FOR.get(error.field or "", error.field)
        self.add_error(field if field in self.fields else None, error.message)


def seat_choices(seats: list[Any], with_place: bool = False) -> list[tuple[int, str]]:
    """Round seats as choices, the player first (a phone's narrow select shows the
    start of the line): "p4: table 1, seat 3", "p4: round 2, table 1, seat 3 (2nd)"."""
    choices = []
    for seat in seats:
        values = {
            "who": seat_name(seat),
            "where": table_seat(seat.table.number, seat.position + 1),
            "round": seat.table.round.number if with_place else 0,
            "place": ordinal(seat.place) if seat.place else "",
        }
        if with_place and seat.place:
            text = _("%(who)s: round %(round)s, %(where)s (%(place)s)") % values
        elif with_place:
            text = _("%(who)s: round %(round)s, %(where)s") % values
        else:
            text = _("%(who)s: %(where)s") % values
        choices.append((seat.pk, text))
    return choices


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(label=gettext_lazy("Seat"), coerce=int)
    second = forms.TypedChoiceField(label=gettext_lazy("Swap with"), coerce=int)

    def __init__(self, *args: Any, seats: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].choices = seat_choices(seats)


class ScheduleForm(forms.Form):
    start_at = WhenField(
        label=gettext_lazy("Start the round at"),
        required=False,
        help_text=gettext_lazy("Blank: unschedule."),
    )
    time_zone = TimeZoneField()

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer_zones(self, club)
        start_at = self.initial.get("start_at")
        if isinstance(start_at, datetime):  # shown as the club's clock reads it
            self.initial["start_at"] = zones.local(start_at, club.time_zone).replace(tzinfo=None)

    def when(self) -> datetime | None:
        return aware(self.cleaned_data["start_at"], self.cleaned_data["time_zone"])


class MoveForm(ScheduleForm):
    """A new start for an event that has not started (the manage page), read as the
    round schedule's is."""

    start_at = WhenField(label=gettext_lazy("New start"))


class RepeatForm(forms.Form):
    """Repeat an event every week (the manage page, docs/calendars.md#weekly-series)."""

    registration_days = forms.IntegerField(
        label=gettext_lazy("Registration opens (days before each)"),
        initial=7,
        min_value=0,
        max_value=recurrence.MAX_DAYS,
        help_text=format_lazy(
            gettext_lazy("0 to {most}; 0: as soon as it is on the calendar."),
            most=recurrence.MAX_DAYS,
        ),
    )


class CorrectionForm(forms.Form):
    seat = forms.TypedChoiceField(label=gettext_lazy("Seat"), coerce=int)
    place = forms.IntegerField(label=gettext_lazy("New place"), min_value=1)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=200, required=False)

    def __init__(self, *args: Any, seats: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = seat_choices(seats, with_place=True)


class BreakForm(forms.Form):
    minutes = forms.IntegerField(label=gettext_lazy("Or minutes"), min_value=1, max_value=120)


class AnnouncementForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Announcement"),
        max_length=200,
        help_text=gettext_lazy("At most 200 characters."),
    )


class WithdrawForm(forms.Form):
    entry = forms.IntegerField(widget=forms.HiddenInput)


def first_error(form: forms.Form) -> str:
    """A refused form's first message, for a flash message: "Seat: Select a valid choice"."""
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        if label:
            return _("%(label)s: %(error)s") % {"label": label, "error": errors[0]}
        return errors[0]
    return _("Check the form.")
