"""The list of clubs (where a club is founded) and a club's page: its members, its house
rules, its events, and for its organizers the forms to change it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from clubs import access, services
from clubs.forms import AddRuleSetForm, ClubForm, NewClubForm
from clubs.models import Club, ClubRuleSet, Membership
from clubs.views.answers import club_or_404, done, forbidden
from games import site
from games.engine import PRESET_TITLES, Rules, RulesError
from games.rule_text import differences

# tournaments.models.Event.FINISHED (clubs does not import tournaments).
EVENT_FINISHED = services.EVENT_FINISHED


@require_http_methods(["GET", "POST"])
def club_list(request: HttpRequest) -> HttpResponse:
    """Every club with how many members it has and your role; POST creates a club."""
    form = NewClubForm()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        form = NewClubForm(request.POST)
        if form.is_valid():
            try:
                club = services.create_club(by=request.user, **form.cleaned_data)
            except services.ServiceError as error:
                form.refuse(error.field, error.message)
            else:
                return done(
                    request,
                    club,
                    _("%(club)s is created, with you as its owner.") % {"club": club.name},
                )
    clubs = list(Club.objects.annotate(member_count=Count("memberships")))
    roles = {}
    if request.user.is_authenticated:
        roles = {m.club_id: m.get_role_display() for m in request.user.club_memberships.all()}
    for club in clubs:
        club.your_role = roles.get(club.pk)
    context = {"clubs": clubs, "form": form}
    return render(request, "clubs/list.html", context, status=400 if form.errors else 200)


@dataclass(frozen=True)
class MemberRow:
    membership: Membership
    # What the person looking may do to this member (services check it again).
    can_set_role: bool
    can_remove: bool


@dataclass(frozen=True)
class RuleSetRow:
    entry: ClubRuleSet
    preset_title: str
    # How the rules differ from their preset, in words ("5 lives instead of 3").
    changes: list[str]


def _member_rows(request: HttpRequest, club: Club) -> list[MemberRow]:
    owns = access.owns(request.user, club)
    organizes = access.organizes(request.user, club)
    rows = []
    for membership in club.memberships.select_related("user"):
        mine = membership.user_id == request.user.pk
        can_remove = not mine and (owns if membership.organizes else organizes)
        rows.append(MemberRow(membership, can_set_role=owns, can_remove=can_remove))
    return rows


def _rule_set_rows(club: Club) -> list[RuleSetRow]:
    rows = []
    for entry in club.rule_sets.select_related("rule_set"):
        rule_set = entry.rule_set
        try:
            changes = differences(Rules.preset(rule_set.preset), rule_set.rules())
        except RulesError:  # stored before a newer engine refused it: still listed
            changes = []
        title = PRESET_TITLES.get(rule_set.preset, rule_set.preset)
        rows.append(RuleSetRow(entry, title, changes))
    return rows


def render_club(
    request: HttpRequest,
    club: Club,
    *,
    club_form: ClubForm | None = None,
    add_form: AddRuleSetForm | None = None,
) -> HttpResponse:
    organizes = access.organizes(request.user, club)
    mine = access.membership(request.user, club)
    events = club.events.all()
    context: dict[str, Any] = {
        "club": club,
        "membership": mine,
        "organizes": organizes,
        "asked": mine is None
        and request.user.is_authenticated
        and club.join_requests.filter(user=request.user).exists(),
        "members": _member_rows(request, club),
        "roles": Membership.ROLES,
        "rule_sets": _rule_set_rows(club),
        "upcoming": events.exclude(status=EVENT_FINISHED).order_by("starts_at", "pk"),
        "past": events.filter(status=EVENT_FINISHED).order_by("-starts_at", "-pk"),
    }
    if organizes:
        context |= {
            "join_requests": club.join_requests.select_related("user"),
            "invite_link": site.absolute(club.invite_url()),
            "club_form": club_form
            or ClubForm(initial={f: getattr(club, f) for f in ClubForm.base_fields}),
            "add_form": add_form or AddRuleSetForm(club=club),
        }
    invalid = (club_form and club_form.errors) or (add_form and add_form.errors)
    return render(request, "clubs/club.html", context, status=400 if invalid else 200)


@require_safe
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    return render_club(request, club_or_404(slug))


@login_required
@require_POST
def edit(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    form = ClubForm(request.POST)
    if form.is_valid():
        try:
            services.update_club(by=request.user, club=club, **form.cleaned_data)
        except services.NotAllowed as error:
            return forbidden(request, club, error.message)
        except services.ServiceError as error:
            club.refresh_from_db()
            form.refuse(error.field, error.message)
        else:
            return done(request, club, _("%(club)s is saved.") % {"club": club.name})
    elif not access.organizes(request.user, club):
        reason = _("Only the organizers of %(club)s can change it.") % {"club": club.name}
        return forbidden(request, club, reason)
    return render_club(request, club, club_form=form)
