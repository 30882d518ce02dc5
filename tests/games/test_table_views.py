"""The table page and its moves: what a player sees, and bad input that changes nothing
and says why (docs/security.md#moves)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine, rendering, services
from games.models import Game, GameEvent, GamePlayer, Seat, Table
from tests.games.playing import play_out


@dataclass
class Duel:
    """ann and bob playing at ann's table, each with their own browser."""

    game: Game
    clients: list[Client]  # by seat
    users: list[Any]

    @property
    def state(self) -> engine.GameState:
        self.game.refresh_from_db()
        return self.game.engine_state()

    def mover(self) -> int:
        return self.state.turn

    def play(self, by: int, htmx: bool = False, **data: Any) -> Any:
        """Post a move as the player at seat `by` (the form's fields are `data`)."""
        headers = {"HX-Request": "true"} if htmx else {}
        response = self.clients[by].post(
            reverse("play", args=[self.game.pk]), data, headers=headers, follow=not htmx
        )
        self.game.refresh_from_db()
        return response

    def unchanged(self, seq: int) -> bool:
        self.game.refresh_from_db()
        return self.game.seq == seq and GameEvent.objects.filter(game=self.game).count() == seq


@pytest.fixture
def duel(table: Table, ann: Any, bob: Any) -> Duel:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    clients = []
    for user in (ann, bob):
        client = Client()
        client.force_login(user)
        clients.append(client)
    return Duel(game, clients, [ann, bob])


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


def said(response: Any) -> str:
    """What the page tells the player who posted: Django's messages (after a redirect) or
    the message inside the game area (htmx)."""
    return " ".join(
        re.findall(r'class="(?:message|flash)[^"]*"[^>]*>(.*?)</', text(response), re.S)
    )


# ---- the page -----------------------------------------------------------------------


def test_a_lobby_tables_way_back_is_the_lobby_before_and_after_its_game(duel: Duel) -> None:
    lobby = reverse("lobby")
    url = reverse("table", args=[duel.game.table_id])
    page = duel.clients[0].get(url).content.decode()
    assert f'<a class="table-header__back" href="{lobby}">&larr; Lobby</a>' in page
    play_out(duel.game)
    page = duel.clients[0].get(url).content.decode()
    assert "game-over__actions" in page
    assert f'<a class="button button--ghost" href="{lobby}">Lobby</a>' in page


def test_before_a_game_the_owner_sees_the_seats_a_bot_form_the_invite_link_and_start(
    table: Table, ann: Any
) -> None:
    client = Client()
    client.force_login(ann)
    page = text(client.get(table.get_absolute_url()))
    assert "ann" in page and "Free seat" in page
    assert 'name="level"' in page and "Start the game" in page
    assert table.invite_url() in page


def test_the_owner_adds_a_bot_and_starts_and_the_game_appears(table: Table, ann: Any) -> None:
    client = Client()
    client.force_login(ann)
    url = reverse("table_seats", args=[table.pk])
    page = text(client.post(url, {"action": "add_bot", "level": "easy"}, follow=True))
    assert "Easy bot 2" in page
    response = client.post(reverse("table_start", args=[table.pk]), follow=True)
    game = Game.objects.get(table=table)
    assert 'id="game-area"' in text(response)
    assert f'data-seq="{game.seq}"' in text(response)


def test_a_player_sees_their_hand_with_its_value_and_only_the_legal_moves(duel: Duel) -> None:
    seat = duel.mover()
    state = duel.state
    page = text(duel.clients[seat].get(duel.game.table.get_absolute_url()))
    for card in state.hands[seat]:
        assert f'aria-label="{card.name}"' in page
    value = engine.format_value(engine.hand_value(state.hands[seat], state.rules))
    assert f'Your hand: <strong data-hand-value="{value}">{value}</strong>' in page
    offered = {a.code for a in engine.legal_actions(state, seat)}
    for code in offered:
        assert f'value="{code}"' in page
    assert 'value="stand"' not in page  # not legal under Scat
    other = text(duel.clients[1 - seat].get(duel.game.table.get_absolute_url()))
    play_url = reverse("play", args=[duel.game.pk])
    assert f'action="{play_url}"' not in other, "no moves while it is not your turn"


