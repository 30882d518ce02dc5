"""What every tournament format provides (docs/design.md §19): the protocol
`tournaments.services` and the pages call, and the life of a round that the formats
with seated rounds share (`SeatedRounds`).

A format is one object of a subclass of `Format`, registered in
`tournaments.formats.FORMATS` under its `Event.format` value. Services hold the event's
row lock around every call that writes, check who may act and keep the event's status;
the format decides what differs: its options at creation, which entry rules apply, how
a round is seated, started and recorded, and what its pages, CSV and season show.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, ClassVar

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.errors import ServiceError
from games.notes import Line
from tournaments import progress
from tournaments.formats import printed, seat_checks
from tournaments.models import Entry, Event, Round, RoundTable
from tournaments.pushes import card_calls
from tournaments.registration import status_before_start
from tournaments.words import ordinal, unit_title

MAX_ROUNDS = 15


@dataclass(frozen=True)
class Options:
    """A format's stored options, as `Format.options` checked them."""

    rounds: int = 0
    boards: int = 4
    top_q: int = 0


@dataclass(frozen=True)
class SeasonResult:
    """One player's result in one event, as a club's season adds it up
    (tournaments.season): their rank in the event, the games they played, and the
    points they scored out of the most they could have (docs/design.md §19)."""

    entry_id: int
    rank: int
    games: int
    points: float
    maximum: float


@dataclass(frozen=True)
class Placing:
    """One player's place in a finished event, as the podium and their own line on the
    event page say it (docs/design.md §19): their rank as the standings show it, shared
    or not, and what the format ranks by, in its words: `score` short (the podium's
    "4 points", "winner", "62.5%"), `detail` whole (the player's own line)."""

    entry_id: int
    name: str
    rank: int
    shared: bool
    score: str
    detail: str
    withdrawn: bool = False
    # A knockout's: the deal (or round) they went out on (None: still in, or the winner).
    out_deal: int | None = None

    @property
    def place(self) -> str:
        """ "7th", or "=7th" when shared (as a knockout's standings write it)."""
        return ("=" if self.shared else "") + ordinal(self.rank)


@dataclass(frozen=True)
class Step:
    """One step of the podium: a place and everyone who shares it."""

    rank: int
    place: str  # "1st", "=1st"
    names: tuple[str, ...]
    score: str


PODIUM = 3  # the places on the podium


def podium(placings: list[Placing]) -> list[Step]:
    """The first three places, players who share a place on one step. A place shared
    by several takes the places after it: 1st, =2nd, =2nd leaves no 3rd step."""
    steps: dict[int, list[Placing]] = {}
    for placing in placings:
        if placing.rank <= PODIUM:
            steps.setdefault(placing.rank, []).append(placing)
    return [
        Step(
            rank,
            together[0].place,
            tuple(
                _("%(name)s (withdrawn)") % {"name": p.name} if p.withdrawn else p.name
                for p in together
            ),
            together[0].score,
        )
        for rank, together in sorted(steps.items())
    ]


def shared_ranks(ranks: list[int]) -> set[int]:
    """The ranks more than one player holds."""
    return {rank for rank, count in Counter(ranks).items() if count > 1}


