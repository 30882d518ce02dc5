"""The game area's Jinja2 templates (games/area_templates.py,
docs/realtime.md#rendering-with-jinja2): the parts a push sends are blocks of the one
source; a page's forms carry its CSRF token and a push's never do; values are escaped;
the messages are the catalogue's, found by makemessages and looked up as Django looks
them up. That the parts spliced into a view equal a fresh render is
tests/games/test_area_parts.py."""

from __future__ import annotations

import inspect
import re
from typing import Any

import polib
import pytest
from django.test import RequestFactory
from django.utils import translation

from games import area_parts, area_templates, rendering, services
from games.models import Game
from games.presence import LANGUAGES
from thirtyone import catalogues
from thirtyone.management.commands import makemessages

pytestmark = pytest.mark.django_db

ODD = 'O\'Brien <b>&"x"'
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.fixture
def game(table: Any, bob: Any) -> Game:
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def _on_turn(game: Game) -> dict[str, Any]:
    state = game.engine_state()
    return rendering.game_context(game, state, state.turn)


def test_every_part_a_push_renders_is_a_block_of_the_area() -> None:
    named = set(re.findall(r'"(area_\w+)"', inspect.getsource(area_parts)))
    assert named, "area_parts names the parts it renders"
    assert named <= set(area_templates.environment().get_template(area_templates.AREA).blocks)
    assert {"area_meta", "area_center", "area_me", "area_me_turn"} <= named


def test_a_pages_forms_carry_its_csrf_token_and_a_pushs_forms_none(game: Game) -> None:
    context = _on_turn(game)
    request = RequestFactory().get("/")
    page = area_templates.render("game_area", context, request=request)
    pushed = area_templates.render("game_area", context)
    forms = page.count('method="post"')
    assert forms >= 2, "the player on turn has moves to make"
    assert page.count('name="csrfmiddlewaretoken"') == forms
    assert "csrfmiddlewaretoken" not in pushed
    assert pushed.count('method="post"') == forms


@pytest.mark.parametrize("language", LANGUAGES)
def test_values_are_escaped_and_the_words_are_in_the_viewers_language(
    game: Game, language: str
) -> None:
    with translation.override(language):
        context = _on_turn(game) | {"turn_name": ODD, "away": True, "away_text": ODD}
        html = area_templates.render("game_area", {**context, "my_turn": False})
        assert ODD not in html and "<b>&" not in html
        assert "O&#39;Brien &lt;b&gt;&amp;&#34;x&#34;" in html
        assert translation.gettext("Game log") in html
        assert translation.pgettext("the stock's label on your turn", "Draw") in html
        waiting = translation.gettext("Waiting for %(name)s") % {"name": "NAME"}
        assert waiting.replace("NAME", "O&#39;Brien &lt;b&gt;&amp;&#34;x&#34;") in html


def _values(*texts: str) -> dict[str, str]:
    return {name: f"[{name}]" for text in texts for name in _PLACEHOLDER.findall(text)}


def test_the_templates_messages_are_looked_up_as_django_looks_them_up() -> None:
    """Every message of the templates, in every language, through the functions the
    templates call (`area_templates._callables`) and through Django's own."""
    messages = makemessages.jinja_messages()
    assert len(messages) > 80
    for language in LANGUAGES:
        ours = area_templates._callables(language)
        with translation.override(language):
            for _where, context, msgid, plural in messages:
                values = _values(msgid, plural)
                if plural:
                    for n in (1, 2, 5):
                        if context:
                            got = ours["npgettext"](context, msgid, plural, n, **values)
                            wanted = translation.npgettext(context, msgid, plural, n)
                        else:
                            got = ours["ngettext"](msgid, plural, n, **values)
                            wanted = translation.ngettext(msgid, plural, n)
                        assert str(got) == wanted % {"num": n, **values}
                elif context:
                    got = ours["pgettext"](context, msgid, **values)
                    assert str(got) == translation.pgettext(context, msgid) % values
                else:
                    got = ours["gettext"](msgid, **values)
                    assert str(got) == translation.gettext(msgid) % values


def test_makemessages_finds_the_templates_messages_and_each_catalogue_has_them() -> None:
    messages = makemessages.jinja_messages()
    found = {(context, msgid, plural) for _where, context, msgid, plural in messages}
    assert ("", "Game log", "") in found
    assert ("the dealer chip", "dealer", "") in found
    assert ("", "%(counter)s card face down", "%(counter)s cards face down") in found
    assert ("", "Fair shuffle: %(deck)s <code>%(commitment)s</code>", "") in found
    assert {where for where, *_ in messages} == {
        f"templates/games/area/{name}"
        for name in ("area.html", "macros.html", "seat.html", "fairness.html")
    }
    for language in catalogues.TRANSLATED:
        entries = {
            (e.msgctxt or "", e.msgid, e.msgid_plural or "")
            for e in polib.pofile(str(catalogues.catalogue(language)))
            if not e.obsolete
        }
        assert found <= entries, language
