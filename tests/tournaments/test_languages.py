"""The tournaments' words in the reader's language (docs/i18n.md): a socket's live part in
the language its page was made in, a player's calendar feed in its owner's, a refusal in
the asker's."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import translation

from games.errors import ServiceError
from games.sockets import language_of_scope
from tests.games.test_consumers import ORIGIN
from thirtyone.asgi import application
from tournaments import services
from tournaments.models import Event
from tournaments.schedule import calendars
from tournaments.words import ordinal


def _scope(language: str = "", cookie: str = "", accept: str = "") -> dict[str, Any]:
    user = SimpleNamespace(is_authenticated=bool(language), language=language)
    headers = [(b"accept-language", accept.encode())] if accept else []
    return {
        "user": user,
        "cookies": {"django_language": cookie} if cookie else {},
        "headers": headers,
    }


def test_a_socket_speaks_as_its_page_chose():
    assert language_of_scope(_scope("da", cookie="fr", accept="de")) == "da"  # saved
    assert language_of_scope(_scope(cookie="fr", accept="de")) == "fr"  # the footer's
    assert language_of_scope(_scope(accept="de-DE,de;q=0.9,en;q=0.5")) == "de"  # browser
    assert language_of_scope(_scope(accept="sv")) == "en"
    assert language_of_scope({}) == "en"


def test_places_are_written_as_each_language_writes_them():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "21st", "22nd"
    ]  # fmt: skip
    with translation.override("de"):
        assert [ordinal(n) for n in (1, 2, 21)] == ["1.", "2.", "21."]
    with translation.override("fr"):
        assert [ordinal(n) for n in (1, 2, 21)] == ["1er", "2e", "21e"]


@pytest.mark.django_db
def test_a_refusal_is_in_the_askers_language(make_event: Any, members: list):
    event = make_event()
    services.register(event=event, user=members[0])
    with translation.override("fr"), pytest.raises(ServiceError) as refused:
        services.register(event=event, user=members[0])
    assert refused.value.message == "Vous êtes déjà inscrit."


@pytest.mark.django_db
def test_a_players_feed_is_in_its_owners_language(make_event: Any, members: list):
    event = make_event(name="Tirsdagsturnering")
    player = members[0]
    player.language = "da"
    player.save(update_fields=["language"])
    services.register(event=event, user=player)
    feed = calendars.make_feed(player)
    services.cancel_event(event=Event.objects.get(pk=event.pk), by=event.created_by)
    # A calendar app asks in no language of its own, or in another. (The request's
    # language is left active in this thread after it: put English back.)
    with translation.override("en"):
        response = Client().get(feed.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")
    body = response.content.decode()
    assert "X-WR-CALNAME:Turneringer for p1 (Thirty-One)" in body
    assert "SUMMARY:Aflyst: Tirsdagsturnering" in body
    assert "Schweizersystem\\, 3 runder" in body


@pytest.mark.django_db(transaction=True)
def test_each_socket_gets_the_live_part_in_its_own_language(
    make_event: Any, members: list, ann: Any
):
    event = make_event(advance=Event.MANUAL)
    for player in members[:4]:
        services.register(event=event, user=player)
    path = f"/ws/tournaments/{event.pk}/"

    def socket(accept: str) -> WebsocketCommunicator:
        headers = [ORIGIN, (b"host", b"localhost"), (b"accept-language", accept.encode())]
        return WebsocketCommunicator(application, path, headers=headers)

    async def scenario() -> None:
        german, english = socket("de"), socket("en")
        for each in (german, english):
            assert (await each.connect())[0]
        await database_sync_to_async(services.start_event)(event=event, by=ann)
        # One push, one change token: each language renders its own part.
        assert "Runde 1 von 3 wird eingeteilt" in await german.receive_from(timeout=3)
        assert "Round 1 of 3 is being seated" in await english.receive_from(timeout=3)
        for each in (german, english):
            await each.disconnect()

    async_to_sync(scenario)()
