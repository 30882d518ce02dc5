"""Board secrecy (issue 24): while a board is still being played at some table, no page,
fragment, export or socket frame shows its cards -- not its deck, reshuffle deck or
salt, no hand dealt from it, no hand a finished table ended with -- to anyone but the
players of each game, and once its last table has finished, anyone can check the deck
against the commitment published at the start."""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine
from games.shuffles import GivenDecks
from tests.tournaments.test_duplicate_rounds import duplicate_event, play, start
from tournaments import pages
from tournaments.models import Board, BoardPlay, Event

pytestmark = pytest.mark.django_db


def hands_of(board: Board, finished: BoardPlay) -> list[tuple[engine.Card, ...]]:
    """Each seat's hand dealt from `board` (dealt again here from the board,
    independently of the games), and the hands the finished table ended the deal with."""
    rules = engine.Rules.from_dict(board.round.event.rules)
    source = GivenDecks([board.deck, board.reshuffle], then=engine.SecureDeckSource())
    state, _ = engine.new_game(rules, 4, source, board.dealer, deals=1)
    hands = list(state.hands)
    last = finished.game.engine_state().last_round
    hands += [hand for hand in last.hands if hand]
    assert all(len(hand) >= 3 for hand in hands)
    return hands


def secrets_of(board: Board, hands: list[tuple[engine.Card, ...]]) -> list[str]:
    """The strings that would give `board` away: its decks, its salt, and its hands as
    codes ("AS 10H KD") and with symbols."""
    shown = [engine.format_cards(h) for h in hands] + [
        engine.format_cards(h, symbols=True) for h in hands
    ]
    return [board.deck, board.reshuffle, board.salt, *shown]


def shows_a_hand(text: str, hands: list[tuple[engine.Card, ...]]) -> bool:
    """Whether `text` draws one of `hands` as cards: the pages draw a card as an image
    labelled with its name ("king of spades"), a hand as its cards one after another."""
    names = re.findall(r'aria-label="([a-z0-9]+ of [a-z]+|joker)"', text)
    for hand in hands:
        wanted = sorted(card.name for card in hand)
        size = len(hand)
        if any(sorted(names[k : k + size]) == wanted for k in range(len(names) - size + 1)):
            return True
    return False


def get(user: Any, url: str, allowed: tuple[int, ...] = (200, 404)) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(url)
    assert response.status_code in allowed, (url, response.status_code)
    return response.content.decode()


def test_no_page_fragment_export_or_frame_shows_a_board_before_its_last_table(
    make_event: Any,
    ann: Any,
    staff: Any,
    members: list[Any],
    django_user_model: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = duplicate_event(make_event, boards=2)
    round_ = start(event, members[:6], ann)  # ann organizes, p7 watches
    spectator = members[6]
    one, two = round_.tables.order_by("number")
    board = round_.boards.get(number=1)
    finished = BoardPlay.objects.get(board=board, table=one)
    play(finished, django_capture_on_commit_callbacks)
    finished.refresh_from_db()
    still = BoardPlay.objects.get(board=board, table=two)
    assert finished.finished_at is not None and still.game.in_play
    hands = hands_of(board, finished)
    secrets = secrets_of(board, hands)
    player_at_two = still.game.players.filter(user__isnull=False).first().user
    game = finished.game_id
    table_a = one.table_id
    urls = [
        reverse("table", args=[table_a]),
        reverse("game_page", args=[game]),
        reverse("game_view", args=[game]),
        reverse("shuffles", args=[game]),
        reverse("replay", args=[game]) + "?side=all&step=3",
        reverse("transcript", args=[game]),
    ]
    seen: dict[str, str] = {}
    for who in (None, spectator, ann, staff, player_at_two):
        name = getattr(who, "username", "anonymous")
        seen[f"event page as {name}"] = get(who, event.get_absolute_url(), (200,))
        seen[f"CSV as {name}"] = get(who, f"/tournaments/{event.pk}/standings.csv", (200,))
        seen[f"live push as {name}"] = pages.render_live(event.pk, who) or ""
        for url in urls:
            seen[f"{url} as {name}"] = get(who, url)
    for player in finished.game.players.filter(user__isnull=False):
        profile = reverse("profile", args=[player.user.username])
        seen[f"{profile} as a spectator"] = get(spectator, profile, (200,))
        seen[f"{profile} as staff"] = get(staff, profile, (200,))
    seen["lobby as staff"] = get(staff, reverse("lobby"), (200,))
    boss = django_user_model.objects.create_superuser("boss", password="x" * 12)
    admin_pages = [
        reverse("admin:games_game_change", args=[game]),
        reverse("admin:games_game_changelist"),
        *(
            reverse("admin:games_deal_change", args=[d])
            for d in finished.game.deals.values_list("pk", flat=True)
        ),
        reverse("admin:games_deal_changelist"),
        reverse("admin:tournaments_event_change", args=[event.pk]),
        reverse("admin:tournaments_round_change", args=[round_.pk]),
        reverse("admin:tournaments_roundtable_change", args=[one.pk]),
    ]
    for url in admin_pages:
        seen[f"{url} as a superuser"] = get(boss, url, (200,))
    seen["manage page as the organizer"] = get(ann, f"/tournaments/{event.pk}/manage/", (200,))
    assert "board" in seen["event page as anonymous"].lower()
    assert board.commitment in seen["event page as anonymous"]
    for where, text in seen.items():
        for secret in secrets:
            assert secret not in text, f"{where} shows {secret!r}"
        assert not shows_a_hand(text, hands), f"{where} shows a hand of board 1"
        assert "Traveller of board 1" not in text, where
    # Once the last table has played it, the page shows the deck and salt, and they
    # match the commitment published at the start.
    play(still, django_capture_on_commit_callbacks)
    board.refresh_from_db()
    assert board.revealed_at is not None
    page = get(None, event.get_absolute_url())
    assert board.deck in page and board.salt in page and "Traveller of board 1" in page
    digest = hashlib.sha256(f"{board.salt}:{board.deck}".encode()).hexdigest()
    assert digest == board.commitment
    # Board 2 is still sealed at both tables.
    second = Board.objects.get(round=round_, number=2)
    assert second.deck not in page and second.salt not in page
    assert Event.objects.get(pk=event.pk).status == Event.RUNNING
    # The checks above can see a hand when one is shown: after the reveal, staff see
    # the finished table's game with its hands.
    shown = get(staff, reverse("game_page", args=[game])) + get(
        staff, reverse("transcript", args=[game])
    )
    assert shows_a_hand(shown, hands), "no hand found where hands are shown"
