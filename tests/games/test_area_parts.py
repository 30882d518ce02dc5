"""A move's parts put into the view before it give the whole view after it
(games.area_parts, docs/realtime.md#a-move-pushes-its-parts)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games import area_parts, services, view_parts
from games.engine import SeededDeckSource
from games.models import Game, RuleSet
from games.presence import ENGLISH, LANGUAGES
from games.rendering import render_game_area
from games.services import sources
from tests.games import dom
from tests.games.playing import play_step

pytestmark = pytest.mark.django_db

# Rule sets whose areas differ: lives and the kitty, a widow and chips, hidden
# discards, levels by agreement, points, throwing down.
PRESETS = [
    ("scat", {"lives": 2}),
    ("banking", {}),
    ("en_og_tredive", {"lives": 2}),
    ("ride_the_bus", {}),
    ("french_canadian", {}),
    ("philadelphia", {"lives": 2}),
]
MOVES = 150  # at most, per game


def _root(html: str) -> str:
    """The area from its root part on: the section's own tag, whose seq and poll a
    push's `game-meta` brings (static/js/live.js), is the one thing before it."""
    return html[html.index("<!--p:game-root-->") :]


def _fresh(game_id: int, seat: int | None, language: str) -> str:
    game = Game.objects.select_related("table").get(pk=game_id)
    with translation.override(language):
        return render_game_area(game, game.engine_state(), seat)


