"""What a format calls one of its rounds, in every sentence the rest of the app says
about one (docs/tournaments.md#formats-one-plug-in-each): "Round 3", "You have no table
in round 4", "Enter round 2's result". Most formats play rounds (`RoundWords`); a
balanced knockout plays deals at tables it keeps
(`tournaments.formats.knockout.words.DealWords`), and says them so. The pages, the
console, the calls and a card table's next step ask `Format.words`, never which format
it is."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext


class RoundWords:
    """A format whose rounds are rounds, and whose tables are seated anew each one."""

    # The console's stand-in for a no-show (`%(name)s`: the player): the button, and what
    # the page says once pressed. A bot plays the round's games.
    stand_in_button = gettext_lazy("A bot plays for %(name)s this round")
    stand_in_done = gettext_lazy("A bot plays for %(name)s this round.")

    def title(self, number: int) -> str:
        """ "Round 3": the console's heading, a call's, a printed page's."""
        return _("Round %(number)s") % {"number": number}

    def title_within(self, number: int) -> str:
        """`title` as a sentence says it: "round 3" (German: "Runde 3")."""
        return pgettext("within a sentence", "round %(number)s") % {"number": number}

    def table_game(self, number: int) -> str:
        """What the console calls a table's game in round `number`: nothing, a round is
        one game (a balanced knockout's table plays a deal at a time: "Deal 7")."""
        return ""

    def being_played(self, number: int) -> str:
        """Why the event cannot be finished now."""
        return _("Round %(number)s is being played: the event can be finished once it is over.") % {
            "number": number
        }

    def no_table(self, number: int) -> str:
        """What a card table's result page tells a player of it with no table in the
        round that followed (`tournaments.cards.card_next`)."""
        return _("You have no table in round %(number)s: the event page says why.") % {
            "number": number
        }

    def enter_result(self, number: int) -> str:
        """The button to a card table's result page in round `number`."""
        return _("Enter round %(number)s's result") % {"number": number}

    def still_playing(self, tables: str, number: int, count: int) -> str:
        """Which `count` tables still play round `number` (`tables`: "2 and 3")."""
        return ngettext(
            "Table %(tables)s is still playing round %(number)s: round %(next)s follows "
            "when every table has finished.",
            "Tables %(tables)s are still playing round %(number)s: round %(next)s follows "
            "when every table has finished.",
            count,
        ) % {"tables": tables, "number": number, "next": number + 1}

    def next_seat(self, title: str, where: str, *, moved: bool) -> str:
        """Where a player sits in the round that followed ("Round 3: table 2, seat 1.");
        `moved`: at another table than before, which a format seating every round anew
        does not say."""
        return _("%(title)s: %(where)s.") % {"title": title, "where": where}


ROUND_WORDS = RoundWords()
