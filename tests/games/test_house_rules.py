"""House rules made in the admin, used (issue 21): a rule set on offer is chosen when a
table is opened; the table keeps its rules, and the rule set's name and preset, whatever
happens to the rule set later; a table whose rules differ from its preset says how."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine, services
from games.engine.bots import BaselineBot
from games.models import Game, RuleSet, Seat, Table
from tests.games.test_rule_forms import rule_set_pk, rules_data, table_data

Rules = engine.Rules
CLUB = "Club Scat (5 lives, knock 25)"
CLUB_CHANGES = ["5 lives instead of 3", "Knock with 25 or more instead of any hand"]


@pytest.fixture
def club(presets: None, django_user_model: Any) -> RuleSet:
    boss = django_user_model.objects.create_superuser("boss", password="cards-on-the-table")
    return RuleSet.objects.create(
        name=CLUB, preset="scat", changes={"lives": 5, "knock_min": 25}, created_by=boss
    )


@pytest.fixture
def ann_client(client: Client, ann: Any) -> Client:
    client.force_login(ann)
    return client


def page(response: Any) -> str:
    return response.content.decode()


def house_rules_data(rule_set: RuleSet, rules: Rules, **table: Any) -> dict[str, Any]:
    """The full form, its house rules loaded from `rule_set` and set to `rules`."""
    return {
        **table_data(rule_set=str(rule_set.pk), **table),
        **rules_data(rules),
        "house_rules": "1",
        "rules_from": str(rule_set.pk),
    }


# ---- choosing them ----------------------------------------------------------------


def test_both_forms_offer_the_house_rules_in_their_own_group(
    ann_client: Client, club: RuleSet
) -> None:
    for url in (reverse("lobby"), reverse("create_table")):
        html = page(ann_client.get(url))

        assert "<legend>Built-in</legend>" in html
        house = html.split("<legend>This site\u2019s house rules</legend>")[1]
        assert f'value="{club.pk}"' in house
        assert CLUB in house
        assert "Scat with " + " \u00b7 ".join(CLUB_CHANGES) in house


def test_a_table_opened_with_house_rules_has_their_rules_name_and_preset(
    ann_client: Client, ann: Any, club: RuleSet
) -> None:
    response = ann_client.post(
        reverse("create_table"), table_data(rule_set=str(club.pk), bots="1", bot_level="easy")
    )

    table = Table.objects.get()
    assert response["Location"] == table.get_absolute_url()
    assert table.rule_set == club
    assert table.engine_rules() == Rules.preset("scat", lives=5, knock_min=25)
    assert (table.rules_name, table.rules_preset) == (CLUB, "scat")
    assert [seat.bot_level for seat in table.seats.all()] == ["", "easy"]


def test_the_full_form_loads_the_house_rules_chosen(ann_client: Client, club: RuleSet) -> None:
    response = ann_client.get(reverse("create_table"), {"rule_set": club.pk})

    assert response.context["rules_form"]["lives"].value() == 5
    assert response.context["rules_form"]["knock_min"].value() == 25
    assert f'name="rules_from" value="{club.pk}"' in page(response)
    assert response.context["form"]["rule_set"].value() == club.pk

    swapped = ann_client.get(
        reverse("create_table"),
        {"rule_set": club.pk},
        headers={"HX-Request": "true", "HX-Target": "house-rules"},
    )
    assert page(swapped).lstrip().startswith('<section id="house-rules"')
    assert 'name="lives" value="5"' in page(swapped)


def test_old_links_to_a_preset_still_choose_it(ann_client: Client, club: RuleSet) -> None:
    response = ann_client.get(reverse("create_table"), {"preset": "ride_the_bus"})

    assert response.context["form"]["rule_set"].value() == int(rule_set_pk("ride_the_bus"))
    assert response.context["rules_form"]["lives"].value() == 4


def test_rules_not_offered_are_not_loaded_into_the_form(ann_client: Client, club: RuleSet) -> None:
    club.offered = False
    club.save()

    response = ann_client.get(reverse("create_table"), {"rule_set": club.pk})

    assert response.context["form"]["rule_set"].value() == int(rule_set_pk("scat"))
    assert response.context["rules_form"]["lives"].value() == 3
    assert CLUB not in page(response)


def test_house_rules_changed_further_at_opening_keep_both(
    ann_client: Client, club: RuleSet
) -> None:
    rules = club.rules().replace(knock_min=27, allow_stand=True)

    response = ann_client.post(reverse("create_table"), house_rules_data(club, rules))

    assert response.status_code == 302
    table = Table.objects.get()
    assert (table.rule_set, table.engine_rules()) == (club, rules)
    html = page(ann_client.get(table.get_absolute_url()))
    assert CLUB in html
    assert "House rules on Scat:" in html
    for line in (
        "5 lives instead of 3",
        "Standing allowed after a knock",
        "Knock with 27 or more instead of any hand",
    ):
        assert f"<li>{line}</li>" in html


def test_picking_house_rules_without_loading_them_shows_them_first(
    ann_client: Client, club: RuleSet
) -> None:
    data = house_rules_data(club, Rules())
    data["rules_from"] = rule_set_pk("scat")  # the rules below are Scat's

    response = ann_client.post(reverse("create_table"), data)

    assert response.context["rules_switched"] is True
    assert response.context["rules_form"]["lives"].value() == 5
    assert f'name="rules_from" value="{club.pk}"' in page(response)
    assert not Table.objects.exists()


def _not_offered(club: RuleSet) -> str:
    club.offered = False
    club.save()
    return str(club.pk)


def _deleted(club: RuleSet) -> str:
    pk = str(club.pk)
    club.delete()
    return pk


@pytest.mark.parametrize(
    ("rule_set", "message"),
    [
        (_not_offered, "Those rules are not offered here: choose rules from the list."),
        (_deleted, "Those rules are not offered here: choose rules from the list."),
        (lambda club: "", "Choose the rules to play by."),
        (lambda club: "scat", "Those rules are not offered here: choose rules from the list."),
    ],
    ids=["not-offered", "deleted", "missing", "a-preset-key"],
)
@pytest.mark.parametrize("full_form", [False, True], ids=["lobby-form", "full-form"])
def test_a_crafted_post_with_rules_not_on_offer_opens_nothing(
    ann_client: Client, club: RuleSet, rule_set: Any, message: str, full_form: bool
) -> None:
    data = house_rules_data(club, club.rules()) if full_form else table_data()
    data["rule_set"] = rule_set(club)

    response = ann_client.post(reverse("create_table"), data)

    assert response.status_code == 200
    assert response.context["form"].errors == {"rule_set": [message]}
    html = page(response)
    assert "The table was not opened" in html
    assert message in html
    assert not Table.objects.exists()
    assert not Seat.objects.exists()


# ---- the service ------------------------------------------------------------------


def test_the_service_refuses_rules_not_offered_and_changes_nothing(ann: Any, club: RuleSet) -> None:
    RuleSet.objects.filter(pk=club.pk).update(offered=False)  # `club` still says offered

    with pytest.raises(services.ServiceError) as caught:
        services.create_table(owner=ann, name="Club night", rule_set=club)

    assert caught.value.field == "rule_set"
    assert caught.value.message == f"\u201c{CLUB}\u201d is not offered: choose other rules."
    assert not Table.objects.exists()
    assert not Seat.objects.exists()


def test_the_service_refuses_no_rules_and_rules_deleted(ann: Any, club: RuleSet) -> None:
    with pytest.raises(services.ServiceError, match="Choose the rules to play by."):
        services.create_table(owner=ann, name="x", rule_set=None)
    RuleSet.objects.filter(pk=club.pk).delete()
    with pytest.raises(services.ServiceError, match="is not offered"):
        services.create_table(owner=ann, name="x", rule_set=club)
    assert not Table.objects.exists()


def test_a_refusal_after_the_form_was_checked_lands_on_the_rules(
    ann_client: Client, club: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Staff withdraw the rules between the form's check and the service's."""
    create = services.create_table

    def withdrawn_meanwhile(**kwargs: Any) -> Table:
        RuleSet.objects.filter(pk=club.pk).update(offered=False)
        return create(**kwargs)

    monkeypatch.setattr(services, "create_table", withdrawn_meanwhile)

    response = ann_client.post(reverse("create_table"), table_data(rule_set=str(club.pk)))

    assert response.context["form"].errors == {
        "rule_set": [f"\u201c{CLUB}\u201d is not offered: choose other rules."]
    }
    assert not Table.objects.exists()


