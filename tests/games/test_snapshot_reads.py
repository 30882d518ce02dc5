"""A view shows the game as its snapshot is: the log and the deals at the snapshot's seq.

The game area is rendered from a Game instance read at some seq N; moves committed
after that read are in the tables by the time the log and deals are read. The view
must not show them: a log newer than the board (issue 20 found 0.26% of fragments so)
or the deck of a round the board still shows in play.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import engine, rendering, services
from games.engine.bots import BaselineBot
from games.models import Deal, Game, Table
from games.services import sources


@pytest.fixture
def duel(table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    """ann and bob, known shuffles (no round ends on its deal)."""
    source = engine.SeededDeckSource(1)  # one stream: each deck a new shuffle
    monkeypatch.setattr(sources, "new_deck_source", lambda: source)
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def _move(game: Game) -> None:
    """Whoever's turn it is makes the baseline bot's choice."""
    game.refresh_from_db()
    state = game.engine_state()
    action = BaselineBot().choose(engine.observation(state, state.turn)).code
    user = game.players.get(position=state.turn).user
    services.play(game_id=game.pk, user=user, action=action, expected_seq=game.seq)


def _read(game: Game) -> Game:
    return Game.objects.select_related("table").get(pk=game.pk)


def test_the_log_shows_no_event_newer_than_the_snapshot(duel: Game) -> None:
    seen = _read(duel)  # a view's read of the game, at seq N
    _move(duel)  # another request commits a move meanwhile
    duel.refresh_from_db()
    assert duel.seq > seen.seq

    for seat in (0, 1, None):
        context = rendering.game_context(seen, seen.engine_state(), seat)
        assert max(seq for seq, *_ in context["log"]) == seen.seq, seat
    html = rendering.render_game_area(seen, seen.engine_state(), None)
    assert "from the stock" not in html and "takes" not in html, "the move after N"


def test_a_round_ended_after_the_snapshot_is_still_in_play_in_its_view(duel: Game) -> None:
    for _ in range(300):
        seen = _read(duel)
        _move(duel)
        duel.refresh_from_db()
        if duel.engine_state().round_no > 1:
            break
    else:
        raise AssertionError("the round never ended")
    assert duel.status == Game.PLAYING
    first = duel.deals.get(round_no=1, purpose=Deal.ROUND)
    second = duel.deals.get(round_no=2, purpose=Deal.ROUND)
    assert first.revealed  # in the table now, but not at the snapshot's seq

    html = rendering.render_game_area(seen, seen.engine_state(), 0)
    context = rendering.game_context(seen, seen.engine_state(), 0)

    assert context["deal"]["hidden"][0].commitment == first.commitment
    assert context["deal"]["revealed"] == []
    assert first.salt not in html and first.deck not in html
    assert second.commitment not in html
    assert max(seq for seq, *_ in context["log"]) == seen.seq
    # The next read shows the round's end, its deck, and the next round's commitment.
    fresh = rendering.render_game_area(_read(duel), duel.engine_state(), 0)
    assert first.salt in fresh and first.deck in fresh and second.commitment in fresh
