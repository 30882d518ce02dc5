"""The organizer's console while an event runs (docs/club-night.md#the-console): every table of the
round being played (a knockout's current deal, a duplicate round's boards) as the
manage page shows it: the players in seat order, whose turn it is, who is away and
why, the turn's clock, the game over or playing, and where to watch it.

Read from games' public models only: a game's snapshot says whose turn it is
(`Game.state["turn"]`), its players whether a bot plays for them (`GamePlayer.away`,
`away_reason`) and its deadline how long the turn has left. No card is read: the
snapshot's hands are never looked at here, so nothing on the page could show one. Who
has not opened their table yet (`GamePlayer.arrived_at`) is said too: the moment for a
stand-in (the check-in desk, `tournaments.room.desk`, lists them by name)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.models import Game, GamePlayer
from games.rendering import time_left_words
from tournaments import formats, page_parts, roster
from tournaments.cards import card_results, card_state, table_links
from tournaments.formats.cards import Places
from tournaments.models import Entry, Event, Round, RoundSeat, RoundTable
from tournaments.words import seat_name

# Why a bot plays for someone, in the console's few words (games.engine.events.AWAY_REASONS).
AWAY_WORDS = {
    "timer": gettext_lazy("away: out of time twice"),
    "absent": gettext_lazy("away: left the table"),
    "host": gettext_lazy("away: the host let a bot play"),
    "staff": gettext_lazy("away: staff let a bot play"),
    "withdrawn": gettext_lazy("withdrawn: a bot plays on"),
    "event": gettext_lazy("a bot stands in"),
    "deadline": gettext_lazy("the round's deadline passed: a bot plays on"),
}


@dataclass
class Seat:
    number: int  # 1-based, in seat order
    name: str
    entry: Entry | None  # None: a bot
    turn: bool = False
    away: str = ""  # why a bot plays for them, in words ("" if they play)
    stand_in: bool = False  # the organizer's stand-in for this round
    # Whether they have opened their table's game (`GamePlayer.arrived_at`, public):
    # False is "not at the table yet", when the stand-in is wanted; None where it does
    # not apply (a bot plays, the game is over, a card table).
    arrived: bool | None = None


@dataclass
class Table:
    number: int
    label: str  # "Board 2 of 4", "Deal 7", ""
    url: str | None
    over: bool
    seats: list[Seat] = field(default_factory=list)
    turn_name: str = ""
    deadline: datetime | None = None
    seconds_left: int | None = None
    # a turn-based event's, in words ("23 h 5 min"; docs/tournaments.md#turn-based-events)
    time_left: str = ""
    # A table played with real cards (docs/club-night.md#entering-and-confirming): where
    # its result is, in words ("cards: waiting for confirmation"); "" for an online
    # table. A dispute's versions, one line each ("p1 1st, p2 2nd, p3 3rd (by p1)").
    cards: str = ""
    versions: list[str] = field(default_factory=list)
    # Why only the organizer can settle it (guests cannot log in); "" if the players can.
    organizer_settles: str = ""
    # What the round still waits for at this table, in a word or two ("no result yet",
    # "disputed", "playing"); "" once its result is recorded.
    to_come: str = ""
    # A card table's own link (docs/club-night.md#a-tables-own-link), its round table's
    # id for "New link", and who entered and confirmed its result ("Entered by Phone 1,
    # confirmed by p2 on Phone 2").
    link: str = ""
    link_table: int | None = None
    entered: list[str] = field(default_factory=list)


@dataclass
class Console:
    round_: Round | None
    tables: list[Table]
    heading: str = ""  # "Round 2", "Deal 7"
    # The round's clock and the tables it waits for, in one line: "Round 2 started
    # 14 min ago. Not finished: table 2 (disputed), table 3 (no result yet)."
    summary: str = ""


def _card_table(
    round_: Round,
    round_table: RoundTable,
    seats: list[RoundSeat],
    states: dict[int, card_state.CardState],
    now: datetime,
    kind: Places,
    phones: dict[tuple[int, str], str],
) -> Table:
    """A card table's line: its players, and where its result is, linking to its
    result page (where the organizer settles a dispute), who entered it from which
    phone, and the table's own link."""
    names = [seat_name(s) for s in seats]
    line = Table(
        number=round_table.number,
        label="",
        url=reverse("tournaments:card_result", args=[round_.event_id, round_table.pk]),
        over=round_table.finished_at is not None,
        seats=[Seat(k + 1, seat_name(s), s.entry) for k, s in enumerate(seats)],
        link=table_links.url_for(round_table),
        link_table=round_table.pk,
    )
    state = states.get(round_table.pk, card_state.CardState("none"))
    line.entered = [_entered(r, round_table.pk, phones) for r in state.results]
    if not line.over and state.state != "confirmed":
        line.organizer_settles = card_results.organizer_settles(seats) or ""
    if line.over or state.state == "confirmed":
        line.cards = _("cards: confirmed")
    elif state.state == "pending":
        line.cards = _("cards: waiting for confirmation")
        line.to_come = _("waiting for confirmation")
    elif state.state == "disputed":
        line.cards, line.to_come = _("cards: disputed —"), _("disputed")
        line.versions = [
            kind.version_text(
                r,
                names,
                table_links.who(r.submitted_by, r.submitted_device, r.round_table_id, phones),
            )
            for r in state.results
        ]
        line.entered = []  # each version says whose it is
    else:
        line.cards = _("cards: no result yet (%(minutes)s min)") % {
            "minutes": _minutes(round_, now)
        }
        line.to_come = _("no result yet")
    return line


