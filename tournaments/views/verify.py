"""The verify page of an event (docs/fair-seating.md#the-verify-page-and-the-command):
its seating commitment and, once the event is over, its seed, and every round drawn
again from it and compared with what was played. Public like the event's page; it works
without JavaScript. A finished event's report cannot change unless its records do (a
correction counts the event's `live_version` up), so it is cached by that version:
drawing a large Swiss event again takes seconds, and anyone may ask."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from games import safe_cache
from games.wording import readers
from tournaments import verify
from tournaments.models import Event

CACHE_SECONDS = 60 * 60


@require_safe
def verify_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    # The report holds its verdicts in words: one cached report per language.
    language = get_language()
    # ... and its names those the reader may read (docs/privacy.md#my-name-off-public-pages).
    names = readers.key()
    key = f"tournaments:verify:{event.pk}:{event.live_version}:{event.status}:{language}{names}"
    # The cache out (docs/profiles.md#when-redis-goes-away): the report is drawn again, not kept.
    found = safe_cache.cache_get(key)
    if found is None:
        found = verify.report(event)
        if found.stage == verify.REVEALED:
            safe_cache.cache_set(key, found, CACHE_SECONDS)
    return render(request, "tournaments/verify.html", {"event": event, "report": found})
