"""Pages fall back to polling while Redis is down, in a real browser: Chromium on a
Daphne process (PostgreSQL, and a Redis server of the test's own, killed and started
again). The table page and an event page each have their socket closed with 4503
(games.layer_watch), show a change made during the outage by polling (the table's
game view; the event page's own page, static/js/sockets.js), and open their socket
again once Redis is back (docs/realtime.md#when-the-layer-is-down)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from lab.bench.processes import free_port
from tests.e2e.conftest import open_chromium
from tests.integration.helpers import (
    Daphne,
    choose,
    deal,
    live_env,
    post_move,
    running,
    session_of,
)
from tests.integration.test_redis_outage import RedisServer
from tournaments import services as events
from tournaments.models import Event

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# Counts the page's own socket's openings and closings (not the calls bar's), and the
# close codes htmx's ws extension was given, from before the page's scripts run.
COUNT_SOCKETS = """
window.socketOpens = 0; window.socketCloses = 0; window.closeCodes = [];
function mine(e) { return !e.target.matches('[ws-connect^="/ws/calls/"]'); }
document.addEventListener('htmx:wsOpen', e => { if (mine(e)) window.socketOpens += 1; });
document.addEventListener('htmx:wsClose', e => {
  if (!mine(e)) return;
  window.socketCloses += 1; window.closeCodes.push(e.detail.event.code);
});
"""
STARTED = "Round 1 of 3 is being seated"  # a manual event: the organizer starts it


def test_pages_poll_while_redis_is_down_and_open_their_sockets_again(
    postgres: None,
    table: Any,
    bob: Any,
    make_event: Any,
    members: list[Any],
    ann: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from games import services

    services.join_table(table=table, user=bob)
    game = deal(table, monkeypatch)
    mover = game.players.get(position=game.engine_state().turn).user
    other = game.players.exclude(user=mover).get().user
    event = make_event(advance=Event.MANUAL)
    for player in members[:4]:
        events.register(event=event, user=player)
    redis = RedisServer(free_port(), tmp_path).start()
    environ = live_env(f"redis://127.0.0.1:{redis.port}/0", tmp_path)
    try:
        with running(Daphne("daphne", environ, tmp_path)) as (web,), open_chromium() as browser:
            try:
                _outage(browser, web, redis, game, table, event, mover, other, ann)
            finally:
                # Queries made while Playwright's loop runs get connections of their
                # own (asgiref keeps them per context): closed here, or the test
                # database can't be dropped.
                connections.close_all()
    finally:
        redis.stop()


def _outage(
    browser: Any,
    web: Daphne,
    redis: RedisServer,
    game: Any,
    table: Any,
    event: Event,
    mover: Any,
    other: Any,
    ann: Any,
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(COUNT_SOCKETS)
    host = web.http.split("//", 1)[1].split(":")[0]
    cookie = {"name": "sessionid", "value": session_of(other), "domain": host}
    context.add_cookies([{**cookie, "path": "/"}])
    table_page, event_page = context.new_page(), context.new_page()
    table_page.goto(f"{web.http}/tables/{table.pk}/")
    event_page.goto(f"{web.http}/tournaments/{event.pk}/")
    for page in (table_page, event_page):
        page.wait_for_function("window.socketOpens === 1", timeout=15_000)

    redis.kill()
    for page in (table_page, event_page):
        page.wait_for_function("window.socketCloses >= 1", timeout=15_000)
        assert page.evaluate("window.closeCodes[0]") == 1013  # 4503, as htmx reads it
    assert table_page.evaluate("window.thirtyoneLive") is False
    before, action = choose(game.pk, mover, lambda _action: True)
    status, body = post_move(web, game.pk, session_of(mover), action=action, seq=before.seq)
    assert status in (200, 204, 302, 303), body[:300]
    moved = before.seq + 1
    table_page.wait_for_function(
        f"Number(document.getElementById('game-area').dataset.seq) >= {moved}",
        timeout=15_000,
    )
    events.start_event(event=event, by=ann)
    event_page.locator("#event-live", has_text=STARTED).wait_for(timeout=15_000)

    redis.start()
    for page in (table_page, event_page):
        page.wait_for_function("window.socketOpens >= 2", timeout=30_000)
    assert table_page.evaluate("window.thirtyoneLive") is True
    context.close()
