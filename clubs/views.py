"""The club pages: the list of clubs, a club's page and what its buttons do.

Thin views: they read, call `clubs.services`, and redirect with a message, so every
page works without JavaScript. A refusal because of the person's role (`NotAllowed`)
is a 403 page with the reason; any other refusal is a message on the club's page, or
an error on the form's field when there is a form to show again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from clubs import access, services
from clubs.forms import AddRuleSetForm, ClubForm, ClubRulesForm, NewClubForm, PresetForm
from clubs.models import Club, ClubRuleSet, JoinRequest, Membership
from games import site
from games.engine import PRESET_TITLES, Rules, RulesError
from games.rule_text import differences

# tournaments.models.Event.FINISHED (clubs does not import tournaments).
EVENT_FINISHED = services.EVENT_FINISHED


# A member's new role, said whole for each role (a role's name is no word to put inside
# another language's sentence).
ROLE_NOW = {
    Membership.OWNER: gettext_lazy("%(name)s’s role is now owner."),
    Membership.ORGANIZER: gettext_lazy("%(name)s’s role is now organizer."),
    Membership.MEMBER: gettext_lazy("%(name)s’s role is now member."),
}


def _welcome(club: Club) -> str:
    return _("Welcome to %(club)s: you are a member.") % {"club": club.name}


def _on_the_list(rules: str) -> str:
    return _("“%(rules)s” is on the club's list.") % {"rules": rules}


def _club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def _refused(request: HttpRequest, club: Club, error: services.ServiceError) -> HttpResponse:
    if isinstance(error, services.NotAllowed):
        return _forbidden(request, club, error.message)
    messages.error(request, error.message)
    return redirect(club.get_absolute_url())


def _forbidden(request: HttpRequest, club: Club, reason: str) -> HttpResponse:
    return render(request, "clubs/refused.html", {"club": club, "reason": reason}, status=403)


def _done(request: HttpRequest, club: Club, message: str) -> HttpResponse:
    messages.success(request, message)
    return redirect(club.get_absolute_url())


# ---- the list ----------------------------------------------------------------------


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
                return _done(
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


# ---- a club's page -----------------------------------------------------------------


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


def _render_club(
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
    return _render_club(request, _club(slug))


@login_required
@require_POST
def edit(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    form = ClubForm(request.POST)
    if form.is_valid():
        try:
            services.update_club(by=request.user, club=club, **form.cleaned_data)
        except services.NotAllowed as error:
            return _forbidden(request, club, error.message)
        except services.ServiceError as error:
            club.refresh_from_db()
            form.refuse(error.field, error.message)
        else:
            return _done(request, club, _("%(club)s is saved.") % {"club": club.name})
    elif not access.organizes(request.user, club):
        reason = _("Only the organizers of %(club)s can change it.") % {"club": club.name}
        return _forbidden(request, club, reason)
    return _render_club(request, club, club_form=form)


# ---- joining and leaving -----------------------------------------------------------


@login_required
@require_POST
def join(request: HttpRequest, slug: str) -> HttpResponse:
    """Join or ask to join; then back to the club's page, or to `next` (a page of this
    site: an event's page offers joining to register, and leads back to it)."""
    club = _club(slug)
    try:
        joined = services.join(by=request.user, club=club)
    except services.ServiceError as error:
        return _refused(request, club, error)
    if isinstance(joined, JoinRequest):
        said = _("You asked to join %(club)s: an organizer will answer.") % {"club": club.name}
    else:
        said = _welcome(club)
    messages.success(request, said)
    back = request.POST.get("next", "")
    safe = back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return redirect(back if safe else club.get_absolute_url())


