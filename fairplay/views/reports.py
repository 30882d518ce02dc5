"""Reporting: the page of a table's people and chat lines (from the table's foot), and
a profile's report form. Each POST counts against `reports.REPORTS` first."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from fairplay import blocks as blocking
from fairplay import reports as filing
from fairplay.reasons import REPORT_REASONS
from games import access, chat, ratelimit
from games.errors import ServiceError
from games.models import Table
from games.wording import readers


def _thanks() -> str:
    return _("Thank you: the moderators will look at it.")


def _number(text: str | None) -> int | None:
    try:
        value = int(text or "")
    except ValueError:
        return None
    return value if 0 < value < 2**63 else None


def _reasons() -> list[tuple[str, str]]:
    return [(key, str(text)) for key, text in REPORT_REASONS.items()]


def _limited(request: HttpRequest) -> str | None:
    if wait := ratelimit.throttled(filing.REPORTS, f"user:{request.user.pk}"):
        return ratelimit.too_fast(wait)
    return None


def _visible_table(request: HttpRequest, pk: int) -> Table:
    table = get_object_or_404(Table, pk=pk)
    if not access.may_watch(request.user, table):
        raise Http404("No such table.")
    return table


@login_required
@require_http_methods(["GET", "HEAD"])
def table(request: HttpRequest, pk: int) -> HttpResponse:
    """The people at a table and its recent chat lines, each to report, and the people
    to block or unblock."""
    found = _visible_table(request, pk)
    me = request.user.pk
    blocked = blocking.hidden_by(me)
    people = [(pk, name, pk in blocked) for pk, name in filing.people_at(found) if pk != me]
    lines = [m for m in chat.lines(found.pk) if m.user_id not in (None, me)]
    context: dict[str, Any] = {
        "table": found,
        "people": people,
        "lines": lines,
        "blocked": blocked,
        "reasons": _reasons(),
        "note_length": filing.NOTE_LENGTH,
    }
    return render(request, "fairplay/table.html", context)


@login_required
@require_POST
def report_at_table(request: HttpRequest, pk: int) -> HttpResponse:
    """person=<id> (a seat) or line=<id> (a chat line), reason, note."""
    found = _visible_table(request, pk)
    back = redirect(reverse("fairplay:table", args=[found.pk]))
    if error := _limited(request):
        messages.error(request, error)
        return back
    reason, note = request.POST.get("reason", ""), request.POST.get("note", "")
    try:
        if "line" in request.POST:
            line = _number(request.POST.get("line"))
            if line is None:
                raise ServiceError(_("Choose a line of this table's chat."))
            filing.report_line(
                reporter=request.user, table=found, line_id=line, reason=reason, note=note
            )
        else:
            person = _number(request.POST.get("person"))
            if person is None:
                raise ServiceError(_("Choose a person at this table."))
            filing.report_seat(
                reporter=request.user, table=found, reported_id=person, reason=reason, note=note
            )
    except ServiceError as refused:
        messages.error(request, refused.message)
        return back
    messages.success(request, _thanks())
    return redirect(found.get_absolute_url())


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def report_profile(request: HttpRequest, username: str) -> HttpResponse:
    person = get_object_or_404(get_user_model(), username=username, deleted_number__isnull=True)
    if readers.hides(person.username):
        # As her profile: to a reader her name is hidden from, there is no such page
        # (docs/privacy.md#my-name-off-public-pages).
        raise Http404("No such player.")
    if request.method == "POST":
        error = _limited(request)
        if error is None:
            try:
                filing.report_profile(
                    reporter=request.user,
                    reported_id=person.pk,
                    reason=request.POST.get("reason", ""),
                    note=request.POST.get("note", ""),
                )
            except ServiceError as refused:
                error = refused.message
        if error is None:
            messages.success(request, _thanks())
            return redirect(reverse("profile", args=[person.get_username()]))
        messages.error(request, error)
        return redirect(reverse("fairplay:report_profile", args=[person.get_username()]))
    context = {"person": person, "reasons": _reasons(), "note_length": filing.NOTE_LENGTH}
    return render(request, "fairplay/report_profile.html", context)
