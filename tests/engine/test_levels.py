"""docs/rules.md §7: levels added to the bus in the middle of a game by agreement
(`levels_by_agreement`, games/engine/levels.py): a proposal every player still in the
game accepts, that anyone may decline, recorded as events a replay folds."""

from __future__ import annotations

from games.engine import AnswerLevels, ProposeLevels, legal_actions, observation, replay
from games.engine.rules import RIDE_THE_BUS_LABELS
from games.engine.serialize import state_from_dict, state_to_dict
from tests.engine.helpers import ANN, BOB, CY, Table, blitz_deal, deal, pass_turns, refused

QUIET = deal(ANN, "2H 3D 5C", "4H 6D 7C", "8H 9D 2D", up="9C", stock="2C 3C 4C 6C 10C JC")
# One life and the county: after Bob's blitz, Ann and Cy are on the stairs.
SHORT_BUS = {
    "lives": 1,
    "life_labels": ("on the bus", "on the stairs", "off the bus"),
    "levels_by_agreement": True,
}


def stages(t: Table) -> list[str | None]:
    return [s.stage_label for s in t.view(None).seats]


def bus(*decks: str, **changes) -> Table:
    return Table(*(decks or (QUIET,)), dealer=ANN, preset="ride_the_bus", **changes)


def test_everyone_agrees_and_the_bus_gets_a_level_before_the_stairs():
    t = bus()
    assert t.turn == BOB
    t(ProposeLevels(CY, ("on the roof",)))  # Cy proposes on Bob's turn
    assert t.state.proposal == (CY, ("on the roof",), (CY,))
    assert (t.turn, t.state.phase) == (BOB, "draw")  # the turn is untouched
    t(AnswerLevels(ANN, True))
    assert t.state.proposal.agreed == (CY, ANN)
    assert t.state.rules.lives == 4
    events = t(AnswerLevels(BOB, True))
    assert [e.kind for e in events] == ["levels_agreed", "levels_added"]
    assert t.state.proposal is None
    assert t.lives == (5, 5, 5)
    assert t.state.rules.lives == 5
    labels = (*RIDE_THE_BUS_LABELS[:4], "on the roof", *RIDE_THE_BUS_LABELS[4:])
    assert t.state.rules.life_labels == labels
    # Everyone keeps their place on the bus, one loss further from off the bus.
    assert [s.stage_label for s in t.view(None).seats] == ["seated at the back"] * 3
    assert t.said()[-4:] == [
        "Cy proposes adding a new level, \u201con the roof\u201d, before the county. "
        "Everyone still in must agree.",
        "Ann agrees.",
        "Bob agrees.",
        "Everyone agreed: the bus has a new level, \u201con the roof\u201d. "
        "Everyone still in gains a life.",
    ]
    assert t.said(viewer=CY)[-4].startswith("You propose adding")
    # The game goes on from where it was, and its log still replays.
    pass_turns(t, 2)
    assert replay(t.events) == t.state
    assert state_from_dict(state_to_dict(t.state)) == t.state


def test_a_player_on_the_county_steps_back_up_onto_the_new_level():
    t = Table(blitz_deal(ANN, BOB), QUIET, dealer=ANN, **SHORT_BUS)
    assert t.lives == (0, 1, 0)
    assert stages(t) == ["on the stairs", "on the bus", "on the stairs"]
    t(ProposeLevels(ANN, ("at the door", "by the driver")))
    t(AnswerLevels(BOB, True), AnswerLevels(CY, True))
    assert t.state.rules.life_labels == (
        "on the bus",
        "at the door",
        "by the driver",
        "on the stairs",
        "off the bus",
    )
    assert t.lives == (2, 3, 2)
    assert [s.on_county for s in t.view(None).seats] == [False, False, False]
    assert stages(t) == ["at the door", "on the bus", "at the door"]
    assert t.said()[-1].endswith("Everyone still in gains 2 lives.")
    assert replay(t.events) == t.state


def test_players_who_are_out_are_not_asked_and_keep_out():
    labels = ("on the bus", "off the bus")
    t = Table(
        blitz_deal(ANN, BOB),
        QUIET,
        dealer=ANN,
        lives=1,
        county=False,
        life_labels=labels,
        levels_by_agreement=True,
    )
    assert t.out == (True, False, True) and t.outcome is not None
    # The game is over: nothing more to agree on.
    refused(t.state, ProposeLevels(BOB, ("upstairs",)), "game is over")


def test_anyone_may_decline_and_the_proposer_may_withdraw():
    t = bus()
    t(ProposeLevels(ANN, ("on the roof",)), AnswerLevels(BOB, True))
    events = t(AnswerLevels(CY, False))
    assert [e.kind for e in events] == ["levels_declined"]
    assert t.state.proposal is None and t.state.rules.lives == 4 and t.lives == (4, 4, 4)
    assert t.said()[-1] == "Cy declines: no level is added."
    t(ProposeLevels(BOB, ("on the roof",)))  # a new proposal may follow
    t(AnswerLevels(BOB, False))
    assert t.said()[-1] == "Bob withdraws the proposal: no level is added."
    assert t.said(viewer=BOB)[-1] == "You withdraw the proposal: no level is added."
    assert t.state.proposal is None
    assert replay(t.events) == t.state


