"""The rules engine of 31: pure Python, no Django, no I/O (docs/engine.md#purity).

Import what you need from here::

    from games.engine import Rules, new_game, legal_actions, apply_action, observation
"""

from .actions import (
    DISCARD_PILE,
    STOCK,
    Action,
    AnswerLevels,
    Discard,
    Draw,
    Exchange,
    Knock,
    Look,
    OpenWidow,
    ProposeLevels,
    Stand,
    ThrowDown,
    parse_action,
)
from .cards import CARDS, JOKER, Card, card, format_cards, full_deck, parse_card, parse_cards
from .errors import N_, CardError, EngineError, IllegalAction, RulesError
from .events import Event
from .events import view as event_view
from .game import apply_action, current_player, legal_actions, new_game
from .hands import format_value, hand_key, hand_value, is_blitz, is_three_aces
from .mutable import MutableState
from .observation import Observation, SeatView, observation, spectator_view
from .randomness import DeckSource, FixedDecks, SecureDeckSource, SeededDeckSource
from .replay import replay
from .rules import OPTION_NAMES, PRESET_TITLES, PRESETS, Rules
from .state import GameState, LevelProposal, Outcome, PlayerState, RoundResult

__all__ = [
    "N_",
    "CARDS",
    "DISCARD_PILE",
    "JOKER",
    "OPTION_NAMES",
    "PRESETS",
    "PRESET_TITLES",
    "STOCK",
    "Action",
    "AnswerLevels",
    "Card",
    "CardError",
    "DeckSource",
    "Discard",
    "Draw",
    "EngineError",
    "Event",
    "Exchange",
    "FixedDecks",
    "GameState",
    "IllegalAction",
    "Knock",
    "LevelProposal",
    "Look",
    "MutableState",
    "Observation",
    "OpenWidow",
    "Outcome",
    "PlayerState",
    "ProposeLevels",
    "RoundResult",
    "Rules",
    "RulesError",
    "SeatView",
    "SecureDeckSource",
    "SeededDeckSource",
    "Stand",
    "ThrowDown",
    "apply_action",
    "card",
    "current_player",
    "event_view",
    "format_cards",
    "format_value",
    "full_deck",
    "hand_key",
    "hand_value",
    "is_blitz",
    "is_three_aces",
    "legal_actions",
    "new_game",
    "observation",
    "parse_action",
    "parse_card",
    "parse_cards",
    "replay",
    "spectator_view",
]
