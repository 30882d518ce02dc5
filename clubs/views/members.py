"""Joining and leaving a club, its invite link, and its organizers' answers to requests
and changes to members."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs import access, services
from clubs.models import Club, JoinRequest, Membership
from clubs.views.answers import club_or_404, done, refusal_answer

# A member's new role, said whole for each role (a role's name is no word to put inside
# another language's sentence).
ROLE_NOW = {
    Membership.OWNER: gettext_lazy("%(name)s’s role is now owner."),
    Membership.ORGANIZER: gettext_lazy("%(name)s’s role is now organizer."),
    Membership.MEMBER: gettext_lazy("%(name)s’s role is now member."),
}


def _welcome(club: Club) -> str:
    return _("Welcome to %(club)s: you are a member.") % {"club": club.name}


@login_required
@require_POST
def join(request: HttpRequest, slug: str) -> HttpResponse:
    """Join or ask to join; then back to the club's page, or to `next` (a page of this
    site: an event's page offers joining to register, and leads back to it)."""
    club = club_or_404(slug)
    try:
        joined = services.join(by=request.user, club=club)
    except services.ServiceError as error:
        return refusal_answer(request, club, error)
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
    club = club_or_404(slug)
    try:
        services.leave(by=request.user, club=club)
    except services.ServiceError as error:
        return refusal_answer(request, club, error)
    return done(request, club, _("You left %(club)s.") % {"club": club.name})


@login_required
@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """GET: "Join the club?" with a button. POST: join with the link."""
    club = club_or_404(slug)
    error = None
    if request.method == "POST":
        try:
            services.join_by_invite(by=request.user, club=club, token=token)
        except services.ServiceError as refused:
            error = refused.message
        else:
            return done(request, club, _welcome(club))
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
    club = club_or_404(slug)
    try:
        services.new_invite_link(by=request.user, club=club)
    except services.ServiceError as error:
        return refusal_answer(request, club, error)
    return done(request, club, _("There is a new invite link: the old one no longer works."))


@login_required
@require_POST
def accept_all(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    try:
        joined = services.accept_all_requests(by=request.user, club=club)
    except services.ServiceError as error:
        return refusal_answer(request, club, error)
    # A list of names (people's names are not translated), after a counted sentence.
    names = ", ".join(m.user.get_username() for m in joined)
    said = ngettext(
        "%(count)d new member: %(names)s.", "%(count)d new members: %(names)s.", len(joined)
    ) % {"count": len(joined), "names": names}
    return done(request, club, said)


@login_required
@require_POST
def answer_request(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = club_or_404(slug)
    join_request = get_object_or_404(club.join_requests.select_related("user"), pk=pk)
    name = join_request.user.get_username()
    try:
        if request.POST.get("action") == "accept":
            services.accept_request(by=request.user, join_request=join_request)
            return done(request, club, _("%(name)s is a member now.") % {"name": name})
        services.decline_request(by=request.user, join_request=join_request)
    except services.ServiceError as error:
        return refusal_answer(request, club, error)
    return done(request, club, _("You declined %(name)s’s request to join.") % {"name": name})


@login_required
@require_POST
def member(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A member's row: change their role (`action=role`) or remove them (`action=remove`)."""
    club = club_or_404(slug)
    membership = get_object_or_404(club.memberships.select_related("user", "club"), pk=pk)
    name = membership.user.get_username()
    try:
        if request.POST.get("action") == "remove":
            services.remove_member(by=request.user, membership=membership)
            return done(request, club, _("%(name)s is no longer a member.") % {"name": name})
        services.set_role(by=request.user, membership=membership, role=request.POST.get("role", ""))
    except services.ServiceError as error:
        return refusal_answer(request, club, error)
    return done(request, club, ROLE_NOW[membership.role] % {"name": name})
