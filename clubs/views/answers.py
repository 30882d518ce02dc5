"""How the club pages answer: the club asked for (or 404), a refusal (403 with the
reason when the person's role does not allow it, else a message on the club's page),
and a change done (a message, back to the club's page)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from clubs import services
from clubs.models import Club


def club_or_404(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def refusal_answer(request: HttpRequest, club: Club, error: services.ServiceError) -> HttpResponse:
    if isinstance(error, services.NotAllowed):
        return forbidden(request, club, error.message)
    messages.error(request, error.message)
    return redirect(club.get_absolute_url())


def forbidden(request: HttpRequest, club: Club, reason: str) -> HttpResponse:
    return render(request, "clubs/refused.html", {"club": club, "reason": reason}, status=403)


def done(request: HttpRequest, club: Club, message: str) -> HttpResponse:
    messages.success(request, message)
    return redirect(club.get_absolute_url())
