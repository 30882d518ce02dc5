"""How the tournament pages write places, numbers and seats, the same in every format's
pages, forms and CSV. Reading only: nothing here imports a write path, so any page
module may use it (docs/tournaments.md#shared-reading). Every word is in the language active when it
is called (docs/i18n.md): the page's, or the person's a notification is for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy


def format_number(value: float, decimals: int = 2) -> str:
    """`value` as the CSV writes numbers (the Swiss standings' too): at most `decimals`
    decimals and no trailing zeros, 2, 2.5, 2.33."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def number(value: float, decimals: int = 2) -> str:
    """2, 2.5, 2.33 as the CSV writes numbers, with the decimal mark of the language
    (2,5 in Danish, German and French). The CSV itself keeps its figures as they are."""
    text = format_number(value, decimals)
    mark = get_format("DECIMAL_SEPARATOR")
    return text.replace(".", mark) if mark != "." else text


# A bot's level as a seat names it ("Bot (medium)"): games.engine.bots.SEATED_LEVELS.
BOT_LEVELS = {
    "easy": pgettext_lazy("bot level", "easy"),
    "medium": pgettext_lazy("bot level", "medium"),
    "hard": pgettext_lazy("bot level", "hard"),
}


def ordinal(n: int) -> str:
    """ "1st", "2nd", "11th" (in Danish and German "1.", in French "1er", "2e")."""
    if n == 1:
        return pgettext("ordinal", "1st")
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    if suffix == "st":
        return pgettext("ordinal", "%(n)sst") % {"n": n}
    if suffix == "nd":
        return pgettext("ordinal", "%(n)snd") % {"n": n}
    if suffix == "rd":
        return pgettext("ordinal", "%(n)srd") % {"n": n}
    return pgettext("ordinal", "%(n)sth") % {"n": n}


def bot_name(level: str) -> str:
    """A bot's seat as every page names it: "Bot (medium)"."""
    return _("Bot (%(level)s)") % {"level": BOT_LEVELS.get(level, level)}


def seat_name(seat: Any) -> str:
    """A `RoundSeat`'s occupant as every page names it: the player, or "Bot (medium)"."""
    return seat.entry.user.get_username() if seat.entry else bot_name(seat.bot_level)


def table_seat(table: int, seat: int) -> str:
    """ "table 3, seat 2" (`seat` 1-based), as calls, pages and checks write a seat."""
    return _("table %(table)s, seat %(seat)s") % {"table": table, "seat": seat}


def number_list(numbers: Sequence[Any]) -> str:
    """ "3", "2 and 3", "1, 2 and 4"."""
    if len(numbers) == 1:
        return str(numbers[0])
    return _("%(first)s and %(last)s") % {
        "first": ", ".join(str(n) for n in numbers[:-1]),
        "last": numbers[-1],
    }


# A weekly series' day (tournaments.schedule.series): at the start of a sentence, and within one.
EVERY_WEEKDAY = {
    0: gettext_lazy("Every Monday"),
    1: gettext_lazy("Every Tuesday"),
    2: gettext_lazy("Every Wednesday"),
    3: gettext_lazy("Every Thursday"),
    4: gettext_lazy("Every Friday"),
    5: gettext_lazy("Every Saturday"),
    6: gettext_lazy("Every Sunday"),
}
_EVERY_WEEKDAY_WITHIN = {
    0: pgettext_lazy("within a sentence", "every Monday"),
    1: pgettext_lazy("within a sentence", "every Tuesday"),
    2: pgettext_lazy("within a sentence", "every Wednesday"),
    3: pgettext_lazy("within a sentence", "every Thursday"),
    4: pgettext_lazy("within a sentence", "every Friday"),
    5: pgettext_lazy("within a sentence", "every Saturday"),
    6: pgettext_lazy("within a sentence", "every Sunday"),
}


def every_weekday_lower(weekday: int) -> str:
    """ "every Thursday", within a sentence."""
    return str(_EVERY_WEEKDAY_WITHIN[weekday])
