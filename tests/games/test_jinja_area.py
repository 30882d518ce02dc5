"""The game area's Jinja2 translation renders what Django's engine renders, byte for byte
(games/jinja_area.py, docs/realtime.md#rendering-with-jinja2): for every seat and the
spectators, in every language, over whole games of rule sets that show every kind of
pile, standing and control, and in the states a game reaches more rarely (away, timers,
proposals, the end of a tournament's deal, names that need escaping)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template import engines
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games import engine, jinja_area, rendering, services
from games.engine import SeededDeckSource
from games.engine.bots import BaselineBot
from games.models import Game, RuleSet
from games.presence import LANGUAGES
from games.services import sources

pytestmark = pytest.mark.django_db


def _django(name: str, context: dict[str, Any]) -> str:
    return render_to_string(name, context)


def _jinja(name: str, context: dict[str, Any]) -> str:
    html = jinja_area.render(name.partition("#")[2], context)
    assert html is not None, "the partials have a Jinja2 translation"
    return html


def _same(context: dict[str, Any]) -> None:
    """The area, each seat and the fairness panel, both ways, for `context`."""
    assert _jinja(rendering.TEMPLATE, context) == _django(rendering.TEMPLATE, context)
    clock = {k: context[k] for k in ("seconds_left", "seconds_html", "deadline_ms", "time_left")}
    for seat in context["others"] + ([context["me"]] if context["me"] else []):
        seat_context = {"s": seat, **clock}
        assert _jinja(rendering.SEAT_TEMPLATE, seat_context) == _django(
            rendering.SEAT_TEMPLATE, seat_context
        )
    fairness = {"deal": context["deal"], "outcome": context["outcome"]}
    assert _jinja(rendering.FAIRNESS_TEMPLATE, fairness) == _django(
        rendering.FAIRNESS_TEMPLATE, fairness
    )


def _all_views(game_id: int, seats: int, languages: tuple[str, ...] = LANGUAGES) -> int:
    game = Game.objects.select_related("table").get(pk=game_id)
    state = game.engine_state()
    compared = 0
    for language in languages:
        with translation.override(language):
            for seat in [*range(seats), None]:
                _same(rendering.game_context(game, state, seat))
                compared += 1
    return compared


def _play(game: Game, chooser: BaselineBot) -> None:
    state = game.engine_state()
    player = game.players.get(position=state.turn)
    if player.is_bot:
        services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
    else:
        action = chooser.choose(engine.observation(state, state.turn))
        services.play(game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq)


@pytest.mark.parametrize(
    "preset",
    ["scat", "banking", "ride_the_bus", "en_og_tredive", "philadelphia", "french_canadian"],
)
def test_every_view_of_whole_games_is_the_same_from_both_engines(
    preset: str,
    ann: Any,
    bob: Any,
    presets: None,
    django_user_model: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three people and a bot play a game (to its end at 2 lives; 250 moves, several
    rounds, of the others): after every move, every seat's and the spectators'
    views, both ways, in each language in turn (all of them at the start and at the
    end)."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(7))
    rule_set = RuleSet.objects.get(preset=preset, is_preset=True)
    changes = {
        "french_canadian": {"target_points": 5},
        "banking": {"chips": 2},
        "ride_the_bus": {},
    }.get(preset, {"lives": 2})
    table = services.create_table(
        owner=ann, name="Both", rule_set=rule_set, seat_count=4, changes=changes, turn_timer=0
    )
    services.join_table(table=table, user=bob)
    cat = django_user_model.objects.create_user("cat", password="x" * 12)
    services.join_table(table=table, user=cat)
    services.add_bot(table=table, by=ann, level="easy")
    game = services.start_game(table=table, by=ann)
    chooser = BaselineBot()
    compared = _all_views(game.pk, 4)
    for move in range(250):
        game.refresh_from_db()
        if not game.in_play:
            break
        _play(game, chooser)
        compared += _all_views(game.pk, 4, (LANGUAGES[move % len(LANGUAGES)],))
    game.refresh_from_db()
    if preset in ("scat", "philadelphia"):
        assert not game.in_play, "played to the end: the game-over panels compared too"
    compared += _all_views(game.pk, 4)  # the game-over panels in every language
    assert compared > 100


@pytest.fixture
def game(table: Any, bob: Any) -> Game:
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


@pytest.mark.parametrize("language", LANGUAGES)
def test_rarer_states_and_names_that_need_escaping_are_the_same_from_both_engines(
    game: Game, language: str
) -> None:
    """What whole games at the bench do not reach: a player away with a bot's turn told,
    a flash message, both clocks of a turn, an open proposal of levels, a game ended
    early and a tournament's deal over, a name with quotes and markup in it."""
    state = game.engine_state()
    odd = 'O\'Brien <b>&"x"'
    with translation.override(language):
        for seat in (0, 1, None):
            base = rendering.game_context(game, state, seat)
            deadline = timezone.localtime(timezone.now() + timezone.timedelta(hours=5))
            variants = [
                {"error": "Not your turn & <no>", "notice": "It's done"},
                {"away": True, "away_text": odd, "played_for_you": "A bot drew 'K♣'."},
                {"away": True, "away_for_good": True, "away_text": odd, "played_for_you": ""},
                {"played_for_you": odd},
                {"my_turn": True, "deadline": deadline, "deadline_ms": 1_900_000_000_000},
                {"my_turn": True, "deadline": deadline, "time_left": "5 h 0 min"},
                {"seconds_left": 12, "seconds_html": rendering._seconds_html(12, 1_900_000)},
                {"turn_name": odd, "knocker_name": odd, "others_html": []},
                {
                    "levels": {
                        "url": "/x/?a=1&b=2",
                        "can_propose": False,
                        "proposal": {
                            "key": "k'1",
                            "text": odd,
                            "agreed": odd,
                            "waiting": "ann, bob",
                            "mine": seat == 0,
                            "to_answer": seat == 1,
                        },
                    }
                },
                {"levels": {"url": "/x/", "can_propose": True, "proposal": None}},
                {"levels": {"url": "/x/", "can_propose": False, "proposal": None}},
                {
                    "outcome": {
                        "text": odd,
                        "won": False,
                        "ended": True,
                        "standings": [(odd, "2 lives"), ("bob", "out")],
                    },
                    "can_restart": True,
                },
                {
                    "outcome": {
                        "heading": odd,
                        "text": "",
                        "won": False,
                        "ended": False,
                        "standings": [(odd, "lost a life, 1 left")],
                        "standings_label": "Lives after the deal",
                    },
                    "system_table": True,
                    "home": type(game.table.home)("/events/1/?a=1&b=2", odd),
                },
                {"outcome": {"text": "won", "won": True}, "table_closed": True},
            ]
            for changes in variants:
                _same({**base, **changes})


def test_the_partials_translate_and_a_tag_they_do_not_know_is_refused() -> None:
    source = engines["django"].get_template(jinja_area.SOURCE).template.source
    translated = jinja_area.translate(source)
    assert set(translated) == set(jinja_area.PARTIALS)
    assert "{% partial" not in translated["game-area"]
    assert re.search(r"_t\('Game log'\)", translated["game-area"])
    odd = "{% partialdef game-area %}{% localize off %}{% cycle 'a' 'b' %}{% endpartialdef %}"
    with pytest.raises(jinja_area.Unsupported):
        jinja_area.translate(odd, ("game-area",))
    with pytest.raises(jinja_area.Unsupported):  # values must be rendered unlocalized
        jinja_area.translate("{% partialdef game-area %}{{ x }}{% endpartialdef %}", ("game-area",))
