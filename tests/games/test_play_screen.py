"""The play screen's words and controls (issue 26): what a round did to each player, a
card discarded in one click with hidden_discards, where focus goes, the rules pages and
the profile's games a bot finished."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.stats import player_summary
from games import engine, rendering, services
from games.engine import PRESET_TITLES, PRESETS, Rules, RulesError
from games.engine.rules import BOUNDS, CHOICES
from games.forms import HouseRulesForm
from games.models import Game, GamePlayer
from games.rule_text import PRESET_SUMMARIES, applies, how_to_play
from games.wording import round_summary
from tests.games.playing import play_out
from tests.games.test_table_views import _solo_game

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Bob", "Cy")


def _result(**fields: Any) -> engine.RoundResult:
    base = {
        "round_no": 1,
        "dealer": 0,
        "reason": "knock",
        "knocker": 1,
        "blitzers": (),
        "hands": (None, None, None),
        "values": (20.0, 25.0, 15.0),
        "lives_lost": (0, 0, 0),
        "points_won": (0, 0, 0),
        "chips_won": (0, 0, 0),
        "eliminated": (),
    }
    return engine.RoundResult(**{**base, **fields})


# ---- what a round did, in words ------------------------------------------------------


def test_a_blitz_is_said_in_words() -> None:
    result = _result(reason="blitz", blitzers=(1,), lives_lost=(1, 0, 1))
    text = round_summary(result._asdict(), NAMES)
    assert text.startswith("Bob has 31 in one suit: a blitz!")
    assert "--" not in text
    assert rendering._round_result(result, 1, Rules()) == "31: blitz!"


def test_a_throw_down_is_said_as_one_and_not_as_a_knock() -> None:
    result = _result(reason="throw_down", knocker=0, lives_lost=(0, 0, 1))
    text = round_summary(result._asdict(), NAMES)
    assert text.startswith("Ann threw down. Showdown:")
    # The short line above the table leaves the values to the hands shown.
    short = round_summary(result._asdict(), NAMES, values=False)
    assert short == "Ann threw down. Cy loses a life."


def test_in_banking_those_who_lost_their_ante_are_not_safe() -> None:
    banking = Rules.preset("banking")
    result = _result(chips_won=(0, 3, 0))
    assert rendering._round_result(result, 0, banking) == "ante lost"
    assert rendering._round_result(result, 1, banking) == "takes the pot: 3 chips"
    blitz = _result(reason="blitz", blitzers=(1,), chips_won=(-1, 5, -1))
    assert rendering._round_result(blitz, 0, banking) == "ante and 1 chip lost"
    drawn = _result(reason="stock_empty", knocker=None)
    assert rendering._round_result(drawn, 2, banking) == "ante stays in the pot"
    # Scoring by lives, a player who lost nothing is safe.
    assert rendering._round_result(_result(lives_lost=(0, 0, 1)), 0, Rules()) == "safe"


# ---- one click to discard a card with hidden_discards --------------------------------


def _page(client: Client, game: Game, **headers: str) -> str:
    return client.get(reverse("table", args=[game.table_id]), headers=headers).content.decode()


def test_with_hidden_discards_one_card_is_discarded_with_one_click(
    ann: Any, bob: Any, scat: Any
) -> None:
    duel = _solo_game(ann, bob, scat, **Rules.preset("en_og_tredive").changes_from("scat"))
    seat = duel.mover()
    duel.play(seat, action="draw:stock", seq=duel.game.seq)
    hand = duel.state.hands[seat]
    page = _page(duel.clients[seat], duel.game)
    for card in hand:
        assert f'value="discard:{card.code}"' in page, "each card is a button"
    assert '<details class="discard-several">' in page, "several: a form of their own"
    assert "Discard several cards" in page
    duel.play(seat, action=f"discard:{hand[0].code}", seq=duel.game.seq)
    assert duel.state.discard[-1] == hand[0]
    assert hand[0] not in duel.state.hands[seat]


# ---- focus ---------------------------------------------------------------------------


def test_the_first_control_of_your_turn_is_focused_on_the_page_and_marked_in_a_swap(
    ann: Any, bob: Any, scat: Any
) -> None:
    duel = _solo_game(ann, bob, scat)
    seat = duel.mover()
    page = _page(duel.clients[seat], duel.game)
    stock = re.search(r'<button[^>]*value="draw:stock"[^>]*>', page).group()
    assert "data-first" in stock and "autofocus" in stock
    assert page.count("autofocus") == 1
    answer = duel.play(seat, htmx=True, action="draw:stock", seq=duel.game.seq).content.decode()
    first = re.search(r"<button[^>]*data-first[^>]*>", answer).group()
    assert 'value="discard:' in first, "after drawing: the first card to discard"
    assert "autofocus" not in answer, "a swap leaves focus to live.js (not into a text field)"
    other = _page(duel.clients[1 - seat], duel.game)
    assert "data-first" not in other and "autofocus" not in other


def test_the_log_marks_each_line_with_its_seq_and_your_own_moves(
    ann: Any, bob: Any, scat: Any
) -> None:
    duel = _solo_game(ann, bob, scat)
    seat = duel.mover()
    duel.play(seat, action="draw:stock", seq=duel.game.seq)
    mine = _page(duel.clients[seat], duel.game)
    theirs = _page(duel.clients[1 - seat], duel.game)
    assert re.search(r'<li class="log-drew" data-seq="\d+" data-mine>You draw', mine)
    who = duel.users[seat].username
    assert re.search(rf'<li class="log-drew" data-seq="\d+">{who} draws', theirs)
    assert 'id="announcer"' in mine and 'aria-live="polite"' in mine


# ---- the rules, for players ----------------------------------------------------------


def _other_values(option: str, value: Any) -> list[Any]:
    if option in CHOICES:
        return [v for v in CHOICES[option] if v != value]
    if isinstance(value, bool):
        return [not value]
    if option == "life_labels":
        return []  # the stage names go with the lives: checked through `lives`
    low, high = BOUNDS[option]
    return [v for v in (low, value + 1, high) if v != value and low <= v <= high]


@pytest.mark.parametrize("key", list(PRESETS))
def test_the_rules_in_words_change_with_every_option_that_applies(key: str) -> None:
    """how_to_play is made from the rules alone, and says every option that matters:
    change one and the words change, so the page can't disagree with the engine."""
    rules = Rules.preset(key)
    said = how_to_play(rules)
    for field in dataclasses.fields(Rules):
        option = field.name
        for value in _other_values(option, getattr(rules, option)):
            try:
                changed = rules.replace(**{option: value})
            except RulesError:
                try:  # stage names fit one number of lives
                    changed = rules.replace(**{option: value, "life_labels": None})
                except RulesError:
                    continue
            if not applies(changed, option) or not applies(rules, option):
                continue
            assert how_to_play(changed) != said, f"{key}: {option}={value!r} says nothing"


