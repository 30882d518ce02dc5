"""The admin: rule sets edited as house rules, tables and games read-only for staff."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from games import engine, services
from games.engine.bots import BaselineBot
from games.models import ChatMessage, Deal, Game, RuleSet
from games.services import sources
from tests.games.test_privacy import _leaks
from tests.games.test_rule_forms import rules_data

Rules = engine.Rules


@pytest.fixture
def admin_client(client: Client, django_user_model: Any, presets: None) -> Client:
    boss = django_user_model.objects.create_superuser("boss", password="cards-on-the-table")
    client.force_login(boss)
    return client


def rule_set_data(preset: str, rules: Rules, **fields: str) -> dict[str, str]:
    return {
        "name": "Club rules",
        "preset": preset,
        "description": "",
        **fields,
        **rules_data(rules),
    }


def form_errors(response: Any) -> Any:
    return response.context["adminform"].form.errors


def test_a_rule_set_stores_only_its_changes_from_the_preset(admin_client: Client) -> None:
    rules = Rules.preset("ride_the_bus", knock_min=17)

    response = admin_client.post(
        reverse("admin:games_ruleset_add"), rule_set_data("ride_the_bus", rules)
    )

    assert response.status_code == 302, form_errors(response)
    club = RuleSet.objects.get(name="Club rules")
    assert club.changes == {"knock_min": 17}
    assert club.rules() == rules
    assert club.created_by.username == "boss"


@pytest.mark.parametrize(
    ("changes", "option", "message"),
    [
        ({"lives": 5}, "life_labels", "life_labels must name 7 stages"),
        ({"knock_min": 40}, "knock_min", "knock_min must be between 0 and 31, not 40."),
        (
            {"county": False, "no_knock_when_all_on_county": True},
            "no_knock_when_all_on_county",
            "no_knock_when_all_on_county needs scoring 'lives' with the county.",
        ),
    ],
)
def test_the_engines_error_is_shown_on_the_field(
    admin_client: Client, changes: dict[str, Any], option: str, message: str
) -> None:
    if option == "no_knock_when_all_on_county":
        changes = {**changes, "life_labels": None}  # six stages do not fit without the county
    data = {"name": "Club rules", "preset": "ride_the_bus", "description": ""}
    data.update(rules_data(Rules.preset("ride_the_bus"), **changes))

    response = admin_client.post(reverse("admin:games_ruleset_add"), data)

    assert response.status_code == 200
    assert list(form_errors(response)) == [option]
    assert form_errors(response)[option][0].startswith(message)
    html = response.content.decode()
    assert f'<div class="form-row errors field-{option}' in html
    assert not RuleSet.objects.filter(name="Club rules").exists()


def test_the_change_form_starts_from_the_preset_and_the_changes(admin_client: Client) -> None:
    club = RuleSet.objects.create(name="Club", preset="ride_the_bus", changes={"knock_min": 17})

    response = admin_client.get(reverse("admin:games_ruleset_change", args=[club.pk]))

    form = response.context["adminform"].form
    assert form["knock_min"].value() == 17
    assert form["lives"].value() == 4
    assert 'class="fieldset-heading">Knocking</h2>' in response.content.decode()


def test_editing_a_rule_set_keeps_only_the_differences(admin_client: Client) -> None:
    club = RuleSet.objects.create(name="Club", preset="scat", changes={"lives": 5})

    admin_client.post(
        reverse("admin:games_ruleset_change", args=[club.pk]),
        rule_set_data("scat", Rules(lives=3, jokers=1), name="Club"),
    )

    club.refresh_from_db()
    assert club.changes == {"jokers": 1}


def test_the_built_in_presets_cannot_be_changed_here(admin_client: Client) -> None:
    scat = RuleSet.objects.get(preset="scat", is_preset=True)

    admin_client.post(
        reverse("admin:games_ruleset_change", args=[scat.pk]),
        rule_set_data("ride_the_bus", Rules(lives=7), name="Scat"),
    )

    scat.refresh_from_db()
    assert (scat.preset, scat.changes) == ("scat", {})


def test_the_add_page_can_start_from_a_preset(admin_client: Client) -> None:
    response = admin_client.get(reverse("admin:games_ruleset_add"), {"preset": "en_og_tredive"})

    assert response.context["adminform"].form["knock_min"].value() == 21


def test_tables_games_and_deals_can_be_looked_at(
    admin_client: Client, table: Any, django_capture_on_commit_callbacks: Any
) -> None:
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)
    deal = game.deals.get(purpose=Deal.ROUND)

    pages = [
        reverse("admin:games_table_changelist"),
        reverse("admin:games_table_change", args=[table.pk]),
        reverse("admin:games_game_changelist"),
        reverse("admin:games_game_change", args=[game.pk]),
        reverse("admin:games_deal_change", args=[deal.pk]),
        reverse("admin:games_ruleset_changelist"),
    ]
    for url in pages:
        assert admin_client.get(url).status_code == 200, url
    game_page = admin_client.get(reverse("admin:games_game_change", args=[game.pk])).content
    assert b"round_started" in game_page  # the event log, inline
    assert b'name="_save"' not in game_page  # read-only


def test_games_cannot_be_added_or_changed_in_the_admin(admin_client: Client, table: Any) -> None:
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)

    assert admin_client.get(reverse("admin:games_game_add")).status_code == 403
    response = admin_client.post(
        reverse("admin:games_game_change", args=[game.pk]), {"status": "finished", "seq": 0}
    )
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.status == Game.PLAYING
    assert admin_client.get(reverse("admin:games_table_add")).status_code == 403


def test_chat_lines_are_not_added_in_the_admin(admin_client: Client) -> None:
    """Players write them; an "add" could only save a line of no table (a 500)."""
    url = reverse("admin:games_chatmessage_add")
    assert admin_client.get(url).status_code == 403
    assert admin_client.post(url, {"text": "hi"}).status_code == 403
    assert not ChatMessage.objects.exists()


def test_players_cannot_open_the_admin(client: Client, ann: Any, presets: None) -> None:
    client.force_login(ann)

    response = client.get(reverse("admin:games_ruleset_changelist"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


# ---- staff see no card before its round's reveal ----------------------------------


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Known shuffles: no round ends on its deal (a blitz dealt would reveal it)."""
    source = engine.SeededDeckSource(1)  # one stream: each deck a new shuffle
    monkeypatch.setattr(sources, "new_deck_source", lambda: source)


