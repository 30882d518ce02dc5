"""The entry conditions' fields (docs/tournaments.md#entry-conditions), shared by the
event form (`tournaments.forms.EventForm` inherits them). They only read input:
`tournaments.entry_conditions.check` decides what makes sense."""

from __future__ import annotations

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from tournaments.entry_conditions import MOST


def _number(label: str | Promise, help_text: str | Promise) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=MOST,
        widget=forms.NumberInput(attrs={"min": 0}),
        help_text=help_text,
    )


class EntryConditionsForm(forms.Form):
    members_only = forms.BooleanField(
        label=gettext_lazy("Members of the club only"),
        required=False,
        help_text=gettext_lazy("Even with the invite link, only the club's members may enter."),
    )
    rating_min = _number(
        gettext_lazy("Lowest rating"),
        gettext_lazy("In the family of the event's rules. Blank: no lower limit."),
    )
    rating_max = _number(
        gettext_lazy("Highest rating"),
        gettext_lazy("In the family of the event's rules. Blank: no upper limit."),
    )
    min_rated_games = _number(
        gettext_lazy("Least rated games"),
        gettext_lazy("Rated games in the family of the event's rules. Blank: any."),
    )
    max_no_shows = _number(
        gettext_lazy("Refused from this many no-shows"),
        gettext_lazy(
            "A no-show: withdrawn at the start for not checking in, or a bot played for "
            "them. Players with fewer may enter. Blank: no limit."
        ),
    )
    no_show_window = _number(
        gettext_lazy("Counted over the club's last events"),
        gettext_lazy("How many of the club's latest events the no-shows are counted in."),
    )
