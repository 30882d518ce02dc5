"""A club's organizers make, change and delete its leagues (docs/tournaments.md#leagues):
plain forms that work without JavaScript, a message after every POST; deleting asks
first. Anyone else is refused (403) before the form shows; `tournaments.leagues.writes`
checks again and refuses with a sentence, writing nothing."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs import access as club_access
from clubs.models import Club
from games.errors import ServiceError
from tournaments.leagues import writes
from tournaments.leagues.forms import LeagueForm
from tournaments.models import League
from tournaments.views.leagues import club_league


def _organized(request: HttpRequest, club: Club) -> None:
    if not club_access.organizes(request.user, club):
        raise PermissionDenied(f"Only {club.name}'s organizers make and change its leagues.")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_league(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    _organized(request, club)
    return _league_form(request, club, None)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def edit_league(request: HttpRequest, slug: str, league: int) -> HttpResponse:
    club, found = club_league(slug, league)
    _organized(request, club)
    return _league_form(request, club, found)


def _league_form(request: HttpRequest, club: Club, found: League | None) -> HttpResponse:
    """The form (a new league's, or `found`'s filled in); its POST makes or saves it."""
    initial = found.options() if found is not None else None
    posted = request.POST if request.method == "POST" else None
    form = LeagueForm(posted, club=club, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            if found is None:
                league = writes.create_league(by=request.user, club=club, terms=form.terms())
                said = _("%(name)s is made.")
            else:
                league = writes.update_league(by=request.user, league=found, terms=form.terms())
                said = _("%(name)s is saved.")
        except ServiceError as error:
            form.refuse(error.field, error.message)
        else:
            messages.success(request, said % {"name": league.name})
            return redirect(league)
    return _form_page(request, club, form, found)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete_league(request: HttpRequest, slug: str, league: int) -> HttpResponse:
    """GET: "Delete the league?" with the button. POST: delete it."""
    club, found = club_league(slug, league)
    _organized(request, club)
    if request.method == "POST":
        try:
            writes.delete_league(by=request.user, league=found)
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect(found)
        messages.success(request, _("%(name)s is deleted.") % {"name": found.name})
        return redirect("tournaments:leagues", club.slug)
    return render(request, "tournaments/leagues/delete.html", {"club": club, "league": found})


def _form_page(
    request: HttpRequest, club: Club, form: LeagueForm, league: League | None
) -> HttpResponse:
    return render(
        request,
        "tournaments/leagues/form.html",
        {"club": club, "form": form, "league": league},
        status=400 if form.errors else 200,
    )