def _entered(result: Any, table_id: int, phones: dict[tuple[int, str], str]) -> str:
    """ "Entered by Phone 1, confirmed by p2 on Phone 2": who, from which phone."""
    entered = table_links.who(result.submitted_by, result.submitted_device, table_id, phones)
    if result.confirmed_at is None:
        return _("Entered by %(who)s") % {"who": entered}
    confirmed = table_links.who(result.confirmed_by, result.confirmed_device, table_id, phones)
    return _("Entered by %(who)s, confirmed by %(whom)s") % {"who": entered, "whom": confirmed}


def _minutes(round_: Round, now: datetime) -> int:
    """Whole minutes since `round_` started."""
    return max(0, int((now - (round_.started_at or now)).total_seconds() // 60))


def _summary(heading: str, round_: Round, tables: list[Table], now: datetime) -> str:
    """ "Round 2 started 14 min ago. Not finished: table 2 (disputed), table 3 (no result
    yet)." What an organizer waiting to start the next round asks first: which tables
    have not reported, and for how long (docs/club-night.md#the-console)."""
    minutes = _minutes(round_, now)
    started = ngettext(
        "%(heading)s started %(minutes)s min ago.",
        "%(heading)s started %(minutes)s min ago.",
        minutes,
    ) % {"heading": heading, "minutes": minutes}
    waiting = [
        _("table %(table)s (%(state)s)") % {"table": t.number, "state": t.to_come}
        for t in tables
        if t.to_come
    ]
    if not waiting:
        return started
    return _("%(started)s Not finished: %(tables)s.") % {
        "started": started,
        "tables": ", ".join(waiting),
    }


def round_in_play(event: Event) -> Round | None:
    return event.round_set.filter(status=Round.PLAYING).order_by("-number").first()


def console(event: Event, now: datetime | None = None) -> Console:
    """The tables of the round in play, for the organizer."""
    now = now or timezone.now()
    round_ = round_in_play(event)
    if round_ is None:
        return Console(None, [])
    fmt = formats.of(event)
    games_by_table = fmt.rounds.table_games(round_)
    game_ids = [g for g, _ in games_by_table.values() if g is not None]
    game_rows = {g.pk: g for g in Game.objects.filter(pk__in=game_ids)}
    players: dict[int, list[GamePlayer]] = {}
    for player in GamePlayer.objects.filter(game_id__in=game_ids).order_by("position"):
        players.setdefault(player.game_id, []).append(player)
    card_states = card_state.states_of(round_)
    phones = table_links.phone_names(list(card_states)) if card_states else {}
    tables = []
    for seats in roster.seated_tables(round_):
        round_table = seats[0].table
        if round_table.cards:
            tables.append(
                _card_table(round_, round_table, seats, card_states, now, fmt.card_result, phones)
            )
            continue
        game_id, label = games_by_table.get(round_table.pk, (None, ""))
        game = game_rows.get(game_id) if game_id is not None else None
        at_game = players.get(game_id, []) if game_id is not None else []
        tables.append(_online_table(event, round_, round_table, seats, game, at_game, label, now))
    heading = fmt.words.title(round_.number)
    return Console(round_, tables, heading, _summary(heading, round_, tables, now))


def _online_table(
    event: Event,
    round_: Round,
    round_table: RoundTable,
    seats: list[RoundSeat],
    game: Game | None,
    at_game: list[GamePlayer],
    label: str,
    now: datetime,
) -> Table:
    """An online table's line: its players in seat order, whose turn it is, who is away
    and why, and the turn's clock."""
    line = Table(
        number=round_table.number,
        label=label,
        url=page_parts.table_url(round_table),
        over=game is None or not game.in_play,
    )
    if round_table.finished_at is None:
        line.to_come = _("playing")
    turn = game.state.get("turn") if game is not None and game.in_play else None
    # A game's seats are the round table's in seat order (a knockout table's seats
    # may have gaps): the k-th round seat is the game's seat k.
    for k, seat in enumerate(seats):
        shown = _seat(k, seat, at_game[k] if k < len(at_game) else None, round_, line.over, turn)
        if shown.turn:
            line.turn_name = shown.name
        line.seats.append(shown)
    if game is not None and game.in_play and game.turn_deadline is not None:
        line.deadline = game.turn_deadline
        line.seconds_left = max(0, int((game.turn_deadline - now).total_seconds()))
        if event.move_hours:
            line.time_left = time_left_words(line.seconds_left)
    return line


def _seat(
    k: int, seat: RoundSeat, player: GamePlayer | None, round_: Round, over: bool, turn: Any
) -> Seat:
    """Seat `k` of an online table: its turn, a bot playing for them and why, or whether
    they have opened their game yet."""
    shown = Seat(k + 1, seat_name(seat), seat.entry)
    if seat.entry is not None:
        shown.stand_in = seat.entry.stand_in_round == round_.number
    if player is not None and not over:
        shown.turn = turn == player.position
        if player.away:
            shown.away = str(AWAY_WORDS.get(player.away_reason, _("away")))
        elif seat.entry is not None:
            shown.arrived = player.arrived_at is not None
    return shown
