"""A knockout's words, balanced or top q (docs/tournaments.md#knockout): a top-q knockout plays
rounds, reseated from scratch (`KnockoutWords`); a balanced knockout plays deals at
tables it keeps from deal to deal, its players moving between them (`DealWords`). The
knockouts' pages, CSV, checks and entry rules are one code in either's words."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments.formats.words import RoundWords


class KnockoutWords(RoundWords):
    """A knockout in rounds (top q): a round is a whole game at tables seated anew."""

    def out(self, deal: int) -> str:
        """A player's status once out: "out in round 2"."""
        return _("out in round %(round)s") % {"round": deal}

    def out_column(self) -> str:
        """The CSV's column of the round a player went out in."""
        return _("Out in round")

    def playing(self, number: int, left: int) -> str:
        """The event's status while round `number` is played by the `left` still in."""
        return ngettext(
            "Round %(number)s is being played; %(count)s player is still in.",
            "Round %(number)s is being played; %(count)s players are still in.",
            left,
        ) % {"number": number, "count": left}

    def out_refusal(self, name: str, deal: int) -> str:
        """Why a player who is out cannot withdraw."""
        return _("%(name)s is out (in round %(deal)s): nothing to withdraw from.") % {
            "name": name,
            "deal": deal,
        }

    def went_out(self, deal: int, place: str, field: int, *, withdrawn: bool) -> str:
        """A player's own line once out: "You went out in round 2: 5th of 12."."""
        values = {"deal": deal, "place": place, "field": field}
        if withdrawn:
            return (
                _("You withdrew and went out in round %(deal)s: %(place)s of %(field)s.") % values
            )
        return _("You went out in round %(deal)s: %(place)s of %(field)s.") % values

    # ---- the event page's and the projector's knockout parts ---------------------------

    def your_table(self, deal: int, table: int, seat: int) -> str:
        return _("Your table for round %(deal)s: %(table)s, seat %(seat)s") % {
            "deal": deal,
            "table": table,
            "seat": seat,
        }

    def tables_heading(self, deal: int) -> str:
        return _("Round %(deal)s") % {"deal": deal}

    def tables_caption(self, deal: int) -> str:
        return _("The tables of round %(deal)s") % {"deal": deal}

    def standings_while_first(self) -> str:
        return _("Standings while round 1 is played")

    def standings_after(self, after: int) -> str:
        return _("Standings after round %(after)s") % {"after": after}

    def moves_heading(self, after: int) -> str:
        return _("Moves after round %(after)s") % {"after": after}


class DealWords(KnockoutWords):
    """A balanced knockout: every table plays one deal at a time, kept from deal to deal,
    and its players are told when they move."""

    # Each deal is a round, and a stand-in goes on deal after deal until they are back
    # (`BalancedRounds`): not "this round".
    stand_in_button = gettext_lazy("A bot plays for %(name)s from this deal on")
    stand_in_done = gettext_lazy(
        "A bot plays for %(name)s from this deal on, until they are back or you give them "
        "their seat back."
    )

    def title(self, number: int) -> str:
        return _("Deal %(number)s") % {"number": number}

    def title_within(self, number: int) -> str:
        return pgettext("within a sentence", "deal %(number)s") % {"number": number}

    def table_game(self, number: int) -> str:
        return self.title(number)  # a kept table plays a deal at a time

    def being_played(self, number: int) -> str:
        return _("Deal %(number)s is being played: the event can be finished once it is over.") % {
            "number": number
        }

    def no_table(self, number: int) -> str:
        return _("You have no table in deal %(number)s: the event page says why.") % {
            "number": number
        }

    def enter_result(self, number: int) -> str:
        return _("Enter deal %(number)s's result") % {"number": number}

    def still_playing(self, tables: str, number: int, count: int) -> str:
        return ngettext(
            "Table %(tables)s is still playing deal %(number)s: deal %(next)s follows when "
            "every table has finished.",
            "Tables %(tables)s are still playing deal %(number)s: deal %(next)s follows "
            "when every table has finished.",
            count,
        ) % {"tables": tables, "number": number, "next": number + 1}

    def next_seat(self, title: str, where: str, *, moved: bool) -> str:
        values = {"title": title, "where": where}
        if moved:  # the tables are kept: they move, or stay
            return _("%(title)s: you move to %(where)s.") % values
        return _("%(title)s: you stay at %(where)s.") % values

    def out(self, deal: int) -> str:
        return _("out on deal %(deal)s") % {"deal": deal}

    def out_column(self) -> str:
        return _("Out on deal")

    def playing(self, number: int, left: int) -> str:
        return ngettext(
            "Deal %(number)s is being played; %(count)s player is still in.",
            "Deal %(number)s is being played; %(count)s players are still in.",
            left,
        ) % {"number": number, "count": left}

    def out_refusal(self, name: str, deal: int) -> str:
        return _("%(name)s is out (on deal %(deal)s): nothing to withdraw from.") % {
            "name": name,
            "deal": deal,
        }

    def went_out(self, deal: int, place: str, field: int, *, withdrawn: bool) -> str:
        values = {"deal": deal, "place": place, "field": field}
        if withdrawn:
            return _("You withdrew and went out on deal %(deal)s: %(place)s of %(field)s.") % values
        return _("You went out on deal %(deal)s: %(place)s of %(field)s.") % values

    def your_table(self, deal: int, table: int, seat: int) -> str:
        return _("Your table for deal %(deal)s: %(table)s, seat %(seat)s") % {
            "deal": deal,
            "table": table,
            "seat": seat,
        }

    def tables_heading(self, deal: int) -> str:
        return _("Deal %(deal)s") % {"deal": deal}

    def tables_caption(self, deal: int) -> str:
        return _("The tables of deal %(deal)s") % {"deal": deal}

    def standings_while_first(self) -> str:
        return _("Standings while deal 1 is played")

    def standings_after(self, after: int) -> str:
        return _("Standings after deal %(after)s") % {"after": after}

    def moves_heading(self, after: int) -> str:
        return _("Moves after deal %(after)s") % {"after": after}


KNOCKOUT_WORDS = KnockoutWords()
DEAL_WORDS = DealWords()