class Format:
    """The protocol. Class attributes say which common rules apply; methods do what
    differs. Defaults are those of most formats; a format overrides what it changes."""

    key: ClassVar[str]
    # Its partials: `about` (the event's facts) and `live` (what changes as it runs).
    template: ClassVar[str]
    # What it is, in a sentence, under the create form's format select.
    description: ClassVar[str]
    # Rules scored in lives only (a knockout carries lives, duplicate compares them).
    lives_only: ClassVar[bool] = False
    # The organizer sets how many rounds it has (a knockout plays until one is left).
    sets_rounds: ClassVar[bool] = True
    # The refusals of the common actions this format has no use for (None: allowed),
    # gettext_lazy: a refusal is read in the language of whoever asked.
    late_entry_refusal: ClassVar[str | None] = None
    pause_refusal: ClassVar[str | None] = None
    correction_refusal: ClassVar[str | None] = None
    # Its tables are kept from round to round and players move between them (a
    # balanced knockout's): a player called to another table is told "You move to".
    keeps_tables: ClassVar[bool] = False
    break_refusal: ClassVar[str | None] = None
    # What its pages call one of its rounds (a balanced knockout's is a deal): "round"
    # or "deal", a key (`tournaments.words.unit_title` words it), never shown as it is.
    unit: ClassVar[str] = "round"
    # The console's stand-in for a no-show in its words (`%(name)s`: the player): the
    # button, and what the page says once pressed. A bot plays the round's games.
    stand_in_button: ClassVar[str] = gettext_lazy("A bot plays for %(name)s this round")
    stand_in_done: ClassVar[str] = gettext_lazy("A bot plays for %(name)s this round.")
    # Why its tables cannot play with real cards in the room (docs/design.md §21);
    # None: an event may choose the venue "cards" or "mixed".
    card_tables_refusal: ClassVar[str | None] = gettext_lazy(
        "This format's tables play online only."
    )
    # Why an event of it cannot mix online and card tables (None: it can).
    mixed_tables_refusal: ClassVar[str | None] = None
    # What a card table's result gives per seat: "places" (a finishing order), or
    # "lives" (the lives each seat lost in one deal: a balanced knockout's).
    card_result: ClassVar[str] = "places"
    # Why an event of it cannot be turn-based (docs/design.md §25: hours a move, days
    # a round); None: it can.
    turn_based_refusal: ClassVar[str | None] = gettext_lazy(
        "Only a Swiss event can be turn-based: choose a live turn timer."
    )
    # Whether a round scores points of its own, so that the event's policy for a round a
    # bot played for someone (`Event.stand_in_scoring`, docs/design.md §20) applies: a
    # Swiss round does; a knockout's lives and places stand as the bot played them, and
    # a duplicate board is compared seat by seat with no bye to score like.
    stand_in_scoring_applies: ClassVar[bool] = False
    # Whether its `live_facts` are kept in Django's cache, shared by every process and
    # every viewer, by the event's `live_version` and the language
    # (`tournaments.pages.live_facts`; docs/design.md, "The event page from a cache"):
    # 0, never; else the version of their shape, in the key (count it up when what they
    # hold changes, so a deploy never reads the code before's). Only facts that hold
    # nothing of any viewer and no model (cheap to unpickle) may be cached.
    live_facts_cache: ClassVar[int] = 0

    # ---- creating an event -------------------------------------------------------

    def options(self, *, rounds: int | None, boards: int, top_q: int, table_size: int) -> Options:
        """The options an event of this format stores, or a ServiceError on a field."""
        return Options(rounds=check_rounds(rounds))

    def heading(self, event: Event) -> str:
        """The line under the event's name: "Swiss, 3 rounds"."""
        raise NotImplementedError

    def summary(self, event: Event) -> str:
        """The event list's word for it: "3 rounds", "Knockout"."""
        return ngettext("%(count)s round", "%(count)s rounds", event.rounds) % {
            "count": event.rounds
        }

    # ---- the life of an event (the caller holds the event's row lock) ---------------

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
        """A card table's confirmed result (`tournaments.card_results`): its places,
        by seat position, recorded as a game's would be, and the event moved on (`lost`:
        each seat's lives lost, for a format whose `card_result` is "lives"). False when
        the table was recorded already."""
        raise ServiceError(str(self.card_tables_refusal or _("Card tables are not built here.")))

    def deal_refusal(self, event: Event, table: RoundTable, lost: list[int]) -> str | None:
        """Why `lost` cannot be a card table's deal (a `card_result` of "lives")."""
        return _("This format's card tables give places.")

    def card_notes(self, event: Event, table: RoundTable, viewer: Any) -> list[str | Line]:
        """Lines a card table's result page adds for `viewer` about how its players came
        and went (a balanced knockout's moves, docs/design.md §21): none by default."""
        return []

    def unseated_line(self, event: Event, entry: Entry | None, round_: Round) -> str:
        """What a card table's result page tells a player of it who has no table in the
        round that followed (`tournaments.card_next`)."""
        if self.unit == "deal":
            text = _("You have no table in deal %(number)s: the event page says why.")
        else:
            text = _("You have no table in round %(number)s: the event page says why.")
        return text % {"number": round_.number}

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

    # Which event a finished game belongs to, and the finished games not recorded: by
    # the round tables' games, unless a format keeps its games elsewhere.
    @staticmethod
    def event_of_game(game_id: int) -> int | None:
        found = RoundTable.objects.filter(game_id=game_id).values_list("round__event_id", flat=True)
        return found[0] if found else None

    @staticmethod
    def unrecorded_games() -> list[int]:
        return progress.unrecorded_round_games()

    # ---- reading --------------------------------------------------------------------

    def status(self, event: Event, shown: Round | None, waiting: Round | None) -> str:
        """The event page's one-line status."""
        raise NotImplementedError

    def live_facts(self, event: Event) -> Any:
        """What the live part shows alike to every viewer, read once for a push's
        sockets (None: nothing worth sharing)."""
        return None

    def live_context(self, event: Event, user: Any, facts: Any) -> dict[str, Any]:
        """The format's part of the event page's live part, for `user`."""
        raise NotImplementedError

    def projector_context(self, event: Event) -> dict[str, Any]:
        """What the format's `projector` partial shows on the club room's big screen
        (tournaments.projector), alike for everyone, so pushed once per change: `status`,
        `round_title` ("Round 2 of 5", "Deal 4"), `tables` (seats in order, names only),
        `standings` (a `tournaments.screen_parts.ScreenStandings`), `next_up` (what a
        break leads to: "Round 3"; None when nothing follows) and its own extras.
        Public facts only: nothing near a card."""
        raise NotImplementedError

    def about_context(self, event: Event) -> dict[str, Any]:
        """What the format's `about` partial needs beyond the event."""
        return {}

    def csv_rows(self, event: Event) -> list[list[str]]:
        """The standings as the CSV export writes them, header first."""
        raise NotImplementedError

    def printed_round(self, event: Event, round_: Round) -> printed.PrintedRound:
        """A round's tables as its printed pairings and table cards show them
        (docs/design.md §20): who sits where, named; a format adds its own words."""
        return printed.PrintedRound(
            number=round_.number,
            title=_("Round %(number)s of %(rounds)s")
            % {"number": round_.number, "rounds": event.rounds},
            title_within=pgettext("within a sentence", "round %(number)s of %(rounds)s")
            % {"number": round_.number, "rounds": event.rounds},
            tables=printed.printed_tables(round_),
        )

    def season(self, event: Event) -> list[SeasonResult]:
        """Each player's contribution to the club's season (docs/design.md §19)."""
        raise NotImplementedError

    def seating_checks(self, event: Event) -> list[seat_checks.Check]:
        """Every round of a finished event drawn again from its revealed seed, the
        algorithm's version and the recorded results, through the same code that seated
        it, and compared with what was played (docs/design.md §27): one `Check` a round
        (and any the format adds: duplicate boards, lots)."""
        raise NotImplementedError

    # ---- the end of the evening ------------------------------------------------------

    def placings(self, event: Event) -> list[Placing]:
        """Every player ranked, best first, as the standings rank them: what the podium
        and a player's own line read once the event is finished."""
        raise NotImplementedError

    def own_line(self, placing: Placing, field: int) -> str:
        """A player's line in "Your entry" once the event is finished: "You finished
        7th of 12 — 5 points, 48% of the points possible." (`field`: the players
        ranked)."""
        values = {"place": placing.place, "field": field, "detail": placing.detail}
        if placing.withdrawn:
            return (
                _("You withdrew; your games stand: %(place)s of %(field)s — %(detail)s.") % values
            )
        return _("You finished %(place)s of %(field)s — %(detail)s.") % values