# ---- a frozen copy ----------------------------------------------------------------


def play_to_the_end(game: Game, users: list[Any]) -> None:
    """The seated people play the game out with the baseline bot's choices."""
    bot = BaselineBot()
    for _ in range(5000):
        game.refresh_from_db()
        if game.status == Game.FINISHED:
            return
        state = game.engine_state()
        action = bot.choose(engine.observation(state, state.turn))
        services.play(
            game_id=game.pk, user=users[state.turn], action=action.code, expected_seq=game.seq
        )
    raise AssertionError("the game did not end")


def test_editing_or_withdrawing_a_rule_set_changes_no_table_or_game(
    ann: Any, bob: Any, club: RuleSet, client: Client
) -> None:
    # One life and no county: a game is over at the first loss.
    club.changes = {"lives": 1, "county": False, "knock_min": 25}
    club.save()
    rules = club.rules()
    waiting, running, finished = (
        services.create_table(owner=ann, name=name, rule_set=club, seat_count=2)
        for name in ("Waiting", "Running", "Finished")
    )
    for table in (running, finished):
        services.join_table(table=table, user=bob)
    running_game = services.start_game(table=running, by=ann)
    finished_game = services.start_game(table=finished, by=ann)
    play_to_the_end(finished_game, [ann, bob])
    before = {
        table.pk: (table.rules, table.rules_name, table.rules_preset)
        for table in (waiting, running, finished)
    }
    states = {game.pk: Game.objects.get(pk=game.pk).state for game in (running_game, finished_game)}

    club.name = "Club Bus"
    club.preset = "ride_the_bus"
    club.changes = {"lives": 7, "life_labels": None, "allow_stand": True}
    club.save()
    club.offered = False
    club.save()

    for table in Table.objects.all():
        assert (table.rules, table.rules_name, table.rules_preset) == before[table.pk]
        assert table.engine_rules() == rules
    for game in Game.objects.all():
        assert game.state == states[game.pk]
        assert game.engine_state().rules == rules
    client.force_login(ann)
    html = page(client.get(waiting.get_absolute_url()))
    assert CLUB in html and "Club Bus" not in html
    assert "<li>1 life instead of 3</li>" in html
    assert "<li>Knock with 25 or more instead of any hand</li>" in html
    # Play goes on, and new games are dealt with the table's rules.
    state = running_game.engine_state()
    services.play(
        game_id=running_game.pk,
        user=[ann, bob][state.turn],
        action="draw:stock",
        expected_seq=running_game.seq,
    )
    services.add_bot(table=waiting, by=ann, level="easy")
    for table in (waiting, finished):
        assert services.start_game(table=table, by=ann).engine_state().rules == rules