def test_a_proposal_lapses_when_the_round_ends():
    t = bus(blitz_deal(ANN, BOB, up="9C"), QUIET)
    # Round 1 ended on the deal (Bob's blitz); round 2 is being played.
    t(ProposeLevels(BOB, ("on the roof",)), AnswerLevels(CY, True))
    t("knock")  # Cy knocks
    pass_turns(t, 2)
    assert t.result.round_no == 2
    kinds = [e.kind for e in t.events]
    assert kinds[kinds.index("round_ended", kinds.index("levels_agreed")) + 1] == "levels_lapsed"
    assert t.state.proposal is None and t.state.rules.lives == 4
    assert "The round ended before everyone agreed: no level is added." in t.said()
    assert replay(t.events) == t.state


def test_everyone_sees_the_open_proposal_and_no_one_is_offered_it_as_a_move():
    t = bus()
    t(ProposeLevels(ANN, ("on the roof",)), AnswerLevels(CY, True))
    for viewer in (ANN, BOB, CY, None):
        assert observation(t.state, viewer).proposal == (ANN, ("on the roof",), (ANN, CY))
    for seat in (ANN, BOB, CY):
        legal = legal_actions(t.state, seat)
        assert not any(isinstance(a, ProposeLevels | AnswerLevels) for a in legal)


# ---- refused, with nothing changed ------------------------------------------------------


def test_a_second_proposal_while_one_is_open_is_refused():
    t = bus()
    t(ProposeLevels(ANN, ("on the roof",)))
    refused(t.state, ProposeLevels(BOB, ("in the trunk",)), "Ann's proposal", "still open")
    refused(t.state, ProposeLevels(ANN, ("in the trunk",)), "still open")


def test_no_levels_outside_ride_the_bus():
    t = Table(QUIET, dealer=ANN)  # Scat
    refused(t.state, ProposeLevels(ANN, ("on the roof",)), "Ride the Bus")
    refused(t.state, AnswerLevels(ANN, True), "Ride the Bus")
    t = Table(QUIET, dealer=ANN, preset="ride_the_bus", levels_by_agreement=False)
    refused(t.state, ProposeLevels(ANN, ("on the roof",)), "rules don't")


def test_answers_need_a_proposal_and_count_once():
    t = bus()
    refused(t.state, AnswerLevels(BOB, True), "nothing to answer")
    refused(t.state, AnswerLevels(BOB, False), "nothing to answer")
    t(ProposeLevels(ANN, ("on the roof",)), AnswerLevels(BOB, True))
    refused(t.state, AnswerLevels(ANN, True), "You proposed it")
    refused(t.state, AnswerLevels(BOB, True), "already agreed")


def test_a_player_out_of_the_game_or_not_at_the_table_has_no_say():
    # Bob's blitzes put Ann and Cy on the county; Ann is out after the second.
    t = Table(blitz_deal(ANN, BOB), blitz_deal(BOB, (BOB, CY)), QUIET, dealer=ANN, **SHORT_BUS)
    assert t.out == (True, False, False)
    refused(t.state, ProposeLevels(ANN, ("at the door",)), "out of this game")
    refused(t.state, ProposeLevels(7, ("at the door",)), "no such seat")
    t(ProposeLevels(BOB, ("at the door",)))
    refused(t.state, AnswerLevels(ANN, True), "out of this game")
    t(AnswerLevels(CY, True))  # Cy's is the last answer needed: Ann is not asked
    assert t.lives == (0, 2, 1) and t.out == (True, False, False)


def test_level_names_must_make_sense():
    t = bus()
    for names, words in [
        ((), "one to 3"),
        (("a", "b", "c", "d"), "one to 3"),
        (("  ",), "Give each new level a name"),
        (("x" * 41,), "at most 40 characters"),
        (("on the\x1b[31mroof",), "plain text"),
        (("Middle of the bus",), "already has a level called"),
        (("roof", "ROOF"), "named twice"),
    ]:
        refused(t.state, ProposeLevels(ANN, names), words)
    big = Table(
        QUIET,
        dealer=ANN,
        lives=19,
        life_labels=tuple(f"row {n}" for n in range(21)),
        levels_by_agreement=True,
    )
    refused(big.state, ProposeLevels(ANN, ("a", "b")), "at most 1 more")
    big(ProposeLevels(ANN, ("a",)), AnswerLevels(BOB, True), AnswerLevels(CY, True))
    assert big.state.rules.lives == 20
    refused(big.state, ProposeLevels(ANN, ("b",)), "no more can")