def check_rounds(rounds: int | None) -> int:
    if rounds is None:
        raise ServiceError(_("Say how many rounds the event has."), "rounds")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ServiceError(_("An event has 1 to %(most)s rounds.") % {"most": MAX_ROUNDS}, "rounds")
    return rounds


class SeatedRounds(Format):
    """A set number of rounds, each seated (the organizer may swap and lock seats)
    then started at once or when the organizer says, and over when its last table is:
    Swiss and duplicate. `record_game` records one finished game and returns its round
    (None: nothing to record)."""

    def start(self, event: Event) -> Round:
        round_ = self.seat(event, 1)
        start_if_automatic(self, event, round_)
        return round_

    def check_field(self, event: Event, count: int) -> None:
        super().check_field(event, count)
        if event.rounds > count - 1:
            raise ServiceError(
                _(
                    "%(rounds)s rounds for %(count)s players is more than useful: with "
                    "%(count)s players, at most %(most)s rounds."
                )
                % {"rounds": event.rounds, "count": count, "most": count - 1}
            )

    def record_game(self, event: Event, game_id: int) -> Round | None:
        raise NotImplementedError

    def record(self, event: Event, game_id: int) -> bool:
        round_ = self.record_game(event, game_id)
        if round_ is None:
            return False
        self.advance(event, round_)
        return True

    def record_cards(
        self, event: Event, table: RoundTable, places: list[int], lost: Sequence[int] = ()
    ) -> bool:
        """A card table is recorded as a game's table is (its places on its seats, the
        table finished), and the round moves on alike: a card table's result and an
        online table's end are the same step for the round (docs/design.md §21)."""
        if self.card_tables_refusal is not None:
            raise ServiceError(str(self.card_tables_refusal))
        if table.finished_at is not None:
            return False
        progress.record_card_places(table, places, lost)
        self.advance(event, table.round)
        return True

    def advance(self, event: Event, round_: Round) -> None:
        """A table of `round_` was recorded: when it was the last, the round is over and
        the next is seated (and started if the event advances by itself), or the event
        is over."""
        if not round_.tables.filter(finished_at__isnull=True).exists():
            round_.status, round_.finished_at = Round.FINISHED, timezone.now()
            round_.save(update_fields=["status", "finished_at"])
            active = Entry.objects.filter(event=event, status=Entry.REGISTERED)
            if round_.number >= event.rounds or not active.exists():
                progress.mark_finished(event)
            else:
                start_if_automatic(self, event, self.seat(event, round_.number + 1))

    def status(self, event: Event, shown: Round | None, waiting: Round | None) -> str:
        if (before := status_before_start(event)) is not None:
            return before
        if event.status == Event.FINISHED:
            return _("Finished: the standings are final.")
        if shown is not None and shown.status == Round.PLAYING:
            line = _("Round %(number)s of %(rounds)s is being played.") % {
                "number": shown.number,
                "rounds": event.rounds,
            }
        elif waiting is not None:
            values = {"number": waiting.number, "rounds": event.rounds}
            if waiting.start_at:
                line = (
                    _(
                        "Round %(number)s of %(rounds)s is being seated; it starts at the "
                        "time the organizer set."
                    )
                    % values
                )
            else:
                line = (
                    _(
                        "Round %(number)s of %(rounds)s is being seated; it starts when the "
                        "organizer says."
                    )
                    % values
                )
        else:
            line = _("Running.")
        if event.paused:
            return line + " " + _("The event is paused: the next round waits.")
        return line


