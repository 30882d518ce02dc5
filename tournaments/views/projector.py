"""The projector view of an event (tournaments.room.projector): a page for the club room's
big screen. Anyone who may see the event's page may open it, logged in or not, as
`events.event_page` decides (every event is public: its standings and tables are)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from games.wording import readers
from tournaments import name_scope
from tournaments.models import Event
from tournaments.room import projector

# Seconds between reloads without JavaScript (with it, the event's socket pushes).
REFRESH_SECONDS = 15


@require_safe
def screen(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    # A screen the whole room reads: names as no one in particular may read them,
    # whoever opened it (docs/privacy.md#my-name-off-public-pages).
    with readers.reading_as(None, name_scope.event_scope(event.pk, None)):
        context = projector.context(event)
        context["refresh_seconds"] = REFRESH_SECONDS if event.status != Event.FINISHED else None
        return render(request, "tournaments/projector.html", context)
