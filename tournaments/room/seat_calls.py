"""What an event calls its players to, at the top of every page they view (`calls`,
docs/club-night.md#calls-led-to-your-seat): their table, when a round, deal or board has
been dealt to them and they have not opened it yet ("Your game is ready: table 3, seat
2", or at a knockout's kept tables "You move to table 2, seat 4"); their table played
with real cards while its result is not recorded ("Round 2: table 3, seat 1, with
cards", and "Round 2, table 3: confirm the result" once another player entered it); and,
while the event runs, the break the organizer called and their latest announcement. Read
when drawn, never stored: a call lasts as long as what it tells of."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef, Subquery
from django.urls import reverse
from django.utils.translation import gettext as _

from calls.registry import Call
from clubs import zones
from games.models import Game, GamePlayer, Seat, Table
from tournaments import formats, news
from tournaments.models import CardResult, Entry, Event, Round, RoundSeat, RoundTable
from tournaments.words import table_seat


def calls_for(user: Any) -> list[Call]:
    # The running events they play in, read once: their card tables and news are there
    # (someone in none, most people on most pages, costs no more reads).
    events = list(
        Event.objects.filter(
            entries__user=user, entries__status=Entry.REGISTERED, status=Event.RUNNING
        ).select_related("club")
    )
    return [*_tables(user), *_card_tables(user, events), *_news(events)]


def _tables(user: Any) -> list[Call]:
    """A call to each event table whose game is dealt to `user` and not yet opened."""
    waiting = GamePlayer.objects.filter(
        user=user,
        arrived_at__isnull=True,
        game__status=Game.PLAYING,
        game__table__starters=Table.STARTED_BY_SYSTEM,
    ).values_list("game_id", "game__table_id")
    return [call for game_id, table_id in waiting if (call := _table_call(user, game_id, table_id))]


def already_sitting(game_id: int, table_id: int, user_ids: Any) -> set[int]:
    """Those of `user_ids` who opened the game before `game_id` at the same table: they sit
    at it with its page open (a knockout's next deal, a duplicate round's next board),
    which shows the new game itself; being called to it is no news, and `notifications`
    stores no call for them. (The bar's call, never stored, is not shown on that page.)
    One read."""
    before = Game.objects.filter(table_id=table_id, pk__lt=game_id).order_by("-pk").values("pk")
    return set(
        GamePlayer.objects.filter(
            game_id=Subquery(before[:1]), user_id__in=list(user_ids), arrived_at__isnull=False
        ).values_list("user_id", flat=True)
    )


@dataclass(frozen=True)
class Seating:
    """Where a game dealt to a person at an event's table is: also what `notifications`
    tells them ("Your game is ready", "You move to"). `where` is worded in the language
    active when it is made: `notifications` should make it within `speaking_to` the
    person."""

    event: Event
    where: str  # "table 3, seat 2"
    url: str  # the table's page
    moved: bool  # at a format that keeps its tables: they played the last round elsewhere


def seating(user: Any, game_id: int, table_id: int) -> Seating | None:
    """Where the game `game_id` at `table_id` seats `user`, or None for a table no event
    opened."""
    here = (
        RoundTable.objects.filter(table_id=table_id)
        .select_related("round__event__club", "table")
        .order_by("-round__number")
        .first()
    )
    if here is None or here.table is None:  # a table another app opened
        return None
    seat = Seat.objects.filter(table_id=table_id, user=user).values_list("position", flat=True)
    where = (
        table_seat(here.number, seat[0] + 1)
        if seat
        else _("table %(table)s") % {"table": here.number}
    )
    event = here.round.event
    moved = formats.of(event).rounds.moved(user, event, here)
    return Seating(event, where, here.table.get_absolute_url(), moved)


def _table_call(user: Any, game_id: int, table_id: int) -> Call | None:
    found = seating(user, game_id, table_id)
    if found is None:
        return None
    return Call(
        key=f"game-{game_id}",
        text=_("You move to %(where)s") % {"where": found.where}
        if found.moved
        else _("Your game is ready: %(where)s") % {"where": found.where},
        url=found.url,
        urgent=True,
    )


def _card_tables(user: Any, events: list[Event]) -> list[Call]:
    """A call to `user`'s table played with real cards
    (docs/club-night.md#calls-to-a-card-table) in a round being played, until its result
    is recorded (one read, none outside an event). It leads to the table's result page;
    once another player of the table has entered a result, it asks them to confirm
    it."""
    if not events:
        return []
    by_pk = {event.pk: event for event in events}
    others_entered = CardResult.objects.filter(
        round_table=OuterRef("table_id"), status=CardResult.PENDING
    ).exclude(submitted_by=user)
    seats = (
        RoundSeat.objects.filter(
            entry__user=user,
            entry__status=Entry.REGISTERED,
            table__cards=True,
            table__finished_at__isnull=True,
            table__round__status=Round.PLAYING,
            table__round__event__in=list(by_pk),
        )
        .select_related("table__round")
        .annotate(to_confirm=Exists(others_entered))
    )
    calls = []
    for seat in seats:
        table, round_ = seat.table, seat.table.round
        title = formats.of(by_pk[round_.event_id]).words.title(round_.number)
        url = reverse("tournaments:card_result", args=[round_.event_id, table.pk])
        if seat.to_confirm:
            text = _("%(title)s, table %(table)s: confirm the result") % {
                "title": title,
                "table": table.number,
            }
            key = "c"
        else:
            where = table_seat(table.number, seat.position + 1)
            text = _("%(title)s: %(where)s, with cards") % {"title": title, "where": where}
            key = "s"
        calls.append(Call(key=f"cards-{table.pk}-{key}", text=text, url=url, urgent=True))
    return calls


def _news(events: list[Event]) -> list[Call]:
    """The break and the latest announcement (`tournaments.news`) of each running event
    the person plays in, for as long as the event's pages show it (`news`'s rule)."""
    calls = []
    for event in events:
        told, url = news.news(event), event.get_absolute_url()
        if (pause := told.break_) is not None:
            calls.append(
                Call(
                    key=f"break-{event.pk}-{int(pause.until.timestamp())}",
                    text=_("Break at %(event)s: round %(number)s starts at")
                    % {"event": event.name, "number": pause.round_number},
                    url=url,
                    shown_under=url,
                    until=pause.until,
                    until_text=_clock(pause.until, event),
                )
            )
        latest = told.announcements[0] if told.announcements else None
        if latest is not None:
            calls.append(
                Call(
                    key=f"news-{event.pk}-{int(latest.at.timestamp())}",
                    text=f"{event.name}: {latest.text}",
                    url=url,
                    shown_under=url,
                )
            )
    return calls


def _clock(moment: datetime, event: Event) -> str:
    """ "20:15 CET": the time on the event's club's clock."""
    local = zones.local(moment, event.club.time_zone)
    return f"{local:%H:%M} {zones.abbreviation(local)}"
