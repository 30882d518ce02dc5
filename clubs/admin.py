"""The admin: clubs with their members and house rules inline, and join requests.

The admin writes through its forms, not `clubs.services`, so its formsets refuse the
bad states the services never make: a club with no owner, a person in a club twice
(the unique constraint, checked across the rows), a role not on the list (the model's
choices), and taking off the list a rule set one of the club's events plays.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs import services
from clubs.models import Club, ClubRuleSet, JoinRequest, Membership


def _kept(formset: forms.BaseInlineFormSet) -> list[dict[str, Any]]:
    """The cleaned rows that will be saved (filled in and not marked for deletion)."""
    return [
        form.cleaned_data
        for form in formset.forms
        if form.cleaned_data and not form.cleaned_data.get("DELETE")
    ]


class MembershipFormSet(forms.BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return
        if not any(row.get("role") == Membership.OWNER for row in _kept(self)):
            raise ValidationError(
                _("A club needs at least one owner: make someone the owner before you save.")
            )


class ClubRuleSetFormSet(forms.BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        if any(self.errors) or self.instance.pk is None:
            return
        for form in self.deleted_forms:
            rule_set = form.instance.rule_set
            event = self.instance.events.filter(rule_set=rule_set).first()
            if event is not None:
                raise ValidationError(services.rules_in_use(str(rule_set), str(event)))


class MembershipInline(admin.TabularInline):
    model = Membership
    formset = MembershipFormSet
    fields = ["user", "role", "joined_at"]
    readonly_fields = ["joined_at"]
    raw_id_fields = ["user"]
    extra = 1


class ClubRuleSetInline(admin.TabularInline):
    model = ClubRuleSet
    formset = ClubRuleSetFormSet
    fields = ["rule_set", "own", "added_by", "added_at"]
    readonly_fields = ["added_by", "added_at"]
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "join_policy", "member_count", "created_at"]
    list_filter = ["join_policy"]
    search_fields = ["name", "slug", "description"]
    prepopulated_fields = {"slug": ["name"]}
    fields = ["name", "slug", "description", "join_policy", "invite_token", "created_at"]
    readonly_fields = ["invite_token", "created_at"]
    inlines = [MembershipInline, ClubRuleSetInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        return super().get_queryset(request).annotate(member_count=Count("memberships"))

    @admin.display(description=gettext_lazy("Members"), ordering="member_count")
    def member_count(self, obj: Club) -> int:
        return obj.member_count

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        # A rule set staff put on a club's list is recorded as theirs.
        for entry in formset.save(commit=False):
            if isinstance(entry, ClubRuleSet) and entry.added_by_id is None:
                entry.added_by = request.user
            entry.save()
        for gone in formset.deleted_objects:
            gone.delete()
        formset.save_m2m()


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "message", "created_at"]
    list_filter = ["club"]
    search_fields = ["user__username", "club__name"]
    list_select_related = ["user", "club"]
    actions = ["accept", "decline"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players ask on the club's page

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description=gettext_lazy("Accept the selected requests"))
    def accept(self, request: HttpRequest, queryset: QuerySet[JoinRequest]) -> None:
        self._answer(request, queryset, services.accept_request, accepted=True)

    @admin.action(description=gettext_lazy("Decline the selected requests"))
    def decline(self, request: HttpRequest, queryset: QuerySet[JoinRequest]) -> None:
        self._answer(request, queryset, services.decline_request, accepted=False)

    def _answer(
        self,
        request: HttpRequest,
        queryset: QuerySet[JoinRequest],
        answer: Any,
        *,
        accepted: bool,
    ) -> None:
        count = 0
        for join_request in queryset.select_related("club", "user"):
            try:
                answer(by=request.user, join_request=join_request)
            except services.ServiceError as error:
                self.message_user(request, error.message, messages.ERROR)
            else:
                count += 1
        if accepted:
            done = ngettext("%(count)d request accepted.", "%(count)d requests accepted.", count)
        else:
            done = ngettext("%(count)d request declined.", "%(count)d requests declined.", count)
        self.message_user(request, done % {"count": count})
