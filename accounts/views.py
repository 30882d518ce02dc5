from datetime import date, datetime, time, timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.stats import player_summary
from clubs import zones
from clubs.models import Club
from games import services as games
from games import turn_based
from games.wording import readers


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """Anyone's public profile: name, date joined and games (at public tables, unless
    it is your own)."""
    player = get_object_or_404(User, username=username, deleted_number__isnull=True)
    if readers.hides(player.username):
        # Their name is theirs to show (docs/privacy.md#my-name-off-public-pages): to this
        # reader, there is no such page.
        raise Http404("No such player.")
    return _render_profile(request, player)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    """The signed-in player's own profile, with links to manage the account."""
    return _render_profile(request, request.user)


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["call_sound", "language", "name_to_club_members", "away_until"]
        widgets = {"away_until": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].error_messages["invalid_choice"] = _(
            "Choose one of the languages offered."
        )

    def clean_away_until(self) -> date | None:
        day: date | None = self.cleaned_data.get("away_until")
        today = timezone.localdate()
        if day is not None and day < today:
            raise forms.ValidationError(_("Choose today or a day after it to be away until."))
        if day is not None and day > today + timedelta(days=MOST_AWAY_DAYS):
            raise forms.ValidationError(
                _("You can be away for a year at most: choose an earlier day.")
            )
        return day


# A vacation longer than this is not a vacation (docs/tables.md#vacation).
MOST_AWAY_DAYS = 366


def returns_at(user: User) -> datetime | None:
    """When `user` is back from the vacation they set: the start of the day after
    `away_until` on the clock of their first club (UTC without one)."""
    if user.away_until is None:
        return None
    zone = (
        Club.objects.filter(memberships__user=user)
        .order_by("memberships__joined_at")
        .values_list("time_zone", flat=True)
        .first()
    )
    day_after = user.away_until + timedelta(days=1)
    return datetime.combine(day_after, time(0), tzinfo=zones.zone(zone or zones.DEFAULT))


@login_required
@require_POST
def preferences(request: HttpRequest) -> HttpResponse:
    """Save the signed-in player's own settings (the form on their profile)."""
    was_away = request.user.away_until
    form = PreferencesForm(request.POST, instance=request.user)
    if not form.is_valid():
        said = " ".join(str(e) for errors in form.errors.values() for e in errors)
        messages.error(request, _("Your settings were not saved: %(why)s") % {"why": said})
        return redirect("my_profile")
    user = form.save(commit=False)
    user.away_returns_at = returns_at(user)
    user.save()
    if user.away_until != was_away:
        games.away_changed(user)  # the deadlines of their moves now waiting
    response = redirect("my_profile")
    if user.language:
        # The page they come back to, and any signed-out page, in the language they chose.
        translation.activate(user.language)
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME, user.language, max_age=settings.LANGUAGE_COOKIE_AGE
        )
    messages.success(request, _("Your settings are saved."))
    return response


def _guest_of(player: User) -> list[str]:
    """The clubs whose events a guest was entered in (docs/club-night.md#guests), by name."""
    if not player.is_guest:
        return []
    return list(
        Club.objects.filter(events__entries__user=player)
        .distinct()
        .order_by("name")
        .values_list("name", flat=True)
    )


def _render_profile(request: HttpRequest, player: User) -> HttpResponse:
    is_me = request.user == player
    context = {
        "guest_of": _guest_of(player),
        "player": player,
        "summary": player_summary(player, public_only=not is_me),
        "is_me": is_me,
        "preferences": PreferencesForm(instance=player) if is_me else None,
        # Your own turn-based games (docs/tables.md#games-waiting-for-your-move); no one else's.
        "turn_based": turn_based.listing(player) if is_me else None,
    }
    return render(request, "accounts/profile.html", context)
