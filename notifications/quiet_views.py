"""A person's quiet hours, set on the notification settings page
(docs/notifications.md#quiet-hours): a plain form (from, until, their time zone) that
saves and redirects; "No quiet hours" removes them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from clubs import zones
from clubs.models import Club
from notifications.models import QuietHours


class QuietHoursForm(forms.Form):
    starts = forms.TimeField(
        label=gettext_lazy("Quiet from"), widget=forms.TimeInput(attrs={"type": "time"})
    )
    ends = forms.TimeField(
        label=gettext_lazy("until"), widget=forms.TimeInput(attrs={"type": "time"})
    )
    time_zone = forms.ChoiceField(label=gettext_lazy("on the clock of"))

    def __init__(self, *args: Any, first_zone: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = zones.choices(first_zone)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("starts") is not None and cleaned.get("starts") == cleaned.get("ends"):
            raise forms.ValidationError(_("Quiet hours end at another time than they start."))
        return cleaned


def form_for(user: Any, data: Any = None) -> QuietHoursForm:
    """The form, filled with the person's quiet hours, or offering 22:00 to 07:00 on
    their first club's clock."""
    kept = QuietHours.objects.filter(user=user).first()
    club_zone = (
        Club.objects.filter(memberships__user=user)
        .order_by("memberships__joined_at")
        .values_list("time_zone", flat=True)
        .first()
    )
    initial = (
        {"starts": kept.starts, "ends": kept.ends, "time_zone": kept.time_zone}
        if kept
        else {"starts": "22:00", "ends": "07:00", "time_zone": club_zone or zones.DEFAULT}
    )
    return QuietHoursForm(data, initial=initial, first_zone=club_zone)


@login_required
@require_POST
def save(request: HttpRequest) -> HttpResponse:
    if "none" in request.POST:
        QuietHours.objects.filter(user=request.user).delete()
        messages.success(request, _("No quiet hours: you are told at any hour."))
        return redirect("notifications:preferences")
    form = form_for(request.user, request.POST)
    if not form.is_valid():
        said = " ".join(str(e) for errors in form.errors.values() for e in errors)
        messages.error(request, _("Your quiet hours were not saved: %(why)s") % {"why": said})
        return redirect("notifications:preferences")
    QuietHours.objects.update_or_create(user=request.user, defaults=form.cleaned_data)
    messages.success(
        request,
        _("Quiet hours saved: from %(starts)s until %(ends)s (%(zone)s).")
        % {
            "starts": form.cleaned_data["starts"].strftime("%H:%M"),
            "ends": form.cleaned_data["ends"].strftime("%H:%M"),
            "zone": zones.label(form.cleaned_data["time_zone"]),
        },
    )
    return redirect("notifications:preferences")
