"""The table in each language (docs/i18n.md): the engine's words worded by the web layer
(`games.wording`), cards as each language writes them, and pushes rendered per
(seat, language) so that a Danish and an English socket at one table each read theirs,
and neither is ever sent a card it may not see."""

from __future__ import annotations

import re
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import translation

from games import engine, presence, realtime, services
from games.engine import N_, IllegalAction, parse_card
from games.models import Game
from games.sockets import language_of_scope as socket_language
from games.wording import card_name, card_text, describe, refusal
from tests.games.test_consumers import _cookie_for, _latest, _received, _socket
from tests.games.test_realtime import RecordingLayer

KH, QD, JS, AC, TEN = (parse_card(c) for c in ("KH", "QD", "JS", "AC", "10H"))


@pytest.mark.parametrize(
    ("language", "texts", "names"),
    [
        ("en", ["K♥", "Q♦", "J♠", "A♣", "10♥"], ["king of hearts", "10 of hearts"]),
        ("da", ["K♥", "D♦", "B♠", "E♣", "10♥"], ["hjerter konge", "hjerter 10"]),
        ("de", ["K♥", "D♦", "B♠", "A♣", "10♥"], ["Herz-König", "Herz 10"]),
        ("fr", ["R♥", "D♦", "V♠", "A♣", "10♥"], ["roi de cœur", "10 de cœur"]),
    ],
)
def test_a_card_is_written_as_each_language_writes_it(
    language: str, texts: list[str], names: list[str]
) -> None:
    with translation.override(language):
        assert [card_text(c) for c in (KH, QD, JS, AC, TEN)] == texts
        assert [card_name(c) for c in (KH, TEN)] == names
    # English is what the engine itself prints.
    assert [card_text(c) for c in (KH, TEN)] == [str(KH), str(TEN)]
    assert card_name(KH) == KH.name


def test_a_refusal_is_data_worded_in_the_readers_language_cards_and_all() -> None:
    error = IllegalAction(N_("%(card)s is not in your hand."), card=KH)
    assert str(error) == "K♥ is not in your hand.", "the engine's own words: English"
    assert error.message == "%(card)s is not in your hand." and error.values == {"card": KH}
    assert refusal(error) == "K♥ is not in your hand."
    with translation.override("fr"):
        assert refusal(error) == "R♥ n’est pas dans votre main."
    nested = IllegalAction(N_("%(text)r is not a move: %(reason)s"), text="x", reason=error)
    with translation.override("de"):
        assert refusal(nested) == "'x' ist kein Zug: K♥ ist nicht auf deiner Hand."
    with pytest.raises(IllegalAction, match="is not a move"):
        engine.parse_action("discard:XX", 0)


def test_an_event_is_worded_for_you_and_for_the_others_in_each_language() -> None:
    names = ("Ann", "Bob")
    drew = engine.Event("drew", 0, {"source": "stock"}, {"card": QD}, 0)
    assert describe(drew, names, 0) == "You draw Q♦ from the stock."
    assert describe(drew, names, 1) == "Ann draws from the stock."
    with translation.override("da"):
        assert describe(drew, names, 0) == "Du trækker D♦ fra bunken."
        assert describe(drew, names, 1) == "Ann trækker fra bunken."
    with translation.override("fr"):
        lost = {"lives_lost": [2, 0], "points_won": [0, 0], "chips_won": [0, 0]}
        summary = {"reason": "knock", "blitzers": [], "values": [12, 31], **lost}
        assert describe(engine.Event("round_ended", None, summary), names, 1) == (
            "Abattage : Ann 12, Vous 31. Ann perd 2 vies."
        )


def test_a_socket_reads_the_saved_language_else_the_cookie_else_the_browser() -> None:
    class Person:
        is_authenticated = True

        def __init__(self, language: str) -> None:
            self.language = language

    def scope(user: Any = None, cookie: bytes = b"", accept: bytes = b"") -> dict[str, Any]:
        headers = [(b"cookie", cookie), (b"accept-language", accept)]
        return {"user": user, "headers": headers}

    assert socket_language(scope()) == "en"
    assert socket_language(scope(accept=b"fr-CH, fr;q=0.9, en;q=0.8")) == "fr"
    assert socket_language(scope(cookie=b"django_language=de", accept=b"fr")) == "de"
    assert socket_language(scope(Person("da"), b"django_language=de", b"fr")) == "da"
    assert socket_language(scope(Person(""), b"django_language=xx", b"zz, de")) == "de"


