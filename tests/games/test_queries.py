"""The table page, a move and a poll each take a fixed, small number of queries, however
long the game has run: the log shows its last events, the deals their last rounds."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import area_parts, engine, notify, presence, realtime, services
from games.engine.bots import BaselineBot
from games.models import Game, GameEvent

# session, user, table, seats, game, players, events, deals; the chat's mutes and lines;
# the player's arrival (one UPDATE, and on their first view of the game the table's
# first-turn grace), their calls bar (games dealt to them not yet opened, events they
# play in that run: docs/club-night.md#calls-led-to-your-seat) and the header's count of
# their turn-based games waiting for their move
# (docs/tables.md#games-waiting-for-your-move); whom the viewer blocked and whether a
# moderator muted them in chat (games.chat_hiding, games.gates: docs/fair-play.md#blocks);
# the calls bar's tables calling them as an organizer (docs/club-night.md#calling-the-organizer)
PAGE_QUERIES = 18
# session, user, game; the service's savepoint and its release, and inside it: the
# locked game with its table and players in one query (read once: the next-bot check
# and the area use them), new events, the snapshot; then the answer: the game's seq
# (has it moved on since?), the area's last events (the push after the commit reads
# them, and the answer is made of the push's parts; here the commit hooks do not run).
# No game, players or events read back, and no deals: a move's parts leave the deals'
# panel as it was: 10. A move that ends a round also reveals its deck and commits to
# the next, and its answer is the whole area, so it reads the deals too: 13, the most.
# Before issue 27: 16.
MOVE_QUERIES = 13
POLL_QUERIES = 3  # session, user, game: nothing changed
# After a move's commit, a push to every seat and the spectators: the area's events,
# read once for all the views (and its deals, for a push of whole views: a move's parts
# leave the deals' panel as it was). Not the game or its players: the writer's.
PUSH_QUERIES = 1
WHOLE_PUSH_QUERIES = 2


@pytest.fixture
def bot_game(ann: Any, scat: Any, django_capture_on_commit_callbacks: Any) -> Game:
    """ann against two bots, who move at once after each of her moves. Many lives: she
    must still be playing after dozens of moves."""
    table = services.create_table(
        owner=ann, name="Long", rule_set=scat, seat_count=3, changes={"lives": 12}
    )
    services.add_bot(table=table, by=table.owner, level="easy")
    services.add_bot(table=table, by=table.owner, level="easy")
    with django_capture_on_commit_callbacks(execute=True):
        return services.start_game(table=table, by=table.owner)


def _play_on(game: Game, moves: int, capture: Any) -> None:
    """Let ann (with the baseline bot's choices) and the bots play `moves` of her moves."""
    bot = BaselineBot()
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.PLAYING:
            break
        state = game.engine_state()
        action = bot.choose(engine.observation(state, 0)).code
        with capture(execute=True):
            services.play(
                game_id=game.pk, user=game.table.owner, action=action, expected_seq=game.seq
            )
    game.refresh_from_db()


def _measure(game: Game, client: Client, capture: Any, assert_max: Any) -> None:
    game.refresh_from_db()
    url = game.table.get_absolute_url()
    with assert_max(PAGE_QUERIES):
        assert client.get(url).status_code == 200
    # A spectator: no session, user, mutes, arrival, calls or turns waiting.
    with assert_max(PAGE_QUERIES - 7):
        assert Client().get(url).status_code == 200
    with assert_max(POLL_QUERIES):
        response = client.get(
            reverse("game_view", args=[game.pk]), {"seq": game.seq}, headers={"HX-Request": "true"}
        )
        assert response.status_code == 204
    action = BaselineBot().choose(engine.observation(game.engine_state(), 0)).code
    # The bots' replies run after the commit (on a worker in production): not counted.
    with capture(execute=False), assert_max(MOVE_QUERIES):
        response = client.post(
            reverse("play", args=[game.pk]),
            {"action": action, "seq": game.seq},
            headers={"HX-Request": "true"},
        )
    assert 'role="alert"' not in response.content.decode()
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game).count() == game.seq


def test_the_page_a_poll_and_a_move_take_as_many_queries_late_in_a_game_as_early(
    bot_game: Game, django_capture_on_commit_callbacks: Any, django_assert_max_num_queries: Any
) -> None:
    client = Client()
    client.force_login(bot_game.table.owner)
    _measure(bot_game, client, django_capture_on_commit_callbacks, django_assert_max_num_queries)
    with django_capture_on_commit_callbacks(execute=True):  # the bots reply now
        services.play_for_bot(game_id=bot_game.pk, expected_seq=bot_game.seq)
    _play_on(bot_game, 60, django_capture_on_commit_callbacks)
    assert bot_game.status == Game.PLAYING and bot_game.seq > 150, "a long game"
    _measure(bot_game, client, django_capture_on_commit_callbacks, django_assert_max_num_queries)


class RecordingLayer:
    """A shared layer (Redis): every viewer with a presence key gets a view."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.sent.append((group, message))


def test_a_push_after_a_move_reads_only_the_log_and_for_whole_views_the_deals(
    ann: Any,
    bob: Any,
    scat: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
    django_assert_num_queries: Any,
) -> None:
    table = services.create_table(owner=ann, name="Four", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    layer = RecordingLayer()
    monkeypatch.setattr(realtime, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(notify, "enqueue", lambda *args, **kwargs: None)
    presence.mark_present_all([(game.pk, 0), (game.pk, 1), (game.pk, None)])
    pushed_parts = 0
    for _ in range(6):
        game.refresh_from_db()
        state = game.engine_state()
        seat = state.turn
        user = ann if seat == 0 else bob
        action = BaselineBot().choose(engine.observation(state, seat)).code
        with django_capture_on_commit_callbacks() as callbacks:
            services.play(game_id=game.pk, user=user, action=action, expected_seq=game.seq)
        layer.sent.clear()
        game.refresh_from_db()
        parts = area_parts.base_of(game) is not None
        with django_assert_num_queries(PUSH_QUERIES if parts else WHOLE_PUSH_QUERIES):
            for callback in callbacks:
                callback()
        assert len(layer.sent) == 3, "both seats and the spectators"
        pushed_parts += parts
    assert pushed_parts >= 4, "most moves push their parts"
