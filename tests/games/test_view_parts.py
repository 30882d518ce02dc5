"""A push sends only the parts of the game area that changed (games.view_parts): applied
to the view a client shows, as htmx applies it, it must give the new view exactly."""

from __future__ import annotations

import re
import statistics
from typing import Any

import pytest
from django.test import Client

from games import services, view_parts
from games.engine import SeededDeckSource
from games.engine.bots import BaselineBot
from games.models import Game
from games.rendering import render_game_area
from games.services import sources
from tests.games import dom
from tests.games.playing import play_step

pytestmark = pytest.mark.django_db


def _views(game_id: int, seats: int) -> dict[int | None, str]:
    game = Game.objects.select_related("table").get(pk=game_id)
    state = game.engine_state()
    return {seat: render_game_area(game, state, seat) for seat in [*range(seats), None]}


def test_every_delta_applied_to_the_last_view_gives_the_new_view(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """100 moves at four seats (two people, two bots) and a spectator, rounds ending
    and new ones dealt: after every move, each viewer's delta from their previous view,
    swapped in out of band, shows what the new view shows; and it is smaller than the
    whole view."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(3))
    table.seat_count = 4
    table.save()
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=table.owner, level="easy")
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)
    chooser = BaselineBot()
    shown = _views(game.pk, 4)
    sizes: list[tuple[int, int]] = []
    whole = 0
    rounds = 0
    for _ in range(100):
        game.refresh_from_db()
        if game.status != Game.PLAYING:
            break
        play_step(game, chooser)
        new = _views(game.pk, 4)
        for seat, html in new.items():
            changed = view_parts.delta(view_parts.View(shown[seat]), view_parts.View(html))
            if changed is None:
                whole += 1
                shown[seat] = html
                continue
            assert dom.forms_without_their_own_swap(dom.parse(html)) == []
            page = dom.parse(shown[seat])
            assert dom.apply_push(page, changed) == [], "every part sent has its place"
            dom.sync_meta(page)
            assert dom.game_area_shown(page) == dom.game_area_shown(dom.parse(html)), seat
            # The mover's htmx answer may have shown the new view before its push came:
            # the push applied to the new view changes nothing.
            again = dom.parse(html)
            assert dom.apply_push(again, changed) == []
            dom.sync_meta(again)
            assert dom.game_area_shown(again) == dom.game_area_shown(dom.parse(html)), seat
            sizes.append((len(changed.encode()), len(view_parts.strip(html).encode())))
            shown[seat] = html
        rounds = game.engine_state().round_no if game.status == Game.PLAYING else rounds + 1
    assert rounds >= 2, "a round ended and a new one was dealt"
    assert len(sizes) > 400
    assert whole == 0, "no move changed the view's shape"
    assert statistics.median(d for d, _ in sizes) < statistics.median(w for _, w in sizes) / 3


def _area(parts: str) -> str:
    return f'<section id="game-area"><!--p:game-root-->{parts}<!--/p--></section>'


def test_only_the_changed_parts_are_sent_and_the_flash_always() -> None:
    old = view_parts.View(
        _area(
            '<!--p:a--><div id="a">1</div><!--/p-->'
            '<!--p!:flash--><div id="flash"></div><!--/p-->'
            '<!--p:list--><ol id="list"><!--p:x--><li id="x">x</li><!--/p-->'
            '<!--p:y--><li id="y">y</li><!--/p--></ol><!--/p-->'
        )
    )
    new = view_parts.View(
        _area(
            '<!--p:a--><div id="a">1</div><!--/p-->'
            '<!--p!:flash--><div id="flash"></div><!--/p-->'
            '<!--p:list--><ol id="list"><!--p:x--><li id="x">x</li><!--/p-->'
            '<!--p:y--><li id="y">Y</li><!--/p--></ol><!--/p-->'
        )
    )
    assert view_parts.delta(old, new) == '<div id="flash"></div><li id="y">Y</li>'
    assert view_parts.delta(None, new) is None


def test_a_view_of_another_shape_is_sent_whole() -> None:
    old = view_parts.View(_area('<!--p:a--><div id="a">1</div><!--/p-->'))
    new = view_parts.View(_area('<p>news</p><!--p:a--><div id="a">1</div><!--/p-->'))
    assert view_parts.delta(old, new) is None
    broken = view_parts.View(_area('<!--p:a--><div id="a">1</div>'))  # a marker left open
    assert view_parts.delta(old, broken) is None


def test_new_log_lines_go_on_top_and_a_changed_line_resends_the_log() -> None:
    def log(*lines: tuple[int, str]) -> view_parts.View:
        items = "".join(f"<!--p:log-{n}--><li>{text}</li><!--/p-->" for n, text in lines)
        return view_parts.View(_area(f'<!--p*:log--><ol id="log">{items}</ol><!--/p-->'))

    old = log((2, "b"), (1, "a"))
    assert view_parts.delta(old, log((4, "d"), (3, "c"), (2, "b"), (1, "a"))) == (
        '<ol id="log" hx-swap-oob="afterbegin"><li>d</li><li>c</li></ol>'
    )
    # The oldest line dropped at the bottom: still only the new one on top.
    assert view_parts.delta(old, log((3, "c"), (2, "b"))) == (
        '<ol id="log" hx-swap-oob="afterbegin"><li>c</li></ol>'
    )
    assert view_parts.delta(old, log((3, "c"), (2, "B"), (1, "a"))) == (
        '<ol id="log"><li>c</li><li>B</li><li>a</li></ol>'
    )


def test_a_changed_log_line_resends_the_log_its_lines_have_no_ids() -> None:
    def log(*lines: tuple[int, str]) -> view_parts.View:
        items = "".join(f"<!--p:log-{n}--><li>{text}</li><!--/p-->" for n, text in lines)
        return view_parts.View(_area(f'<!--p*:log--><ol id="log">{items}</ol><!--/p-->'))

    assert view_parts.delta(log((2, "b"), (1, "a")), log((2, "b"), (1, "A"))) == (
        '<ol id="log"><li>b</li><li>A</li></ol>'
    )
    assert view_parts.delta(log((2, "b"), (1, "a")), log((2, "b"), (1, "a"))) == ""


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _table_body(page: dom.Node) -> str:
    """What the table body shows, but for the CSRF tokens (each render masks its own)."""
    return CSRF.sub('name="csrfmiddlewaretoken"', dom.element(page, "table-body").html())


@pytest.mark.parametrize("whole", [False, True], ids=["parts", "whole area"])
def test_a_game_over_by_push_leaves_the_page_as_a_reload_shows_it(
    table: Any, bob: Any, whole: bool
) -> None:
    """The host's page while the game is played has the host's controls and no seats
    (they are outside the game area, which pushes change). The game ends elsewhere (the
    host in another tab): once the push is in, the area asks for the table body
    (hx-trigger="load" while the body was made for a game in play), and the page then
    shows what a reload shows: no controls, the seats and "Deal a new game"."""
    client = Client()
    client.force_login(table.owner)
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    page = dom.parse(client.get(table.get_absolute_url()).content.decode())
    assert "End the game" in page.html() and "Deal a new game" not in page.html()
    assert dom.fired_on_load(page) == []
    sent = view_parts.View(_views(game.pk, 2)[0])
    services.end_game(game_id=game.pk, by=table.owner, expected_seq=game.seq)
    now = view_parts.View(_views(game.pk, 2)[0])
    push = view_parts.delta(None if whole else sent, now)
    if push is None:
        dom.swap_outer(page, "game-area", view_parts.strip(now.text))
    else:
        assert dom.apply_push(page, push) == []
        dom.sync_meta(page)
    [loader] = dom.fired_on_load(page)
    assert (loader.attrs["hx-target"], loader.attrs["hx-swap"]) == ("#table-body", "outerHTML")
    answer = client.get(str(loader.attrs["hx-get"]), HTTP_HX_REQUEST="true")
    dom.swap_outer(page, "table-body", answer.content.decode())
    reload = dom.parse(client.get(table.get_absolute_url()).content.decode())
    assert _table_body(page) == _table_body(reload)
    assert "End the game" not in page.html() and "Deal a new game" in page.html()
    assert dom.fired_on_load(page) == [], "once is enough: the new body is not a played one"