@pytest.fixture
def game_in_play(table: Any, seeded: None) -> Game:
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)
    assert game.engine_state().round_no == 1
    return game


def _secrets_shown(body: str, game: Game, deals: Any) -> list[str]:
    """What of the unrevealed deals (their deck orders, their salts) and of the cards
    no spectator may know `body` shows."""
    game.refresh_from_db()
    found = [
        f"{deal} {name}"
        for deal in deals
        for name, text in (("deck", deal.deck), ("salt", deal.salt))
        if text in body
    ]
    return found + _leaks(body, game, None)


def test_staff_see_neither_deck_nor_salt_nor_hands_of_a_round_in_play(
    admin_client: Client, game_in_play: Game
) -> None:
    game = game_in_play
    deal, reshuffle = game.deals.get(purpose=Deal.ROUND), game.deals.get(purpose=Deal.RESHUFFLE)
    assert len(deal.deck.split()) == 52 and deal.salt  # what must stay hidden

    pages = {
        "deal": reverse("admin:games_deal_change", args=[deal.pk]),
        "reshuffle": reverse("admin:games_deal_change", args=[reshuffle.pk]),
        "deals": reverse("admin:games_deal_changelist"),
        "game": reverse("admin:games_game_change", args=[game.pk]),
        "games": reverse("admin:games_game_changelist"),
    }
    for name, url in pages.items():
        response = admin_client.get(url)
        assert response.status_code == 200, name
        body = response.content.decode()
        assert not _secrets_shown(body, game, [deal, reshuffle]), name
    deal_page = admin_client.get(pages["deal"]).content.decode()
    assert deal.commitment in deal_page  # the commitment is what is public now
    game_page = admin_client.get(pages["game"]).content.decode()
    assert "round_started" in game_page  # the log is there, without its secrets
    assert f"stock: {len(game.engine_state().stock)} cards" in game_page


def test_staff_cannot_filter_deals_or_games_by_their_hidden_fields(
    admin_client: Client, game_in_play: Game
) -> None:
    """A changelist filtered by ?deck__startswith= would answer whether the deck starts
    so: an oracle for the whole deck, a card at a time."""
    deal = game_in_play.deals.get(purpose=Deal.ROUND)
    first = deal.deck.split()[0]
    probes = [
        (reverse("admin:games_deal_changelist"), {"deck__startswith": first}),
        (reverse("admin:games_deal_changelist"), {"salt__startswith": deal.salt[:4]}),
        (reverse("admin:games_game_changelist"), {"state__contains": first}),
        (reverse("admin:games_game_changelist"), {"state__stock__0": first}),
    ]
    for url, query in probes:
        response = admin_client.get(url, query)
        assert response.status_code == 400, query


def _play_a_round(game: Game, capture: Any) -> None:
    """The owner (with the baseline bot's choices) and the bot play round 1 out."""
    bot = BaselineBot()
    for _ in range(500):
        game.refresh_from_db()
        state = game.engine_state()
        if state.round_no > 1 or state.outcome is not None:
            return
        action = bot.choose(engine.observation(state, 0)).code
        with capture(execute=True):
            services.play(
                game_id=game.pk, user=game.table.owner, action=action, expected_seq=game.seq
            )
    raise AssertionError("the round never ended")


def _in_order(body: str, cards: Any) -> bool:
    """Whether `body` names `cards` in this order, however they are separated (spaces,
    commas, JSON quotes, escaped or not): how a deck or stock order would show."""
    codes = [card.code for card in cards] if not isinstance(cards, str) else cards.split()
    pattern = r"\W+".join(re.escape(code) for code in codes)
    return re.search(pattern, html.unescape(body)) is not None


