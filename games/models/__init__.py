"""Tables, seats, games and the event log (docs/persistence.md#the-event-log).

A game is an append-only list of `GameEvent`s (unique `seq` per game); `Game.state` is
a cached snapshot of the engine state that folding the events gives back. Only
`games.services` writes to these models.

Every model is imported from here (`from games.models import Table`); the modules hold
them by subject: `rule_sets`, `tables` (with their seats), `game` (with its players),
`log` (events and committed decks), `chat`, `transcripts` and `reviews` (the bots'
review of a finished game).
"""

from .chat import ChatMessage, TableMute
from .game import Game, GamePlayer, GamePlayerQuerySet, GameQuerySet
from .log import Deal, GameEvent
from .reviews import GameReview
from .rule_sets import RuleSet
from .tables import Home, Seat, Table, _invite_token, hours_a_move
from .transcripts import ImportedTranscript

__all__ = [
    "ChatMessage",
    "Deal",
    "Game",
    "GameEvent",
    "GamePlayer",
    "GamePlayerQuerySet",
    "GameReview",
    "GameQuerySet",
    "Home",
    "ImportedTranscript",
    "RuleSet",
    "Seat",
    "Table",
    "TableMute",
    "_invite_token",  # the migrations' default for Table.invite_token
    "hours_a_move",
]
