"""Knockout events with tables balanced between deals (docs/tournaments.md#knockout): every table
plays one deal at a time, lives carry from table to table, the last player in wins."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from tournaments.formats.base import Format
from tournaments.formats.knockout import notes, verify
from tournaments.formats.knockout.cards import LIVES
from tournaments.formats.knockout.exports import KnockoutExports
from tournaments.formats.knockout.pages import KnockoutPages
from tournaments.formats.knockout.rounds import BalancedRounds
from tournaments.formats.knockout.words import DEAL_WORDS
from tournaments.formats.setup import Setup
from tournaments.models import Event

# What a knockout refuses at creation, balanced or top q: it plays rules scored in lives.
# Card tables (docs/club-night.md#knockouts-with-cards): a deal's lives lost (a top-q
# round's places) per seat, entered from the phones. Every table or none: a deal starts
# at every table at once, so no round is ever seated for the organizer to tick which
# tables play with cards.
KNOCKOUT_SETUP = Setup(
    card_tables_refusal=None,
    mixed_tables_refusal=gettext_lazy(
        "A knockout's tables play all online or all with cards: its rounds start at once, "
        "with no time to choose tables."
    ),
    lives_only=True,
)

KNOCKOUT = Format(
    key=Event.KNOCKOUT,
    label=gettext_lazy("Knockout: deal by deal, out on your last life, tables balanced"),
    description=gettext_lazy(
        "Knockout: no set number of rounds. Deal after deal, a player is out on their "
        "last life and the tables are balanced, until one player is left. The rounds "
        "field is not used."
    ),
    template="tournaments/formats/knockout.html",
    setup=KNOCKOUT_SETUP,
    rounds=BalancedRounds(),
    card_result=LIVES,
    words=DEAL_WORDS,
    # Its tables' column: a balanced table plays a deal at a time.
    pages=KnockoutPages(DEAL_WORDS, kept=True, table_column=gettext_lazy("Deal")),
    exports=KnockoutExports(DEAL_WORDS, kept=True),
    # Deal 1 from the event's seed; each next deal from the balancing after it.
    checks=verify.KnockoutChecks(DEAL_WORDS, lambda event: event.seed, verify.balanced),
    table_notes=notes.table_notes,
)
