"""House rules from the admin, used (issue 21), in a real browser with JavaScript on and
off: staff make a rule set in the admin's add form, a member opens a table with it, the
table says what it changes, and a game is played by those rules."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine
from games.models import Game, RuleSet, Table
from games.services import sources
from tests.e2e.conftest import DESKTOP
from tests.e2e.test_table_in_browser import choose_move, logged_in, make_move

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CLUB = "Club Scat (5 lives, knock 25)"
CHANGES = ["5 lives instead of 3", "Knock with 25 or more instead of any hand"]
# Moves (and waits) a round of three players may take.
MAX_MOVES = 600


def staff_add_the_rule_set(browser: Any, live_server: Any, boss: Any, js: bool) -> RuleSet:
    """Admin → Rule sets → Add: Scat with five lives, knocking at 25 or more."""
    context = logged_in(browser, live_server, boss, java_script_enabled=js, viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/admin/games/ruleset/add/")
        page.fill("#id_name", CLUB)
        assert page.locator("#id_preset").input_value() == "scat"
        assert page.locator("#id_offered").is_checked(), "offered unless unticked"
        assert page.locator("#id_lives").input_value() == "3", "the form starts from Scat"
        page.fill("#id_lives", "5")
        page.fill("#id_knock_min", "25")
        with page.expect_navigation():
            page.locator("input[name=_save]").click()
        assert "was added successfully" in page.content()
        assert page.get_by_role("link", name=CLUB).count(), "listed among the rule sets"
    finally:
        context.close()
    club = RuleSet.objects.get(name=CLUB)
    assert (club.preset, club.changes, club.offered) == (
        "scat",
        {"lives": 5, "knock_min": 25},
        True,
    )
    assert club.created_by == boss
    return club


def open_a_table_with_it(page: Any, base: str, club: RuleSet, js: bool, shoot: Any) -> Table:
    """The full form: pick the house rules, see them loaded, three seats, two easy bots."""
    page.goto(f"{base}/tables/new/")
    house = page.locator("fieldset.preset-group", has_text="This site\u2019s house rules")
    card = house.locator("label.preset-card", has_text=CLUB)
    assert "Scat with " + " \u00b7 ".join(CHANGES) in card.inner_text()
    assert page.locator("#id_lives").input_value() == "3", "Scat's rules at first"
    card.click()
    if js:  # htmx loads the rules picked
        page.wait_for_function("document.getElementById('id_lives').value === '5'")
    else:
        with page.expect_navigation():
            page.get_by_role("button", name="Load these rules").click()
        assert page.locator(f"input[name=rule_set][value='{club.pk}']").is_checked()
    assert page.locator("#id_lives").input_value() == "5"
    assert page.locator("#id_knock_min").input_value() == "25"
    shoot(page, f"house-rules-{'js' if js else 'nojs'}-form")
    page.fill("#id_name", "Club night")
    page.select_option("#id_seat_count", "3")
    page.select_option("#id_bots", "2")
    page.select_option("#id_bot_level", "easy")
    with page.expect_navigation():
        page.locator(".form-actions button[value=create]").click()
    page.wait_for_url(f"{base}/tables/*/")
    return Table.objects.get(name="Club night")


@pytest.mark.parametrize("js", [True, False], ids=["javascript", "no-javascript"])
def test_staff_make_house_rules_in_the_admin_and_a_member_plays_by_them(
    browser: Any,
    live_server: Any,
    presets: None,
    django_user_model: Any,
    monkeypatch: pytest.MonkeyPatch,
    shoot: Any,
    js: bool,
) -> None:
    name = "js" if js else "nojs"
    # Known shuffles (the site runs in this process), so the round is the same each run.
    source = engine.SeededDeckSource(31)
    monkeypatch.setattr(sources, "new_deck_source", lambda: source)
    boss = django_user_model.objects.create_superuser("boss", password="cards-on-the-table")
    member = django_user_model.objects.create_user("member", password="cards-on-the-table")

    club = staff_add_the_rule_set(browser, live_server, boss, js)

    context = logged_in(browser, live_server, member, java_script_enabled=js, viewport=DESKTOP)
    try:
        page = context.new_page()
        table = open_a_table_with_it(page, live_server.url, club, js, shoot)
        assert table.rule_set == club
        assert page.locator(".table-header__rules").inner_text() == CLUB
        assert page.get_by_text("House rules on Scat:").count()
        chips = page.locator(".house-chips li").all_inner_texts()
        assert chips == CHANGES
        assert page.get_by_text("Easy bot 2").count() and page.get_by_text("Easy bot 3").count()
        shoot(page, f"house-rules-{name}-table")

        with page.expect_navigation():
            page.get_by_role("button", name="Start the game").click()
        game = Game.objects.get(table=table)
        assert [p.lives for p in game.engine_state().players] == [5, 5, 5]
        # Everyone's five tokens: the others' in their seats, yours under your hand.
        assert page.locator(".tokens[aria-label='5 lives left']").count() == 3
        assert page.locator(".seat-me .tokens .token").count() == 5

        knock_refused = play_the_first_round(page, game, js)

        assert knock_refused, "a hand under 25 could not knock"
        state = Game.objects.get(pk=game.pk).engine_state()
        lost = state.last_round.lives_lost if state.last_round else ()
        assert sum(lost) > 0, "someone lost a life"
        assert [p.lives for p in state.players] == [5 - n for n in lost]
        if not js:
            page.reload()
        page.wait_for_selector(".round-summary", timeout=10_000)
        assert page.locator(".token--lost").count() == sum(lost)
        shoot(page, f"house-rules-{name}-round-over")
    finally:
        context.close()


def play_the_first_round(page: Any, game: Game, js: bool) -> int:
    """Play the member's turns until the first round is over; the knock button is offered
    only on a hand of 25 or more (while nobody has knocked). Returns how many turns a
    lower hand had no knock."""
    refused = 0
    for _ in range(MAX_MOVES):
        game.refresh_from_db()
        state = game.engine_state()
        if state.last_round is not None:
            return refused
        values = page.locator("#game-area button[name=action]").evaluate_all(
            "buttons => buttons.map(b => b.value)"
        )
        if "draw:stock" in values:  # the start of the member's turn
            hand = engine.parse_cards(
                page.locator(".hand [data-card]").evaluate_all(
                    "cards => cards.map(c => c.dataset.card)"
                )
            )
            value = engine.hand_value(hand, state.rules)
            # Only one knock a round: after a bot's knock no hand may knock.
            open_to_knock = state.knocker is None
            assert ("knock" in values) == (value >= 25 and open_to_knock), (
                value,
                state.knocker,
                values,
            )
            refused += value < 25 and open_to_knock
        move = choose_move(page)
        if move is None:  # the bots are playing: the page catches up by itself
            page.wait_for_timeout(300)
            if not js:
                page.reload()
            continue
        make_move(page, move, js)
    raise AssertionError(f"the round did not end in {MAX_MOVES} moves")
