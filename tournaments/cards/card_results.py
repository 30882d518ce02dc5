"""Tables played with real cards in the room (docs/design.md §21): their results entered
from the players' phones (which tables of a round play with cards is `card_tables`).

A card table has no `games.Table` and no `Game`: its result is a `CardResult`, a place
per seat. A player of the table submits one (pending); another player of the table
confirms it, or submits a different one (both disputed, for the organizer to settle);
an organizer's submission confirms at once, with a reason. The confirmed result is
recorded by the event's format as a game's end is (`Format.record_cards`): places on
the round seats, the table finished, the round moved on. Every write here locks the
event row first (as `tournaments.services` does, so the round advances once) and then
the round table's row, so two phones acting at once take turns and exactly one result
is ever confirmed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs import access as club_access
from games.engine import Rules
from games.errors import ServiceError
from tournaments import formats
from tournaments.models import CardResult, Event, Round, RoundSeat, RoundTable
from tournaments.pushes import card_calls
from tournaments.services import changed, locked_event
from tournaments.words import ordinal

OPEN = (CardResult.PENDING, CardResult.DISPUTED)

# What a seat's optional score says, by the rules' scoring (games.engine.rules).
SCORE_LABELS = {
    "lives": gettext_lazy("Lives lost"),
    "points": gettext_lazy("Points"),
    "banking": gettext_lazy("Chips"),
}


# ---- what a result may be ---------------------------------------------------------------


def shared_first(event: Event) -> bool:
    """Whether two players may share 1st: only rules scored in points end drawn (two
    reach the target together); with lives or chips the last player in wins alone
    (games.engine.scoring), so a result entered by hand may not say otherwise."""
    return Rules.from_dict(event.rules).scoring == "points"


def lives_scored(event: Event) -> bool:
    """Whether a seat's score is the lives (rounds) it lost: what a game's results count
    and the "fewest lives lost" tie-break sums (tournaments.formats.swiss.standings)."""
    return Rules.from_dict(event.rules).scoring == "lives"


def lives_required(event: Event) -> bool:
    """Whether a card table must give each seat's lives lost: its standings break ties
    by them, and a table that gave none would count 0 against online tables' real
    rounds lost (docs/design.md §21)."""
    return lives_scored(event) and "lives_lost" in event.tiebreaks


def score_label(event: Event) -> str:
    return str(SCORE_LABELS.get(Rules.from_dict(event.rules).scoring, _("Score")))


def places_refusal(places: Sequence[int], size: int, *, first_shared: bool) -> str | None:
    """Why `places` (one per seat, 1 = best) is not a result a game could have (None:
    it is). Places are as games.results gives them: a seat's place is 1 + the seats
    strictly better, so players who tie share a place and the next is skipped (1st,
    2nd, 2nd, 4th); at least one seat is 1st."""
    if len(places) != size:
        return _("Give a place for each of the %(size)s seats.") % {"size": size}
    if any(not 1 <= p <= size for p in places):
        return _("A place at this table is %(first)s to %(last)s.") % {
            "first": ordinal(1),
            "last": ordinal(size),
        }
    for place in sorted(set(places)):
        better = sum(p < place for p in places)
        if place != better + 1:
            if better == 0:
                return _("Someone finished %(first)s: give one seat %(first)s.") % {
                    "first": ordinal(1)
                }
            return ngettext(
                "%(count)s seat finished ahead of %(place)s: the next place is %(next)s. "
                "Players who tie share a place and the next is skipped (%(example)s).",
                "%(count)s seats finished ahead of %(place)s: the next place is %(next)s. "
                "Players who tie share a place and the next is skipped (%(example)s).",
                better,
            ) % {
                "count": better,
                "place": ordinal(place),
                "next": ordinal(better + 1),
                "example": ", ".join(ordinal(n) for n in (1, 2, 2, 4)),
            }
    if not first_shared and places.count(1) > 1:
        return _("One player wins a game of these rules: give only one seat %(first)s.") % {
            "first": ordinal(1)
        }
    return None


def _checked_scores(scores: Sequence[int | None], size: int) -> list[int | None]:
    if not scores:
        return []
    if len(scores) != size:
        raise ServiceError(
            _("Give a score for each of the %(size)s seats, or none.") % {"size": size}, "scores"
        )
    if any(s is not None and s < 0 for s in scores):
        raise ServiceError(_("A score is 0 or more."), "scores")
    return list(scores)


# ---- guests at a card table ---------------------------------------------------------------


def organizer_settles(table_seats: Sequence[RoundSeat]) -> str | None:
    """Why the players of a card table cannot settle its result between themselves
    (None: they can). Guests (`User.is_guest`, docs/design.md §21) cannot log in, so
    neither submit nor confirm; a result needs one player to enter it and another to
    confirm, so with fewer than two players who can log in the organizer enters it.
    Reads `seat.entry.user` (select_related it)."""
    members = [s for s in table_seats if s.entry is not None and not s.entry.user.is_guest]
    if len(members) == len(table_seats):
        return None
    if not members:
        return _("Every player at this table is a guest: the organizer enters its result.")
    if len(members) == 1:
        name = members[0].entry.user.get_username()  # type: ignore[union-attr]
        return _(
            "Only %(name)s at this table can log in, and a result needs a second player "
            "to confirm it: the organizer enters its result."
        ) % {"name": name}
    return None


# ---- entering a result ------------------------------------------------------------------


def submit_result(
    *,
    round_table: RoundTable,
    by: Any,
    places: Sequence[int] = (),
    scores: Sequence[int | None] = (),
    reason: str = "",
    lives_lost: Sequence[int] = (),
    dealer: int | None = None,
) -> CardResult:
    """`by` enters table `round_table`'s result. A player of the table: pending until
    another player confirms it; if another player's open version says the same, that
    one is confirmed; if it differs, both are disputed. An organizer: confirmed at
    once (`reason` required), settling any dispute. Refused, writing nothing, for
    anyone else, a table not being played with cards, or an impossible result.

    At a balanced knockout's table (`Format.card_result == "lives"`) the result is one
    deal's `lives_lost` per seat instead: kept as the scores, with the places they
    imply (1 + the seats that lost strictly fewer), so a version reads alike anywhere;
    `dealer`, optionally, the seat position that dealt it if not the one the app named."""
    with transaction.atomic():
        event, table = _locked(round_table)
        organizer = club_access.organizes(by, event.club)
        if not organizer:
            _require_player(table, by)
        _require_open(table)
        size = table.seats.count()
        fmt = formats.of(event)
        checked: list[int | None]
        if fmt.card_result == "lives":
            lost = [int(n) for n in lives_lost]
            if refusal := fmt.deal_refusal(event, table, lost):
                raise ServiceError(refusal, "lives_lost")
            places = [1 + sum(o < n for o in lost) for n in lost]
            checked = list(lost)
            if dealer == table.dealer:
                dealer = None  # the app's dealer: nothing to say
            if dealer is not None and not table.seats.filter(position=dealer).exists():
                raise ServiceError(_("Choose who dealt from the players at this table."), "dealer")
        else:
            dealer = None
            places = [int(p) for p in places]
            if refusal := places_refusal(places, size, first_shared=shared_first(event)):
                raise ServiceError(refusal, "places")
            checked = _checked_scores(scores, size)
            if lives_required(event) and (not checked or None in checked):
                raise ServiceError(
                    _(
                        "Give each seat's lives lost: this event breaks ties by the fewest "
                        "lives lost."
                    ),
                    "scores",
                )
        open_results = list(table.card_results.filter(status__in=OPEN))
        # What makes two versions the same: the places, or a deal's lives lost.
        key = (
            (lambda r: (r.scores, r.dealer)) if fmt.card_result == "lives" else (lambda r: r.places)
        )
        now = timezone.now()
        if organizer:
            if not reason.strip():
                raise ServiceError(_("Give the reason you enter this table's result."), "reason")
            for other in open_results:
                other.status = CardResult.SUPERSEDED
                other.save(update_fields=["status"])
            result = CardResult.objects.create(
                round_table=table,
                places=places,
                scores=checked,
                submitted_by=by,
                confirmed_by=by,
                confirmed_at=now,
                status=CardResult.CONFIRMED,
                reason=reason.strip()[:200],
                dealer=dealer,
            )
            _record(event, table, result)
            return result
        same = next(
            (
                r
                for r in open_results
                if r.submitted_by_id != by.pk
                and key(r) == ((checked, dealer) if fmt.card_result == "lives" else places)
            ),
            None,
        )
        if same is not None:
            # They enter what another player entered: that is a confirmation.
            return _confirm(event, table, same, by, open_results)
        mine = [r for r in open_results if r.submitted_by_id == by.pk]
        others = [r for r in open_results if r.submitted_by_id != by.pk]
        for old in mine:  # a player's new version replaces their own earlier one
            old.status = CardResult.SUPERSEDED
            old.save(update_fields=["status"])
        for other in others:
            other.status = CardResult.DISPUTED
            other.save(update_fields=["status"])
        result = CardResult.objects.create(
            round_table=table,
            places=places,
            scores=checked,
            submitted_by=by,
            status=CardResult.DISPUTED if others else CardResult.PENDING,
            dealer=dealer,
        )
        changed(event)
        # The other players' calls ask them to confirm it (tournaments.room.seat_calls).
        card_calls.card_players_changed(table=table)
    return result


def confirm_result(*, result: CardResult, by: Any) -> CardResult:
    """Another player of the table says `result` is right: it is confirmed and the
    table recorded. Refused for its submitter, anyone not at the table, and a result
    no longer open (confirmed already, superseded)."""
    with transaction.atomic():
        event, table = _locked(result.round_table)
        _require_player(table, by)
        _require_open(table)
        result = CardResult.objects.get(pk=result.pk)
        if result.status not in OPEN:
            raise ServiceError(_("That result is no longer waiting: reload the page."))
        if result.submitted_by_id == by.pk:
            raise ServiceError(_("Another player at the table must confirm your result."))
        return _confirm(event, table, result, by, list(table.card_results.filter(status__in=OPEN)))


def _confirm(
    event: Event, table: RoundTable, result: CardResult, by: Any, open_results: list[CardResult]
) -> CardResult:
    for other in open_results:
        if other.pk != result.pk:
            other.status = CardResult.SUPERSEDED
            other.save(update_fields=["status"])
    result.status, result.confirmed_by, result.confirmed_at = (
        CardResult.CONFIRMED,
        by,
        timezone.now(),
    )
    result.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    _record(event, table, result)
    return result


def _record(event: Event, table: RoundTable, result: CardResult) -> None:
    if result.dealer is not None:  # the players dealt otherwise: the button follows them
        table.dealer = result.dealer
        table.save(update_fields=["dealer"])
    fmt = formats.of(event)
    # Lives lost are recorded where they mean lives: a deal's, or a lives game's rounds.
    counts_lives = fmt.card_result == "lives" or lives_scored(event)
    lost = [int(n or 0) for n in result.scores] if counts_lives else []
    if not fmt.record_cards(event, table, list(result.places), lost):
        raise ServiceError(
            _("Table %(number)s's result is recorded already.") % {"number": table.number}
        )
    changed(event)
    card_calls.card_players_changed(table=table)  # the table's calls end


def _locked(round_table: RoundTable) -> tuple[Event, RoundTable]:
    """The event's row lock (as every change to its rounds takes first), then the
    table's: two phones at one table take turns, and the second sees the first's."""
    event_id = RoundTable.objects.values_list("round__event_id", flat=True).get(pk=round_table.pk)
    event = locked_event(event_id)
    table = RoundTable.objects.select_for_update().get(pk=round_table.pk)
    table.round = Round.objects.get(pk=table.round_id)
    return event, table


def _require_player(table: RoundTable, by: Any) -> None:
    if getattr(by, "is_guest", False):  # cannot log in; kept out should one ever get a session
        raise ServiceError(_("A guest cannot enter a result: a player or the organizer does."))
    if not table.seats.filter(entry__user_id=getattr(by, "pk", None)).exists():
        raise ServiceError(
            _("Only the players at table %(number)s and the organizers can enter its result.")
            % {"number": table.number}
        )


def _require_open(table: RoundTable) -> None:
    round_ = table.round
    if not table.cards:
        raise ServiceError(
            _("Table %(number)s plays online: its game records its result.")
            % {"number": table.number}
        )
    if round_.status == Round.SEATED:
        raise ServiceError(
            _("Round %(number)s has not started: enter the result once it is played.")
            % {"number": round_.number}
        )
    if round_.status == Round.FINISHED or table.finished_at is not None:
        raise ServiceError(
            _("Table %(number)s's result is recorded: an organizer can correct it.")
            % {"number": table.number}
        )
