"""The words of the game, in the language of whoever reads them (docs/i18n.md).

The engine (`games.engine`) imports no Django and words nothing: its events and its
refusals are data. This package turns them into sentences with the catalogue's
translations: `describe` an event, `round_summary` a round's end, `describe_action` a
move's button, `refusal` an engine error, and the cards (`card_text`, `card_name`) as
each language writes them. Call them under the reader's language (a request's, or
`translation.override` for a push); under English they say what the engine said.
"""

from games.wording.actions import describe_action
from games.wording.cards import CardWords, card_name, card_text, card_words, cards_text
from games.wording.events import describe, round_summary
from games.wording.lists import and_list, quoted
from games.wording.refusals import refusal
from games.wording.stages import stage_name

__all__ = [
    "CardWords",
    "and_list",
    "card_name",
    "card_text",
    "card_words",
    "cards_text",
    "describe",
    "describe_action",
    "quoted",
    "refusal",
    "round_summary",
    "stage_name",
]