@login_required
@require_POST
def leave(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    try:
        services.leave(by=request.user, club=club)
    except services.ServiceError as error:
        return _refused(request, club, error)
    return _done(request, club, _("You left %(club)s.") % {"club": club.name})


@login_required
@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """GET: "Join the club?" with a button. POST: join with the link."""
    club = _club(slug)
    error = None
    if request.method == "POST":
        try:
            services.join_by_invite(by=request.user, club=club, token=token)
        except services.ServiceError as refused:
            error = refused.message
        else:
            return _done(request, club, _welcome(club))
    context = {
        "club": club,
        "token": token,
        "valid": token == club.invite_token,
        "member": access.is_member(request.user, club),
        "error": error,
    }
    status = 409 if error else (200 if context["valid"] else 404)
    return render(request, "clubs/invite.html", context, status=status)


@login_required
@require_POST
def new_invite(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    try:
        services.new_invite_link(by=request.user, club=club)
    except services.ServiceError as error:
        return _refused(request, club, error)
    return _done(request, club, _("There is a new invite link: the old one no longer works."))


# ---- members -----------------------------------------------------------------------


@login_required
@require_POST
def accept_all(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    try:
        joined = services.accept_all_requests(by=request.user, club=club)
    except services.ServiceError as error:
        return _refused(request, club, error)
    # A list of names (people's names are not translated), after a counted sentence.
    names = ", ".join(m.user.get_username() for m in joined)
    said = ngettext(
        "%(count)d new member: %(names)s.", "%(count)d new members: %(names)s.", len(joined)
    ) % {"count": len(joined), "names": names}
    return _done(request, club, said)


@login_required
@require_POST
def answer_request(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _club(slug)
    join_request = get_object_or_404(club.join_requests.select_related("user"), pk=pk)
    name = join_request.user.get_username()
    try:
        if request.POST.get("action") == "accept":
            services.accept_request(by=request.user, join_request=join_request)
            return _done(request, club, _("%(name)s is a member now.") % {"name": name})
        services.decline_request(by=request.user, join_request=join_request)
    except services.ServiceError as error:
        return _refused(request, club, error)
    return _done(request, club, _("You declined %(name)s’s request to join.") % {"name": name})


@login_required
@require_POST
def member(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A member's row: change their role (`action=role`) or remove them (`action=remove`)."""
    club = _club(slug)
    membership = get_object_or_404(club.memberships.select_related("user", "club"), pk=pk)
    name = membership.user.get_username()
    try:
        if request.POST.get("action") == "remove":
            services.remove_member(by=request.user, membership=membership)
            return _done(request, club, _("%(name)s is no longer a member.") % {"name": name})
        services.set_role(by=request.user, membership=membership, role=request.POST.get("role", ""))
    except services.ServiceError as error:
        return _refused(request, club, error)
    return _done(request, club, ROLE_NOW[membership.role] % {"name": name})


# ---- house rules -------------------------------------------------------------------


@login_required
@require_POST
def add_rule_set(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    if not access.organizes(request.user, club):
        reason = str(services.HOUSE_RULES.only) % {"club": club.name}
        return _forbidden(request, club, reason)
    form = AddRuleSetForm(request.POST, club=club)
    if form.is_valid():
        rule_set = form.cleaned_data["rule_set"]
        try:
            services.add_rule_set(by=request.user, club=club, rule_set=rule_set)
        except services.ServiceError as error:
            form.refuse(error.field, error.message)
        else:
            return _done(request, club, _on_the_list(rule_set.title))
    return _render_club(request, club, add_form=form)


@login_required
@require_POST
def remove_rule_set(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _club(slug)
    entry = get_object_or_404(club.rule_sets.select_related("rule_set", "club"), pk=pk)
    try:
        services.remove_rule_set(by=request.user, entry=entry)
    except services.ServiceError as error:
        return _refused(request, club, error)
    return _done(
        request,
        club,
        _("“%(rules)s” is off the club's list.") % {"rules": entry.rule_set.title},
    )


@login_required
@require_http_methods(["GET", "POST"])
def new_rule_set(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's own house rules. GET `?preset=` loads a preset's rules into the form
    (a plain GET form, so it works without JavaScript); POST creates them."""
    club = _club(slug)
    if not access.organizes(request.user, club):
        reason = str(services.HOUSE_RULES.only) % {"club": club.name}
        return _forbidden(request, club, reason)
    if request.method == "POST":
        form = ClubRulesForm(request.POST)
        if form.is_valid():
            try:
                entry = services.create_rule_set(
                    by=request.user,
                    club=club,
                    name=form.cleaned_data["name"],
                    preset=form.cleaned_data["preset"],
                    changes=form.changes(),
                )
            except services.ServiceError as error:
                form.refuse(error.field, error.message)
            else:
                name = entry.rule_set.title
                return _done(request, club, _on_the_list(name))
        preset_form = PresetForm(initial={"preset": request.POST.get("preset")})
    else:
        preset_form = PresetForm(request.GET if "preset" in request.GET else None)
        preset = preset_form.cleaned_data["preset"] if preset_form.is_valid() else "scat"
        form = ClubRulesForm(preset=preset)
    context = {"club": club, "form": form, "preset_form": preset_form}
    return render(request, "clubs/new_rule_set.html", context, status=400 if form.errors else 200)
