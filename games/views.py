from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def lobby(request: HttpRequest) -> HttpResponse:
    """The lobby: the list of tables (a placeholder until tables exist)."""
    return render(request, "games/lobby.html")
