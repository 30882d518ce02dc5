"""A balanced knockout's card table (docs/club-night.md#knockouts-with-cards,
docs/club-night.md#the-result-page-leads-on): its result is one deal's lives lost, a
number per seat, entered and confirmed from the phones. The places follow from them (1 +
the seats that lost strictly fewer), so a version reads alike anywhere; who dealt may be
said if not the player the app named. The knockout's `Format.card_result`; its result
page also tells who came and went (`notes`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import Rules
from games.errors import ServiceError
from games.notes import Line
from tournaments.formats.cards import (
    Checked,
    Entered,
    Places,
    SeatRow,
    VersionLine,
    place_line,
)
from tournaments.formats.knockout import notes
from tournaments.formats.knockout.rounds import lives_left
from tournaments.models import CardResult, Event, KnockoutPlayer, RoundSeat, RoundTable


def lost_text(n: int | None) -> str:
    """A seat's line of a knockout deal: "lost 1 life", "lost no life"."""
    if not n:
        return _("lost no life")
    return ngettext("lost %(count)s life", "lost %(count)s lives", n) % {"count": n}


def deal_refusal(event: Event, table: RoundTable, lost: list[int]) -> str | None:
    """Why `lost` (lives lost in this deal, by seat position order) cannot be a card
    table's deal (None: it can). A player loses at most the lives they have (three aces
    may put everyone else out); someone loses a life unless the rules let a deal end
    drawn (`empty_stock: "draw"`)."""
    seats = list(table.seats.order_by("position"))
    if len(lost) != len(seats):
        return _("Give the lives lost for each of the %(count)s seats.") % {"count": len(seats)}
    if any(n < 0 for n in lost):
        return _("Lives lost are 0 or more.")
    lives = lives_left(event)
    for seat, n in zip(seats, lost, strict=True):
        have = lives.get(seat.entry_id or 0, 0)
        if n > have:
            return ngettext(
                "Seat %(seat)s had %(have)s life: they cannot lose %(lost)s.",
                "Seat %(seat)s had %(have)s lives: they cannot lose %(lost)s.",
                have,
            ) % {"seat": seat.position + 1, "have": have, "lost": n}
    if not any(lost) and Rules.from_dict(event.rules).empty_stock != "draw":
        return _("Someone loses a life in every deal of these rules: give who lost.")
    if all(n >= lives.get(s.entry_id or 0, 0) for s, n in zip(seats, lost, strict=True)):
        # The hand that wins a deal (or the 31 shown) keeps its lives: a deal never
        # puts a whole table out, so the event always keeps a winner.
        return _("Not everyone at the table can go out on one deal: someone stays in.")
    return None


class Lives(Places):
    """A deal's lives lost per seat, kept as the result's scores (the places they imply
    as its places) with the dealer if the players say another dealt."""

    deal = True

    def rules_refusal(self, rules: Rules) -> str | None:
        if rules.county:
            # A card deal's result is lives lost, out at none left
            # (docs/club-night.md#knockouts-with-cards); the county's last stage (no
            # lives, still in) is not entered from phones yet.
            return _(
                "A knockout with real cards is played without the county: choose rules "
                "without it, or play online."
            )
        return None

    def read(self, posted: Any, seats: Sequence[RoundSeat]) -> Entered:
        """The form: the lives each seat lost."""
        lost: list[int] = []
        for seat in seats:
            given = posted.get(f"lost_{seat.position}", "").strip()
            number = {"seat": seat.position + 1}
            if not given:
                raise ServiceError(_("Give the lives seat %(seat)s lost (0 if none).") % number)
            try:
                lost.append(int(given))
            except ValueError:
                raise ServiceError(
                    _("Seat %(seat)s's lives lost is not a number.") % number
                ) from None
        return Entered(lives_lost=lost)

    def check(self, event: Event, table: RoundTable, entered: Entered) -> Checked:
        lost = [int(n) for n in entered.lives_lost]
        if refusal := deal_refusal(event, table, lost):
            raise ServiceError(refusal, "lives_lost")
        dealer = entered.dealer
        if dealer == table.dealer:
            dealer = None  # the app's dealer: nothing to say
        if dealer is not None and not table.seats.filter(position=dealer).exists():
            raise ServiceError(_("Choose who dealt from the players at this table."), "dealer")
        return Checked([1 + sum(o < n for o in lost) for n in lost], list(lost), dealer)

    def same(self, result: CardResult, checked: Checked) -> bool:
        return (list(result.scores), result.dealer) == (checked.scores, checked.dealer)

    def lives_lost(self, event: Event, result: CardResult) -> list[int]:
        return [int(n or 0) for n in result.scores]  # a deal's: what the lives carry

    def _parts(self, result: CardResult, names: Sequence[str]) -> str:
        return ", ".join(
            _("%(name)s lost %(lost)s") % {"name": name, "lost": n or 0}
            for name, n in zip(names, result.scores, strict=False)
        )

    def version_lines(
        self, result: CardResult, seats: Sequence[RoundSeat], names: Sequence[str]
    ) -> list[VersionLine]:
        return [
            (seats[k].position + 1, names[k], lost_text(result.scores[k]), None)
            if k < len(result.scores)
            else place_line(result, seats, names, k)
            for k in range(len(result.places))
        ]

    def seat_rows(
        self,
        event: Event,
        table: RoundTable,
        seats: Sequence[RoundSeat],
        names: Sequence[str],
        me: int | None,
        posted: Mapping[str, Any],
    ) -> list[SeatRow]:
        """Each seat with the lives they have, the most they can lose."""
        lives = dict(KnockoutPlayer.objects.filter(event=event).values_list("entry_id", "lives"))
        return [
            SeatRow(
                s.position,
                name,
                s.entry is not None and s.entry.user_id == me,
                str(posted.get(f"place_{s.position}", "")),
                str(posted.get(f"lost_{s.position}", "")),
                lives.get(s.entry_id or 0, 0),
                table.dealer == s.position,
            )
            for s, name in zip(seats, names, strict=True)
        ]

    def notes(self, event: Event, table: RoundTable, viewer: Any) -> list[str | Line]:
        """Who arrived and who left, as a kept table's page says
        (docs/club-night.md#moves-on-the-result-page)."""
        return notes.card_notes(table, viewer)


LIVES = Lives()
