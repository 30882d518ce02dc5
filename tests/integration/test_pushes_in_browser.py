"""A push of the parts that changed, in a real browser on a real socket: Chromium on a
Daphne process (PostgreSQL, Redis), a bot answering from a Celery worker. After each of
the bot's moves, which reach the page only as pushes, the page must show what a fresh
render of the player's view shows (games.view_parts, static/js/live.js)."""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from games import services, view_parts
from games.models import Game
from games.rendering import render_game_area
from tests.e2e.conftest import open_chromium
from tests.games import dom
from tests.integration.helpers import (
    Daphne,
    Worker,
    choose,
    deal,
    is_draw,
    is_plain_discard,
    live_env,
    running,
    session_of,
    tasks_go_to_workers,
    wait_until,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

HUMAN = 0
SPACE = re.compile(r"\s+")


@pytest.fixture
def human_and_bot(table: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    services.add_bot(table=table, by=table.owner, level="easy")
    game = deal(table, monkeypatch)
    assert game.engine_state().turn == HUMAN
    return game


@pytest.fixture
def chromium(server: Daphne) -> Iterator[Any]:
    """Chromium for this test alone, opened after the servers (so the first, plain run
    of the suite skips for want of PostgreSQL before it opens a browser) and closed
    after it: Playwright's sync API keeps an event loop on this thread while open,
    which later tests' async_to_sync would trip over."""
    with open_chromium() as browser:
        yield browser
        # Queries made while Playwright's loop runs get connections of their own (asgiref
        # keeps them per context): closed here, or the test database can't be dropped.
        connections.close_all()


@pytest.fixture
def server(postgres: None, redis_url: str, human_and_bot: Game, tmp_path: Path) -> Iterator[Daphne]:
    environ = live_env(redis_url, tmp_path)
    web, worker = Daphne("daphne", environ, tmp_path), Worker("worker", environ, tmp_path)
    with tasks_go_to_workers(), running(web, worker):
        yield web


# The turn clock's seconds and local time, which the page's script changes as it ticks.
CLOCKS = ("data-deadline", "data-deadline-clock")


def _text(node: dom.Node) -> str:
    if not node.tag:
        return node.text
    if any(name in node.attrs for name in CLOCKS):
        return ""
    return "".join(_text(child) for child in node.children)


def _fresh(game_id: int) -> dom.Node:
    """The player's view as a new page would show it now."""
    game = Game.objects.select_related("table").get(pk=game_id)
    return dom.parse(render_game_area(game, game.engine_state(), HUMAN))


def _shown(page: Any) -> tuple[str, list[str], str]:
    """What the page shows: the game area's words, the cards in your hand, its seq."""
    text = page.evaluate(
        "() => { const area = document.getElementById('game-area').cloneNode(true);"
        " area.querySelectorAll('[data-deadline], [data-deadline-clock]')"
        ".forEach(e => e.remove()); return area.textContent; }"
    )
    hand = page.locator("#me-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return SPACE.sub(" ", text).strip(), hand, page.locator("#game-area").get_attribute("data-seq")


def _expected(game_id: int) -> tuple[str, list[str], str]:
    fresh = _fresh(game_id)
    area = fresh.find("game-area")
    assert area is not None
    parent, index = area
    node = parent.children[index]
    found = fresh.find("me-hand")
    assert found is not None
    hand = [
        str(n.attrs["data-card"])
        for n in _walk(found[0].children[found[1]])
        if "data-card" in n.attrs
    ]
    return SPACE.sub(" ", _text(node)).strip(), hand, str(node.attrs["data-seq"])


def _walk(node: dom.Node) -> Iterator[dom.Node]:
    yield node
    for child in node.children:
        yield from _walk(child)


def _wait_for_seq(page: Any, seq: int) -> None:
    page.wait_for_function(
        f"Number(document.getElementById('game-area').dataset.seq) >= {seq}", timeout=10_000
    )


def test_the_bots_moves_arrive_as_parts_and_the_page_shows_the_game_as_it_is(
    human_and_bot: Game,
    ann: Any,
    server: Daphne,
    chromium: Any,
) -> None:
    game_id = human_and_bot.pk
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    host = server.http.split("//", 1)[1].split(":")[0]
    context.add_cookies(
        [{"name": "sessionid", "value": session_of(ann), "domain": host, "path": "/"}]
    )
    try:
        page = context.new_page()
        page.goto(f"{server.http}/tables/{human_and_bot.table_id}/")
        page.wait_for_function("window.thirtyoneLive === true", timeout=15_000)
        page.evaluate(
            "window.pushed = [];"
            "document.addEventListener('htmx:wsAfterMessage',"
            " e => window.pushed.push(String(e.detail.message)))"
        )
        replies = 0
        areas: list[int] = []  # the whole game area's bytes after each reply
        # A draw and a discard each time, the bot's reply pushed after: 16 moves at most,
        # within the 20 a person may post in 10 s (games.ratelimit.ACTIONS).
        for _ in range(8):
            game = Game.objects.get(pk=game_id)
            if not game.in_play:
                break
            for pick in (is_draw, is_plain_discard):
                game, code = choose(game_id, ann, pick)
                page.locator(f"#game-area button[name=action][value='{code}']").first.click()
                _wait_for_seq(page, game.seq + 1)  # or later: the bot may have answered
            # The bot's move is made in the worker; only a push brings it to the page.
            wait_until(
                lambda: (
                    (g := Game.objects.get(pk=game_id)).engine_state().turn == HUMAN
                    or not g.in_play
                ),
                "the bot's reply",
            )
            game = Game.objects.get(pk=game_id)
            _wait_for_seq(page, game.seq)
            replies += 1
            assert _shown(page) == _expected(game_id), f"after the bot's reply {replies}"
            game = Game.objects.select_related("table").get(pk=game_id)
            whole = render_game_area(game, game.engine_state(), HUMAN)
            areas.append(len(view_parts.strip(whole)))  # what a push of the whole area sends
        assert replies >= 3
        pushed = page.evaluate("window.pushed")
        parts = [m for m in pushed if not m.lstrip().startswith('<section id="game-area"')]
        assert parts and all('id="game-meta"' in m for m in parts if "data-seq" in m)
        # Heads-up, half the pushes carry your own hand (its cards are forms), and a
        # round's end its summary and decks; a bot's draw is a seat, a pile and a line.
        sizes = sorted(len(m) for m in parts)
        assert statistics.median(sizes) < 0.75 * statistics.median(areas), "not whole areas"
        assert sizes[0] < statistics.median(areas) / 4
        assert page.evaluate("window.thirtyoneLive") is True, "the socket stayed open"
        log = page.locator("#game-log-lines > li").count()
        assert log <= 30, "the log keeps the length the server shows"
    finally:
        context.close()
