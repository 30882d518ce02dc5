"""What the pages say about clocks, bots and ended games (games.absence): your own
countdown, with its deadline as text for a page without JavaScript; what a bot did for
you (your cards only); "I'm back" in one click; the host's and staff's controls; a game
ended early."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game, GameEvent, GamePlayer, Table
from tests.games.playing import deal_two
from tests.games.test_privacy import _leaks


@pytest.fixture
def timed(table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    """ann and bob at ann's table with a 15 s turn timer, on a known deal."""
    return deal_two(table, bob, monkeypatch, turn_timer=15)


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _page(user: Any, game: Game) -> str:
    return html.unescape(_client(user).get(game.table.get_absolute_url()).content.decode())


def _seat_user(game: Game, seat: int) -> Any:
    return GamePlayer.objects.get(game=game, position=seat).user


def _time_out(game: Game) -> int:
    """Let the turn in play run out; returns the seat it was."""
    game.refresh_from_db()
    seat = game.engine_state().turn
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert services.time_out_turn(game_id=game.pk, expected_seq=game.seq) is not None
    game.refresh_from_db()
    return seat


def test_the_player_on_turn_sees_their_own_countdown_and_its_deadline_as_text(
    timed: Game,
) -> None:
    seat = timed.engine_state().turn
    mine = _page(_seat_user(timed, seat), timed)
    deadline = timezone.localtime(timed.turn_deadline)
    clock = re.search(r'<p class="my-clock".*?</p>', mine, re.S)
    assert clock, "your own clock, next to your hand"
    assert f'data-deadline="{int(timed.turn_deadline.timestamp() * 1000)}"' in clock.group()
    # When it runs out, in words, under your moves (so they stay on the first screen).
    clock_text = re.search(r'<p class="my-clock-text".*?</p>', mine, re.S)
    assert clock_text and "Your time runs out at" in clock_text.group()
    assert deadline.strftime("%H:%M:%S") + " UTC" in clock_text.group(), "readable without JS"
    assert "data-my-turn" in mine, "the tab title script knows it is your turn"
    theirs = _page(_seat_user(timed, 1 - seat), timed)
    assert 'class="my-clock"' not in theirs and "data-my-turn" not in theirs
    assert "s left" in theirs, "the others see it on the seat, as before"
    Table.objects.filter(pk=timed.table_id).update(turn_timer=0)
    Game.objects.filter(pk=timed.pk).update(turn_deadline=None)
    assert 'class="my-clock"' not in _page(_seat_user(timed, seat), timed), "no timer, no clock"


def test_when_time_runs_out_the_page_says_what_the_bot_did_with_your_cards_only(
    timed: Game,
) -> None:
    seat = _time_out(timed)
    drew, discarded = GameEvent.objects.filter(game=timed, seat=seat, by_bot=True).order_by("seq")
    card = drew.to_engine().secret.get("card") or drew.to_engine().data["card"]
    mine = _page(_seat_user(timed, seat), timed)
    said = re.search(r"Time ran out: a bot [^<]* for you\.", mine)
    assert said, "the page says plainly what happened"
    assert str(card) in said.group()
    put = discarded.to_engine().data["cards"][0]
    assert ("discarded it" if put == card else f"discarded {put}") in said.group()
    assert not _leaks(mine, timed, seat)
    assert "played by a bot" in mine, "the log marks the bot's moves"

    theirs = _page(_seat_user(timed, 1 - seat), timed)
    assert "Time ran out: a bot" not in theirs, "told only to the player it was for"
    assert "time ran out: a bot plays this turn for them" in theirs, "the log says why"
    assert not _leaks(theirs, timed, 1 - seat)
    spectator = html.unescape(Client().get(timed.table.get_absolute_url()).content.decode())
    assert not _leaks(spectator, timed, None)

    # Their own move next: the message has done its work.
    user = _seat_user(timed, seat)
    timed.refresh_from_db()
    other = 1 - seat
    _time_out(timed)  # the other player's turn runs out too
    assert timed.engine_state().turn == seat
    services.play(game_id=timed.pk, user=user, action="draw:stock", expected_seq=timed.seq)
    assert "Time ran out: a bot" not in _page(user, timed)
    assert "Time ran out: a bot" in _page(_seat_user(timed, other), timed)


