"""The staff's page of shared networks (docs/privacy.md#the-network-fingerprint): the rated
games in play, or over in the last `DAYS` days, at which two people sat who signed in
from the same network lately, each with a link to the game. For the site's staff only
(with THIRTYONE_STAFF_MFA "required", as the admin, only with a second factor:
accounts.staff_mfa); anyone else signed in is refused with a sentence.

Three queries whatever the number of games: the games (the newest `LIMIT`), their
players, and the networks of those players (`accounts.networks.shared_pairs`). A hint,
not proof: one home, or a club room's Wi-Fi, is one network."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import combinations

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from accounts.networks import KEPT_DAYS, shared_pairs
from accounts.staff_mfa import lacks_required_mfa
from games.models import Game, GamePlayer

DAYS = 7  # games over this long ago are left out
LIMIT = 500  # the newest games looked at


@dataclass
class Listed:
    game: Game
    pairs: list[str] = field(default_factory=list)  # "Ann and Bob"


def listed(now: datetime | None = None) -> list[Listed]:
    """The rated games, newest first, whose players include a pair sharing a network."""
    since = (now or timezone.now()) - timedelta(days=DAYS)
    games = list(
        Game.objects.filter(table__rated=True)
        .filter(Q(status=Game.PLAYING) | Q(finished_at__gte=since))
        .select_related("table")
        .order_by("-started_at", "-pk")[:LIMIT]
    )
    people: dict[int, list[GamePlayer]] = {}
    for player in GamePlayer.objects.filter(
        game__in=[g.pk for g in games], user__isnull=False, bot_level=""
    ).order_by("position"):
        people.setdefault(player.game_id, []).append(player)
    pairs = shared_pairs(p.user_id for players in people.values() for p in players if p.user_id)
    found = []
    for game in games:
        line = Listed(game)
        for first, second in combinations(people.get(game.pk, []), 2):
            if frozenset((first.user_id, second.user_id)) in pairs:
                line.pairs.append(
                    _("%(first)s and %(second)s") % {"first": first.name, "second": second.name}
                )
        if line.pairs:
            found.append(line)
    return found


def may_see(user: object) -> bool:
    """Site staff, active, with a second factor where one is required."""
    return bool(
        getattr(user, "is_staff", False)
        and getattr(user, "is_active", False)
        and not lacks_required_mfa(user)
    )


@login_required
@require_safe
def shared_networks(request: HttpRequest) -> HttpResponse:
    if not may_see(request.user):
        refused = _("Only the site's staff may see which players share a network.")
        return render(
            request, "accounts/staff_shared_networks.html", {"refused": refused}, status=403
        )
    context = {"games": listed(), "days": DAYS, "kept_days": KEPT_DAYS, "limit": LIMIT}
    return render(request, "accounts/staff_shared_networks.html", context)
