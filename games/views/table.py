"""The table page: seats before a game, the game itself, and the moves."""

from django.http import HttpRequest, HttpResponse


def table_page(request: HttpRequest, pk: int) -> HttpResponse:
    raise NotImplementedError


def seats(request: HttpRequest, pk: int) -> HttpResponse:
    raise NotImplementedError


def start(request: HttpRequest, pk: int) -> HttpResponse:
    raise NotImplementedError


def play(request: HttpRequest, pk: int) -> HttpResponse:
    raise NotImplementedError


def game_view(request: HttpRequest, pk: int) -> HttpResponse:
    raise NotImplementedError
