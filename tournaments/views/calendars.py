"""Calendar files and the page of a player's private feed (docs/calendars.md#the-three-feeds).

The feeds are plain GET addresses without log-in (a calendar app fetching them has no
session): a club's feed shows what `clubs.access.may_see_events` lets anyone see; a
player's private feed is found by its secret address alone. Each answer carries an
ETag, so an app that fetches an unchanged feed again gets a 304.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from clubs import access as club_access
from clubs.models import Club
from games import site
from tournaments.models import Event
from tournaments.schedule import calendars

CONTENT_TYPE = "text/calendar; charset=utf-8"


def _ics(
    request: HttpRequest, body: bytes, *, download: str | None = None, private: bool = False
) -> HttpResponse:
    etag = quote_etag(hashlib.sha256(body).hexdigest()[:32])
    unchanged = get_conditional_response(request, etag=etag)
    response = unchanged or HttpResponse(body, content_type=CONTENT_TYPE)
    response["ETag"] = etag
    if download:
        response["Content-Disposition"] = f'attachment; filename="{download}"'
    if private:
        # The address is the secret: kept out of shared caches, search engines and the
        # Referer of anything it links to.
        response["Cache-Control"] = "private, max-age=900"
        response["X-Robots-Tag"] = "noindex"
        response["Referrer-Policy"] = "no-referrer"
    else:
        response["Cache-Control"] = "public, max-age=900"
    return response


@require_safe
def club_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not club_access.may_see_events(request.user, club):
        raise Http404
    events = calendars.club_events(club, request.user)
    body = calendars.file(f"{club.name} (Thirty-One)", events, site.absolute)
    return _ics(request, body)


@require_safe
def event_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    """One event's file: the event page's "Add to calendar"."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    if not club_access.may_see_events(request.user, event.club):
        raise Http404
    body = calendars.file(event.name, [event], site.absolute)
    return _ics(request, body, download=f"{slugify(event.name) or 'event'}-{event.pk}.ics")


@require_safe
def player_calendar(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    feed = calendars.find_feed(pk, token)
    if feed is None:
        raise Http404
    # In the feed's owner's language, whoever's calendar app fetches it.
    return _ics(request, calendars.player_file(feed, site.absolute), private=True)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def my_calendar(request: HttpRequest) -> HttpResponse:
    """The page of one's private feed: its address, made on request; a new address
    (the old one stops working) after a second step that asks."""
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "make":
            calendars.make_feed(request.user)
            messages.success(request, _("Your calendar address is ready."))
        elif action == "renew" and calendars.feed_of(request.user) is not None:
            if request.POST.get("confirm") != "yes":
                return _page(request, asking=True)
            calendars.renew_feed(request.user)
            messages.success(
                request, _("Your calendar has a new address: the old one works no more.")
            )
        else:
            messages.error(request, _("Choose one of the page's buttons."))
        return redirect("tournaments:my_calendar")
    return _page(request)


def _page(request: HttpRequest, *, asking: bool = False) -> HttpResponse:
    feed = calendars.feed_of(request.user)
    context: dict[str, Any] = {"feed": feed, "asking": asking}
    if feed is not None:
        url = site.absolute(feed.get_absolute_url())
        context |= {"feed_url": url, "subscribe_url": site.webcal(url)}
    return render(request, "tournaments/calendar.html", context)