def test_without_javascript_the_page_refreshes_only_while_others_play(duel: Duel) -> None:
    seat = duel.mover()
    url = duel.game.table.get_absolute_url()
    assert 'http-equiv="refresh"' not in text(duel.clients[seat].get(url))
    assert 'http-equiv="refresh"' in text(duel.clients[1 - seat].get(url))


def test_a_spectator_sees_the_table_but_no_hand_and_no_moves(duel: Duel) -> None:
    page = text(Client().get(duel.game.table.get_absolute_url()))
    assert "You are watching" in page
    assert 'name="action"' not in page
    for hand in duel.state.hands:
        assert not any(card.name in page for card in hand if card not in duel.state.discard)


def test_a_private_table_is_shown_to_its_players_only(duel: Duel, django_user_model: Any) -> None:
    Table.objects.filter(pk=duel.game.table_id).update(is_public=False)
    url = duel.game.table.get_absolute_url()
    assert duel.clients[1].get(url).status_code == 200
    assert Client().get(url).status_code == 404
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("eve", password="x-y-z-cards"))
    assert stranger.get(url).status_code == 404
    assert stranger.get(reverse("game_view", args=[duel.game.pk])).status_code == 404


# ---- moves --------------------------------------------------------------------------


def test_a_move_without_javascript_is_made_and_redirects_to_the_table(duel: Duel) -> None:
    seat, seq = duel.mover(), duel.game.seq
    response = duel.play(seat, action="draw:stock", seq=seq)
    assert response.redirect_chain[-1][0] == duel.game.table.get_absolute_url()
    assert duel.game.seq > seq
    assert "Now discard a card" in text(response)


def test_an_htmx_move_gets_the_parts_of_the_game_area_it_changed(duel: Duel) -> None:
    """Out of band (docs/realtime.md#a-move-pushes-its-parts): the new seq, the piles,
    the mover's place and the log's new line; not the whole area."""
    seat, seq = duel.mover(), duel.game.seq
    response = duel.play(seat, htmx=True, action="draw:stock", seq=seq)
    assert response.status_code == 200 and response["HX-Reswap"] == "none"
    body = text(response)
    assert body.startswith('<div hx-swap-oob="true" id="game-flash"')
    assert 'id="game-area"' not in body and "<html" not in body
    assert f'id="game-meta" hidden data-seq="{duel.game.seq}"' in body
    for part in ("felt-center", "felt-me"):
        assert f'<div hx-swap-oob="true" id="{part}"' in body
    assert '<ol id="game-log-lines" hx-swap-oob="afterbegin"><li class="log-drew"' in body


def test_a_refused_htmx_move_shows_the_reason_in_the_area_with_status_200(duel: Duel) -> None:
    seat, seq = duel.mover(), duel.game.seq
    response = duel.play(1 - seat, htmx=True, action="draw:stock", seq=seq)
    assert response.status_code == 200
    assert 'role="alert"' in text(response) and "turn, not" in said(response)
    assert duel.unchanged(seq)


def test_a_move_out_of_turn_changes_nothing_and_says_whose_turn_it_is(duel: Duel) -> None:
    seat, seq = duel.mover(), duel.game.seq
    response = duel.play(1 - seat, action="draw:stock", seq=seq)
    assert f"It is {duel.users[seat].username}'s turn" in said(response)
    assert duel.unchanged(seq)


def test_discarding_a_card_you_do_not_hold_changes_nothing_and_says_why(duel: Duel) -> None:
    seat = duel.mover()
    duel.play(seat, action="draw:stock", seq=duel.game.seq)
    seq = duel.game.seq
    missing = next(c for c in engine.CARDS[:52] if c not in duel.state.hands[seat])
    response = duel.play(seat, action=f"discard:{missing.code}", seq=seq)
    assert f"{missing} is not in your hand" in said(response)
    assert duel.unchanged(seq)


