"""A table's words in each reader's language (docs/i18n.md): a quick phrase in the chat
is stored by its key and read in the reader's language, a line typed is read as typed;
a table its host left unnamed is "<host>'s table" worded for each reader, a name given
is kept as given. The migration that brought this changes only what matches exactly."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import chat, proofs, services
from games.models import ChatMessage, Deal, Table

pytestmark = pytest.mark.django_db

migration = importlib.import_module("games.migrations.0016_unnamed_tables_and_phrases")


def _lines(table: Table, language: str) -> str:
    with translation.override(language):
        return chat.render_lines(table.pk)


def test_a_quick_phrase_is_read_in_each_readers_language(ann: Any, bob: Any, scat: Any) -> None:
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    client = Client(HTTP_ACCEPT_LANGUAGE="da")
    client.force_login(bob)  # bob reads Danish: the phrase is not stored in Danish
    client.post(reverse("table_chat", args=[table.pk]), {"phrase": "luck"})
    chat.post(table=table, user=ann, text="Prost!")
    line = ChatMessage.objects.get(phrase="luck")
    assert line.text == "Good luck, everyone!"
    assert "Viel Glück, alle zusammen!" in _lines(table, "de")
    assert "Held og lykke, alle sammen!" in _lines(table, "da")
    assert "Bonne chance à tous\u00a0!" in _lines(table, "fr")
    assert "Good luck, everyone!" in _lines(table, "en")
    for language in ("en", "da", "de", "fr"):
        assert "Prost!" in _lines(table, language), "a typed line is read as typed"


def test_an_unnamed_table_is_named_in_each_readers_language(
    ann: Any, scat: Any, django_user_model: Any
) -> None:
    mette = django_user_model.objects.create_user("mette", language="da")
    unnamed = services.create_table(owner=mette, name="  ", rule_set=scat)
    named = services.create_table(owner=ann, name="Annes Tisch", rule_set=scat)
    assert (unnamed.name, unnamed.host_name) == ("", "mette")
    said = {}
    for language in ("en", "da", "de", "fr"):
        with translation.override(language):
            said[language] = (unnamed.title, named.title)
    assert said == {
        "en": ("mette's table", "Annes Tisch"),
        "da": ("mettes bord", "Annes Tisch"),
        "de": ("Tisch von mette", "Annes Tisch"),
        "fr": ("Table de mette", "Annes Tisch"),
    }
    client = Client()
    client.force_login(ann)
    lobby = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Tisch von mette" in lobby and "mettes bord" not in lobby


def test_the_migration_unnames_only_default_names_and_keys_only_exact_phrases(
    ann: Any, bob: Any, scat: Any
) -> None:
    defaults = [
        services.create_table(owner=ann, name=name, rule_set=scat)
        for name in ("ann's table", "anns bord", "Tisch von ann")
    ]
    kept = services.create_table(owner=ann, name="bob's table", rule_set=scat)
    phrase = ChatMessage.objects.create(table=kept, user=ann, name="ann", text="Gutes Spiel!")
    typed = ChatMessage.objects.create(table=kept, user=ann, name="ann", text="Good game! Again?")

    migration.forward(apps, None)

    for table in defaults:
        table.refresh_from_db()
        assert (table.name, table.host_name) == ("", "ann")
    kept.refresh_from_db()
    assert (kept.name, kept.host_name) == ("bob's table", "")
    phrase.refresh_from_db()
    typed.refresh_from_db()
    assert (phrase.phrase, phrase.text) == ("gg", "Good game!")
    assert (typed.phrase, typed.text) == ("", "Good game! Again?")

    migration.backward(apps, None)
    assert sorted(Table.objects.values_list("name", flat=True)) == [
        "ann's table",
        "ann's table",
        "ann's table",
        "bob's table",
    ]


def test_a_decks_name_within_a_sentence_keeps_each_languages_case() -> None:
    said = {}
    for language in ("en", "da", "de", "fr"):
        with translation.override(language):
            said[language] = proofs.label_within(Deal.ROUND, 2)
    assert said == {"en": "round 2", "da": "runde 2", "de": "Runde 2", "fr": "manche 2"}
