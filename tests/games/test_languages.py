"""The games pages outside the table in play, in Danish, German and French (docs/i18n.md):
the rules as players read them, the lobby and the table form; and what stays the same in
every language (a transcript, the engine's titles in English)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import archive, engine, services
from games.engine import PRESET_TITLES, PRESETS, Rules
from games.engine.rules import RIDE_THE_BUS_LABELS
from games.engine.transcript import read
from games.models import Table
from games.rule_text import (
    SAME_GAME_AS,
    how_to_play,
    preset_summary,
    preset_title,
    rule_sections,
    stage_name,
)
from games.services import sources
from tests.games.playing import play_out

LANGUAGES = ("da", "de", "fr")


def _page(client: Client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def _english_sentences(rules: Rules) -> set[str]:
    """Every sentence and label the rules pages show of `rules`, in English."""
    with translation.override("en"):
        said = {line for _, lines in how_to_play(rules) for line in lines}
        said |= {heading for heading, _ in how_to_play(rules)}
        said |= {label for _, rows in rule_sections(rules) for label, _ in rows}
    # A number alone, "Yes" or a name reads the same in any language.
    return {line for line in said if " " in line}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", list(PRESETS))
def test_every_presets_rules_page_is_read_in_the_language_asked_for(
    client: Client, key: str, language: str
) -> None:
    html = _page(client, reverse("rules", args=[key]), language)

    assert f'<html lang="{language}">' in html
    left = sorted(line for line in _english_sentences(Rules.preset(key)) if line in html)
    assert not left, f"English left on the {key} page in {language}: {left}"
    if key not in SAME_GAME_AS:  # else the page says whose game it is
        with translation.override(language):
            assert preset_summary(key) in html.replace("&#x27;", "'")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobby_and_the_table_form_hold_no_english_words_of_theirs(
    client: Client, ann: Any, presets: None, language: str
) -> None:
    client.force_login(ann)
    for url in (reverse("lobby"), reverse("create_table"), reverse("rules_index")):
        html = _page(client, url, language)
        for english in (
            "Open a table",
            "Table name",
            "Who can join",
            "House rules",
            "The rules of every game",
            "Know it by another name?",
            "Another name for Scat",
            "Thirty-one (four tokens",
            "seated at the back",
        ):
            assert english not in html, (url, language, english)


def test_the_built_in_presets_titles_are_the_engines_in_english() -> None:
    with translation.override("en"):
        assert {key: preset_title(key) for key in PRESET_TITLES} == PRESET_TITLES
        assert [stage_name(label) for label in RIDE_THE_BUS_LABELS] == list(RIDE_THE_BUS_LABELS)
    with translation.override("de"):
        assert preset_title("thirty_and_a_half") == "Dreißigeinhalb"
        assert preset_title("scat") == "Scat"  # a name stays a name


def test_a_refusal_is_worded_in_the_language_of_the_person_who_asked(
    ann: Any, table: Table
) -> None:
    with translation.override("fr"), pytest.raises(services.ServiceError) as refused:
        services.start_game(table=table, by=ann)  # ann alone at her table
    assert refused.value.message == "Installez d’abord au moins deux joueurs (ou bots)."


def test_a_transcript_reads_the_same_whatever_the_language_of_the_page(
    table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sources, "new_deck_source", lambda: engine.SeededDeckSource(11))
    services.join_table(table=table, user=bob)
    game = play_out(services.start_game(table=table, by=table.owner))

    with translation.override("en"):
        english = archive.transcript(game)
    with translation.override("de"):
        assert archive.transcript(game) == english
        shown = [check.label for check in archive.deck_checks(*read_headers(english))]
    assert "Round 1 = " in english
    assert "Runde 1" in shown


def read_headers(text: str) -> tuple[list[tuple[str, str]], list[engine.Event]]:
    headers, lines = read(text)
    return headers, [line.event for line in lines]