@pytest.mark.parametrize(("preset", "changes"), PRESETS, ids=[p for p, _ in PRESETS])
def test_a_moves_parts_put_into_the_last_view_give_the_new_view(
    preset: str, changes: dict[str, Any], ann: Any, presets: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole game of four (a person and three bots), for every seat and the
    spectators in English, and three of them in another language (each rule set
    another, so every language is seen): after every move whose push is its parts,
    those parts put into the view shown before equal, character for character, a
    fresh render of the new view; and the person's htmx answer, its parts swapped
    into their page out of band, shows what a fresh render shows."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(5))
    rule_set = RuleSet.objects.get(preset=preset, is_preset=True)
    table = services.create_table(
        owner=ann, name="Parts", rule_set=rule_set, seat_count=4, changes=changes, turn_timer=0
    )
    for _ in range(3):
        services.add_bot(table=table, by=ann, level="easy")
    game = services.start_game(table=table, by=ann)
    other = LANGUAGES[1 + [p for p, _ in PRESETS].index(preset) % (len(LANGUAGES) - 1)]
    # Every viewer in English; in the other, the person's seat, a bot's and the spectators.
    viewers = [(seat, ENGLISH) for seat in [0, 1, 2, 3, None]] + [
        (0, other),
        (2, other),
        (None, other),
    ]
    applied, whole, answered = _play_and_check(game, viewers, preset)
    game.refresh_from_db()
    assert game.status != Game.PLAYING or preset in ("banking", "french_canadian")
    assert applied > 10 * whole, (applied, whole)
    assert answered > 5, "the person's moves were answered with their parts"


def _play_and_check(
    game: Game,
    viewers: list[tuple[int | None, str]],
    label: str,
    *,
    away_after: int = -1,
    person_parts: list[str] | None = None,
) -> tuple[int, int, int]:
    """Play `game` on (at most MOVES moves), checking after each move every viewer's
    parts against a fresh render, and the person's (seat 0's) htmx answer; with
    `away_after`, the person lets a bot finish for them after that many moves. How
    many views took their parts, how many came whole, how many answers were parts;
    `person_parts` collects the parts seat 0 was sent in English."""
    shown = {v: (game.seq, _fresh(game.pk, *v)) for v in viewers}
    applied = whole = answered = 0
    for move in range(MOVES):
        game.refresh_from_db()
        if game.status != Game.PLAYING:
            break
        if move == away_after:
            services.let_bot_finish(game_id=game.pk, user=game.table.owner)
            game.refresh_from_db()
            shown = {v: (game.seq, _fresh(game.pk, *v)) for v in viewers}
        mover, seq_before = game.engine_state().turn, game.seq
        person = mover == 0 and not game.players.get(position=0).away
        play_step(game)
        game = Game.objects.select_related("table").get(pk=game.pk)
        base = area_parts.base_of(game)
        if person:  # their htmx answer, swapped into their page
            answer = area_parts.answer(game, 0, seq_before)
            if answer is not None:
                page = dom.parse(shown[(0, ENGLISH)][1])
                assert dom.apply_push(page, answer) == [], "every part has its place"
                dom.sync_meta(page)
                fresh_page = dom.parse(_fresh(game.pk, 0, ENGLISH))
                assert dom.game_area_shown(page) == dom.game_area_shown(fresh_page), game.seq
                answered += 1
        for viewer in viewers:
            last_seq, before = shown[viewer]
            fresh = _fresh(game.pk, *viewer)
            if base is not None and base <= last_seq:
                seat, language = viewer
                with translation.override(language):
                    message = {
                        "seq": game.seq,
                        "base": base,
                        **area_parts.render(game, game.engine_state(), seat, base),
                    }
                if person_parts is not None and viewer == (0, ENGLISH):
                    person_parts += message["parts"]
                spliced = area_parts.apply(view_parts.View(before), last_seq, message)
                assert spliced is not None, (viewer, game.seq)
                assert _root(spliced) == _root(fresh), (label, viewer, game.seq)
                applied += 1
            else:
                whole += 1
            shown[viewer] = (game.seq, fresh)
    return applied, whole, answered


def test_a_bot_playing_for_someone_away_is_told_them_in_their_parts(
    ann: Any, presets: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person lets a bot finish for them: each move it makes at their seat changes
    what their away notice says ("A bot played your last turn: it drew…"), which their
    parts bring; checked as above for their seat, a bot's and the spectators."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(5))
    rule_set = RuleSet.objects.get(preset="scat", is_preset=True)
    table = services.create_table(
        owner=ann,
        name="Away",
        rule_set=rule_set,
        seat_count=4,
        changes={"lives": 2},
        turn_timer=0,
    )
    for _ in range(3):
        services.add_bot(table=table, by=ann, level="easy")
    game = services.start_game(table=table, by=ann)
    viewers = [(0, ENGLISH), (1, ENGLISH), (None, ENGLISH)]
    sent: list[str] = []
    applied, whole, _ = _play_and_check(game, viewers, "away", away_after=3, person_parts=sent)
    assert applied > 10 * whole, (applied, whole)
    notices = [html for html in sent if html.startswith("<!--p:game-away-->")]
    assert any("A bot played your last turn" in html for html in notices), notices[:2]
    game.refresh_from_db()
    assert game.status != Game.PLAYING, "the bots played it to the end"


def test_a_view_from_before_the_base_or_without_a_part_is_not_patched() -> None:
    """The consumer renders the whole view itself when the parts cannot be put in."""
    view = view_parts.View(
        '<section><!--p:game-root--><!--p:game-meta--><div id="game-meta"></div><!--/p-->'
        '<!--p*:game-log-lines--><ol id="game-log-lines"><!--p:log-1--><li>1</li><!--/p-->'
        "</ol><!--/p--><!--/p--></section>"
    )
    meta = '<!--p:game-meta--><div id="game-meta" data-seq="5"></div><!--/p-->'
    message = {"seq": 5, "base": 3, "parts": [meta], "lines": []}
    assert area_parts.apply(view, 2, message) is None, "older than the base"
    assert area_parts.apply(view, 5, message) is None, "already at the seq"
    assert area_parts.apply(None, 4, message) is None, "no view sent yet"
    seat = '<!--p:seat-9--><li id="seat-9"></li><!--/p-->'
    assert area_parts.apply(view, 4, {**message, "parts": [seat]}) is None, "no such part"
    line = "<!--p:log-5--><li>5</li><!--/p-->"
    patched = area_parts.apply(view, 4, {**message, "lines": [[5, line], [4, "seen"]]})
    assert patched is not None and 'data-seq="5"' in patched
    assert "<li>5</li><!--/p--><!--p:log-1-->" in patched and "seen" not in patched
