"""Forms for opening a table and for house rules.

`HouseRulesForm` has one field per option of the engine's `Rules`, made from the
dataclass itself, so a new option gets a field without touching this file (only its
wording in `games.rule_text`). The engine stays the judge of what makes sense: the
form builds `Rules(...)` in `clean()` and puts the engine's message on the field the
`RulesError` names.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import gates
from games.absence import DEFAULT_TURN_TIMER, MOVE_HOURS
from games.engine import OPTION_NAMES, PRESETS, Rules, RulesError
from games.engine.rules import BOUNDS, CHOICES, MAX_SEATS
from games.models import RuleSet, Seat, Table, hours_a_move
from games.rule_text import (
    CHOICE_LABELS,
    OPTIONS,
    SCORING_NOTES,
    SECTIONS,
    differences,
    other_names,
    preset_summary,
    preset_title,
    rule_summary,
    rules_title,
    scoring_of,
)
from games.wording import refusal

logger = logging.getLogger(__name__)


def _option_field(option: dataclasses.Field[Any]) -> forms.Field:
    field = _plain_option_field(option)
    # The way of scoring it belongs to: the form says so under the field, and with
    # JavaScript hides it while another way is chosen (static/js/rules-form.js).
    field.scoring = scoring_of(option.name)
    return field


def _plain_option_field(option: dataclasses.Field[Any]) -> forms.Field:
    scoring = scoring_of(option.name)
    text = OPTIONS[option.name]
    # Two sentences, each translated when the form is shown.
    help_text = format_lazy("{} {}", SCORING_NOTES[scoring], text.help) if scoring else text.help
    common: dict[str, Any] = {"label": text.label, "help_text": help_text}
    if option.name == "life_labels":
        return forms.CharField(
            required=False, widget=forms.Textarea(attrs={"rows": 6}), strip=True, **common
        )
    if option.name in CHOICES:
        labels = CHOICE_LABELS[option.name]
        return forms.TypedChoiceField(
            choices=[(value, labels[value]) for value in CHOICES[option.name]],
            coerce=type(option.default),
            **common,
        )
    if isinstance(option.default, bool):
        return forms.BooleanField(required=False, **common)
    # The bounds go to the browser only: the engine checks them, so the message is the
    # same here, in the admin and from the services.
    low, high = BOUNDS[option.name]
    return forms.IntegerField(widget=forms.NumberInput(attrs={"min": low, "max": high}), **common)


def rules_initial(rules: Rules) -> dict[str, Any]:
    """`rules` as initial values for the option fields."""
    initial = rules.to_dict()
    initial["life_labels"] = "\n".join(rules.life_labels or ())
    return initial


def json_changes(changes: dict[str, Any]) -> dict[str, Any]:
    """Changes as stored in JSON (tuples become lists), so what is saved reads back equal."""
    return {name: list(v) if isinstance(v, tuple) else v for name, v in changes.items()}


class HouseRuleFields:
    """The option fields and their checking, for a Form or a ModelForm (the admin's).

    Django's form metaclass gathers `declared_fields` from every base class, which is
    how a ModelForm gets fields that are not on its model.
    """

    declared_fields: dict[str, forms.Field] = {
        option.name: _option_field(option) for option in dataclasses.fields(Rules)
    }
    rules: Rules | None = None

    cleaned_data: dict[str, Any]
    fields: dict[str, forms.Field]
    add_error: Any

    def clean_life_labels(self) -> tuple[str, ...] | None:
        lines = (line.strip() for line in self.cleaned_data["life_labels"].splitlines())
        return tuple(line for line in lines if line) or None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()  # type: ignore[misc]
        if all(name in cleaned for name in OPTION_NAMES):  # each field is well-formed
            try:
                self.rules = Rules(**{name: cleaned[name] for name in OPTION_NAMES})
            except RulesError as error:
                self.add_error(
                    error.option if error.option in self.fields else None, refusal(error)
                )
        return cleaned

    def changes_from(self, base: str | Rules) -> dict[str, Any]:
        """The options in which the cleaned rules differ from `base` (a preset's key or
        a whole `Rules`), JSON-ready."""
        assert self.rules is not None, "call is_valid() first"
        before = (Rules.preset(base) if isinstance(base, str) else base).to_dict()
        after = self.rules.to_dict()
        return json_changes({name: after[name] for name in after if after[name] != before[name]})

    def sections(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The option fields grouped by the sections of docs/rules.md, for fieldsets."""
        form: Any = self
        return [(str(title), [form[name] for name in names]) for title, names in SECTIONS]


class HouseRulesForm(HouseRuleFields, forms.Form):
    """Every house rule, starting from `rules` (a preset's, usually)."""

    def __init__(self, data: Any = None, *, rules: Rules | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("initial", rules_initial(rules or Rules()))
        kwargs.setdefault("label_suffix", "")
        super().__init__(data, **kwargs)


# Up to the most one deck serves (engine.rules.MAX_SEATS); the rules chosen may allow
# fewer (their `max_players`), which the service checks.
def _seats(n: int) -> str:
    return ngettext("%(count)s seat", "%(count)s seats", n) % {"count": n}


def _bots(n: int) -> str:
    return ngettext("%(count)s bot", "%(count)s bots", n) % {"count": n}


# Choices are made once, at import: each label is worded when the form is shown.
SEAT_CHOICES = [(n, lazy(_seats, str)(n)) for n in range(2, MAX_SEATS + 1)]
BOT_COUNT_CHOICES = [(0, gettext_lazy("No bots"))] + [
    (n, lazy(_bots, str)(n)) for n in range(1, MAX_SEATS)
]
VISIBILITY_CHOICES = [
    ("public", gettext_lazy("Public — listed in the lobby")),
    ("private", gettext_lazy("Private — only people with the invite link")),
]


@dataclass(frozen=True)
class RulesCard:
    """One rule set as the table form offers it: its radio button and its rules in words."""

    radio: Any  # its radio button (a BoundWidget)
    rule_set: RuleSet
    # How its rules differ from Scat, in one line.
    summary: str
    # House rules: how they differ from their preset ("5 lives instead of 3").
    changes: list[str]
    preset_title: str
    # Whether the summary says more than the changes (a preset other than Scat's rules).
    show_summary: bool
    # Other names players know a built-in preset by ("Card Game 101").
    other_names: tuple[str, ...] = ()
    # Its name as shown: a built-in preset's title in the reader's language.
    title: str = ""


HOUSE_RULES_GROUP = gettext_lazy("This site’s house rules")
RULE_SET_GROUPS = (gettext_lazy("Built-in"), HOUSE_RULES_GROUP)


def rules_card(rule_set: RuleSet, radio: Any = None) -> RulesCard:
    """`rule_set` in words, for the table form (its rules must be valid)."""
    rules = rule_set.rules()
    preset = Rules.preset(rule_set.preset)
    if rule_set.is_preset:
        summary = preset_summary(rule_set.preset) if rule_set.preset in PRESETS else ""
    else:
        summary = " · ".join(rule_summary(rules)) or _("The standard rules")
    return RulesCard(
        radio=radio,
        rule_set=rule_set,
        summary=summary,
        changes=[] if rule_set.is_preset else differences(preset, rules),
        preset_title=preset_title(rule_set.preset),
        show_summary=rule_set.is_preset or preset != Rules(),
        other_names=other_names(rule_set.preset) if rule_set.is_preset else (),
        title=rules_title(rule_set.name, rule_set.preset),
    )


def _usable(rule_set: RuleSet) -> bool:
    """Whether the engine accepts the rule set's rules (stored before a check, or made
    impossible by a newer engine): one that is not is left out rather than break the form."""
    try:
        rule_set.rules()
    except RulesError:
        logger.warning("Rule set %s (%s) is not valid: not offered", rule_set.pk, rule_set)
        return False
    return True


# How long a move has, live or turn-based (docs/tables.md#hours-a-move), as one select in two
# groups: a turn-based choice's value is its hours in seconds, so the one field says it.
PACE_CHOICES = [
    (gettext_lazy("Live"), Table.TIMER_CHOICES),
    (
        gettext_lazy("Turn-based: played over days"),
        [(hours * 3600, hours_a_move(hours)) for hours in MOVE_HOURS],
    ),
]


def split_pace(seconds: int) -> tuple[int, int]:
    """A `PACE_CHOICES` value as the table stores it: (turn timer, hours a move)."""
    hours, rest = divmod(seconds, 3600)
    return (0, hours) if hours in MOVE_HOURS and not rest else (seconds, 0)


class TableForm(forms.Form):
    """The table itself: its name, rules, seats, who may find it, timer and bots.

    The rules are a rule set on offer (`RuleSet.offered`): the built-in presets and the
    site's house rules, grouped. Anything else posted is refused on the field."""

    name = forms.CharField(
        max_length=80,
        required=False,
        label=gettext_lazy("Table name"),
        help_text=gettext_lazy("Leave it empty to call it after yourself."),
    )
    # Choices from the rule sets on offer (see __init__); cleaned to the `RuleSet`.
    rule_set = forms.TypedChoiceField(
        coerce=int,
        widget=forms.RadioSelect,
        label=gettext_lazy("Rules"),
        error_messages={
            "required": gettext_lazy("Choose the rules to play by."),
            "invalid_choice": gettext_lazy(
                "Those rules are not offered here: choose rules from the list."
            ),
        },
    )
    seat_count = forms.TypedChoiceField(
        choices=SEAT_CHOICES, coerce=int, initial=4, label=gettext_lazy("Seats")
    )
    visibility = forms.ChoiceField(
        choices=VISIBILITY_CHOICES,
        initial="public",
        widget=forms.RadioSelect,
        label=gettext_lazy("Who can join"),
    )
    turn_timer = forms.TypedChoiceField(
        choices=PACE_CHOICES,
        coerce=int,
        initial=DEFAULT_TURN_TIMER,
        label=gettext_lazy("Turn timer"),
    )
    bots = forms.TypedChoiceField(
        choices=BOT_COUNT_CHOICES, coerce=int, initial=0, label=gettext_lazy("Bots to add")
    )
    bot_level = forms.ChoiceField(
        choices=Seat.BOT_LEVELS, initial="medium", label=gettext_lazy("Bot level")
    )
    rated = forms.BooleanField(
        required=False,
        label=gettext_lazy("Rated game"),
        help_text=gettext_lazy(
            "Its games count for the players’ ratings when at least two people "
            "play (bots play at their fixed ratings)."
        ),
    )

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        # A person who may not play rated games now is not offered the box, but told
        # why (docs/fair-play.md#sanctions): a disabled field keeps its initial, False.
        if (refused := gates.refusal(gates.RATED_PLAY, user)) is not None:
            self.fields["rated"].disabled = True
            self.fields["rated"].help_text = refused
        # One query: the choices and the check of what is posted both come from it.
        offered = [rule_set for rule_set in RuleSet.on_offer() if _usable(rule_set)]
        self.offered = {rule_set.pk: rule_set for rule_set in offered}
        field = self.fields["rule_set"]
        field.choices = [
            (rule_set.pk, rules_title(rule_set.name, rule_set.preset)) for rule_set in offered
        ]
        scat = next((r for r in offered if r.is_preset and r.preset == "scat"), None)
        if scat is not None:
            field.initial = scat.pk

    def clean_rule_set(self) -> RuleSet:
        return self.offered[self.cleaned_data["rule_set"]]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        seats, bots = cleaned.get("seat_count"), cleaned.get("bots")
        if seats is not None and bots is not None and bots > seats - 1:
            self.add_error(
                "bots",
                ngettext(
                    "%(seats)s seats leave room for %(room)s bot besides you, not %(bots)s.",
                    "%(seats)s seats leave room for %(room)s bots besides you, not %(bots)s.",
                    seats - 1,
                )
                % {"seats": seats, "room": seats - 1, "bots": bots},
            )
        return cleaned

    @property
    def is_public(self) -> bool:
        return self.cleaned_data["visibility"] == "public"

    @property
    def pace(self) -> tuple[int, int]:
        """The turn timer and hours a move chosen (`split_pace`)."""
        return split_pace(self.cleaned_data["turn_timer"])

    @cached_property
    def rule_set_groups(self) -> list[tuple[str, list[RulesCard]]]:
        """The radio buttons of the rule sets on offer, each with its rules in words, in
        two groups: the built-in presets and the site's house rules (a group with none
        is left out)."""
        built_in: list[RulesCard] = []
        house: list[RulesCard] = []
        for radio in self["rule_set"].subwidgets:
            rule_set = self.offered[radio.data["value"]]
            (built_in if rule_set.is_preset else house).append(rules_card(rule_set, radio))
        groups = zip(RULE_SET_GROUPS, (built_in, house), strict=True)
        return [(str(title), cards) for title, cards in groups if cards]

    def chosen(self) -> RuleSet | None:
        """The rule set the form shows as chosen: the one posted or given, if offered."""
        value = self["rule_set"].value()
        if isinstance(value, RuleSet):
            value = value.pk
        try:
            return self.offered.get(int(value)) if value not in (None, "") else None
        except (TypeError, ValueError):
            return None