def next_round(event: Event, shown: Round | None, waiting: Round | None) -> str | None:
    """The round a break in an event with seated rounds leads to: "Round 3" (None: the
    event is over, or its last round is being played)."""
    if event.status == Event.FINISHED:
        return None
    number = waiting.number if waiting else (shown.number + 1 if shown else 1)
    return unit_title("round", number) if number <= event.rounds else None


def start_seated(format: Format, event: Event, round_: Round) -> None:
    """Start a seated round's tables, and the round is being played. A break the
    organizer called is over once a round starts (at its end, or started early). The
    players at its tables played with real cards have no game to be called to by
    (`games.signals.game_started`): their bars are told instead (§21)."""
    format.start_round(event, round_)
    round_.status, round_.started_at = Round.PLAYING, timezone.now()
    # A turn-based event's round ends by its deadline at the latest (docs/design.md §25).
    if event.round_days:
        round_.deadline = round_.started_at + timedelta(days=event.round_days)
    round_.save(update_fields=["status", "started_at", "deadline"])
    if event.venue != Event.ONLINE:
        card_calls.card_players_changed(table__round=round_)
    if event.break_until is not None:
        event.break_until = None
        event.save(update_fields=["break_until"])


def start_if_automatic(format: Format, event: Event, round_: Round) -> None:
    """Start a seated round now if the event advances by itself and is not paused. During
    a break (`Event.break_until`) it is scheduled for the break's end instead, whatever
    the event's advance: the schedule (`services.start_round_if_due`) starts it then."""
    if event.break_until is not None and event.break_until > timezone.now():
        round_.start_at = event.break_until
        round_.save(update_fields=["start_at"])
        return
    if event.advance == Event.AUTO and not event.paused:
        start_seated(format, event, round_)
