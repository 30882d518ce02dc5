"""An organizer invites a guest of their event to join the club, keeping the guest's
results (docs/clubs.md#a-guest-becomes-a-member): a plain form for the guest's e-mail
address, reached from the console's list of players; it posts, and the console says
what was sent."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs import access as club_access
from clubs.services import guest_invitations
from games.errors import ServiceError
from tournaments.models import Entry, Event


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def invite_guest(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    if not club_access.organizes(request.user, event.club):
        raise PermissionDenied("Only the club's organizers can invite a guest.")
    entry = get_object_or_404(
        Entry.objects.select_related("user"), pk=entry_pk, event=event, user__is_guest=True
    )
    guest = entry.user
    email = ""
    if request.method == "POST":
        email = request.POST.get("email", "")
        try:
            guest_invitations.invite_guest(
                by=request.user, club=event.club, guest=guest, email=email
            )
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                _(
                    "An invitation to join %(club)s is sent to %(email)s: %(name)s's results "
                    "become theirs when they accept it."
                )
                % {"club": event.club.name, "email": email.strip(), "name": guest.get_username()},
            )
            return redirect("tournaments:manage", event.pk)
    return render(
        request,
        "tournaments/invite_guest.html",
        {
            "event": event,
            "guest": guest,
            "email": email,
            "open_invitation": guest_invitations.open_invitation(guest),
        },
    )
