"""The event page from a cache (docs/tournaments.md#the-event-page-from-a-cache): a Swiss
event's public lists (the round's tables, the standings, who met whom) are read and
rendered once a version of the event and a language, kept in Django's cache, and
joined on every load with the viewer's own marks, rendered fresh. A change shows on
the next load; each language has its own; nobody's marks reach anyone else."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from tests.games.playing import play_out
from tournaments import page_parts, pages, services
from tournaments.formats.swiss.pages import SwissPages
from tournaments.models import Event, RoundSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The events whose Swiss live facts were read (not taken from the cache)."""
    read: list[int] = []
    live_facts = SwissPages.live_facts

    def counted(self: SwissPages, event: Event) -> Any:
        read.append(event.pk)
        return live_facts(self, event)

    monkeypatch.setattr(SwissPages, "live_facts", counted)
    return read


def page(client: Client, event: Event, language: str = "en") -> str:
    response = client.get(event.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def untokened(text: str) -> str:
    """A page without its CSRF tokens (masked anew for every response)."""
    return re.sub(r"\b[A-Za-z0-9]{64}\b", "TOKEN", text)


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def running(make_event: Any, ann: Any, players: list[Any], **options: Any) -> Event:
    options = {"table_size": 3, "table_min": 3, "table_max": 3, **options}
    event = make_event(**options)
    for player in players:
        services.register(event=event, user=player)
    services.start_event(event=event, by=ann)
    return Event.objects.get(pk=event.pk)


def finish_table(event: Event, number: int, capture: Any) -> None:
    """Play round 1's table `number` to its end; its result is recorded after the commit."""
    table = event.round_set.get(number=1).tables.get(number=number)
    with capture(execute=True):
        play_out(table.game)


def test_one_reading_serves_every_viewer_until_the_event_changes(
    make_event: Any, ann: Any, members: list[Any], reads: list[int]
) -> None:
    event = running(make_event, ann, members[:6], advance=Event.AUTO)
    page(Client(), event)
    page(Client(), event)
    page(logged_in(members[0]), event)
    page(logged_in(ann), event)
    assert reads == [event.pk]
    services.announce(event=event, by=ann, text="Pizza has arrived")
    assert "Pizza has arrived" in page(Client(), event)
    assert reads == [event.pk, event.pk]  # the change counted the version up


def test_a_result_shows_on_the_next_load(
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = running(make_event, ann, members[:6], advance=Event.AUTO)
    before = page(Client(), event)
    assert "Registered, by name:" in before and "result--won" not in before
    finish_table(event, 1, django_capture_on_commit_callbacks)
    after = page(Client(), event)
    assert "Registered, by name:" not in after  # ranked now
    assert after.count('class="result result--won"') == 1
    assert 'id="standings-caption">Standings after round 1 (being played)' in after


def test_a_round_start_shows_on_the_next_load(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = running(make_event, ann, members[:6], advance=Event.MANUAL)
    before = page(Client(), event)
    assert "Round 1 of 3 is being seated" in before and "round-caption" not in before
    services.start_round(round_=event.round_set.get(number=1), by=ann)
    after = page(Client(), event)
    assert "Round 1 of 3 is being played." in after and "round-caption" in after


def test_a_registration_and_a_withdrawal_show_on_the_next_load(
    make_event: Any, members: list[Any]
) -> None:
    event = make_event()
    services.register(event=event, user=members[0])
    assert "<li>p1</li>" in page(Client(), event) and "<li>p2</li>" not in page(Client(), event)
    services.register(event=event, user=members[1])
    assert "<li>p2</li>" in page(Client(), event)
    entry = event.entries.get(user=members[0])
    services.withdraw(event=event, entry=entry, by=members[0])
    assert "<li>p1</li>" not in page(Client(), event)


def test_each_language_has_its_own_lists(
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
    reads: list[int],
) -> None:
    event = running(make_event, ann, members[:6], advance=Event.AUTO)
    finish_table(event, 1, django_capture_on_commit_callbacks)
    reads.clear()
    english = page(Client(), event, "en")
    german = page(Client(), event, "de")
    assert untokened(page(Client(), event, "en")) == untokened(english)  # not German
    french = page(Client(), event, "fr")
    assert untokened(page(Client(), event, "de")) == untokened(german)
    assert reads == [event.pk] * 3  # once a language
    # The status line, the standings' cells (a place at a table) and the tables' rows.
    assert "Round 1 of 3 is being played." in english
    assert "T1 · 1st" in english and ">playing<" in english
    assert "Runde 1 von 3 wird gespielt." in german
    assert "T1 · 1." in german and ">läuft<" in german
    assert "La ronde 1 sur 3 est en cours." in french and "T1 · 1er" in french
    for text in (german, french):
        assert "being played" not in text and "T1 · 1st" not in text and ">playing<" not in text


def mine(text: str) -> list[str]:
    """What a page marks as the viewer's own: their seat, their row, the call to their
    table, the "you" tag."""
    return re.findall(r'<(?:li|tr) class="mine">.*?</(?:li|th)>', text, re.S) + re.findall(
        r'<p class="your-table">.*?</p>', text, re.S
    )


def test_a_players_own_table_and_row_reach_nobody_else(
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = running(make_event, ann, members[:6], advance=Event.AUTO)
    finish_table(event, 1, django_capture_on_commit_callbacks)
    seats = {
        s.entry.user_id: s
        for s in RoundSeat.objects.filter(table__round__event=event).select_related(
            "table", "entry"
        )
    }
    first, second = members[0], members[3]
    shown: dict[str, str] = {}
    # The organizer first, then each player, a visitor, and the first player again.
    for name, client in [
        ("ann", logged_in(ann)),
        ("first", logged_in(first)),
        ("second", logged_in(second)),
        ("visitor", Client()),
        ("first again", logged_in(first)),
    ]:
        shown[name] = page(client, event)
    for name, user in (("first", first), ("second", second), ("first again", first)):
        seat = seats[user.pk]
        own = mine(shown[name])
        call = f"Your table: {seat.table.number}, seat {seat.position + 1}"
        assert any(call in line for line in own), name
        # Their seat, their standings row (ranked: table 1 is over), their call.
        assert len(own) == 3, (name, own)
        assert all(user.username in line for line in own[:2]), (name, own)
        assert "You are registered." in shown[name]
    assert mine(shown["visitor"]) == [] and mine(shown["ann"]) == []  # ann does not play
    assert "Manage this event" in shown["ann"]
    assert all("Manage this event" not in shown[n] for n in ("first", "second", "visitor"))
    assert "You are registered." not in shown["visitor"] + shown["ann"]
    # What the cache holds marks nobody.
    facts = pages.live_facts(event)
    assert not any(seat.mine for table in facts.tables for seat in table.seats)
    assert not any(row.mine for row in facts.standings)
    assert 'class="mine"' not in "".join(facts.table_html + facts.standing_html)


def test_a_push_takes_the_lists_a_page_load_left_in_the_cache(
    make_event: Any, ann: Any, members: list[Any], reads: list[int]
) -> None:
    event = running(make_event, ann, members[:6], advance=Event.AUTO)
    page(Client(), event)
    pushed = pages.render_live(event.pk, members[0], change="a change") or ""
    assert reads == [event.pk]
    seat = RoundSeat.objects.select_related("table").get(entry__user=members[0])
    assert f"Your table: {seat.table.number}, seat {seat.position + 1}" in pushed


def test_before_any_result_only_the_viewers_own_name_is_marked(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    """The registered names are rendered once for everyone (`SwissFacts.registered_html`),
    the viewer's own again with its tag: the same markup as each name rendered alone."""
    event = running(make_event, ann, members[:6], advance=Event.AUTO)
    players = sorted(members[:6], key=lambda u: u.username)
    for viewer in [members[0], members[3], None]:
        shown = page(Client() if viewer is None else logged_in(viewer), event)
        listed = re.search(r'<ul class="event-names">(.*?)</ul>', shown, re.S)
        assert listed is not None
        expected = "".join(
            f'<li class="mine">{u.username} <span class="tag">you</span></li>'
            if u == viewer
            else f"<li>{u.username}</li>"
            for u in players
        )
        assert listed.group(1) == expected
        pushed = pages.render_live(event.pk, viewer, change="a change") or ""
        assert f'<ul class="event-names">{expected}</ul>' in pushed
    facts = pages.live_facts(event)
    assert 'class="mine"' not in "".join(facts.registered_html)


def test_rows_kept_by_what_they_show_are_the_rows_a_fresh_render_makes(
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = running(make_event, ann, members[:9], advance=Event.AUTO)
    finish_table(event, 1, django_capture_on_commit_callbacks)
    player = logged_in(members[0])
    for language in ("en", "de"):
        page(player, event, language)
    finish_table(event, 2, django_capture_on_commit_callbacks)
    before = page_parts._kept_row.cache_info()
    kept = {language: untokened(page(player, event, language)) for language in ("en", "de")}
    assert page_parts._kept_row.cache_info().hits > before.hits  # table 3's row, at least
    page_parts._kept_row.cache_clear()
    cache.clear()  # the lists read and rendered again, at the same version
    for language, text in kept.items():
        assert untokened(page(player, event, language)) == text
    assert ">läuft<" in kept["de"] and ">playing<" in kept["en"]  # each its own words


def test_a_kept_row_is_kept_apart_for_each_language() -> None:
    line = page_parts.TableLine(number=3, url=None, finished=False)
    with translation.override("en"):
        english = page_parts.render_row("table-row", "t", line)
    with translation.override("de"):
        german = page_parts.render_row("table-row", "t", line)
    assert ">playing<" in english and ">läuft<" in german
