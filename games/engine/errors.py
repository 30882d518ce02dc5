"""The engine's errors. Every message is meant to be read by a player or an admin."""


class EngineError(ValueError):
    """Base class: something given to the engine was not acceptable."""


class CardError(EngineError):
    """Card text that does not name a card."""


class RulesError(EngineError):
    """A house-rule set that is unknown, malformed or impossible.

    `option` names the offending option (or None when the problem is the whole set),
    so a form can show the message on the right field.
    """

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class IllegalAction(EngineError):
    """A move the rules do not allow now, e.g. discarding the card just taken."""
