"""Pushes on a shared channel layer (Redis in production): who gets a rendered view."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from games import presence, realtime, services
from games.models import Game

pytestmark = pytest.mark.django_db


class RecordingLayer:
    """Stands in for channels-redis: a layer shared between processes, which a push
    reaches from its own event loop. Records each group a view is sent to."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.sent.append((group, message))


@pytest.fixture
def layer(monkeypatch: pytest.MonkeyPatch) -> RecordingLayer:
    recording = RecordingLayer()
    monkeypatch.setattr(realtime, "get_channel_layer", lambda: recording)
    cache.clear()
    return recording


@pytest.fixture
def game(table: Any, bob: Any) -> Game:
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def _groups(layer: RecordingLayer) -> set[str]:
    groups = {group for group, _ in layer.sent}
    layer.sent.clear()
    return groups


def test_a_push_renders_a_view_only_for_the_seats_and_spectators_with_a_socket(
    layer: RecordingLayer, game: Game
) -> None:
    realtime.push_game(game.pk)
    assert _groups(layer) == set(), "nobody is connected: nothing to render"

    presence.mark_present(game.pk, 1)
    realtime.push_game(game.pk)
    assert _groups(layer) == {realtime.seat_group(game.pk, 1)}

    presence.mark_present(game.pk, None)  # a spectator
    realtime.push_game(game.pk)
    assert _groups(layer) == {realtime.seat_group(game.pk, 1), realtime.watch_group(game.pk)}

    presence.mark_absent(game.pk, 1)
    realtime.push_game(game.pk)
    assert _groups(layer) == {realtime.watch_group(game.pk)}


def test_a_catch_up_push_renders_for_the_given_viewers_whatever_the_presence_keys_say(
    layer: RecordingLayer, game: Game
) -> None:
    presence.mark_present(game.pk, 1)
    realtime.push_game(game.pk, viewers={0, None})
    assert _groups(layer) == {realtime.seat_group(game.pk, 0), realtime.watch_group(game.pk)}


def test_each_pushed_view_is_the_one_for_its_group(layer: RecordingLayer, game: Game) -> None:
    presence.mark_present_all([(game.pk, 0), (game.pk, 1), (game.pk, None)])
    realtime.push_game(game.pk)
    views = dict(layer.sent)
    state = game.engine_state()
    for seat in (0, 1):
        html = views[realtime.seat_group(game.pk, seat)]["html"]
        assert all(card.name in html for card in state.hands[seat])
        assert not any(card.name in html for card in state.hands[1 - seat])
    spectator = views[realtime.watch_group(game.pk)]["html"]
    assert not any(card.name in spectator for hand in state.hands for card in hand)
    assert {message["seq"] for message in views.values()} == {game.seq}


class BrokenCache:
    """The cache during a Redis outage: every call fails as redis-py's would."""

    def __getattr__(self, name: str) -> Any:
        def fail(*args: Any, **kwargs: Any) -> Any:
            raise ConnectionError("Error 111 connecting to redis. Connection refused.")

        return fail


def test_a_cache_outage_makes_presence_unknown_not_an_error_page(
    layer: RecordingLayer, game: Game, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    presence.mark_present(game.pk, 1)
    monkeypatch.setattr(presence, "cache", BrokenCache())

    presence.mark_present(game.pk, 0)  # a socket opening: no exception
    presence.mark_absent(game.pk, 0)
    assert presence.connected(Game.objects.get(pk=game.pk), 2) is None
    realtime.push_game(game.pk)  # presence unknown: every viewer gets a view
    assert _groups(layer) == {
        realtime.seat_group(game.pk, 0),
        realtime.seat_group(game.pk, 1),
        realtime.watch_group(game.pk),
    }

    client.force_login(game.table.owner)
    page = client.get(game.table.get_absolute_url())
    assert page.status_code == 200
    assert 'class="online"' not in page.content.decode()  # nobody shown online


def test_a_move_pushes_each_viewer_its_parts_and_answers_the_mover_with_the_same(
    layer: RecordingLayer,
    game: Game,
    client: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Each viewer's push is the parts the move changed (games.area_parts), from one
    context each; the mover's htmx answer is their parts too, swapped in out of band
    (no new render), and either put into the view before the move gives the new view."""
    from django.urls import reverse

    from games import area_parts, engine, notify, rendering, view_parts
    from games.engine.bots import BaselineBot
    from tests.games import dom

    monkeypatch.setattr(notify, "enqueue", lambda *args, **kwargs: None)
    presence.mark_present_all([(game.pk, 0), (game.pk, 1), (game.pk, None)])
    state = game.engine_state()
    seat = state.turn
    before = rendering.render_game_area(game, state, seat)
    renders: list[int | None] = []
    game_context = rendering.game_context
    monkeypatch.setattr(
        rendering,
        "game_context",
        lambda g, state, seat, since=None: (
            renders.append(seat) or game_context(g, state, seat, since=since)
        ),
    )
    player = game.players.get(position=seat)
    client.force_login(player.user)
    action = BaselineBot().choose(engine.observation(state, seat)).code
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("play", args=[game.pk]),
            {"action": action, "seq": game.seq},
            headers={"HX-Request": "true"},
        )
    answer = response.content.decode()
    assert response["HX-Reswap"] == "none", "only the parts, out of band"
    pushed = dict(layer.sent)[realtime.seat_group(game.pk, seat)]
    assert "html" not in pushed and pushed["base"] == game.seq
    spliced = area_parts.apply(view_parts.View(before), game.seq, pushed)
    assert spliced is not None
    page = dom.parse(before)
    assert dom.apply_push(page, answer) == []
    dom.sync_meta(page)
    pushed_page = dom.parse(spliced)
    dom.sync_meta(pushed_page)
    assert dom.game_area_shown(page) == dom.game_area_shown(pushed_page)
    assert "csrfmiddlewaretoken" not in answer, "htmx sends the token in a header"
    assert sorted(renders, key=str) == sorted([0, 1, None], key=str), "one context a viewer"
