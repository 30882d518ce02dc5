"""Rule sets in the admin: every house rule as a field, saved as the differences from
the preset."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.admin.common import pretty_json, summary_list
from games.engine import OPTION_NAMES, PRESETS, Rules
from games.forms import HouseRuleFields, rules_initial
from games.models import RuleSet
from games.rule_text import SECTIONS


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
        return pretty_json(obj.changes) if obj.changes else _("None")

    @admin.display(description=gettext_lazy("Differs from Scat in"))
    def differs_from_scat(self, obj: RuleSet) -> str:
        return summary_list(obj.rules())

    def get_changelist_form(self, request: HttpRequest, **kwargs: Any) -> Any:
        return super().get_changelist_form(request, form=OfferedForm, **kwargs)

    def save_model(self, request: HttpRequest, obj: RuleSet, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
