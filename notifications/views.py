"""The notifications' pages (docs/notifications.md#the-site): a person's list, their choices, the
one-click unsubscribe page an e-mail links to, and an organizer's announcement to their
club. Thin views over `services`, `preferences` and `announcements`; plain forms that
redirect, so every page works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from clubs.models import Club
from games.errors import ServiceError
from notifications import (
    announcements,
    channels,
    kinds,
    mail,
    preferences,
    quiet_views,
    services,
    vapid,
)
from notifications.models import ClubAnnouncement, PushSubscription, QuietHours
from notifications.unsubscribe import read

PER_PAGE = 30


@login_required
@require_safe
def notification_list(request: HttpRequest) -> HttpResponse:
    # What is no longer news shows read, and the header drawn now counts as the list.
    if (count := services.tidied(request.user.pk)) is not None:
        request.user.unread_notifications = count
    page = Paginator(services.shown_to(request.user.pk), PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "notifications/list.html", {"page": page})


@login_required
@require_POST
def read_all(request: HttpRequest) -> HttpResponse:
    marked = services.mark_all_read(request.user.pk)
    if marked:
        said = ngettext(
            "Marked %(count)d notification read.", "Marked %(count)d notifications read.", marked
        )
        messages.success(request, said % {"count": marked})
    return redirect("notifications:list")


@login_required
@require_safe
def open_notification(request: HttpRequest, pk: int) -> HttpResponse:
    """Follow a notification's link; it is read from then on."""
    found = services.open_one(request.user.pk, pk)
    if found is None:
        return redirect("notifications:list")
    if found.url and url_has_allowed_host_and_scheme(found.url, allowed_hosts=None):
        return redirect(found.url)
    return redirect("notifications:list")


@login_required
@require_http_methods(["GET", "POST"])
def preferences_page(request: HttpRequest) -> HttpResponse:
    user_id = request.user.pk
    if request.method == "POST":
        on = set()
        for value in request.POST.getlist("on"):
            kind, _colon, channel = value.partition(":")
            on.add((kind, channel))
        preferences.save(user_id, on)
        messages.success(request, _("Your notification settings are saved."))
        return redirect("notifications:preferences")
    chosen = preferences.choices(user_id)
    rows = [
        {
            "kind": kind,
            "cells": [
                {"channel": c, "value": f"{kind.name}:{c.name}", "on": chosen[(kind.name, c.name)]}
                for c in channels.all_channels()
            ],
        }
        for kind in kinds.all_kinds()
    ]
    context = {
        "rows": rows,
        "channels": channels.all_channels(),
        "address": mail.verified_addresses({user_id}).get(user_id, ""),
        "devices": PushSubscription.objects.filter(user_id=user_id),
        "quiet_form": quiet_views.form_for(request.user),
        "quiet_set": QuietHours.objects.filter(user_id=user_id).exists(),
        "push_key": vapid.public_key() if vapid.configured() else "",
    }
    return render(request, "notifications/preferences.html", context)


# RFC 8058: a mail client unsubscribes with a POST of "List-Unsubscribe=One-Click" and no
# cookie or CSRF token; the signed token is the proof, and it can only turn mail off.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks (a link scanner that follows it changes nothing); POST turns it off."""
    said = read(token)
    person = kind = None
    if said is not None and said.channel in channels.names():
        person = get_user_model().objects.filter(pk=said.user_id).first()
        kind = kinds.get(said.kind)
    if said is None or person is None or kind is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    context = {"person": person, "kind": kind, "channel": channels.get(said.channel)}
    if request.method == "POST":
        preferences.set_choice(person.pk, kind.name, said.channel, False)
        context["done"] = True
    return render(request, "notifications/unsubscribe.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def announce(request: HttpRequest, slug: str) -> HttpResponse:
    """An organizer writes to the club's members: write, see who it goes to, send (a
    second step, as every action that cannot be taken back)."""
    club = get_object_or_404(Club, slug=slug)
    if not announcements.allowed(club, request.user):
        reason = announcements.not_allowed(club)
        return render(request, "clubs/refused.html", {"club": club, "reason": reason}, status=403)
    text, error, preview = request.POST.get("text", ""), "", ""
    if request.method == "POST" and request.POST.get("edit") != "yes":
        try:
            preview = announcements.check(club=club, by=request.user, text=text)
            if request.POST.get("confirm") == "yes":
                n = announcements.announce(club=club, by=request.user, text=text).recipients
                said = ngettext(
                    "Sent to %(count)d member of %(club)s.",
                    "Sent to %(count)d members of %(club)s.",
                    n,
                )
                messages.success(request, said % {"count": n, "club": club.name})
                return redirect(club.get_absolute_url())
        except ServiceError as refused:
            error = refused.message
    context = {
        "club": club,
        "text": text,
        "error": error,
        "preview": preview,
        "audience": announcements.audience(club, request.user),
        "max_length": announcements.MAX_LENGTH,
        "sent": ClubAnnouncement.objects.filter(club=club)[:5],
    }
    return render(request, "notifications/announce.html", context, status=400 if error else 200)