def test_a_repeated_submission_changes_nothing_the_second_time_and_says_so(duel: Duel) -> None:
    seat, seq = duel.mover(), duel.game.seq
    duel.play(seat, action="draw:stock", seq=seq)
    after = duel.game.seq
    response = duel.play(seat, action="draw:stock", seq=seq)
    assert "The table has moved on" in said(response)
    assert duel.unchanged(after)


def test_a_stale_htmx_move_gets_the_current_table(duel: Duel) -> None:
    seat, seq = duel.mover(), duel.game.seq
    duel.play(seat, action="draw:stock", seq=seq)
    response = duel.play(seat, htmx=True, action="knock", seq=seq)
    assert "The table has moved on" in said(response)
    assert f'data-seq="{duel.game.seq}"' in text(response)
    assert duel.unchanged(duel.game.seq)


def test_a_forged_seat_field_is_ignored(duel: Duel) -> None:
    seat, seq = duel.mover(), duel.game.seq
    response = duel.play(1 - seat, action="draw:stock", seq=seq, seat=seat, position=seat)
    assert f"It is {duel.users[seat].username}'s turn" in said(response)
    assert duel.unchanged(seq)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "rm -rf", "seq": "{seq}"}, "'rm -rf' is not a move"),
        ({"action": "draw:stock", "seq": "abc"}, "This form is out of date"),
        ({"action": "draw:stock"}, "This form is out of date"),
        ({"action": "", "seq": "{seq}"}, "That is not a move"),
        ({"action": "x" * 500, "seq": "{seq}"}, "That is not a move"),
        ({"action": "discard", "seq": "{seq}"}, "Choose the cards to discard"),
        ({"action": "exchange", "seq": "{seq}", "give": "AS", "take": "KH"}, "no widow"),
    ],
    ids=["nonsense", "seq-not-a-number", "no-seq", "empty", "too-long", "no-cards", "exchange"],
)
def test_a_tampered_form_changes_nothing_and_says_why(duel: Duel, data: dict, message: str) -> None:
    seat, seq = duel.mover(), duel.game.seq
    data = {k: v.format(seq=seq) for k, v in data.items()}
    response = duel.play(seat, **data)
    assert message in said(response)
    assert duel.unchanged(seq)


def test_a_post_without_a_csrf_token_is_refused(duel: Duel) -> None:
    seat, seq = duel.mover(), duel.game.seq
    client = Client(enforce_csrf_checks=True)
    client.force_login(duel.users[seat])
    response = client.post(
        reverse("play", args=[duel.game.pk]), {"action": "draw:stock", "seq": seq}
    )
    assert response.status_code == 403
    assert duel.unchanged(seq)


def test_an_anonymous_post_is_sent_to_log_in_and_changes_nothing(duel: Duel) -> None:
    seq = duel.game.seq
    response = Client().post(
        reverse("play", args=[duel.game.pk]), {"action": "draw:stock", "seq": seq}
    )
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    assert duel.unchanged(seq)


def test_a_spectator_cannot_move(duel: Duel, django_user_model: Any) -> None:
    seq = duel.game.seq
    client = Client()
    client.force_login(django_user_model.objects.create_user("eve", password="x-y-z-cards"))
    response = client.post(
        reverse("play", args=[duel.game.pk]), {"action": "draw:stock", "seq": seq}, follow=True
    )
    assert "You are not playing in this game" in said(response)
    assert duel.unchanged(seq)


def test_moves_are_posts_only(duel: Duel) -> None:
    response = duel.clients[duel.mover()].get(
        reverse("play", args=[duel.game.pk]), {"action": "draw:stock", "seq": duel.game.seq}
    )
    assert response.status_code == 405


# ---- seats --------------------------------------------------------------------------


def test_joining_a_full_table_is_refused_with_a_reason(
    table: Table, bob: Any, django_user_model: Any
) -> None:
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=table.owner, level="easy")
    client = Client()
    client.force_login(django_user_model.objects.create_user("cy", password="x-cards-y"))
    response = client.post(reverse("table_seats", args=[table.pk]), {"action": "join"}, follow=True)
    assert "This table is full" in said(response)
    assert table.seats.count() == 3


