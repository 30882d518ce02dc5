from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.models import User
from accounts.stats import player_summary


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """Anyone's public profile: name, date joined and games (at public tables, unless
    it is your own)."""
    player = get_object_or_404(User, username=username)
    return _render_profile(request, player)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    """The signed-in player's own profile, with links to manage the account."""
    return _render_profile(request, request.user)


def _render_profile(request: HttpRequest, player: User) -> HttpResponse:
    is_me = request.user == player
    context = {
        "player": player,
        "summary": player_summary(player, public_only=not is_me),
        "is_me": is_me,
    }
    return render(request, "accounts/profile.html", context)
