"""Levels added to the bus in the middle of a game, by agreement (docs/rules.md §7,
`levels_by_agreement`).

Ride the Bus players "often" add levels mid-game by mutual agreement. Here any player
still in the game may propose one to three new levels, by name; every other player
still in the game must agree, and anyone may decline (the proposer declining withdraws
it). Only one proposal is open at a time, and it lapses when the round ends. When the
last player agrees, the new levels go in just before the county (the stairs of the bus;
without the county, just before out) and everyone still in the game gains a life for
each, so everyone keeps their place on the bus and is that many losses further from
out; a player on the county steps back up onto the new level. The game's rules change
from then on (`lives` and `life_labels`); the table's stay as they were for its next
game. Every step is an event, so a replay folds it like any move.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .actions import AnswerLevels, ProposeLevels
from .errors import N_, IllegalAction
from .events import Event
from .rules import BOUNDS
from .state import GameState, LevelProposal

MAX_LEVELS = 3  # new levels in one proposal
MAX_NAME = 40  # characters in a level's name


def apply(state: GameState, action: ProposeLevels | AnswerLevels, events: list[Event]) -> GameState:
    """Make the proposal or the answer, or raise IllegalAction (nothing changed)."""
    rules = state.rules
    if not rules.levels_by_agreement:
        raise IllegalAction(
            N_(
                "Levels can be added only in a game of Ride the Bus whose rules allow it: "
                "this game's rules don't."
            )
        )
    seat = action.seat
    if not 0 <= seat < len(state.names):
        raise IllegalAction(N_("There is no such seat at this table."))
    if state.players[seat].out:
        raise IllegalAction(
            N_("You are out of this game: only players still in it decide on levels.")
        )
    if isinstance(action, ProposeLevels):
        return _propose(state, seat, action.names, events)
    return _answer(state, seat, action.agree, events)


def clean_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names as they are recorded: spaces trimmed and runs of them made one."""
    return tuple(" ".join(str(name).split()) for name in names)


def proposal_refusal(state: GameState, names: tuple[str, ...]) -> tuple[str, dict[str, Any]] | None:
    """Why a proposal of `names` (cleaned) can't be made now -- (message, values), what
    `IllegalAction` is made of -- or None."""
    rules = state.rules
    if state.proposal is not None:
        open_names = state.proposal.names
        values = {
            "name": state.names[state.proposal.proposer],
            "levels": ", ".join(f"\u201c{n}\u201d" for n in open_names),
        }
        if len(open_names) == 1:
            return (
                N_(
                    "%(name)s's proposal to add a level, %(levels)s is still open: "
                    "agree to it or decline it first."
                ),
                values,
            )
        return (
            N_(
                "%(name)s's proposal to add levels: %(levels)s is still open: "
                "agree to it or decline it first."
            ),
            values,
        )
    if not 1 <= len(names) <= MAX_LEVELS:
        return N_("Propose one to %(most)s new levels, each with a name."), {"most": MAX_LEVELS}
    existing = {label.casefold() for label in rules.life_labels or ()}
    seen: set[str] = set()
    for name in names:
        if not name:
            return N_("Give each new level a name."), {}
        if len(name) > MAX_NAME:
            return N_("A level's name has at most %(most)s characters."), {"most": MAX_NAME}
        if not name.isprintable():
            return N_("A level's name is plain text on one line."), {}
        if name.casefold() in existing:
            return N_("The bus already has a level called “%(level)s”."), {"level": name}
        if name.casefold() in seen:
            return N_("“%(level)s” is named twice."), {"level": name}
        seen.add(name.casefold())
    most = BOUNDS["lives"][1]
    if rules.lives + len(names) > most:
        if rules.lives >= most:
            return (
                N_(
                    "The bus has %(levels)s levels before the county: at most %(most)s, so "
                    "no more can be added."
                ),
                {"levels": rules.lives, "most": most},
            )
        return (
            N_(
                "The bus has %(levels)s levels before the county: at most %(most)s, so "
                "at most %(more)s more can be added."
            ),
            {"levels": rules.lives, "most": most, "more": most - rules.lives},
        )
    return None


def _propose(state: GameState, seat: int, names: tuple[str, ...], events: list[Event]) -> GameState:
    names = clean_names(names)
    refusal = proposal_refusal(state, names)
    if refusal:
        raise IllegalAction(refusal[0], **refusal[1])
    events.append(Event("levels_proposed", seat, {"names": names}))
    return state._replace(proposal=LevelProposal(seat, names, (seat,)))


def _answer(state: GameState, seat: int, agree: bool, events: list[Event]) -> GameState:
    proposal = state.proposal
    if proposal is None:
        raise IllegalAction(N_("No one has proposed adding a level: there is nothing to answer."))
    if not agree:
        withdrawn = seat == proposal.proposer
        events.append(Event("levels_declined", seat, {"withdrawn": withdrawn}))
        return state._replace(proposal=None)
    if seat in proposal.agreed:
        if seat == proposal.proposer:
            raise IllegalAction(N_("You proposed it: the others must agree."))
        raise IllegalAction(N_("You have already agreed."))
    events.append(Event("levels_agreed", seat))
    agreed = (*proposal.agreed, seat)
    if all(s in agreed for s in state.active_seats()):
        return _add(state, proposal.names, events)
    return state._replace(proposal=proposal._replace(agreed=agreed))


def _add(state: GameState, names: tuple[str, ...], events: list[Event]) -> GameState:
    """Everyone agreed: the levels go in before the county, a life each for everyone."""
    rules = state.rules
    labels = rules.life_labels or ()
    at = rules.lives  # the county's stage (or, without the county, out's)
    new_rules = rules.replace(
        lives=rules.lives + len(names), life_labels=labels[:at] + names + labels[at:]
    )
    players = tuple(p if p.out else p._replace(lives=p.lives + len(names)) for p in state.players)
    events.append(
        Event(
            "levels_added",
            data={"names": names, "lives": new_rules.lives, "life_labels": new_rules.life_labels},
        )
    )
    return state._replace(rules=new_rules, players=players, proposal=None)


def lapse(state: GameState, events: list[Event]) -> GameState:
    """The round is over: an open proposal lapses, and no levels are added."""
    if state.proposal is None:
        return state
    events.append(Event("levels_lapsed", data={"names": state.proposal.names}))
    return state._replace(proposal=None)


def proposal_key(proposal: LevelProposal) -> str:
    """A short name for a proposal, for an answer to say which one it answers (a
    proposal withdrawn and another made meanwhile must not take an answer meant for the
    first)."""
    text = json.dumps([proposal.proposer, list(proposal.names)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]
