"""Error reports (docs/security.md#error-reports): what reaches Sentry from a crash in a
table view and in a bot's task, in the middle of a game, carries the error and where it
happened, and no card, deck, salt or e-mail address. Captured by a transport of the
test's own, on the options the site gives sentry_sdk.init."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import sentry_sdk
from django.test import Client
from sentry_sdk.envelope import Envelope
from sentry_sdk.transport import Transport

from games import services, tasks
from games.models import Deal, Game
from games.services import playing
from games.views import table as table_views
from thirtyone import error_reports


class Captured(Transport):
    """Keeps every envelope instead of sending it."""

    envelopes: list[Envelope] = []

    def capture_envelope(self, envelope: Envelope) -> None:
        Captured.envelopes.append(envelope)


@pytest.fixture
def reports() -> Iterator[list[str]]:
    """The JSON of each event reported while the test runs."""
    Captured.envelopes = []
    options = error_reports.options("https://key@reports.invalid/1", environment="tests")
    sentry_sdk.init(**options, transport=Captured)
    sent: list[str] = []
    try:
        yield sent
    finally:
        sentry_sdk.flush()
        sent.extend(
            json.dumps(item.payload.json)
            for envelope in Captured.envelopes
            for item in envelope.items
            if item.type == "event"
        )
        sentry_sdk.init()  # no DSN: reports off again


def secrets_of(game: Game) -> list[str]:
    """What a report of this game must not hold: each hand and the deck as cards, the
    salts, the players' addresses."""
    state = game.engine_state()
    deal = Deal.objects.filter(game=game).first()
    assert deal is not None
    found = [deal.salt, deal.deck, *(u.email for u in (p.user for p in game.players.all()) if u)]
    for hand in state.hands:
        found += [repr(card) for card in hand] + [" ".join(card.code for card in hand)]
    return [text for text in found if text]


def test_a_crash_in_a_table_view_is_reported_without_cards_salts_or_addresses(
    reports: list[str], table: Any, ann: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann.email, bob.email = "ann@example.org", "bob@example.org"
    ann.save(), bob.save()
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    deal = Deal.objects.filter(game=game).first()

    def broken(request: Any, game: Game, *, manager: str | None) -> dict[str, Any]:
        state = game.engine_state()
        hand, salt = state.hands[0], deal.salt if deal else ""
        raise RuntimeError(f"cannot show {hand} ({hand[0].code}) salted {salt} to {ann.email}")

    monkeypatch.setattr(table_views, "_game_part", broken)
    client = Client(raise_request_exception=False)
    client.force_login(ann)
    assert client.get(f"/tables/{table.pk}/").status_code == 500

    sentry_sdk.flush()
    sent = reported()
    assert len(sent) == 1 and "RuntimeError" in sent[0] and "cannot show" in sent[0]
    assert "[card]" in sent[0] and "[address]" in sent[0], "the message was scrubbed"
    leaked = [secret for secret in secrets_of(game) if secret in sent[0]]
    assert not leaked, leaked


def test_a_crash_in_a_bot_task_is_reported_without_cards_salts_or_addresses(
    reports: list[str], table: Any, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann.email = "ann@example.org"
    ann.save()
    services.add_bot(table=table, by=ann, level="easy")
    for _ in range(50):
        game = services.start_game(table=table, by=ann)
        if game.engine_state().turn != 0:
            break
        Game.objects.filter(pk=game.pk).update(status=Game.FINISHED)
    else:
        raise AssertionError("the bot never had the first turn")

    def broken(game: Game, state: Any, seat: int, level: str) -> Any:
        raise ValueError(f"the bot holds {state.hands[seat]} and {ann.email} watches")

    monkeypatch.setattr(playing, "_bot_choice", broken)
    with pytest.raises(ValueError):
        tasks.bot_turn.apply(args=(game.pk, game.seq), throw=True)

    sentry_sdk.flush()
    sent = reported()
    assert len(sent) == 1 and "ValueError" in sent[0] and "the bot holds" in sent[0]
    leaked = [secret for secret in secrets_of(game) if secret in sent[0]]
    assert not leaked, leaked


def reported() -> list[str]:
    return [
        json.dumps(item.payload.json)
        for envelope in Captured.envelopes
        for item in envelope.items
        if item.type == "event"
    ]


def test_the_scrubbing_finds_what_it_looks_for() -> None:
    said = error_reports.scrub(
        {
            "message": "AS 10H ♠ A♠ JK as 2024 ann@example.org 3f9a0c1d2e3f4a5b6c7d8e9f",
            "request": {"headers": [["X-CSRFToken", "abc"], ["Accept", "text/html"]]},
            "extra": {"deck_codes": "AS KS", "seq": 12},
        }
    )
    assert said["message"] == "[card] [card] ♠ [card] [card] as 2024 [address] [Filtered]"
    assert said["request"]["headers"] == [["X-CSRFToken", "[Filtered]"], ["Accept", "text/html"]]
    assert said["extra"] == {"deck_codes": "[Filtered]", "seq": 12}