@pytest.fixture
def game(table: Any, bob: Any) -> Game:
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def _hidden(state: engine.GameState, seat: int | None) -> set[engine.Card]:
    """The cards `seat` (None: a spectator) may not see: the other hands and the stock,
    less the top of the discard pile."""
    return {
        c
        for s, hand in enumerate(state.hands)
        if s != seat
        for c in hand
        if c not in state.discard[-1:]
    } | set(state.stock)


def _names(cards: set[engine.Card]) -> set[str]:
    """Every way a page names the cards, in every language."""
    found = set()
    for language in presence.LANGUAGES:
        with translation.override(language):
            found |= {card_name(c) for c in cards}
    return found


def test_a_push_renders_each_seat_in_the_language_of_its_sockets_and_no_more(
    monkeypatch: pytest.MonkeyPatch, game: Game
) -> None:
    layer = RecordingLayer()
    monkeypatch.setattr(realtime, "get_channel_layer", lambda: layer)
    presence.mark_present(game.pk, 0, "da")
    presence.mark_present(game.pk, 1)
    presence.mark_present(game.pk, None, "fr")

    realtime.push_game(game.pk)

    views = {group: message["html"] for group, message in layer.sent}
    assert set(views) == {
        realtime.seat_group(game.pk, 0, "da"),
        realtime.seat_group(game.pk, 1),
        realtime.watch_group(game.pk, "fr"),
    }, "one render per (seat, language) with a socket"
    danish = views[realtime.seat_group(game.pk, 0, "da")]
    english = views[realtime.seat_group(game.pk, 1)]
    french = views[realtime.watch_group(game.pk, "fr")]
    assert 'aria-label="Din hånd"' in danish and "Game log" not in danish
    assert 'aria-label="Your hand"' in english and "Spillets log" not in english
    assert "Journal de la partie" in french and "Your hand" not in french
    state = game.engine_state()
    for seat, html in ((0, danish), (1, english), (None, french)):
        assert not [name for name in _names(_hidden(state, seat)) if name in html], seat
    with translation.override("da"):
        assert all(card_name(c) in danish for c in state.hands[0]), "their own hand, in Danish"
    assert all(c.name in english for c in state.hands[1])


# Committed, as the sockets' other tests are (tests/games/test_sockets.py): the consumer
# closes old connections between its database calls, and on the file test database
# (docs/development.md) that ends a test's open transaction.
@pytest.mark.django_db(transaction=True)
def test_a_danish_and_an_english_socket_at_one_table_each_get_their_own_language(
    game: Game, ann: Any, bob: Any
) -> None:
    ann.language = "da"
    ann.save(update_fields=["language"])
    cookies = [_cookie_for(ann), _cookie_for(bob)]
    players = [ann, bob]

    async def scenario() -> None:
        sockets = [_socket(game, cookies[0]), _socket(game, cookies[1])]
        for socket in sockets:
            connected, _ = await socket.connect()
            assert connected
        mover = players[game.engine_state().turn]
        await database_sync_to_async(services.play)(
            game_id=game.pk, user=mover, action="draw:stock", expected_seq=game.seq
        )
        state = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).engine_state())()
        seen = []
        for seat, socket in enumerate(sockets):
            html = await _latest(socket)
            html += "".join(_received[id(socket)])  # each message as it was sent
            assert int(re.search(r'data-seq="(\d+)"', html).group(1)) > game.seq
            leaked = [name for name in _names(_hidden(state, seat)) if name in html]
            assert not leaked, f"seat {seat} was sent cards it may not see: {leaked}"
            seen.append(html)
            await socket.disconnect()
        danish, english = seen
        assert "Spillets log" in danish and "Game log" not in danish
        assert "Game log" in english and "Spillets log" not in english
        mover_seat = players.index(mover)
        said = "trækker fra bunken" if mover_seat == 1 else "Du trækker"
        assert said in danish, "the move, told in Danish"

    async_to_sync(scenario)()


def test_the_table_page_in_danish_holds_the_game_in_danish(
    game: Game, ann: Any, client: Client
) -> None:
    client.force_login(ann)
    # The middleware leaves the request's language active in this thread: the override
    # puts the one before back afterwards.
    with translation.override("en"):
        page = client.get(game.table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="da")
    page = page.content.decode()
    assert '<html lang="da"' in page
    for danish in ("Spillets log", "Aflægningsbunke", "Din hånd", "Runde 1: "):
        assert danish in page
    for english in ("Game log", "Your hand", "The stock:", "Discard pile", "Round 1: "):
        assert english not in page, english
    state = game.engine_state()
    with translation.override("da"):
        assert all(f'aria-label="{card_name(c)}"' in page for c in state.hands[0])
