"""Forms of the club pages. They check the shape of what is posted; the rules (who may,
unique names, the engine's verdict on house rules) are `clubs.services`', whose
refusals the views put on the field they name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs import zones
from clubs.models import Club, Membership
from games.engine import PRESET_TITLES, PRESETS, Rules
from games.forms import HouseRuleFields, rules_initial
from games.models import RuleSet


class _Form(forms.Form):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def refuse(self, field: str | None, message: str) -> None:
        """Put a service's refusal on its field (or on the form when it names none, or
        a hidden one, whose errors the page would not show)."""
        shown = field in self.fields and not self.fields[field].widget.is_hidden
        self.add_error(field if shown else None, message)


class ClubForm(_Form):
    name = forms.CharField(max_length=80, label=_("Club name"))
    description = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=_("Description"),
        help_text=_("Where and when you play, who is welcome."),
    )
    join_policy = forms.ChoiceField(
        choices=Club.JOIN_POLICIES, initial=Club.REQUEST, label=_("Who may join")
    )
    time_zone = forms.ChoiceField(
        choices=zones.choices,
        initial=zones.DEFAULT,
        # Not posted (an older page, a script): the zone stays as it is.
        required=False,
        label=_("Time zone"),
        help_text=_(
            "Event times are shown on the club's clock to anyone whose browser "
            "does not say where they are."
        ),
    )

    def clean_time_zone(self) -> str | None:
        return self.cleaned_data["time_zone"] or None


class NewClubForm(ClubForm):
    """A new club takes its founder's time zone, which static/js/local-time.js writes
    into the hidden field from the browser; blank (no JavaScript) means UTC, changed
    later in the club's settings. The services refuse a name that is no zone."""

    time_zone = forms.CharField(
        required=False,
        max_length=64,
        widget=forms.HiddenInput(attrs={"data-browser-zone": ""}),
    )


class RoleForm(_Form):
    role = forms.ChoiceField(choices=Membership.ROLES, label=_("Role"))


class AddRuleSetForm(_Form):
    """One of the site's rule sets on offer that is not on the club's list yet."""

    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(),
        label=_("Site rule set"),
        empty_label=None,
        error_messages={"invalid_choice": _("Choose one of the site's rule sets.")},
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field: Any = self.fields["rule_set"]
        field.queryset = RuleSet.on_offer().exclude(club_entries__club=club)


PRESET_CHOICES = [(key, PRESET_TITLES.get(key, key)) for key in PRESETS]


class PresetForm(_Form):
    """Which preset the club's new rules start from (a GET: it only loads the rules)."""

    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial="scat", label=_("Start from"))


class ClubRulesForm(HouseRuleFields, _Form):
    """The club's own house rules: a name, the preset and every option, as on the
    create-table page and in the admin (`games.forms.HouseRuleFields`)."""

    name = forms.CharField(max_length=80, label=_("Name of the rules"))
    preset = forms.ChoiceField(choices=PRESET_CHOICES, widget=forms.HiddenInput)

    def __init__(self, data: Any = None, *, preset: str = "scat", **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"preset": preset, **rules_initial(Rules.preset(preset))})
        super().__init__(data, **kwargs)

    def changes(self) -> dict[str, Any]:
        """The options that differ from the chosen preset, as a RuleSet stores them."""
        return self.changes_from(self.cleaned_data["preset"])
