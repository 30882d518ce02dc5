"""Duplicate events (docs/tournaments.md#duplicate): every table of a round plays the same boards,
and each seat's result is compared with the same seat's at the other tables."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.formats.base import Format
from tournaments.formats.duplicate import exports, games, verify
from tournaments.formats.duplicate.pages import DuplicatePages
from tournaments.formats.duplicate.rounds import ONLINE_ONLY, DuplicateRounds, check_boards
from tournaments.formats.setup import ROUNDS, Option, Setup
from tournaments.models import Event


def _boards_field() -> forms.Field:
    return forms.IntegerField(
        label=gettext_lazy("Boards a round"),
        initial=4,
        required=False,
        widget=forms.NumberInput(attrs={"min": 1, "max": 16}),
        help_text=gettext_lazy(
            "Duplicate events: the deals every table plays in each round (1 to 16; blank: 4)."
        ),
    )


def _check_boards(boards: int, table_size: int) -> int:
    check_boards(boards)
    return boards


# The deals every table plays in each round.
BOARDS = Option(
    name="boards", field=_boards_field, check=_check_boards, default=4, blank=4, unused=4
)

DUPLICATE = Format(
    key=Event.DUPLICATE,
    label=gettext_lazy("Duplicate: every table plays the same deals, seats compared"),
    description=gettext_lazy(
        "Duplicate: every table plays the same deals (boards) each round, and each seat "
        "is compared with the seats that held the same cards at the other tables."
    ),
    template="tournaments/formats/duplicate.html",
    setup=Setup(options=(ROUNDS, BOARDS), card_tables_refusal=ONLINE_ONLY, lives_only=True),
    rounds=DuplicateRounds(),
    pages=DuplicatePages(),
    exports=exports,
    checks=verify,
    games=games,
)
