"""A game's permanent page, its replay and its transcript (issue 26).

Whole games are played through the services; what each page shows is compared with
the log, and searched for cards the viewer may not know (tests/games/test_privacy.py's
search: every way a page could name a card).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import archive, engine, ratelimit, services
from games.engine.events import CARD_KEYS
from games.engine.replay import steps
from games.engine.transcript import read
from games.models import Deal, Game, GameEvent, ImportedTranscript, Table
from games.services import sources
from tests.games.playing import play_out
from tests.games.test_privacy import _cards_in, _leaks, _patterns


@pytest.fixture(autouse=True)
def _fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests post many moves and imports in a second: past the per-user limit."""
    monkeypatch.setattr(ratelimit, "ACTIONS", ratelimit.Limit("actions", 10_000, 10))


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def game(table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    """ann and bob and a bot at ann's table, dealt from a known seed."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: engine.SeededDeckSource(11))
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=table.owner, level="easy")
    return services.start_game(table=table, by=table.owner)


def _play(game: Game, moves: int) -> Game:
    """`moves` moves of the game, each by whoever is on turn, as the baseline bot."""
    from games.engine.bots import BaselineBot

    bot = BaselineBot()
    for _ in range(moves):
        game.refresh_from_db()
        state = game.engine_state()
        player = game.players.get(position=state.turn)
        if player.is_bot:
            services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
        else:
            action = bot.choose(engine.observation(state, state.turn)).code
            services.play(game_id=game.pk, user=player.user, action=action, expected_seq=game.seq)
    game.refresh_from_db()
    return game


def _into_round(game: Game, round_no: int) -> Game:
    """Play until `round_no` is being played, a few moves in."""
    for _ in range(2000):
        game = _play(game, 1)
        if game.engine_state().round_no >= round_no:
            return _play(game, 2)
    raise AssertionError("never got there")


def _text(response: Any) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


# ---- a finished game --------------------------------------------------------------


def test_a_finished_games_page_shows_players_result_every_rounds_hands_and_every_deck(
    game: Game,
) -> None:
    game = play_out(game)
    page = _text(_client().get(reverse("game_page", args=[game.pk])))
    for player in game.players.all():
        assert player.name in page
    assert "wins the game" in page or "draw" in page
    ended = [
        row.to_engine().data for row in GameEvent.objects.filter(game=game, kind="round_ended")
    ]
    assert ended
    for data in ended:
        assert f"Round {data['round_no']}" in page
        for hand in data["hands"]:
            assert hand is None or all(card.name in page for card in hand)
    for deal in Deal.objects.filter(game=game):
        assert deal.commitment in page and deal.deck in page and deal.salt in page
    assert "sha256sum" in page


def test_the_replay_of_a_finished_game_equals_its_log_and_snapshot(game: Game) -> None:
    game = play_out(game)
    events = [row.to_engine() for row in archive.log(game)]
    found = steps(events)
    assert found[-1].state == game.engine_state()
    engine_events = [e for e in events if e.kind not in engine.events.TABLE_EVENTS]
    assert [e for step in found for e in step.events] == engine_events


def test_a_finished_game_replays_from_every_side_step_by_step_with_links(game: Game) -> None:
    game = play_out(game)
    client = _client()
    url = reverse("replay", args=[game.pk])
    state = game.engine_state()
    last = len(steps([row.to_engine() for row in archive.log(game)])) - 1
    for side in ("watch", "all", "0", "1", "2"):
        first = _text(client.get(url, {"side": side, "step": 0}))
        assert f'href="?side={side}&amp;step=1"' in first and 'rel="prev"' not in first
        end = _text(client.get(url, {"side": side, "step": last}))
        assert 'rel="next"' not in end and f"Step {last} of {last}" in end
    # Face up, the last step shows every hand still held (the winners').
    end = _text(client.get(url, {"side": "all", "step": last}))
    for seat, hand in enumerate(state.hands):
        assert all(card.name in end for card in hand), seat
    # A step out of range is the nearest one; a side that does not exist is a spectator's.
    assert f"Step {last} of {last}" in _text(client.get(url, {"step": 10**6}))
    assert "As a spectator saw it" in _text(client.get(url, {"side": "7"}))


def test_a_seats_replay_shows_its_own_hand_and_no_other_before_the_showdown(game: Game) -> None:
    game = play_out(game)
    events = [row.to_engine() for row in archive.log(game)]
    found = steps(events)
    client = _client()
    for index in (0, 3, 7):
        state = found[index].state
        page = _text(client.get(reverse("replay", args=[game.pk]), {"side": "1", "step": index}))
        shown = _faces(page)
        assert set(state.hands[1]) <= shown
        others = {c for s in (0, 2) for c in state.hands[s]} - set(state.discard)
        assert not others & shown, index


def _faces(page: str) -> set[engine.Card]:
    """The cards drawn face up on a page (their accessible names)."""
    names = set(re.findall(r'role="img" aria-label="([^"]+)"', page))
    return {card for card in engine.CARDS if card.name in names}


def test_a_transcript_round_trips_through_import_to_the_same_events_and_state(
    game: Game, ann: Any
) -> None:
    game = play_out(game)
    text = _text(_client().get(reverse("transcript", args=[game.pk])))
    headers, lines = read(text)
    rows = archive.log(game)
    assert [(line.seq, line.event, line.by_bot) for line in lines] == [
        (row.seq, row.to_engine(), row.by_bot) for row in rows
    ]
    assert ("Seat1", "ann, place " + str(game.players.get(position=0).place)) in headers
    assert (
        sum(1 for key, _ in headers if key == "Revealed") == Deal.objects.filter(game=game).count()
    )

    response = _client(ann).post(reverse("import_transcript"), {"text": text})
    assert response.status_code == 302
    imported = ImportedTranscript.objects.get()
    assert response["Location"] == reverse("imported_replay", args=[imported.key])
    _, again = read(imported.text)
    assert steps([line.event for line in again])[-1].state == game.engine_state()
    page = _text(_client().get(response["Location"], {"side": "all", "step": 10**6}))
    assert "does not match" not in page and "the deck matches its commitment" in page

    # The same text again is the same replay; an upload works as the paste box does.
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("game.txt", text.encode(), content_type="text/plain")
    response = _client(ann).post(reverse("import_transcript"), {"file": upload})
    assert response["Location"] == reverse("imported_replay", args=[imported.key])
    assert ImportedTranscript.objects.count() == 1


def test_a_changed_transcript_is_refused_and_a_changed_deck_is_flagged(
    game: Game, ann: Any
) -> None:
    game = play_out(game)
    text = _text(_client().get(reverse("transcript", args=[game.pk])))
    lines = text.splitlines()
    move = next(i for i, line in enumerate(lines) if " discarded " in line)
    lines[move] = re.sub(r'"cards": \["(\w+)"\]', '"cards": ["AS"]', lines[move], count=1)
    if lines[move] == text.splitlines()[move]:
        lines[move] = lines[move].replace('"seat": 0', '"seat": 1', 1)
    response = _client(ann).post(reverse("import_transcript"), {"text": "\n".join(lines)})
    assert response.status_code == 400
    assert ImportedTranscript.objects.count() == 0
    assert "The transcript was changed" in response.content.decode()

    # A header's deck changed: the game still replays, and the page says the deck is off.
    forged = re.sub(r"(\[Revealed \"Round 1 = \w+:)(\w+)", r"\g<1>XX\2", text, count=1)
    response = _client(ann).post(reverse("import_transcript"), {"text": forged})
    page = _text(_client().get(response["Location"]))
    assert "does not match its commitment" in page


def test_importing_needs_a_login_and_escapes_what_was_pasted(ann: Any, db: Any) -> None:
    response = _client().post(reverse("import_transcript"), {"text": "x"})
    assert response.status_code == 302 and "login" in response["Location"]
    page = _client(ann).post(reverse("import_transcript"), {"text": "<script>alert(1)</script>"})
    assert page.status_code == 400
    assert b"<script>alert(1)" not in page.content and b"&lt;script&gt;alert(1)" in page.content


def test_the_profile_links_each_game_to_its_page(game: Game, ann: Any) -> None:
    game = play_out(game)
    services.start_game(table=game.table, by=ann)  # "Play again": the table moves on
    page = _text(_client(ann).get(reverse("my_profile")))
    assert reverse("game_page", args=[game.pk]) in page
    assert _text(_client(ann).get(reverse("game_page", args=[game.pk])))


# ---- a game in play: nothing a spectator may not see --------------------------------


def _hidden_at(step: Any) -> set[engine.Card]:
    """The cards a spectator may not know after `step`: every hand and the stock, less
    what the table shows and what the step's events told everyone."""
    state = step.state
    hidden = set(state.stock) | {c for hand in state.hands for c in hand}
    hidden -= set(state.discard if state.rules.hidden_discards else state.discard[-1:])
    if state.widow_open:
        hidden -= set(state.widow)
    if state.last_round is not None:
        hidden -= {c for hand in state.last_round.hands if hand for c in hand}
    for event in step.events:
        seen = engine.event_view(event, None)
        for part in (seen.data, seen.secret):
            for key, value in part.items():
                if key in CARD_KEYS:
                    hidden -= set(_cards_in(value))
    return hidden


def _named(page: str, cards: set[engine.Card]) -> list[str]:
    return [p.pattern for card in cards for p in _patterns(card) if p.search(page)]


def test_a_game_in_play_shows_on_its_page_and_replay_only_what_a_spectator_may(
    game: Game, bob: Any
) -> None:
    game = _into_round(game, 2)
    assert game.in_play and game.engine_state().round_no == 2
    found = steps([row.to_engine() for row in archive.log(game)])
    for who in (_client(), _client(bob)):
        assert not _leaks(_text(who.get(reverse("game_page", args=[game.pk]))), game, None)
        for side in ("watch", "all", "0", "1", "2"):
            for index, step in enumerate(found):
                page = _text(
                    who.get(reverse("replay", args=[game.pk]), {"side": side, "step": index})
                )
                assert "Every hand face up" not in page, "no other side while it is played"
                assert not _named(page, _hidden_at(step)), (side, index)


def _unfinished_part(text: str) -> str:
    """The headers and the lines of the round not ended. (A round that ended may name
    any card: its deck is public now, and every card is in every deck.)"""
    headers, lines = read(text)
    rounds = archive.round_of([line.event for line in lines])
    current = rounds[-1]
    rows = text.splitlines()[len(headers) + 1 :]
    return "\n".join(
        [f"{key} {value}" for key, value in headers]
        + [raw for raw, r in zip(rows, rounds, strict=True) if r == current]
    )


def test_a_transcript_of_a_game_in_play_holds_no_secret_of_the_round_in_play(
    game: Game, bob: Any
) -> None:
    game = _into_round(game, 2)
    text = _text(_client(bob).get(reverse("transcript", args=[game.pk])))
    headers, lines = read(text)
    rounds = archive.round_of([line.event for line in lines])
    assert all(not line.event.secret for line, r in zip(lines, rounds, strict=True) if r == 2)
    assert any(line.event.secret for line, r in zip(lines, rounds, strict=True) if r == 1), (
        "round 1 ended"
    )
    assert not _leaks(_unfinished_part(text), game, None)
    assert "Round 2 = " in text and not any(
        key == "Revealed" and value.startswith("Round 2 ") for key, value in headers
    )


def test_a_transcript_of_a_game_in_play_cannot_be_imported(game: Game, ann: Any) -> None:
    game = _into_round(game, 2)
    response = _client(ann).post(reverse("import_transcript"), {"text": archive.transcript(game)})
    assert response.status_code == 400
    assert "lacks the deck of round 2" in response.content.decode()


def test_a_game_ended_early_never_shows_the_hands_of_its_unfinished_round(
    game: Game, ann: Any
) -> None:
    game = _into_round(game, 2)
    services.end_game(game_id=game.pk, by=ann, expected_seq=game.seq)
    game.refresh_from_db()
    assert game.status == Game.ENDED
    client = _client()
    received = [_text(client.get(reverse("game_page", args=[game.pk])))]
    assert "its hands were never shown" in received[0]
    found = steps([row.to_engine() for row in archive.log(game)])
    last = len(found) - 1
    for side in ("all", "0"):
        page = _text(client.get(reverse("replay", args=[game.pk]), {"side": side, "step": last}))
        assert "never finished" in page
        assert not _named(page, _hidden_at(found[last])), side
        received.append(page)
    transcript = _text(client.get(reverse("transcript", args=[game.pk])))
    assert not _leaks(_unfinished_part(transcript), game, None)
    assert not _leaks(received[0], game, None)


def test_a_private_games_pages_are_not_found_for_strangers(game: Game, django_user_model) -> None:
    Table.objects.filter(pk=game.table_id).update(is_public=False)
    stranger = django_user_model.objects.create_user("eve", password="x" * 12)
    for name in ("game_page", "replay", "transcript"):
        assert _client(stranger).get(reverse(name, args=[game.pk])).status_code == 404
        assert _client(game.table.owner).get(reverse(name, args=[game.pk])).status_code == 200
