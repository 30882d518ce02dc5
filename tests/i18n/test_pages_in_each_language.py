"""The pages in Danish, German and French: `<html lang>` is the language asked for, and no
English is left in them beyond proper names (tests/i18n/english_left.py says how English
is recognised). The pages: the lobby, sign-up, making a table, the rules of every preset,
a table in play and one showing a round's summary, an event of each format, an event's
manage page, the club, the profile and the notifications."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.games.conftest import ann, bob, presets, scat  # noqa: F401  (shared fixtures)
from tests.i18n.english_left import english_in, page_text
from tests.site_tour import more_of_the_tour, site_tour

pytestmark = pytest.mark.django_db

LANGUAGES = ("da", "de", "fr")
# Names the tour gives people, tables, clubs and events: kept as they are.
NAMES = (
    "ann",
    "bob",
    "cy",
    "Kitchen Club",
    "Greenland",
    "After a round",
    "Thursday swiss",
    "Thursday knockout",
    "Thursday duplicate",
    "Thursday top_q",
)


def read(client: Client, path: str, language: str) -> tuple[str | None, str]:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, f"{path}: {response.status_code}"
    return page_text(response.content.decode(), language)


def test_every_page_is_in_the_language_asked_for(
    ann: Any,  # noqa: F811
    bob: Any,  # noqa: F811
    scat: Any,  # noqa: F811
    django_user_model: Any,
) -> None:
    pages = site_tour(ann, bob, scat, django_user_model)
    pages |= more_of_the_tour(ann, scat, django_user_model)
    player = Client()
    player.force_login(ann)
    visitor = Client()
    names = (*NAMES, *(f"player-{k}" for k in range(1, 7)))
    found: dict[str, list[str]] = {}
    for language in LANGUAGES:
        for name, path in [*pages.items(), ("sign-up", "/accounts/signup/")]:
            lang, text = read(visitor if name == "sign-up" else player, path, language)
            problems = [] if lang == language else [f"<html lang={lang!r}>"]
            problems += english_in(text, language, names)
            if problems:
                found[f"{language} {name} ({path})"] = problems
    assert not found, "\n".join(
        f"{page}:\n  " + "\n  ".join(lines[:15]) for page, lines in found.items()
    )


def test_english_is_found_where_it_is_left() -> None:
    """The check itself: an English sentence on a Danish page is found, Danish is not."""
    english = english_in("Your turn: draw from the stock.", "da")
    assert english and "your" in english[0]
    assert english_in("Din tur.", "da") == []
