"""Swiss events (docs/tournaments.md#swiss): whole games at tables of 3–8, each round seated
from the standings of the rounds before it, a set number of rounds."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from tournaments.formats.base import Format
from tournaments.formats.setup import ROUNDS, Setup
from tournaments.formats.swiss import exports, verify
from tournaments.formats.swiss.pages import SwissPages
from tournaments.formats.swiss.rounds import SwissRounds
from tournaments.models import Event

SWISS = Format(
    key=Event.SWISS,
    label=gettext_lazy("Swiss: whole games, reseated by the standings each round"),
    description=gettext_lazy(
        "Swiss: a set number of rounds of whole games; each round seats players level "
        "on points together, by the standings."
    ),
    template="tournaments/formats/swiss.html",
    setup=Setup(
        options=(ROUNDS,),
        card_tables_refusal=None,  # whole games: a place per seat, entered from phones
        turn_based_refusal=None,  # whole games, each round with a deadline in days
        stand_in_scoring_applies=True,  # each round scores points (standings.StandIn)
    ),
    rounds=SwissRounds(),
    pages=SwissPages(),
    exports=exports,
    checks=verify,
)
