"""What the admin's pages share: JSON and rules shown as read, the read-only inlines
and pages, and what staff read in place of a secret."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Rules
from games.rule_text import rule_summary


def pretty_json(value: Any) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


def summary_list(rules: Rules) -> str:
    lines = rule_summary(rules)
    if not lines:
        return _("The standard Scat rules")
    return format_html(
        "<ul>{}</ul>", format_html_join("", "<li>{}</li>", ((line,) for line in lines))
    )


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return self.fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


HIDDEN = gettext_lazy("hidden until the round is over")
SEALED = gettext_lazy("sealed: a duplicate board still being played at other tables")


class ReadOnlyAdmin(admin.ModelAdmin):
    # Fields no changelist may be filtered by (see games.admin's docstring).
    hidden_fields: frozenset[str] = frozenset()

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        if lookup.split("__")[0] in self.hidden_fields:
            return False  # the changelist answers 400, as for any lookup not allowed
        return super().lookup_allowed(lookup, value, request)