# ---- shown at the table -----------------------------------------------------------


def test_the_lobby_shows_the_rule_set_name_and_how_it_differs_from_its_preset(
    client: Client, bob: Any, club: RuleSet
) -> None:
    services.create_table(owner=bob, name="Club night", rule_set=club)

    html = page(client.get(reverse("lobby")))

    card = html.split("Club night")[1].split("</li>\n  </ul>")[0]
    assert CLUB in card
    assert "House rules on Scat:" in card
    for line in CLUB_CHANGES:
        assert f"<li>{line}</li>" in card


def test_a_preset_customised_at_opening_says_so_everywhere(
    client: Client, ann: Any, bob: Any, scat: RuleSet
) -> None:
    table = services.create_table(
        owner=bob, name="Kitchen", rule_set=scat, changes={"lives": 4, "widow": True}
    )
    client.force_login(ann)

    for url in (reverse("lobby"), table.get_absolute_url(), table.invite_url()):
        html = page(client.get(url))
        assert "House rules on Scat:" in html, url
        assert "<li>4 lives instead of 3</li>" in html, url
        assert "<li>A widow of three cards</li>" in html, url


def test_a_preset_as_it_comes_has_no_house_rules(
    client: Client, ann: Any, bob: Any, presets: None
) -> None:
    ride = RuleSet.objects.get(preset="ride_the_bus", is_preset=True)
    table = services.create_table(owner=bob, name="Bus", rule_set=ride)
    client.force_login(ann)

    for url in (reverse("lobby"), table.get_absolute_url(), table.invite_url()):
        html = page(client.get(url))
        assert "House rules on" not in html, url
        assert "<li>4 lives</li>" in html, url  # how Ride the Bus differs from Scat