def test_a_player_joins_and_leaves(table: Table, bob: Any) -> None:
    client = Client()
    client.force_login(bob)
    url = reverse("table_seats", args=[table.pk])
    assert "You sit in seat 2" in said(client.post(url, {"action": "join"}, follow=True))
    seat = Seat.objects.get(table=table, user=bob)
    client.post(url, {"action": "leave", "position": seat.position})
    assert not Seat.objects.filter(table=table, user=bob).exists()


def test_only_the_owner_adds_bots_or_starts(table: Table, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    client = Client()
    client.force_login(bob)
    response = client.post(
        reverse("table_seats", args=[table.pk]), {"action": "add_bot", "level": "hard"}, follow=True
    )
    assert "Only the table's owner" in said(response)
    response = client.post(reverse("table_start", args=[table.pk]), follow=True)
    assert "Only the table's owner" in said(response)
    assert table.seats.count() == 2 and not table.games.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"action": "leave", "position": "x"},
        {"action": "dance"},
        {"action": "add_bot", "level": "godlike"},
    ],
)
def test_a_tampered_seat_form_changes_nothing_and_says_why(table: Table, data: dict) -> None:
    client = Client()
    client.force_login(table.owner)
    response = client.post(reverse("table_seats", args=[table.pk]), data, follow=True)
    assert "message--error" in text(response)
    assert table.seats.count() == 1


# ---- the game view (polling) and the fragment -----------------------------------------


def test_the_game_view_answers_204_while_nothing_changed(duel: Duel) -> None:
    url = reverse("game_view", args=[duel.game.pk])
    client = duel.clients[0]
    assert client.get(url, {"seq": duel.game.seq}).status_code == 204
    response = client.get(url, {"seq": duel.game.seq - 1})
    assert response.status_code == 200
    assert f'data-seq="{duel.game.seq}"' in text(response)


def test_a_finished_games_poll_reloads_the_page_once_a_new_game_is_dealt(duel: Duel) -> None:
    Game.objects.filter(pk=duel.game.pk).update(status=Game.FINISHED)
    url = reverse("game_view", args=[duel.game.pk])
    client = duel.clients[0]
    poll = {"seq": duel.game.seq}
    assert client.get(url, poll, headers={"HX-Request": "true"}).status_code == 204
    services.start_game(table=duel.game.table, by=duel.users[0])
    response = client.get(url, poll, headers={"HX-Request": "true"})
    assert response.headers["HX-Refresh"] == "true"


def test_the_fragment_rendered_for_a_push_carries_no_csrf_token(duel: Duel) -> None:
    seat = duel.mover()
    pushed = rendering.render_game_area(duel.game, duel.state, seat)
    assert "csrfmiddlewaretoken" not in pushed
    assert 'name="action"' in pushed and f'data-seq="{duel.game.seq}"' in pushed
    page = text(duel.clients[seat].get(duel.game.table.get_absolute_url()))
    assert "csrfmiddlewaretoken" in page.split('id="game-area"')[1]


