"""The lobby, creating a table and joining one by its invite link."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "games/lobby.html")


def create_table(request: HttpRequest) -> HttpResponse:
    raise NotImplementedError


def join_by_link(request: HttpRequest, token: str) -> HttpResponse:
    raise NotImplementedError
