"""Calling the organizer to a table, and the console's "Answered"
(docs/club-night.md#calling-the-organizer). Plain forms that post and redirect back with a
message, so a phone without JavaScript calls too: from a card table's result page (back
there) or from the call page an event table's page links to (back to it)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.errors import ServiceError
from tournaments.models import Event, OrganizerCall, RoundTable
from tournaments.room import organizer_calls as reading
from tournaments.services import organizer_calls


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def call(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    # Another event's table is not found here: its number means nothing at this event.
    table = get_object_or_404(
        RoundTable.objects.select_related("round", "table"), pk=table_pk, round__event=event
    )
    back = (
        redirect("tournaments:card_result", event.pk, table.pk)
        if table.cards
        else redirect("tournaments:call_organizer", event.pk, table.pk)
    )
    if request.method == "POST":
        try:
            organizer_calls.call_organizer(
                event=event,
                table=table,
                by=request.user,
                reason=request.POST.get("reason", ""),
                note=request.POST.get("note", ""),
            )
            messages.success(request, _("The organizer is called: on the way."))
        except ServiceError as error:
            messages.error(request, error.message)
            if not organizer_calls.seated(request.user, table):
                # Not their table's page to go back to: the event's, with the sentence.
                return redirect(event.get_absolute_url())
        return back
    mine = reading.for_caller(request.user, table, event)
    if mine is None:
        raise PermissionDenied(f"Only the players at table {table.number} can call the organizer.")
    if table.cards:
        return back  # the result page holds the form
    return render(
        request,
        "tournaments/organizer_call.html",
        {
            "event": event,
            "table": table,
            "organizer_call": mine,
            "reasons": OrganizerCall.REASONS,
            "table_url": table.table.get_absolute_url() if table.table else "",
        },
    )


@login_required
@require_POST
def answered(request: HttpRequest, pk: int, call_pk: int) -> HttpResponse:
    """The console's "Answered": the service checks the organizer and records who and
    when."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    try:
        done = organizer_calls.answer_call(call_id=call_pk, by=request.user, event=event)
        messages.success(
            request, _("Table %(table)s's call is answered.") % {"table": done.table.number}
        )
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("tournaments:manage", event.pk)
