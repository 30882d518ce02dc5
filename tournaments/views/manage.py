"""The organizer's page of an event and its actions. Each action is a button of a
plain form posting `action` to the page; its handler reads the form and calls one
service, whose sentence (or refusal) comes back as a message after the redirect. A
handler finds the round or seat from the form, so a second press of "Start now" reaches
the service and is told the round has already started. The handlers are
`manage_actions`, what an action that cannot be undone asks first `manage_questions`,
and what the page shows `manage_page`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs import access as club_access
from tournaments.models import Event
from tournaments.services import ServiceError, dry_run
from tournaments.views.manage_actions import ACTIONS
from tournaments.views.manage_page import console_context, page_context
from tournaments.views.manage_questions import QUESTIONS, Question


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    if not club_access.organizes(request.user, event.club):
        raise PermissionDenied(f"Only {event.club.name}'s organizers can manage its events.")
    if request.method == "POST":
        action = request.POST.get("action", "")
        handler = ACTIONS.get(action)
        try:
            if handler is None:
                raise ServiceError(_("Choose one of the page's buttons."))
            ask = QUESTIONS.get(action)
            question = ask(request, event) if ask and request.POST.get("confirm") != "yes" else None
            if question is not None:
                # The first press asks; only the second, with confirm=yes, acts. What
                # would be refused is refused now, not after the question.
                if (refusal := dry_run(lambda: handler(request, event))) is not None:
                    raise refusal
                return _confirm(request, event, question)
            messages.success(request, handler(request, event))
        except ServiceError as error:
            messages.error(request, error.message)
        return redirect("tournaments:manage", event.pk)
    if request.GET.get("part") == "tables":
        # The console's live part alone, which static/js/console.js fetches again when
        # the event changes (its socket says so) and every few seconds (a turn moves on
        # without the event changing).
        return render(request, "tournaments/manage.html#console", console_context(event))
    return render(request, "tournaments/manage.html", page_context(request, event))


def _confirm(request: HttpRequest, event: Event, question: Question) -> HttpResponse:
    """The page asking the second step: the posted fields again, with confirm=yes."""
    fields = [
        (name, value)
        for name, value in request.POST.items()
        if name not in ("csrfmiddlewaretoken", "confirm")
    ]
    return render(
        request,
        "tournaments/confirm.html",
        {"event": event, "question": question, "fields": fields},
    )
