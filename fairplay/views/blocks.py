"""Blocking and unblocking a person (from their profile or a table's page), and the
list of those one blocked, each with Unblock (docs/fair-play.md#blocks)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from fairplay import blocks as blocking
from fairplay.models import Block
from games import ratelimit
from games.errors import ServiceError
from games.wording import readers


@login_required
@require_POST
def block(request: HttpRequest, username: str) -> HttpResponse:
    """action=block|unblock; next=<a path here> to go back to."""
    person = get_object_or_404(get_user_model(), username=username)
    if readers.hides(person.username):
        raise Http404(
            "No such player."
        )  # as her profile (docs/privacy.md#my-name-off-public-pages)
    goal = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(goal, allowed_hosts=None) or not goal.startswith("/"):
        goal = reverse("fairplay:blocks")
    if wait := ratelimit.throttled(ratelimit.ACTIONS, f"user:{request.user.pk}"):
        messages.error(request, ratelimit.too_fast(wait))
        return redirect(goal)
    name = person.get_username()
    try:
        if request.POST.get("action") == "unblock":
            blocking.unblock(by=request.user, user_id=person.pk)
            messages.success(request, _("You no longer block %(name)s.") % {"name": name})
        else:
            blocking.block(by=request.user, user_id=person.pk)
            messages.success(
                request,
                _(
                    "You blocked %(name)s: you will not read their chat, "
                    "and they cannot join your casual tables."
                )
                % {"name": name},
            )
    except ServiceError as refused:
        messages.error(request, refused.message)
    return redirect(goal)


@login_required
@require_safe
def blocked_list(request: HttpRequest) -> HttpResponse:
    rows = (
        Block.objects.filter(blocker=request.user).select_related("blocked").order_by("-created_at")
    )
    return render(request, "fairplay/blocks.html", {"blocks": list(rows)})
