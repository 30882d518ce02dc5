"""A person's turn-based games (docs/tables.md#games-waiting-for-your-move): the page
the header's "N games waiting for your move", the lobby and the profile link to."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from games.turn_based import listing


@login_required
@require_safe
def turn_games(request: HttpRequest) -> HttpResponse:
    """Your turn-based games being played, those waiting for your move first, and your
    turn-based tables waiting for a game; with a way to open one."""
    context = {
        "listing": listing(request.user),
        "new_table_url": f"{reverse('create_table')}?turn_timer={24 * 3600}",
    }
    return render(request, "games/turns.html", context)
