"""Members by CSV (docs/clubs.md#members-by-csv): the organizers' download of the
members, the upload that shows a preview (nothing written), "Send invitations", and the
one-time invitation link. Plain forms; every refusal a sentence on the page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs import access, roster_csv
from clubs.models import Club
from clubs.services import invitations
from clubs.services.checks import Asking
from clubs.views.answers import club_or_404, done, forbidden
from games import csv_cells
from games.errors import ServiceError


def _refused(request: HttpRequest, club: Club, asking: Asking) -> HttpResponse | None:
    if access.organizes(request.user, club):
        return None
    return forbidden(request, club, str(asking.only) % {"club": club.name})


@login_required
@require_http_methods(["GET", "HEAD"])
def members_csv(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    if (refusal := _refused(request, club, invitations.EXPORT_MEMBERS)) is not None:
        return refusal
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-members.csv"'
    csv_cells.write_rows(response, roster_csv.export_rows(club))
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_members(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the upload form. POST: the file's preview, with "Send invitations"."""
    club = club_or_404(slug)
    if (refusal := _refused(request, club, invitations.INVITE_BY_CSV)) is not None:
        return refusal
    context: dict[str, object] = {"club": club, "max_rows": roster_csv.MAX_ROWS}
    if request.method == "POST":
        upload = request.FILES.get("file")
        try:
            if upload is None:
                raise ServiceError(_("Choose a CSV file to upload."))
            rows = roster_csv.read_upload(upload.chunks(), upload.size)
            found = invitations.preview(by=request.user, club=club, rows=rows)
        except ServiceError as error:
            context["error"] = error.message
            return render(request, "clubs/import_members.html", context, status=400)
        context["preview"] = found
        context["signed"] = invitations.signed_rows(club, found.to_invite)
    return render(request, "clubs/import_members.html", context)


@login_required
@require_POST
def send_invitations(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    if (refusal := _refused(request, club, invitations.INVITE_BY_CSV)) is not None:
        return refusal
    try:
        made = invitations.send_invitations(
            by=request.user, club=club, token=request.POST.get("rows", "")
        )
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("clubs:import_members", club.slug)
    said = ngettext("%(count)d invitation sent.", "%(count)d invitations sent.", len(made)) % {
        "count": len(made)
    }
    return done(request, club, said)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def invitation(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """GET: "Join the club?" with a button (or why the link cannot be used). POST: join,
    and take a guest's results if the invitation was a guest's."""
    club = club_or_404(slug)
    try:
        if request.method == "POST":
            accepted = invitations.accept_invitation(by=request.user, club=club, token=token)
            said = accepted.said
            if accepted.membership is not None:
                said = [_("Welcome to %(club)s: you are a member.") % {"club": club.name}, *said]
            elif not said:  # a member took a guest's invitation, and it had no results
                said = [_("That guest had no results to take: nothing changed.")]
            return done(request, club, " ".join(said))
        invitation = invitations.invitation_or_refusal(club, token)
    except ServiceError as error:
        context = {"club": club, "token": token, "error": error.message}
        return render(request, "clubs/invitation.html", context, status=409)
    context = {
        "club": club,
        "token": token,
        "member": access.is_member(request.user, club),
        "guest": invitation.guest,
    }
    return render(request, "clubs/invitation.html", context)
