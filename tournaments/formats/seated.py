"""The life of a round seated before it starts, which Swiss and duplicate share
(docs/tournaments.md#swiss, docs/tournaments.md#formats-one-plug-in-each): a set number
of rounds, each seated (the organizer may swap and lock seats) then started at once or
when the organizer says, and over when its last table is; and the status line and "next
up" their pages say of it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import ServiceError
from tournaments import progress
from tournaments.formats.pages import Pages
from tournaments.formats.rounds import Rounds
from tournaments.models import Entry, Event, Round, RoundTable
from tournaments.pushes import card_calls
from tournaments.registration import status_before_start


class SeatedRounds(Rounds):
    """`record_game` records one finished game and returns its round (None: nothing
    to record); the rest is common."""

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
        online table's end are the same step for the round
        (docs/club-night.md#entering-and-confirming)."""
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
            progress.finish_round(round_)
            active = Entry.objects.filter(event=event, status=Entry.REGISTERED)
            if round_.number >= event.rounds or not active.exists():
                self.finish(event)
            else:
                start_if_automatic(self, event, self.seat(event, round_.number + 1))


def start_seated(rounds: Rounds, event: Event, round_: Round) -> None:
    """Start a seated round's tables, and the round is being played. A break the
    organizer called is over once a round starts (at its end, or started early). The
    players at its tables played with real cards have no game to be called to by
    (`games.signals.game_started`): their bars are told instead
    (docs/club-night.md#calls-to-a-card-table)."""
    rounds.start_round(event, round_)
    round_.status, round_.started_at = Round.PLAYING, timezone.now()
    # A turn-based event's round ends by its deadline at the latest
    # (docs/tournaments.md#turn-based-events).
    if event.round_days:
        round_.deadline = round_.started_at + timedelta(days=event.round_days)
    round_.save(update_fields=["status", "started_at", "deadline"])
    if event.venue != Event.ONLINE:
        card_calls.card_players_changed(table__round=round_)
    if event.break_until is not None:
        event.break_until = None
        event.save(update_fields=["break_until"])


def start_if_automatic(rounds: Rounds, event: Event, round_: Round) -> None:
    """Start a seated round now if the event advances by itself and is not paused. During
    a break (`Event.break_until`) it is scheduled for the break's end instead, whatever
    the event's advance: the schedule (`services.start_round_if_due`) starts it then."""
    if event.break_until is not None and event.break_until > timezone.now():
        round_.start_at = event.break_until
        round_.save(update_fields=["start_at"])
        return
    if event.advance == Event.AUTO and not event.paused:
        start_seated(rounds, event, round_)


class SeatedPages(Pages):
    """The status line of an event whose rounds are seated first."""

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
            line = _seated_line(event, waiting)
        else:
            line = _("Running.")
        if event.paused:
            return line + " " + _("The event is paused: the next round waits.")
        return line

    def next_round(self, event: Event, shown: Round | None, waiting: Round | None) -> str | None:
        """The round a break leads to: "Round 3" (None: the event is over, or its last
        round is being played)."""
        if event.status == Event.FINISHED:
            return None
        number = waiting.number if waiting else (shown.number + 1 if shown else 1)
        return self.words.title(number) if number <= event.rounds else None


def _seated_line(event: Event, waiting: Round) -> str:
    values = {"number": waiting.number, "rounds": event.rounds}
    if waiting.start_at:
        return (
            _(
                "Round %(number)s of %(rounds)s is being seated; it starts at the "
                "time the organizer set."
            )
            % values
        )
    return (
        _("Round %(number)s of %(rounds)s is being seated; it starts when the organizer says.")
        % values
    )
