"""Games dealt from a given board are sealed until the tournament unseals them (issue
24, duplicate rounds): the same deal is still being played at other tables, so only the
game's own players see it -- no spectator, host or staff member -- its decks stay hidden
even once played, and it is not replayed or exported."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import access, engine, services
from games.models import Game, RuleSet
from games.shuffles import Board
from tests.games.playing import play_out


def a_board(seed: int) -> Board:
    rng = random.Random(seed)
    deck, reshuffle = list(engine.full_deck()), list(engine.full_deck())
    rng.shuffle(deck)
    rng.shuffle(reshuffle)
    return Board(engine.format_cards(deck), engine.format_cards(reshuffle))


@pytest.fixture
def carl(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("carl", password="cards-on-the-table")


@pytest.fixture
def dee(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("dee", password="cards-on-the-table")


def board_game(host: Any, guest: Any, scat: RuleSet, board: Board) -> Game:
    table = services.create_table(owner=host, name=f"{host}'s", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=guest)
    return services.start_game(table=table, by=host, dealer=1, deals=1, board=board)


def test_every_table_dealt_from_a_board_gets_its_cards_seat_by_seat(
    ann: Any, bob: Any, carl: Any, dee: Any, scat: RuleSet
) -> None:
    board = a_board(1)
    first, second = board_game(ann, bob, scat, board), board_game(carl, dee, scat, board)
    assert first.sealed and second.sealed
    one, two = first.engine_state(), second.engine_state()
    assert one.hands == two.hands and one.discard == two.discard and one.stock == two.stock
    assert one.dealer == two.dealer == 1
    # The deck is the board's: its cards are dealt one at a time from the top.
    dealt = {card for hand in one.hands for card in hand}
    assert dealt == set(engine.parse_cards(board.deck)[:6])


def test_only_its_players_see_a_sealed_game(
    ann: Any, bob: Any, carl: Any, staff: Any, scat: RuleSet
) -> None:
    board = a_board(2)
    game = play_out(board_game(ann, bob, scat, board))
    assert game.status == Game.FINISHED and game.sealed
    for user in (carl, staff):  # a spectator of a public table, and staff
        assert not access.viewer(game, user).allowed
        assert not access.may_watch(user, game.table, game=game)
    assert access.viewer(game, ann).seat == 0
    assert access.replay_sides(game, 2) == []

    strangers = []
    for user in (carl, staff, None):
        client = Client()
        if user is not None:
            client.force_login(user)
        strangers.append(client)
    pages = [
        reverse("table", args=[game.table_id]),
        reverse("game_page", args=[game.pk]),
        reverse("shuffles", args=[game.pk]),
        reverse("replay", args=[game.pk]),
        reverse("transcript", args=[game.pk]),
    ]
    for client in strangers:
        for url in pages:
            assert client.get(url).status_code == 404, url

    player = Client()
    player.force_login(ann)
    assert player.get(reverse("table", args=[game.table_id])).status_code == 200
    shuffles = player.get(reverse("shuffles", args=[game.pk])).content.decode()
    assert board.deck not in shuffles and board.deck.split()[0] + " " not in shuffles
    # Not replayed or exported, even to a player: the log holds the whole deck.
    assert player.get(reverse("replay", args=[game.pk])).status_code == 404
    assert player.get(reverse("transcript", args=[game.pk])).status_code == 404


def test_unsealing_shows_the_game_and_its_decks(
    ann: Any, bob: Any, carl: Any, scat: RuleSet
) -> None:
    board = a_board(3)
    game = play_out(board_game(ann, bob, scat, board))
    assert services.unseal(game_ids=[game.pk]) == 1
    assert services.unseal(game_ids=[game.pk]) == 0  # a repeat changes nothing
    game.refresh_from_db()
    assert access.viewer(game, carl).allowed
    client = Client()
    client.force_login(carl)
    assert board.deck in client.get(reverse("shuffles", args=[game.pk])).content.decode()
    assert client.get(reverse("replay", args=[game.pk])).status_code == 200


def test_a_board_deck_must_hold_the_cards_in_play(ann: Any, bob: Any, scat: RuleSet) -> None:
    board = a_board(4)
    short = Board(" ".join(board.deck.split()[:-1]), board.reshuffle)
    with pytest.raises(services.ServiceError, match="exactly the cards in play"):
        board_game(ann, bob, scat, short)
    assert not Game.objects.exists()