def test_every_preset_has_a_rules_page_and_the_index_finds_it_by_other_names(
    client: Client,
) -> None:
    index = client.get(reverse("rules_index")).content.decode()
    for key in PRESETS:
        assert reverse("rules", args=[key]) in index
        page = client.get(reverse("rules", args=[key]))
        assert page.status_code == 200
        assert PRESET_TITLES[key] in page.content.decode()
    assert "Card Game 101" in index
    assert client.get("/rules/no-such-game/").status_code == 404
    blitz = client.get(reverse("rules", args=["blitz"])).content.decode()
    assert "Another name for" in blitz and reverse("rules", args=["scat"]) in blitz
    assert "Another name for Scat" in PRESET_SUMMARIES["blitz"]
    french = client.get(reverse("rules", args=["french_canadian"])).content.decode()
    assert "at least 31 rounds" in french
    assert "at least 31 rounds" in PRESET_SUMMARIES["french_canadian"]


def test_the_lobby_and_the_table_link_to_the_rules(ann: Any, bob: Any, scat: Any) -> None:
    client = Client()
    assert reverse("rules_index") in client.get(reverse("lobby")).content.decode()
    duel = _solo_game(ann, bob, scat, lives=5)
    page = _page(duel.clients[0], duel.game)
    assert reverse("rules", args=["scat"]) in page
    assert "Be the last player left. Everyone starts with 5 lives." in page, "this table's"


def test_the_house_rules_form_marks_the_options_of_each_way_of_scoring() -> None:
    form = HouseRulesForm(rules=Rules())
    assert form.fields["lives"].scoring == "lives"
    assert form.fields["knocker_penalty"].scoring == "lives"
    assert form.fields["target_points"].scoring == "points"
    assert form.fields["chips"].scoring == "banking"
    assert form.fields["jokers"].scoring is None
    assert form.fields["chips"].help_text.startswith("Only when banking.")


def test_the_customise_form_groups_options_by_scoring_without_javascript(
    client: Client, ann: Any, scat: Any
) -> None:
    client.force_login(ann)
    page = client.get(reverse("create_table"), {"rule_set": scat.pk, "action": "load_rules"})
    html = page.content.decode()
    assert re.search(r'data-scoring="points">\s*<div class="field', html)
    assert 'data-scoring="banking"' in html and 'data-scoring="lives"' in html
    assert "js/rules-form.js" in html


# ---- words of the account pages ------------------------------------------------------


def test_the_account_pages_say_log_in_as_the_header_does(client: Client) -> None:
    login = client.get(reverse("account_login")).content.decode()
    assert "Sign In" not in login and "Log in" in login
    signup = client.get(reverse("account_signup")).content.decode()
    assert "Sign Up" not in signup and "Sign up" in signup


# ---- the profile: games a bot finished -----------------------------------------------


def test_a_game_a_bot_finished_for_an_away_player_counts_as_neither_played_nor_won(
    ann: Any, bob: Any, scat: Any
) -> None:
    table = services.create_table(owner=ann, name="Away", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    GamePlayer.objects.filter(game=game, user=bob).update(away=True, away_reason="timer")
    play_out(game)
    summary = player_summary(bob)
    assert summary["played"] == 0 and summary["won"] == 0 and summary["by_bot"] == 1
    assert summary["games"][0].result.endswith(", finished by a bot")
    assert player_summary(ann)["played"] == 1
    client = Client()
    client.force_login(bob)
    page = client.get(reverse("my_profile")).content.decode()
    assert "Finished by a bot" in page and "finished by a bot" in page