def test_staff_see_a_rounds_deck_and_salt_once_it_is_over(
    admin_client: Client, table: Any, seeded: None, django_capture_on_commit_callbacks: Any
) -> None:
    services.add_bot(table=table, by=table.owner, level="easy")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.start_game(table=table, by=table.owner)
    _play_a_round(game, django_capture_on_commit_callbacks)
    assert game.status == Game.PLAYING, "a game of lives lasts more than a round"
    first = game.deals.get(round_no=1, purpose=Deal.ROUND)
    current = game.deals.get(round_no=2, purpose=Deal.ROUND)
    assert first.revealed and not current.revealed

    page = admin_client.get(reverse("admin:games_deal_change", args=[first.pk])).content.decode()
    assert first.deck in page and first.salt in page
    page = admin_client.get(reverse("admin:games_deal_change", args=[current.pk])).content.decode()
    assert current.deck not in page and current.salt not in page
    # The game's log shows the first round's secrets (its deck in the deal's event), and
    # none of the round in play; nor does the state show its stock.
    page = admin_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert _in_order(page, first.deck)
    assert not _in_order(page, current.deck)
    assert not _in_order(page, game.engine_state().stock)


def test_staff_see_the_whole_state_of_a_finished_game(
    admin_client: Client, game_in_play: Game
) -> None:
    state = game_in_play.engine_state()
    Game.objects.filter(pk=game_in_play.pk).update(status=Game.FINISHED)

    page = admin_client.get(reverse("admin:games_game_change", args=[game_in_play.pk]))

    assert _in_order(page.content.decode(), state.stock)


# ---- which rule sets are offered --------------------------------------------------


def changelist_data(rule_sets: list[RuleSet], offered: set[int]) -> dict[str, str]:
    """The rule sets' list posted with its Offered boxes ticked for `offered`."""
    data = {
        "form-TOTAL_FORMS": str(len(rule_sets)),
        "form-INITIAL_FORMS": str(len(rule_sets)),
        "_save": "Save",
    }
    for n, rule_set in enumerate(rule_sets):
        data[f"form-{n}-id"] = str(rule_set.pk)
        if rule_set.pk in offered:
            data[f"form-{n}-offered"] = "on"
    return data


def test_staff_offer_and_withdraw_rule_sets_from_the_list(admin_client: Client) -> None:
    club = RuleSet.objects.create(name="Club", preset="scat", changes={"lives": 5})
    url = reverse("admin:games_ruleset_changelist")
    listed = list(admin_client.get(url).context["cl"].result_list)
    assert club in listed and all(r.offered for r in listed)

    response = admin_client.post(url, changelist_data(listed, offered=set()))

    assert response.status_code == 302
    assert list(RuleSet.objects.filter(offered=False)) == [club]  # the presets stay offered
    assert admin_client.get(url, {"offered__exact": "0"}).context["cl"].result_count == 1


def test_the_presets_are_always_offered(admin_client: Client) -> None:
    scat = RuleSet.objects.get(preset="scat", is_preset=True)

    change_page = admin_client.get(reverse("admin:games_ruleset_change", args=[scat.pk]))
    assert change_page.context["adminform"].form.fields["offered"].disabled
    admin_client.post(
        reverse("admin:games_ruleset_change", args=[scat.pk]),
        rule_set_data("scat", Rules(), name="Scat"),  # no "offered": the box unticked
    )
    scat.refresh_from_db()
    assert scat.offered

    scat.offered = False
    with pytest.raises(ValidationError) as caught:
        scat.full_clean()
    assert caught.value.message_dict == {"offered": ["The built-in presets are always offered."]}
    with pytest.raises(IntegrityError), transaction.atomic():
        RuleSet.objects.filter(pk=scat.pk).update(offered=False)


def test_a_new_rule_set_is_offered_unless_unticked(admin_client: Client) -> None:
    add = reverse("admin:games_ruleset_add")
    admin_client.post(add, rule_set_data("scat", Rules(lives=5), offered="on"))
    admin_client.post(add, rule_set_data("scat", Rules(lives=6), name="Not yet"))

    assert RuleSet.objects.get(name="Club rules").offered
    assert not RuleSet.objects.get(name="Not yet").offered


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"lifes": 5}, "There is no house rule called 'lifes'. Did you mean 'lives'?"),
        ({"lives": 0}, "lives must be between 1 and 20, not 0."),
        ({"lives": "5"}, "lives must be a whole number, not '5'."),
        (["lives"], "Changes must be a mapping of option names."),
    ],
)
def test_the_stored_changes_are_checked_by_the_engine(db: None, changes: Any, message: str) -> None:
    rule_set = RuleSet(name="Club", preset="scat", changes=changes)

    with pytest.raises(ValidationError) as caught:
        rule_set.full_clean()

    assert caught.value.message_dict == {"changes": [message]}
