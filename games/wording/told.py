"""One event as its viewer may see it (`Told`), and the players named in its line: the
describers of `events`, `away`, `game_end` and `levels` and the round's summary take
it from here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.engine.events import Event, EventData


class Told(NamedTuple):
    """One event as its viewer may see it, and who is who."""

    event: Event
    names: Sequence[str]
    viewer: int | None

    @property
    def data(self) -> EventData:
        return self.event.data

    @property
    def you(self) -> bool:
        """Whether the viewer made the event."""
        return self.event.seat is not None and self.event.seat == self.viewer

    @property
    def name(self) -> str:
        """The name of whoever made the event (the dealer for the table's own)."""
        return player_name(self.names, self.event.seat)


def player_name(names: Sequence[str], seat: int | None) -> str:
    return _("The dealer") if seat is None else names[seat]


def listed(names: Sequence[str], seat: int, viewer: int | None) -> str:
    """A player as one of a list that is a sentence's subject ("You and Ann kept the
    most")."""
    if seat == viewer:
        return pgettext("the reader, in a list of players that does something", "You")
    return names[seat]
