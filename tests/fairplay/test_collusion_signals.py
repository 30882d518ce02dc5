"""The collusion signals (fairplay.collusion): what a game says about pairs, and the
test that turns the counts into a score (docs/fair-play.md#collusion-signals)."""

from __future__ import annotations

import math

from fairplay.collusion import facts, stats
from games.engine.bots import MediumBot
from games.engine.game import apply_action, new_game
from games.engine.observation import observation
from games.engine.randomness import SeededDeckSource
from games.engine.replay import steps
from games.engine.rules import Rules
from lab.bots.collude import ColludingBot


def _game(seed: int, colluders: bool) -> list:
    """A four-player Scat game of medium bots; with `colluders`, seats 0 and 1 collude."""
    rules = Rules.preset("scat")
    bots = [
        ColludingBot(seed, 1) if colluders else MediumBot(seed),
        ColludingBot(seed + 1, 0) if colluders else MediumBot(seed + 1),
        MediumBot(seed + 2),
        MediumBot(seed + 3),
    ]
    state, log = new_game(rules, 4, SeededDeckSource(seed))
    log = list(log)
    while state.turn is not None and not state.is_over:
        bot = bots[state.turn]
        obs = observation(state, state.turn)
        action = (
            bot.choose_knowing(state, obs) if isinstance(bot, ColludingBot) else bot.choose(obs)
        )
        state, events = apply_action(state, action)
        log += events
    return log


def _rate(found: list[facts.Sighting], signal: str, actor: int, partner: int) -> tuple[int, int]:
    chosen = [s for s in found if (s.signal, s.actor, s.partner) == (signal, actor, partner)]
    return sum(s.hit for s in chosen), len(chosen)


def test_a_colluder_feeds_its_partner_far_more_often_than_an_honest_player_does():
    honest = [s for seed in range(30) for s in facts.sightings(_game(seed, False), range(4))]
    colluding = [s for seed in range(30) for s in facts.sightings(_game(seed, True), range(4))]
    hits, chances = _rate(colluding, facts.FEED, 0, 1)
    honest_hits, honest_chances = _rate(honest, facts.FEED, 0, 1)
    assert chances > 20 and honest_chances > 20
    assert hits / chances > 0.9
    assert honest_hits / honest_chances < 0.6


def test_each_sighting_points_at_the_replay_step_of_the_move_it_judges():
    log = _game(3, True)
    shown = steps(log)
    found = facts.sightings(log, range(4))
    assert found
    for sighting in found:
        if sighting.signal == facts.FEED:
            before = shown[sighting.step - 1].state
            assert before.turn == sighting.actor and before.phase == "discard"
        if sighting.signal == facts.SPARE:
            before = shown[sighting.step - 1].state
            assert before.turn == sighting.actor
            assert before.players[sighting.partner].lives == 0  # on their last life


def test_bots_seats_are_left_out_and_each_kind_counts_once_a_round():
    for seed in range(5, 10):
        log = _game(seed, False)
        found = facts.sightings(log, {0, 1})
        assert found and all({s.actor, s.partner} == {0, 1} for s in found)
        keys = [(s.signal, s.actor, s.partner, _round(log, s.step)) for s in found]
        assert len(keys) == len(set(keys))


def _round(log: list, step: int) -> int:
    return steps(log)[step - 1].state.round_no


def test_throw_needs_the_review_and_counts_the_loser_and_the_next_lowest():
    log = _game(7, False)
    assert not [s for s in facts.sightings(log, range(4)) if s.signal == facts.THROW]
    every_step = set(range(1, len(steps(log))))
    thrown = [s for s in facts.sightings(log, range(4), every_step) if s.signal == facts.THROW]
    assert thrown and all(s.hit for s in thrown)  # a mistake at every step: every loss
    clean = [s for s in facts.sightings(log, range(4), set()) if s.signal == facts.THROW]
    assert len(clean) == len(thrown) and not any(s.hit for s in clean)  # reviewed, no mistake


def test_the_binomial_tail_and_fishers_combination_match_their_formulas():
    assert stats.binomial_tail(0, 10, 0.5) == 1.0
    assert math.isclose(stats.binomial_tail(8, 10, 0.5), 56 / 1024)
    assert stats.binomial_tail(11, 10, 0.5) == 0.0
    assert math.isclose(stats.fisher([0.2]), 0.2)
    statistic = -2 * math.log(0.05 * 0.05)
    assert math.isclose(stats.fisher([0.05, 0.05]), math.exp(-statistic / 2) * (1 + statistic / 2))


def test_a_pair_is_flagged_when_one_helps_the_other_far_beyond_their_usual_rate():
    counts = [
        stats.Count("ann", "bob", facts.FEED, 40, 36),
        stats.Count("ann", "cy", facts.FEED, 40, 14),
        stats.Count("ann", "dee", facts.FEED, 40, 15),
        stats.Count("cy", "dee", facts.FEED, 40, 16),
        stats.Count("cy", "ann", facts.FEED, 40, 15),
    ]
    together = {
        frozenset(p): 10 for p in (("ann", "bob"), ("ann", "cy"), ("ann", "dee"), ("cy", "dee"))
    }
    scores = {s.pair: s for s in stats.pair_scores(counts, together)}
    assert scores[frozenset(("ann", "bob"))].flagged
    assert not scores[frozenset(("ann", "cy"))].flagged
    assert not scores[frozenset(("cy", "dee"))].flagged
    few = {**together, frozenset(("ann", "bob")): stats.MIN_GAMES - 1}
    assert not {s.pair: s for s in stats.pair_scores(counts, few)}[
        frozenset(("ann", "bob"))
    ].flagged
