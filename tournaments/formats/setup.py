"""What an event of a format is created with
(docs/tournaments.md#formats-one-plug-in-each): the options the format declares, and
what it refuses at creation. The create form, the admin's add form and
`services.create_event` read a format's `Option`s from here (through the registry,
`tournaments.formats.options`), so a format with an option of its own needs no field,
keyword or column anywhere else: an option without a column of its own is kept in
`Event.format_options` under its name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Rules
from games.errors import ServiceError
from tournaments.models import Event

MAX_ROUNDS = 15


@dataclass(frozen=True)
class Option:
    """One setting an organizer gives an event of a format at creation.

    `field` makes its form field (the site's create form; the admin's, unless the admin
    words it its own way); `check(given, table_size)` gives the value stored, or raises
    ServiceError on the field. `default` is what `create_event` takes when it is not
    given, `blank` what a blank form field means, `unused` what an event of a format
    without it stores. `own_line`: the form gives it a line of its own under the
    venue (its label is a sentence), else it sits in the row of numbers beside the
    rounds. `column`: stored in the `Event` column of its name, else in
    `Event.format_options`."""

    name: str
    field: Callable[[], forms.Field]
    check: Callable[[Any, int], Any]
    default: Any = None
    blank: Any = None
    unused: Any = None
    own_line: bool = False
    column: bool = True

    def value(self, event: Event) -> Any:
        """What `event` stored for it."""
        if self.column:
            return getattr(event, self.name)
        return (event.format_options or {}).get(self.name, self.unused)


def check_rounds(rounds: int | None, table_size: int = 0) -> int:
    if rounds is None:
        raise ServiceError(_("Say how many rounds the event has."), "rounds")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ServiceError(_("An event has 1 to %(most)s rounds.") % {"most": MAX_ROUNDS}, "rounds")
    return rounds


def _rounds_field() -> forms.Field:
    # Not required: a knockout does not use it (its events store 0).
    return forms.IntegerField(
        label=gettext_lazy("Rounds"),
        initial=3,
        required=False,
        widget=forms.NumberInput(attrs={"min": 1}),
        help_text=gettext_lazy("Swiss and duplicate events only; a knockout ignores it."),
    )


# How many rounds, set by the organizer (Swiss, duplicate). A knockout plays until one
# player is left: it stores 0, not a number a page could show as "Round 4 of 3".
ROUNDS = Option(name="rounds", field=_rounds_field, check=check_rounds, default=3, unused=0)

# Why a format's tables cannot play with real cards in the room (docs/club-night.md#card-tables).
ONLINE_ONLY = gettext_lazy("This format's tables play online only.")
# Why an event of a format cannot be turn-based (docs/tournaments.md#turn-based-events:
# hours a move, days a round).
LIVE_ONLY = gettext_lazy("Only a Swiss event can be turn-based: choose a live turn timer.")


@dataclass(frozen=True)
class Setup:
    """A format's options (in the order the create form shows them) and its refusals
    at creation: a sentence (gettext_lazy, read in the language of whoever asked), or
    None, which allows it. `lives_only`: it plays rules scored in lives only (a knockout
    carries lives, duplicate compares them). `stand_in_scoring_applies`: a round scores
    points of its own, so the event's policy for a round a bot played for someone
    (`Event.stand_in_scoring`, docs/tournaments.md#stand-ins) applies: a Swiss round does; a
    knockout's lives and places stand as the bot played them, and a duplicate board is
    compared seat by seat with no bye to score like."""

    options: tuple[Option, ...] = ()
    card_tables_refusal: str | Promise | None = ONLINE_ONLY
    # Why an event of it cannot mix online and card tables (None: it can).
    mixed_tables_refusal: str | Promise | None = None
    turn_based_refusal: str | Promise | None = LIVE_ONLY
    lives_only: bool = False
    stand_in_scoring_applies: bool = False

    def check(self, given: Mapping[str, Any], table_size: int) -> dict[str, Any]:
        """Its options' values as stored, from what was `given` by name (an option not
        given takes its default), or a ServiceError on the field."""
        return {
            option.name: option.check(given.get(option.name, option.default), table_size)
            for option in self.options
        }

    def rules_refusal(self, rules: Rules) -> str | None:
        """Why an event of it cannot play `rules` (None: it can)."""
        if self.lives_only and rules.scoring != "lives":
            # Deal by deal, lives carry on (knockout) or a deal's cost is compared
            # (duplicate).
            return _("Knockout and duplicate events play rules scored in lives: choose such rules.")
        return None
