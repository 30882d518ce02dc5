"""The event pages in the other languages (docs/i18n.md): the event page, the
organizer's page, a printed sheet and the projector view of a running Swiss event read
in German, French and Danish, with the page's own <html lang>; the words the templates
write are translated (the sentences built in Python are the formats' to translate)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.tournaments.test_services import register_all
from tournaments import services

pytestmark = pytest.mark.django_db

# (language, what a page of each kind says in it)
SAID = {
    "de": {
        "": ["Über dieses Turnier", "Tabelle als CSV", "Deine Anmeldung", "Runde 1 von 3"],
        "manage/": ["Tuesday Swiss verwalten", "Anwesenheitsliste", "Pause und Durchsagen"],
        "print/pairings/": ["Finde deinen Tisch", "Spieler nach Platz"],
        "screen/": ["Commitment der Sitzordnung"],
    },
    "fr": {
        "": ["À propos de ce tournoi", "Classement en CSV", "Votre inscription"],
        "manage/": ["Gérer Tuesday Swiss", "Feuille d'émargement"],
        "print/pairings/": ["Trouvez votre table", "Joueurs, par place"],
        "screen/": ["Engagement du placement"],
    },
    "da": {
        "": ["Om turneringen", "Stilling som CSV", "Din tilmelding"],
        "manage/": ["Administrér Tuesday Swiss", "Fremmødeliste"],
        "print/pairings/": ["Find dit bord", "Spillere, efter plads"],
        "screen/": ["Commitment for bordplaceringen"],
    },
}
ENGLISH = ["About this event", "Your entry", "Find your table", "Seating commitment", "Manage "]


@pytest.mark.parametrize("language", list(SAID))
def test_a_running_events_pages_read_in_the_viewers_language(
    make_event: Any, ann: Any, members: list[Any], language: str
) -> None:
    event = make_event(rounds=3, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    services.start_event(event=event, by=ann)
    client = Client()
    client.force_login(ann)
    for path, words in SAID[language].items():
        page = client.get(f"/tournaments/{event.pk}/{path}", HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200, path
        text = page.content.decode()
        assert f'<html lang="{language}">' in text, path
        for said in words:
            assert said in text, (path, said)
        for english in ENGLISH:
            assert english not in text, (path, english)
