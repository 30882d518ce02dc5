"""A league's form (docs/tournaments.md#leagues), plain HTML that works without JavaScript:
its name, its events (a checkbox for each of the club's events, or one of its weekly
series and how many weeks), the rule and the counting. It only reads input;
`tournaments.leagues.writes` decides what makes sense and says why not."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from clubs.models import Club
from clubs.templatetags.club_time import club_clock
from tournaments.leagues.writes import MAX_NAME, MAX_PLANNED, Terms
from tournaments.models import Event, EventSeries, League


class EventChoice(forms.ModelMultipleChoiceField):
    def __init__(self, club: Club, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.club = club

    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.name} · {club_clock(obj.starts_at, self.club, 'j M Y')}"


def _count(label: Any, help_text: Any, most: int = MAX_PLANNED) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=most,
        widget=forms.NumberInput(attrs={"min": 0}),
        help_text=help_text,
    )


class LeagueForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=MAX_NAME,
        help_text=gettext_lazy("For example “Thursday league 2027”."),
    )
    series = forms.ModelChoiceField(
        label=gettext_lazy("Every event of a weekly series"),
        queryset=EventSeries.objects.none(),
        required=False,
        empty_label=gettext_lazy("No series: the events ticked below"),
    )
    planned = _count(
        gettext_lazy("Weeks of the series"),
        gettext_lazy("With a series: how many of its weeks the league plays, from the first."),
    )
    rule = forms.ChoiceField(
        label=gettext_lazy("How each result scores"),
        choices=League.RULES,
        initial=League.SEASON,
        widget=forms.RadioSelect,
    )
    place_points = forms.CharField(
        label=gettext_lazy("Points per place"),
        required=False,
        help_text=gettext_lazy(
            "For points per place: 1st, 2nd, 3rd… separated by commas, e.g. 10, 7, 5, 3, 2, 1."
        ),
    )
    taking_part = forms.FloatField(
        label=gettext_lazy("Points for taking part"),
        required=False,
        min_value=0,
        help_text=gettext_lazy("For a place beyond the list. Blank: 0."),
    )
    counted = _count(
        gettext_lazy("Results counted"),
        gettext_lazy("Each player's best results that count. Blank: every result."),
    )
    minimum = _count(
        gettext_lazy("Events to be ranked"),
        gettext_lazy("A player with fewer results is listed as not yet ranked. Blank: 0."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["series"].queryset = club.event_series.select_related("template")
        events = club.events.exclude(status=Event.CANCELLED).order_by("-starts_at", "-pk")
        self.fields["events"] = EventChoice(
            club,
            queryset=events,
            label=gettext_lazy("Or the events, chosen"),
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        self.order_fields(["name", "series", "planned", "events"])

    def refuse(self, field: str | None, message: str) -> None:
        """A service's refusal on its field (or on the form when it names none)."""
        self.add_error(field if field in self.fields else None, message)

    def terms(self) -> Terms:
        data = self.cleaned_data
        taking_part = data.get("taking_part")
        return Terms(
            name=data["name"],
            events=list(data.get("events") or ()),
            series=data.get("series"),
            planned=data.get("planned"),
            rule=data["rule"],
            place_points=data.get("place_points") or "",
            taking_part=float(taking_part) if taking_part is not None else 0.0,
            counted=data.get("counted"),
            minimum=data.get("minimum") or 0,
        )
