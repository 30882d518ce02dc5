"""An event's keep-apart pairs (docs/fair-seating.md#keep-apart-pairs): the organizers'
page listing the club's pairs and the event's own, adding one and, after asking,
removing one. Plain forms, a message after every POST, back to the page; anyone else
is refused (the list is private: a household, partners)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs import access as club_access
from clubs.views.keep_apart import pair_names, person
from tournaments import services
from tournaments.fairness import keep_apart
from tournaments.models import Entry, Event


def _organized(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    if not club_access.organizes(request.user, event.club):
        raise PermissionDenied(f"Only {event.club.name}'s organizers see its keep-apart pairs.")
    return event


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_keep_apart(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the club's pairs and the event's, and the form. POST: add an event pair."""
    event = _organized(request, pk)
    if request.method == "POST":
        try:
            pair = services.add_event_keep_apart(
                by=request.user,
                event=event,
                first=person(request.POST.get("first")),
                second=person(request.POST.get("second")),
                note=request.POST.get("note", ""),
            )
        except services.ServiceError as error:
            messages.error(request, error.message)
        else:
            said = _("%(first)s and %(second)s are kept apart in this event.")
            messages.success(request, said % pair_names(pair))
        return redirect("tournaments:keep_apart", event.pk)
    entered = set(Entry.objects.filter(event=event).values_list("user_id", flat=True))
    people = list(
        get_user_model()
        .objects.filter(Q(pk__in=entered) | Q(club_memberships__club=event.club))
        .distinct()
        .order_by("username")
    )
    club_pairs = event.club.keep_apart.select_related("first", "second")
    context = {
        "event": event,
        "people": people,
        "club_pairs": [(p, {p.first_id, p.second_id} <= entered) for p in club_pairs],
        "pairs": [
            (p, True) for p in event.keep_apart.select_related("first", "second", "created_by")
        ],
        "honoured": keep_apart.honours(event.seating_algorithm),
        "club_url": reverse("clubs:keep_apart", args=[event.club.slug]),
        "open": event.status not in (Event.FINISHED, Event.CANCELLED),
    }
    return render(request, "tournaments/keep_apart.html", context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def remove_event_keep_apart(request: HttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    """GET: "Remove this pair?" with the button. POST: remove it."""
    event = _organized(request, pk)
    pair = get_object_or_404(event.keep_apart.select_related("first", "second"), pk=pair_pk)
    if request.method == "POST":
        try:
            services.remove_event_keep_apart(by=request.user, pair=pair)
        except services.ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, _("%(first)s and %(second)s are no longer kept apart.") % pair_names(pair)
            )
        return redirect("tournaments:keep_apart", event.pk)
    return render(request, "tournaments/keep_apart_remove.html", {"event": event, "pair": pair})
