"""A format's rounds (docs/tournaments.md#formats-one-plug-in-each): the role that
checks the field at the start, seats, starts and records a round, and says what a
running event's common actions may do (late entries, a pause, corrections, breaks,
withdrawals). `tournaments.services` holds the event's row lock around every call that
writes, checks who may act and keeps the event's status; a format's `Rounds` decides
what differs.

`Rounds` holds the defaults most formats share; `tournaments.formats.seated` the life
of a round seated before it starts (Swiss, duplicate), and the knockouts their own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _

from games.errors import ServiceError
from tournaments import progress
from tournaments.models import Entry, Event, Round, RoundTable


class Rounds:
    """The defaults. A refusal is a sentence (gettext_lazy: read in the language of
    whoever asked) or None, which allows the action; a page offers a control only where
    its refusal is None."""

    late_entry_refusal: str | Promise | None = None
    pause_refusal: str | Promise | None = None
    correction_refusal: str | Promise | None = None
    break_refusal: str | Promise | None = None

    def check_field(self, event: Event, count: int) -> None:
        """Refuse to start with `count` players registered, with the reason."""
        if count < 2:
            raise ServiceError(
                _("%(count)s player(s) registered: an event needs at least two.") % {"count": count}
            )

    def start(self, event: Event) -> Round:
        """Seat round 1, and start it if the event advances by itself."""
        raise NotImplementedError

    def seat(self, event: Event, number: int) -> Round:
        """Seat round `number` (not started): formats whose rounds are seated first."""
        raise NotImplementedError

    def start_round(self, event: Event, round_: Round) -> None:
        """Start a seated round's tables."""
        raise NotImplementedError

    def record(self, event: Event, game_id: int) -> bool:
        """A game of one of the event's tables is over: record it and move the event on.
        False when there was nothing to record (a repeated or late call)."""
        raise NotImplementedError

    def record_cards(
        self, event: Event, table: RoundTable, places: list[int], lost: Sequence[int] = ()
    ) -> bool:
        """A card table's confirmed result (`tournaments.cards.card_results`): its places,
        by seat position, recorded as a game's would be, and the event moved on (`lost`:
        each seat's lives lost, as the format's `card_result` gives them). False when the
        table was recorded already."""
        raise ServiceError(_("Card tables are not built here."))

    def finish(self, event: Event) -> None:
        """The event is over (its last round, or the organizer's word)."""
        progress.mark_finished(event)

    def planned(self, event: Event) -> int | None:
        """How many rounds it has (None: no set number, a knockout plays until one player
        is left)."""
        return event.rounds

    def is_last(self, event: Event, number: int) -> bool:
        """Whether no round follows round `number`, whatever happens in it."""
        planned = self.planned(event)
        return planned is not None and number >= planned

    def games_of(self, entry: Entry) -> list[int]:
        """The games `entry` is playing now (a bot takes them over on a withdrawal)."""
        return [
            game_id
            for game_id in RoundTable.objects.filter(
                round__event_id=entry.event_id, round__status=Round.PLAYING, seats__entry=entry
            ).values_list("game_id", flat=True)
            if game_id is not None
        ]

    def withdrawal_refusal(self, entry: Entry) -> str | None:
        """Why `entry` cannot withdraw now though registered (None: they may)."""
        return None

    def table_games(self, round_: Round) -> dict[int, tuple[int | None, str]]:
        """Each of the round's tables' game being played now (or last played), by round
        table id, with what the organizer's console calls it ("Board 2 of 4", "Deal 7";
        "" for a round's one game): the round tables' games, unless a format deals
        several games a round at a table."""
        return {t.pk: (t.game_id, "") for t in round_.tables.all()}

    def moved(self, user: Any, event: Event, here: RoundTable) -> bool:
        """Whether `user`, called to table `here`, moves there from another of the
        event's tables (a format that keeps its tables tells them "You move to")."""
        return False