def test_the_poll_before_a_game_answers_204_until_the_seats_change(table: Table, bob: Any) -> None:
    client = Client()
    client.force_login(table.owner)
    url = table.get_absolute_url()
    first = text(client.get(url, headers={"HX-Request": "true"}))
    version = first.split("?v=")[1].split('"')[0]
    assert client.get(url, {"v": version}, headers={"HX-Request": "true"}).status_code == 204
    services.join_table(table=table, user=bob)
    response = client.get(url, {"v": version}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "bob" in text(response)


# ---- compact forms: several cards, the widow ----------------------------------------


def _solo_game(ann: Any, bob: Any, scat: Any, **changes: Any) -> Duel:
    table = services.create_table(
        owner=ann, name="House", rule_set=scat, seat_count=2, changes=changes
    )
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    clients = []
    for user in (ann, bob):
        client = Client()
        client.force_login(user)
        clients.append(client)
    return Duel(game, clients, [ann, bob])


def test_with_hidden_discards_several_cards_are_discarded_with_the_chosen_one_on_top(
    ann: Any, bob: Any, scat: Any
) -> None:
    duel = _solo_game(ann, bob, scat, hidden_discards=True)
    seat = duel.mover()
    duel.play(seat, action="draw:stock", seq=duel.game.seq)
    hand = duel.state.hands[seat]
    page = text(duel.clients[seat].get(duel.game.table.get_absolute_url()))
    assert 'name="discard"' in page and 'name="top"' in page
    under, top = hand[0], hand[1]
    duel.play(
        seat, action="discard", discard=[top.code, under.code], top=top.code, seq=duel.game.seq
    )
    assert duel.state.discard[-2:] == (under, top)
    assert len(duel.state.hands[seat]) == 2


def test_with_a_widow_the_exchange_form_gives_and_takes_cards(
    ann: Any, bob: Any, scat: Any
) -> None:
    duel = _solo_game(ann, bob, scat, widow=True)
    seat = duel.mover()
    duel.play(seat, action="widow", seq=duel.game.seq)
    state = duel.state
    page = text(duel.clients[seat].get(duel.game.table.get_absolute_url()))
    assert 'name="give"' in page and 'name="take"' in page
    give, take = state.hands[seat][0], state.widow[2]
    duel.play(seat, action="exchange", give=give.code, take=take.code, seq=duel.game.seq)
    assert take in duel.state.hands[seat] and give in duel.state.widow


def test_with_a_throw_down_the_first_player_chooses_with_their_hand_face_down(
    ann: Any, bob: Any, scat: Any
) -> None:
    duel = _solo_game(ann, bob, scat, throw_down=True)
    seat = duel.mover()
    state = duel.state
    page = text(duel.clients[seat].get(duel.game.table.get_absolute_url()))
    assert "Look at your cards" in page and "Throw down" in page
    assert not any(card.name in page for card in state.hands[seat])
    page = text(duel.play(seat, action="look", seq=duel.game.seq))
    assert all(card.name in page for card in state.hands[seat])


def test_only_the_owner_and_the_player_themselves_may_free_a_seat(
    table: Table, bob: Any, django_user_model: Any
) -> None:
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=table.owner, level="easy")
    url = table.get_absolute_url()
    owner, player, stranger = Client(), Client(), Client()
    owner.force_login(table.owner)
    player.force_login(bob)
    stranger.force_login(django_user_model.objects.create_user("cy", password="x-cards-y"))
    assert text(owner.get(url)).count('value="leave"') == 2  # bob and the bot
    assert text(player.get(url)).count('value="leave"') == 1  # bob himself
    assert 'value="leave"' not in text(stranger.get(url))
    assert 'value="leave"' not in text(Client().get(url))


def test_play_again_from_a_finished_game_deals_a_new_one(duel: Duel) -> None:
    Game.objects.filter(pk=duel.game.pk).update(status=Game.FINISHED)
    response = duel.clients[0].post(
        reverse("table_start", args=[duel.game.table_id]), headers={"HX-Request": "true"}
    )
    assert response.headers["HX-Redirect"] == duel.game.table.get_absolute_url()
    assert Game.objects.filter(table=duel.game.table, status=Game.PLAYING).count() == 1


def test_a_player_marked_away_says_they_are_back(duel: Duel) -> None:
    seat = 1 - duel.mover()
    GamePlayer.objects.filter(game=duel.game, position=seat).update(away=True, turns_timed_out=2)
    page = text(duel.clients[seat].get(duel.game.table.get_absolute_url()))
    assert "a bot is playing your turns" in page and 'value="back"' in page
    duel.play(seat, action="back")
    assert not GamePlayer.objects.get(game=duel.game, position=seat).away


def test_im_back_from_a_player_who_is_not_away_is_refused_and_says_why(duel: Duel) -> None:
    seq = duel.game.seq
    for htmx in (True, False):
        response = duel.play(duel.mover(), htmx=htmx, action="back")
        assert "You are not marked away" in said(response)
    assert duel.unchanged(seq)
