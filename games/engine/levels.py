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

from .actions import AnswerLevels, ProposeLevels
from .errors import IllegalAction
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
            "Levels can be added only in a game of Ride the Bus whose rules allow it: "
            "this game's rules don't."
        )
    seat = action.seat
    if not 0 <= seat < len(state.names):
        raise IllegalAction("There is no such seat at this table.")
    if state.players[seat].out:
        raise IllegalAction("You are out of this game: only players still in it decide on levels.")
    if isinstance(action, ProposeLevels):
        return _propose(state, seat, action.names, events)
    return _answer(state, seat, action.agree, events)


def clean_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names as they are recorded: spaces trimmed and runs of them made one."""
    return tuple(" ".join(str(name).split()) for name in names)


def proposal_refusal(state: GameState, names: tuple[str, ...]) -> str | None:
    """Why a proposal of `names` (cleaned) can't be made now, or None."""
    rules = state.rules
    if state.proposal is not None:
        who = state.names[state.proposal.proposer]
        return (
            f"{who}'s proposal to add {_levels(state.proposal.names)} is still open: "
            "agree to it or decline it first."
        )
    if not 1 <= len(names) <= MAX_LEVELS:
        return f"Propose one to {MAX_LEVELS} new levels, each with a name."
    existing = {label.casefold() for label in rules.life_labels or ()}
    seen: set[str] = set()
    for name in names:
        if not name:
            return "Give each new level a name."
        if len(name) > MAX_NAME:
            return f"A level's name has at most {MAX_NAME} characters."
        if not name.isprintable():
            return "A level's name is plain text on one line."
        if name.casefold() in existing:
            return f"The bus already has a level called \u201c{name}\u201d."
        if name.casefold() in seen:
            return f"\u201c{name}\u201d is named twice."
        seen.add(name.casefold())
    most = BOUNDS["lives"][1]
    if rules.lives + len(names) > most:
        return (
            f"The bus has {rules.lives} levels before the county: at most {most}, so "
            f"{'no more can' if rules.lives >= most else f'at most {most - rules.lives} more can'} "
            "be added."
        )
    return None


def _propose(state: GameState, seat: int, names: tuple[str, ...], events: list[Event]) -> GameState:
    names = clean_names(names)
    refusal = proposal_refusal(state, names)
    if refusal:
        raise IllegalAction(refusal)
    events.append(Event("levels_proposed", seat, {"names": names}))
    return state._replace(proposal=LevelProposal(seat, names, (seat,)))


def _answer(state: GameState, seat: int, agree: bool, events: list[Event]) -> GameState:
    proposal = state.proposal
    if proposal is None:
        raise IllegalAction("No one has proposed adding a level: there is nothing to answer.")
    if not agree:
        withdrawn = seat == proposal.proposer
        events.append(Event("levels_declined", seat, {"withdrawn": withdrawn}))
        return state._replace(proposal=None)
    if seat in proposal.agreed:
        if seat == proposal.proposer:
            raise IllegalAction("You proposed it: the others must agree.")
        raise IllegalAction("You have already agreed.")
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


def _levels(names: tuple[str, ...]) -> str:
    quoted = [f"\u201c{n}\u201d" for n in names]
    return ("a level, " if len(names) == 1 else "levels: ") + ", ".join(quoted)
