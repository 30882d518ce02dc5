"""The tournament pages' words in each language (docs/i18n.md): a place as each language
writes it ("9. af 11", "9. von 11", "9e sur 11", never "nr. 9."), titles within a
sentence in each language's own case (German "Runde 1", never "runde 1"), and printed
sheets on the club's clock with its zone named, never a hard-coded UTC."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from tests.tournaments.test_services import register_all
from tournaments import formats, services
from tournaments.formats.placings import Placing

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "You finished 9th of 11 — 3 points."),
        ("da", "Du sluttede som 9. af 11 — 3 points."),
        ("de", "Du bist 9. von 11 geworden — 3 points."),
        ("fr", "Vous avez fini 9e sur 11 — 3 points."),
    ],
)
def test_a_place_is_written_as_each_language_writes_it(
    make_event: Any, language: str, line: str
) -> None:
    fmt = formats.of(make_event())
    placing = Placing(entry_id=1, name="p1", rank=9, shared=False, score="", detail="3 points")
    with translation.override(language):
        assert fmt.pages.own_line(placing, 11) == line


def _printed(event: Any, ann: Any, path: str, language: str) -> str:
    client = Client()
    client.force_login(ann)
    response = client.get(f"/tournaments/{event.pk}/print/{path}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def test_printed_sheets_are_on_the_clubs_clock(
    club: Any, make_event: Any, members: list, ann: Any
) -> None:
    club.time_zone = "Europe/Copenhagen"
    club.save(update_fields=["time_zone"])
    event = make_event(starts_at=datetime(2031, 3, 7, 18, 30, tzinfo=UTC), checkin_minutes=30)
    sign_in = _printed(event, ann, "sign-in", "en")
    assert re.search(
        r"starts <time datetime=\"2031-03-07T18:30:00\+00:00\">Fri 7 Mar 2031, 19:30 CET</time>",
        sign_in,
    )
    assert "UTC" not in sign_in.replace("+00:00", "")
    for path in ("sign-in", "standings"):
        text = _printed(event, ann, path, "da")
        assert re.search(r"udskrevet <time datetime=\"[^\"]+\">[^<]+ CES?T</time>", text), path
        assert " UTC" not in text, path


def test_a_printed_rounds_title_keeps_each_languages_case(
    make_event: Any, members: list, ann: Any
) -> None:
    event = make_event(rounds=3)
    register_all(event, members[:4])
    services.start_event(event=event, by=ann)
    german = _printed(event, ann, "pairings", "de")
    assert "<title>Paarungen, Runde 1 von 3 ·" in german
    assert "Die Tische von Runde 1 von 3, Plätze der Reihe nach" in german
    assert "runde 1" not in german
    english = _printed(event, ann, "table-cards", "en")
    assert "Table cards: Tuesday Swiss, round 1 of 3" in english


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "opponents' average, outlasted opponents' scores, table wins"),
        ("da", "modstandernes gennemsnit, point for slåede modstandere, bordsejre"),
        ("de", "Gegnerschnitt, Punkte der geschlagenen Gegner, Tischsiege"),
    ],
)
def test_the_tie_breaks_in_a_sentence_keep_each_languages_case(
    make_event: Any, language: str, words: str
) -> None:
    event = make_event()
    page = Client().get(event.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    assert words in page.content.decode().replace("&#x27;", "'")
