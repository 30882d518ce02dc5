"""Tables played with real cards in the room
(docs/club-night.md#entering-and-confirming): their results entered from the players'
phones (which tables of a round play with cards is `card_tables`).

A card table has no `games.Table` and no `Game`: its result is a `CardResult`, a place
per seat. A player of the table submits one (pending); another player of the table
confirms it, or submits a different one (both disputed, for the organizer to settle);
an organizer's submission confirms at once, with a reason. Through the table's own
link (`table_links`) a phone without an account acts as a player of the table does
(`by=None`, its `phone`); a phone never confirms what it entered, so a confirmation comes
from a second phone or a signed-in player of the table
(docs/club-night.md#a-tables-own-link). The confirmed result is
recorded by the event's format as a game's end is (`Format.rounds.record_cards`):
places on the round seats, the table finished, the round moved on. What a result is
(places, or a balanced knockout's deal of lives lost) is the format's `card_result`
(`tournaments.formats.cards`). Every write here locks the
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

from clubs import access as club_access
from games.errors import ServiceError
from tournaments import formats
from tournaments.cards.table_links import Phone, require_current
from tournaments.formats.cards import Checked, Entered, scores_fit
from tournaments.models import CardResult, Event, Round, RoundSeat, RoundTable
from tournaments.pushes import card_calls
from tournaments.services import changed, locked_event

OPEN = (CardResult.PENDING, CardResult.DISPUTED)


# ---- guests at a card table ---------------------------------------------------------------


def organizer_settles(table_seats: Sequence[RoundSeat]) -> str | None:
    """Why the players of a card table cannot settle its result between themselves
    (None: they can). Guests (`User.is_guest`, docs/club-night.md#guests) cannot log in, so
    neither submit nor confirm; a result needs one player to enter it and another to
    confirm, so with fewer than two players who can log in the organizer enters it.
    Reads `seat.entry.user` (select_related it)."""
    members = [s for s in table_seats if s.entry is not None and not s.entry.user.is_guest]
    if len(members) == len(table_seats):
        return None
    if not members:
        return _("Every player at this table is a guest: the organizer enters its result.")
    if len(members) == 1:
        name = members[0].entry.user.get_username()
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
    phone: Phone | None = None,
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

    What a result is, the format's `card_result` says and checks: a place per seat and
    optional scores, or a balanced knockout's one deal's `lives_lost` per seat, kept as
    the scores with the places they imply (and `dealer`, optionally, the seat position
    that dealt it if not the one the app named).

    `by=None` with a `phone`: someone at the table entering through its link, without
    an account, as a player would."""
    with transaction.atomic():
        event, table = _locked(round_table)
        organizer = by is not None and club_access.organizes(by, event.club)
        if not organizer:
            _require_entrant(table, by, phone)
        _require_open(table)
        kind = formats.of(event).card_result
        checked = kind.check(event, table, Entered(places, scores, lives_lost, dealer))
        open_results = list(table.card_results.filter(status__in=OPEN))
        if organizer:
            return _entered_by_organizer(event, table, by, phone, checked, reason, open_results)
        same = next(
            (
                r
                for r in open_results
                # One that could never be recorded is disputed by a new version instead.
                if not own(r, by, phone) and scores_fit(r.scores) and kind.same(r, checked)
            ),
            None,
        )
        if same is not None:
            # They enter what another player entered: that is a confirmation.
            return _confirm(event, table, same, by, phone, open_results)
        return _entered_by_player(event, table, by, phone, checked, open_results)


def own(result: CardResult, by: Any, phone: Phone | None) -> bool:
    """Whether `result` was entered by `by` or from `phone`: theirs to change, never
    theirs to confirm. A phone is its device, whoever holds it: a player who entered
    from the link and signs in on the same phone is still that phone."""
    if by is not None and result.submitted_by_id == by.pk:
        return True
    return phone is not None and result.submitted_device == phone.device


def _entered_by_organizer(
    event: Event,
    table: RoundTable,
    by: Any,
    phone: Phone | None,
    checked: Checked,
    reason: str,
    open_results: list[CardResult],
) -> CardResult:
    """An organizer's result: confirmed at once, every open version superseded."""
    if not reason.strip():
        raise ServiceError(_("Give the reason you enter this table's result."), "reason")
    for other in open_results:
        other.status = CardResult.SUPERSEDED
        other.save(update_fields=["status"])
    result = CardResult.objects.create(
        round_table=table,
        places=checked.places,
        scores=checked.scores,
        submitted_by=by,
        submitted_device=phone.device if phone else "",
        confirmed_by=by,
        confirmed_device=phone.device if phone else "",
        confirmed_at=timezone.now(),
        status=CardResult.CONFIRMED,
        reason=reason.strip()[:200],
        dealer=checked.dealer,
    )
    _record(event, table, result)
    return result


def _entered_by_player(
    event: Event,
    table: RoundTable,
    by: Any,
    phone: Phone | None,
    checked: Checked,
    open_results: list[CardResult],
) -> CardResult:
    """A player's (or a phone's) version: it replaces their own earlier one, and
    disputes the others'."""
    mine = [r for r in open_results if own(r, by, phone)]
    others = [r for r in open_results if not own(r, by, phone)]
    for old in mine:  # a player's new version replaces their own earlier one
        old.status = CardResult.SUPERSEDED
        old.save(update_fields=["status"])
    for other in others:
        other.status = CardResult.DISPUTED
        other.save(update_fields=["status"])
    result = CardResult.objects.create(
        round_table=table,
        places=checked.places,
        scores=checked.scores,
        submitted_by=by,
        submitted_device=phone.device if phone else "",
        status=CardResult.DISPUTED if others else CardResult.PENDING,
        dealer=checked.dealer,
    )
    changed(event)
    # The other players' calls ask them to confirm it (tournaments.room.seat_calls).
    card_calls.card_players_changed(table=table)
    return result


def confirm_result(*, result: CardResult, by: Any, phone: Phone | None = None) -> CardResult:
    """Another player of the table (or another phone, through its link: `by=None`)
    says `result` is right: it is confirmed and the table recorded. Refused for its
    submitter and the phone it came from, anyone not at the table, and a result no
    longer open (confirmed already, superseded)."""
    with transaction.atomic():
        event, table = _locked(result.round_table)
        _require_entrant(table, by, phone)
        _require_open(table)
        result = CardResult.objects.get(pk=result.pk)
        if result.status not in OPEN:
            raise ServiceError(_("That result is no longer waiting: reload the page."))
        if by is not None and result.submitted_by_id == by.pk:
            raise ServiceError(_("Another player at the table must confirm your result."))
        if own(result, by, phone):
            raise ServiceError(
                _(
                    "This phone entered that result: another phone at the table, or a "
                    "player signed in, confirms it."
                )
            )
        if not scores_fit(result.scores):
            # Kept before scores had a ceiling: it could never be recorded, and the
            # table would wait for it for ever. A new version replaces it.
            raise ServiceError(
                _("That result's scores are too large to record: enter the table's result again.")
            )
        opened = list(table.card_results.filter(status__in=OPEN))
        return _confirm(event, table, result, by, phone, opened)


def _confirm(
    event: Event,
    table: RoundTable,
    result: CardResult,
    by: Any,
    phone: Phone | None,
    open_results: list[CardResult],
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
    result.confirmed_device = phone.device if phone else ""
    result.save(update_fields=["status", "confirmed_by", "confirmed_at", "confirmed_device"])
    _record(event, table, result)
    return result


def _record(event: Event, table: RoundTable, result: CardResult) -> None:
    if result.dealer is not None:  # the players dealt otherwise: the button follows them
        table.dealer = result.dealer
        table.save(update_fields=["dealer"])
    fmt = formats.of(event)
    # Lives lost are recorded where they mean lives: a deal's, or a lives game's rounds.
    lost = fmt.card_result.lives_lost(event, result)
    if not fmt.rounds.record_cards(event, table, list(result.places), lost):
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


def _require_entrant(table: RoundTable, by: Any, phone: Phone | None) -> None:
    """A player of the table, or a phone holding the table's current link."""
    if phone is not None:
        require_current(table, phone.version)  # replaced since the page was opened
    if by is not None:
        _require_player(table, by)
    elif phone is None or not phone.device:
        raise ServiceError(
            _("Only the players at table %(number)s and the organizers can enter its result.")
            % {"number": table.number}
        )


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