def test_away_after_two_timeouts_the_page_says_why_and_im_back_is_one_click_without_js(
    timed: Game,
) -> None:
    seat = _time_out(timed)
    _time_out(timed)
    assert _time_out(timed) == seat
    player = GamePlayer.objects.get(game=timed, position=seat)
    assert (player.away, player.away_reason) == (True, "timer")
    client = _client(player.user)
    page = html.unescape(client.get(timed.table.get_absolute_url()).content.decode())
    assert "Your time ran out on two turns in a row, so a bot is playing your turns." in page
    assert re.search(r'<button class="button" name="action" value="back">I\'m back</button>', page)
    response = client.post(reverse("play", args=[timed.pk]), {"action": "back"}, follow=True)
    page = html.unescape(response.content.decode())
    assert not GamePlayer.objects.get(pk=player.pk).away
    assert 'value="back"' not in page
    assert "You are back and play your own turns again." in page


def test_the_host_sees_controls_others_do_not_and_staff_see_them_at_a_private_table(
    timed: Game, ann: Any, bob: Any, staff: Any
) -> None:
    host_page = _page(ann, timed)
    assert "Host controls" in host_page
    assert "Let a bot play for bob" in host_page and "End the game now" in host_page
    assert "data-fresh-seq" in host_page
    assert "Host controls" not in _page(bob, timed) and "End the game" not in _page(bob, timed)
    Table.objects.filter(pk=timed.table_id).update(is_public=False)
    staff_page = _page(staff, timed)
    assert "Staff controls" in staff_page and "Let a bot play for ann" in staff_page


def test_the_controls_post_let_a_bot_play_and_end_the_game_and_say_why_when_refused(
    timed: Game, ann: Any, bob: Any
) -> None:
    url = reverse("manage_game", args=[timed.pk])
    bobs = GamePlayer.objects.get(game=timed, user=bob)
    # bob is no host: refused, and said so.
    page = html.unescape(
        _client(bob).post(url, {"action": "end", "seq": timed.seq}, follow=True).content.decode()
    )
    assert "Only the table's host or staff can do that." in page
    assert Game.objects.get(pk=timed.pk).status == Game.PLAYING
    # A view the table has moved on from: nothing is done, and the page says why.
    host = _client(ann)
    page = html.unescape(
        host.post(url, {"action": "end", "seq": timed.seq - 1}, follow=True).content.decode()
    )
    assert "moved on before your request arrived, so nothing was done" in page
    assert Game.objects.get(pk=timed.pk).status == Game.PLAYING

    data = {"action": "bot", "position": bobs.position, "seq": timed.seq}
    page = html.unescape(host.post(url, data, follow=True).content.decode())
    assert "A bot plays for bob until they press “I'm back”." in page
    assert GamePlayer.objects.get(pk=bobs.pk).away

    timed.refresh_from_db()
    page = html.unescape(
        host.post(url, {"action": "end", "seq": timed.seq}, follow=True).content.decode()
    )
    assert "The game is ended: no one wins, the standings stand." in page
    assert "Game ended" in page and "The host ended the game" in page
    assert "ann: 3 lives" in page and "bob: 3 lives" in page
    assert f'action="{reverse("play", args=[timed.pk])}"' not in page, "no moves"
    assert "Deal a new game" in page and "Host controls" not in page
    bobs_page = _page(bob, timed)
    assert "Game ended" in bobs_page and "You win" not in bobs_page
    assert 'value="back"' not in bobs_page, "nothing to come back to"
    # The round in play never ended: its hands, and so its decks, stay hidden.
    timed.refresh_from_db()
    proofs = html.unescape(_client(bob).get(reverse("shuffles", args=[timed.pk])).content.decode())
    assert "never: the game was ended before this round was" in proofs
    assert not _leaks(bobs_page + proofs, timed, bobs.position)
    assert not _leaks(page, timed, 1 - bobs.position)
