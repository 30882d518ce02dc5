"""An event page whose socket was down catches up when it comes back: Chromium on a
Daphne process (PostgreSQL, Redis). The web process stops, the organizer starts the
event meanwhile (its push reaches no one), the web process starts again on the same
port, htmx's ws extension reconnects, the page names the version of the live part it
shows, and the socket sends the part it missed (tournaments.consumers,
static/js/events.js)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from lab.bench.processes import free_port
from tests.e2e.conftest import open_chromium
from tests.integration.helpers import Daphne, live_env, running
from tournaments import services
from tournaments.models import Event

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# Counts the page's socket openings and closings, from before its own scripts run.
COUNT_SOCKETS = """
window.socketOpens = 0; window.socketCloses = 0;
document.addEventListener('htmx:wsOpen', () => { window.socketOpens += 1; });
document.addEventListener('htmx:wsClose', () => { window.socketCloses += 1; });
"""
STARTED = "Round 1 of 3 is being seated"  # a manual event: the organizer starts it


def test_a_page_whose_socket_was_down_shows_the_change_it_missed(
    postgres: None,
    redis_url: str,
    make_event: Any,
    members: list[Any],
    ann: Any,
    tmp_path: Path,
) -> None:
    event = make_event(advance=Event.MANUAL)
    for player in members[:4]:
        services.register(event=event, user=player)
    environ, port = live_env(redis_url, tmp_path), free_port()
    with open_chromium() as browser:
        try:
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            context.add_init_script(COUNT_SOCKETS)
            page = context.new_page()
            with running(Daphne("daphne", environ, tmp_path, port=port)) as (web,):
                page.goto(f"{web.http}/tournaments/{event.pk}/")
                page.wait_for_function("window.socketOpens === 1", timeout=15_000)
                assert STARTED not in page.locator("#event-live").inner_text()
            page.wait_for_function("window.socketCloses >= 1", timeout=15_000)
            services.start_event(event=event, by=ann)  # told to no socket: none is open
            with running(Daphne("daphne-again", environ, tmp_path, port=port)):
                page.wait_for_function("window.socketOpens >= 2", timeout=30_000)
                page.locator("#event-live", has_text=STARTED).wait_for(timeout=10_000)
            version = Event.objects.values_list("live_version", flat=True).get(pk=event.pk)
            assert page.locator("#event-live").get_attribute("data-version") == str(version)
            context.close()
        finally:
            # Queries made while Playwright's loop runs get connections of their own
            # (asgiref keeps them per context): closed here, or the test database can't
            # be dropped.
            connections.close_all()
