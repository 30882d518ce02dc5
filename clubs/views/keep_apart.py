"""A club's keep-apart pairs (docs/clubs.md#keep-apart-pairs): the organizers' page that
lists them, adds one and, after asking, removes one. Plain forms, a message after every
POST and back to the page; nobody else sees the list (403 with the reason)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs import access, services
from clubs.models import Club, KeepApart
from clubs.views.answers import club_or_404, forbidden


def person(value: str | None) -> object | None:
    """The user a form's select names (an id), or None for nothing or junk: the
    service's refusal then says what to choose."""
    try:
        return get_user_model().objects.filter(pk=int(value or "")).first()
    except ValueError:
        return None


def pair_names(pair: KeepApart) -> dict[str, str]:
    return {"first": pair.first.get_username(), "second": pair.second.get_username()}


def _refused(request: HttpRequest, club: Club) -> HttpResponse | None:
    if access.organizes(request.user, club):
        return None
    return forbidden(request, club, str(services.KEEP_APART.only) % {"club": club.name})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def keep_apart(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the club's pairs and the form to add one. POST: add the pair."""
    club = club_or_404(slug)
    if (refusal := _refused(request, club)) is not None:
        return refusal
    back = redirect("clubs:keep_apart", club.slug)
    if request.method == "POST":
        try:
            pair = services.add_keep_apart(
                by=request.user,
                club=club,
                first=person(request.POST.get("first")),
                second=person(request.POST.get("second")),
                note=request.POST.get("note", ""),
            )
        except services.ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                _("%(first)s and %(second)s are kept apart in the club's events.")
                % pair_names(pair),
            )
        return back
    members = [m.user for m in club.memberships.select_related("user").order_by("user__username")]
    pairs = list(club.keep_apart.select_related("first", "second", "created_by"))
    member_ids = {u.pk for u in members}
    context = {
        "club": club,
        "members": members,
        "pairs": [(p, p.first_id in member_ids and p.second_id in member_ids) for p in pairs],
    }
    return render(request, "clubs/keep_apart.html", context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def remove_keep_apart(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: "Remove this pair?" with the button. POST: remove it."""
    club = club_or_404(slug)
    if (refusal := _refused(request, club)) is not None:
        return refusal
    pair = get_object_or_404(club.keep_apart.select_related("first", "second", "club"), pk=pk)
    if request.method == "POST":
        try:
            services.remove_keep_apart(by=request.user, pair=pair)
        except services.ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                _("%(first)s and %(second)s are no longer kept apart.") % pair_names(pair),
            )
        return redirect("clubs:keep_apart", club.slug)
    return render(request, "clubs/keep_apart_remove.html", {"club": club, "pair": pair})
