"""What a balanced knockout's table says about who came and went
(docs/tournaments.md#arrivals-and-departures,
docs/club-night.md#moves-on-the-result-page): on its table's page (`games.notes`, the
format's `Format.table_notes`), who arrived and who left after the deal before the one
it plays now, a broken table closed and where its players went; on a card table's result
page (the `Lives` card result's `notes`), the same lines for that page's deal. Seats and
moves only: no card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import Table
from games.notes import Line
from tournaments.models import Event, KnockoutMove, RoundTable


def table_notes(table: Table, viewer: Any = None) -> list[str | Line]:
    """`games.notes` provider: at a knockout's table, who arrived and who left after
    the deal before the one it plays now; for a broken table, that it is closed and
    where its players went. A move is told to its player in the second person ("You
    moved to table 2 →"), to everyone else in the third; a departure links to the
    table the player went to."""
    if table.starters != Table.STARTED_BY_SYSTEM:
        return []  # a lobby table: no query (the table page counts them)
    latest = (
        RoundTable.objects.filter(table=table, round__event__format=Event.KNOCKOUT)
        .select_related("round")
        .order_by("-round__number")
        .first()
    )
    if latest is None:
        return []
    return _move_lines(latest, viewer, _table_urls)


def card_notes(table: RoundTable, viewer: Any = None) -> list[str | Line]:
    """The same lines on a card table's result page
    (docs/club-night.md#moves-on-the-result-page), for that page's deal: who arrived and who
    left before it, or, once every table has played it, after it (a broken table says it is
    closed). The viewer's own move and "the next deal starts when…" are the page's next step
    (`tournaments.cards.card_next`), with its button: not said twice. Nothing links: another
    table's result page is for its players and the organizers only."""
    return _move_lines(table, viewer, None)


def _move_lines(
    latest: RoundTable,
    viewer: Any,
    urls_of: Callable[[int, set[int]], dict[int, str]] | None,
) -> list[str | Line]:
    """`latest` is a knockout table's round table: its latest deal at a games.Table,
    whose departures link to the tables gone to (`urls_of(event_id, numbers)`), or the
    deal a card table's result page shows (`urls_of` None)."""
    card_page = urls_of is None
    round_ = latest.round
    number, deal = latest.number, round_.number
    # The moves made after this table's last deal once that deal is over everywhere
    # (the table broke, or the event ended), else those made before it.
    after = deal if round_.status == round_.FINISHED else deal - 1
    moves = list(
        KnockoutMove.objects.filter(event_id=round_.event_id, after_deal=after).select_related(
            "entry__user"
        )
    )
    me = getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None
    leaving = [m for m in moves if m.from_table == number]
    broke = any(m.reason == KnockoutMove.BREAK for m in leaving)
    lines: list[str | Line] = []
    if broke:
        lines.append(
            _(
                "This table is closed: it broke after deal %(deal)s, and its players moved "
                "to other tables."
            )
            % {"deal": after}
        )
    elif not card_page and latest.finished_at is not None and round_.status != round_.FINISHED:
        lines.append(
            _(
                "Deal %(deal)s is over at this table; deal %(next)s starts when every table "
                "has played deal %(deal)s."
            )
            % {"deal": deal, "next": deal + 1}
        )
    urls = urls_of(round_.event_id, {m.to_table for m in leaving}) if urls_of else {}
    for move in moves:
        mine = me is not None and move.entry.user_id == me
        name = move.entry.user.get_username()
        broken = move.reason == KnockoutMove.BREAK
        values = {
            "deal": after,
            "name": name,
            "from": move.from_table,
            "to": move.to_table,
            "seat": move.to_seat + 1,
        }
        if move.to_table == number:
            lines.append(_arrived(mine, broken) % values)
        elif move.from_table == number:
            url = urls.get(move.to_table)
            if mine and card_page:
                continue  # the page's next step sends them there, with its button
            lines.append(Line(_left(mine, broken, dated=not broke) % values, url))
    return lines


def _arrived(mine: bool, broken: bool) -> str:
    """Who arrived at a kept table after a deal, and why (a broken table or balancing)."""
    if mine:
        if broken:
            return _(
                "After deal %(deal)s, you arrived from table %(from)s (seat %(seat)s; the "
                "table broke)."
            )
        return _("After deal %(deal)s, you arrived from table %(from)s (seat %(seat)s; balancing).")
    if broken:
        return _(
            "After deal %(deal)s, %(name)s arrived from table %(from)s (seat %(seat)s; the "
            "table broke)."
        )
    return _(
        "After deal %(deal)s, %(name)s arrived from table %(from)s (seat %(seat)s; balancing)."
    )


def _left(mine: bool, broken: bool, *, dated: bool) -> str:
    """Who left a kept table after a deal (`dated`: "After deal 3, " first; a closed
    table's lines say the deal once, above them)."""
    if mine:
        return (
            _("After deal %(deal)s, you moved to table %(to)s →")
            if dated
            else _("You moved to table %(to)s →")
        )
    if dated:
        if broken:
            return _("After deal %(deal)s, %(name)s moved to table %(to)s (the table broke).")
        return _("After deal %(deal)s, %(name)s moved to table %(to)s (balancing).")
    if broken:
        return _("%(name)s moved to table %(to)s (the table broke).")
    return _("%(name)s moved to table %(to)s (balancing).")


def _table_urls(event_id: int, numbers: set[int]) -> dict[int, str]:
    """The table page of each of an event's table numbers (a knockout keeps its tables:
    any deal's round table of a number has the same `games.Table`)."""
    if not numbers:
        return {}
    found = (
        RoundTable.objects.filter(
            round__event_id=event_id, number__in=numbers, table_id__isnull=False
        )
        .order_by("number", "-round__number")
        .values_list("number", "table_id")
    )
    urls: dict[int, str] = {}
    for number, table_id in found:
        urls.setdefault(number, reverse("table", args=[table_id]))
    return urls
