"""Issue 28 in the web app: tables of up to twelve, the first dealer picked by whoever
starts the game, and Ride the Bus levels added by agreement through the services and
the table page. Every refusal says why and writes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from games import engine, services
from games.engine.levels import proposal_key
from games.engine.replay import replay
from games.forms import BOT_COUNT_CHOICES, SEAT_CHOICES, HouseRulesForm
from games.models import Game, GameEvent, RuleSet, Table
from games.rule_text import differences, rule_summary

pytestmark = pytest.mark.django_db


def _log(game: Game) -> list[engine.Event]:
    return [e.to_engine() for e in GameEvent.objects.filter(game=game).order_by("seq")]


def _unchanged(game: Game) -> Any:
    """What a refused request must leave as it was."""
    game.refresh_from_db()
    return (game.seq, game.state, GameEvent.objects.filter(game=game).count())


# ---- twelve at a table ------------------------------------------------------------------


def test_a_scat_table_seats_twelve_and_no_more(ann: Any, scat: RuleSet) -> None:
    assert SEAT_CHOICES[-1] == (12, "12 seats")
    assert BOT_COUNT_CHOICES[-1] == (11, "11 bots")
    table = services.create_table(owner=ann, name="Big", rule_set=scat, seat_count=12)
    for _ in range(11):
        services.add_bot(table=table, by=ann, level="easy")
    game = services.start_game(table=table, by=ann)
    state = game.engine_state()
    assert len(state.players) == 12 and len(state.stock) == 15
    with pytest.raises(services.ServiceError, match="2 to 12") as caught:
        services.create_table(owner=ann, name="Too big", rule_set=scat, seat_count=13)
    assert caught.value.field == "seat_count"
    with pytest.raises(services.ServiceError, match="2 to 9"):
        services.create_table(
            owner=ann, name="House", rule_set=scat, seat_count=10, changes={"max_players": 9}
        )


def test_the_table_form_offers_twelve_seats(client: Any, ann: Any, scat: RuleSet) -> None:
    client.force_login(ann)
    page = client.get(reverse("create_table"))
    assert b'<option value="12">12 seats</option>' in page.content


# ---- the first dealer picked by the starter ----------------------------------------------


@pytest.fixture
def picking(ann: Any, scat: RuleSet) -> Table:
    table = services.create_table(
        owner=ann, name="Pick", rule_set=scat, seat_count=4, changes={"first_dealer": "chosen"}
    )
    for _ in range(3):
        services.add_bot(table=table, by=ann, level="easy")
    # Seat 2 (position 1) freed: the players sit at positions 0, 2 and 3.
    services.leave_seat(table=table, by=ann, position=1)
    return table


def test_the_starter_picks_the_first_dealer_by_their_seat(picking: Table, ann: Any) -> None:
    assert sorted(picking.seats.values_list("position", flat=True)) == [0, 2, 3]
    game = services.start_game(table=picking, by=ann, dealer_position=3)
    chosen = GameEvent.objects.get(game=game, kind="dealer_chosen")
    assert chosen.data == {"method": "chosen", "dealer": 2, "draws": []}  # engine seat 2
    assert game.engine_state().dealer == 2
    assert replay(_log(game)) == game.engine_state()


def test_a_first_dealer_not_at_the_table_is_refused(picking: Table, ann: Any) -> None:
    for position, words in [
        (None, "Choose who deals first"),
        (1, "No one sits in seat 2"),
        (7, "No one sits in seat 8"),
        (-1, "No one sits in seat 0"),
    ]:
        with pytest.raises(services.ServiceError, match=words) as caught:
            services.start_game(table=picking, by=ann, dealer_position=position)
        assert caught.value.field == "dealer"
    assert not Game.objects.filter(table=picking).exists()


def test_a_dealer_is_not_picked_where_the_rules_choose(table: Table, ann: Any) -> None:
    services.add_bot(table=table, by=ann, level="easy")
    with pytest.raises(services.ServiceError, match="not picked by hand"):
        services.start_game(table=table, by=ann, dealer_position=0)
    assert not Game.objects.filter(table=table).exists()


def test_the_start_form_asks_who_deals_and_says_why_it_refuses(
    client: Any, picking: Table, ann: Any
) -> None:
    client.force_login(ann)
    page = client.get(picking.get_absolute_url())
    assert b'<select name="dealer" required>' in page.content
    assert b'<option value="3">Easy bot 4</option>' in page.content
    page = client.post(reverse("table_start", args=[picking.pk]), {"dealer": ""}, follow=True)
    assert "Choose who deals first." in page.content.decode()
    page = client.post(reverse("table_start", args=[picking.pk]), {"dealer": "1"}, follow=True)
    assert "No one sits in seat 2" in page.content.decode()
    assert not Game.objects.filter(table=picking).exists()
    client.post(reverse("table_start", args=[picking.pk]), {"dealer": "2"})
    assert Game.objects.get(table=picking).engine_state().dealer == 1


# ---- Ride the Bus levels by agreement ----------------------------------------------------


@pytest.fixture
def bus_game(ann: Any, bob: Any, presets: None) -> Game:
    bus = RuleSet.objects.get(preset="ride_the_bus", is_preset=True)
    table = services.create_table(owner=ann, name="Bus", rule_set=bus, seat_count=3)
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=ann, level="easy")
    return services.start_game(table=table, by=ann)


def test_a_level_is_added_when_every_player_agrees(bus_game: Game, ann: Any, bob: Any) -> None:
    deadline = bus_game.turn_deadline
    services.propose_levels(game_id=bus_game.pk, user=ann, names=["on the roof"])
    bus_game.refresh_from_db()
    kinds = list(GameEvent.objects.filter(game=bus_game).values_list("kind", flat=True))
    assert kinds[-2:] == ["levels_proposed", "levels_agreed"]  # the bot agrees at once
    proposal = bus_game.engine_state().proposal
    assert proposal.agreed == (0, 2)
    assert bus_game.turn_deadline == deadline  # the turn's time is not reset
    services.answer_levels(game_id=bus_game.pk, user=bob, agree=True, key=proposal_key(proposal))
    bus_game.refresh_from_db()
    state = bus_game.engine_state()
    assert state.proposal is None
    assert state.rules.lives == 5 and [p.lives for p in state.players] == [5, 5, 5]
    assert bus_game.table.engine_rules().lives == 4  # the table's next game starts as before
    assert replay(_log(bus_game)) == state


def test_a_move_made_from_a_view_before_a_proposal_still_stands(
    ann: Any, bob: Any, presets: None
) -> None:
    bus = RuleSet.objects.get(preset="ride_the_bus", is_preset=True)
    table = services.create_table(owner=ann, name="Two", rule_set=bus, seat_count=2)
    services.join_table(table=table, user=bob)
    bus_game = services.start_game(table=table, by=ann)
    state = bus_game.engine_state()
    seen = bus_game.seq
    on_turn, other = (ann, bob) if state.turn == 0 else (bob, ann)
    services.propose_levels(game_id=bus_game.pk, user=other, names=["on the roof"])
    services.play(game_id=bus_game.pk, user=on_turn, action="draw:stock", expected_seq=seen)
    bus_game.refresh_from_db()
    assert bus_game.engine_state().phase == "discard"
    with pytest.raises(services.StaleMove):  # a move since: stale as ever
        services.play(game_id=bus_game.pk, user=on_turn, action="draw:stock", expected_seq=seen)


def test_refused_level_requests_say_why_and_change_nothing(
    bus_game: Game, ann: Any, bob: Any, django_user_model: Any, scat: RuleSet
) -> None:
    watcher = django_user_model.objects.create_user("sam", password="x-cards-y")
    before = _unchanged(bus_game)
    for user, words in [(watcher, "not playing in this game")]:
        with pytest.raises(services.ServiceError, match=words):
            services.propose_levels(game_id=bus_game.pk, user=user, names=["roof"])
    with pytest.raises(services.ServiceError, match="nothing to answer"):
        services.answer_levels(game_id=bus_game.pk, user=bob, agree=True, key="")
    with pytest.raises(services.ServiceError, match="already has a level"):
        services.propose_levels(game_id=bus_game.pk, user=ann, names=["On the stairs"])
    assert _unchanged(bus_game) == before

    services.propose_levels(game_id=bus_game.pk, user=ann, names=["on the roof"])
    before = _unchanged(bus_game)
    with pytest.raises(services.ServiceError, match="still open"):
        services.propose_levels(game_id=bus_game.pk, user=bob, names=["in the trunk"])
    with pytest.raises(services.ServiceError, match="not playing in this game"):
        services.answer_levels(game_id=bus_game.pk, user=watcher, agree=False, key="")
    with pytest.raises(services.StaleMove, match="no longer open"):
        services.answer_levels(game_id=bus_game.pk, user=bob, agree=True, key="0" * 16)
    with pytest.raises(services.ServiceError, match="You proposed it"):
        key = proposal_key(bus_game.engine_state().proposal)
        services.answer_levels(game_id=bus_game.pk, user=ann, agree=True, key=key)
    assert _unchanged(bus_game) == before

    scat_table = services.create_table(owner=bob, name="Scat", rule_set=scat, seat_count=2)
    services.add_bot(table=scat_table, by=bob, level="easy")
    scat_game = services.start_game(table=scat_table, by=bob)
    before = _unchanged(scat_game)
    with pytest.raises(services.ServiceError, match="Ride the Bus"):
        services.propose_levels(game_id=scat_game.pk, user=bob, names=["on the roof"])
    assert _unchanged(scat_game) == before


def test_the_table_page_proposes_and_answers(
    client: Any, bus_game: Game, ann: Any, bob: Any
) -> None:
    url = reverse("game_levels", args=[bus_game.pk])
    client.force_login(ann)
    page = client.get(bus_game.table.get_absolute_url()).content.decode()
    assert "Propose a new level" in page
    page = client.post(url, {"action": "propose", "level": "  on the   roof "}, follow=True)
    assert "Your proposal is on the table" in page.content.decode()
    bus_game.refresh_from_db()
    key = proposal_key(bus_game.engine_state().proposal)
    client.force_login(bob)
    page = client.get(bus_game.table.get_absolute_url()).content.decode()
    assert "ann proposes adding “on the roof”" in page
    assert f'name="proposal" value="{key}"' in page
    area = client.post(url, {"action": "agree", "proposal": key}, HTTP_HX_REQUEST="true")
    assert "Everyone agreed: the bus has a new level" in area.content.decode()
    page = client.post(url, {"action": "agree", "proposal": key}, HTTP_HX_REQUEST="true")
    assert "nothing to answer" in page.content.decode()


def _posted(rules: engine.Rules) -> dict[str, Any]:
    """`rules` as the house-rules form posts them (an unticked box posts nothing)."""
    return {
        name: "on" if value is True else value
        for name, value in rules.to_dict().items()
        if value is not False and value is not None
    }


def test_the_house_rules_form_and_the_words_know_the_new_options() -> None:
    form = HouseRulesForm(
        {
            **_posted(engine.Rules()),
            "final_two_tiebreak_decides": "game",
            "first_dealer": "chosen",
        }
    )
    assert not form.is_valid()
    assert "final_two_tiebreak" in form.errors["final_two_tiebreak_decides"][0]
    form = HouseRulesForm(
        {
            **_posted(engine.Rules()),
            "final_two_tiebreak": "on",
            "final_two_tiebreak_decides": "game",
            "first_dealer": "chosen",
            "max_players": "12",
        }
    )
    assert form.is_valid(), form.errors
    assert form.rules.final_two_tiebreak_decides == "game"
    assert form.rules.first_dealer == "chosen"
    summary = rule_summary(form.rules)
    assert "The host picks the first dealer" in summary
    assert "The last two's tie-break wins the game" in summary
    assert differences(engine.Rules.preset("thirty_one"), engine.Rules.preset("dollar_bill")) == [
        "No county: out with the last life"
    ]
    assert "Levels can be added to the bus by agreement" in rule_summary(
        engine.Rules.preset("ride_the_bus")
    )
