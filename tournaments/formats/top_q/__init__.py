"""Top-q knockout events (docs/tournaments.md#top-q): each round every table plays a whole
game and its first q go through, reseated from scratch, until a final is won."""

from __future__ import annotations

from dataclasses import replace

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.errors import ServiceError
from tournaments.formats.base import Format
from tournaments.formats.knockout import KNOCKOUT_SETUP
from tournaments.formats.knockout import verify as knockout_verify
from tournaments.formats.knockout.exports import KnockoutExports
from tournaments.formats.knockout.pages import KnockoutPages
from tournaments.formats.knockout.words import KNOCKOUT_WORDS
from tournaments.formats.setup import Option
from tournaments.formats.top_q.rounds import TopQRounds
from tournaments.models import Event


def _top_q_field() -> forms.Field:
    return forms.IntegerField(
        label=gettext_lazy("Top-q knockout: top of each table go through"),
        required=False,
        initial=2,
        min_value=0,
        help_text=gettext_lazy(
            "Top-q knockout only: each table plays a whole game, and that many of "
            "each table go through to the next round."
        ),
    )


def _check_top_q(top_q: int, table_size: int) -> int:
    if not 1 <= top_q < table_size:
        raise ServiceError(
            _("1 to %(most)s players of each table go through.") % {"most": table_size - 1},
            "top_q",
        )
    return top_q


# The first q of each table go through to the next round (`Event.top_q`).
THROUGH = Option(
    name="top_q",
    field=_top_q_field,
    check=_check_top_q,
    default=0,
    blank=0,
    unused=0,
    own_line=True,
)


class TopQPages(KnockoutPages):
    """A knockout in whole games: the balanced knockout's pages, in rounds and games."""

    def heading(self, event: Event) -> str:
        return _("Knockout, the top %(q)s of each table go through") % {"q": event.top_q}


TOP_Q = Format(
    key=Event.TOP_Q,
    label=gettext_lazy("Top-q knockout: whole games, the top of each table go through"),
    description=gettext_lazy(
        "Top-q knockout: each table plays a whole game and its top players (the number "
        "below) go through to the next round, until a final is won. The rounds field is "
        "not used."
    ),
    template="tournaments/formats/top_q.html",
    setup=replace(KNOCKOUT_SETUP, options=(THROUGH,)),
    rounds=TopQRounds(),
    words=KNOCKOUT_WORDS,
    pages=TopQPages(KNOCKOUT_WORDS, kept=False, table_column=gettext_lazy("Game")),
    exports=KnockoutExports(KNOCKOUT_WORDS, kept=False),
    # Round 1 from the seed and 1 (as every round is seated); then who went through.
    checks=knockout_verify.KnockoutChecks(
        KNOCKOUT_WORDS, lambda event: f"{event.seed}:1", knockout_verify.top_q
    ),
)
