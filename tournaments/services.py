"""Everything that changes a club's event (docs/design.md §14): the entry point of
every write to the tournament models. What is common to every format is here: the
event's row lock, who may act (`clubs.access`), the event's status and telling its
pages (`_changed`). What differs is the event's format (`tournaments.formats`), which
this module calls and never branches on; the formats' `rounds` modules write the rounds
under the lock held here.

Each public function checks who is asking and the event's state and either does the
whole change or raises `ServiceError` with a sentence for the person, having written
nothing. Changes to an event's rounds lock the event row first (`locked_event`), so
two browsers, two workers or a browser and a worker that act on the same event at the
same moment take turns, and the second sees what the first did: a round is seated
once, started once and advanced once.

A round's life: seated (`Format.seat`) → playing (`Format.start_round`) → finished
(when the format records the last table's game in `record_table`, which
`tournaments.receivers` queues when games announces a finished game). Then the format
seats the next round (started at once when the event advances by itself, or when the
organizer says), or the event is over.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs import access as club_access
from clubs.models import Club, ClubRuleSet
from games import services as games
from games.engine import Rules, RulesError
from games.errors import ServiceError
from games.models import RuleSet
from games.signals import send_on_commit
from games.wording import refusal
from tournaments import formats, news, registration, signals, turn_based
from tournaments.fairness import seat_changes
from tournaments.formats.base import start_if_automatic, start_seated
from tournaments.formats.swiss import seating
from tournaments.formats.swiss import standings as tally
from tournaments.models import (
    Announcement,
    Bye,
    Correction,
    Entry,
    Event,
    Round,
    RoundSeat,
    SeatSwap,
)
from tournaments.progress import mark_finished
from tournaments.pushes import live
from tournaments.words import number

log = logging.getLogger(__name__)

__all__ = ["ServiceError"]

MAX_CHECKIN_MINUTES = 240


# ---- creating an event -----------------------------------------------------------


def create_event(
    *,
    club: Club,
    by: Any,
    name: str,
    rule_set: RuleSet | None,
    starts_at: datetime | None,
    format: str = Event.SWISS,
    venue: str = Event.ONLINE,
    top_q: int = 0,
    rounds: int | None = 3,
    boards: int = 4,
    table_size: int = 4,
    table_min: int = 3,
    table_max: int = 5,
    bots_fill: bool = True,
    bye_points: float | None = None,
    scoring: str = Event.OUTLASTED,
    place_points: Sequence[float] = (),
    stand_in_scoring: str = Event.STAND_IN_PLAYED,
    tiebreaks: Sequence[str] | None = None,
    checkin_minutes: int = 0,
    entry: str = Event.OPEN,
    player_cap: int | None = None,
    advance: str = Event.AUTO,
    turn_timer: int = 60,
    move_hours: int = 0,
    round_days: int = 0,
    description: str = "",
    registration_opens_at: datetime | None = None,
) -> Event:
    """A new event of `club` in `format`, made by one of its organizers, playing
    `rule_set` (a site rule set on offer, or one on the club's list) frozen as it is now.
    `move_hours` and `round_days`: a turn-based event's hours a move and days a round
    (docs/design.md §25), which replace the `turn_timer`.
    Registration opens at `registration_opens_at` (None: at once, and players are told
    so now: `registration.announce`)."""
    if not club_access.organizes(by, club):
        raise ServiceError(_("Only the club's organizers can create its events."))
    if not name.strip():
        raise ServiceError(_("Name the event."), "name")
    fmt = formats.FORMATS.get(format)
    if fmt is None:
        raise ServiceError(_("Choose the event's format."), "format")
    if venue not in dict(Event.VENUES):
        raise ServiceError(_("Choose where the tables play."), "venue")
    if venue != Event.ONLINE and fmt.card_tables_refusal is not None:
        raise ServiceError(str(fmt.card_tables_refusal), "venue")
    if venue == Event.MIXED and fmt.mixed_tables_refusal is not None:
        raise ServiceError(str(fmt.mixed_tables_refusal), "venue")
    if venue == Event.MIXED and advance == Event.AUTO:
        # A round that starts as the last one ends leaves no moment to choose its card
        # tables (tournaments.cards.card_results.choose_card_tables: seated rounds only).
        raise ServiceError(
            _(
                "A mixed event waits for the organizer to choose each round's card tables: "
                "choose “%(choice)s”."
            )
            % {"choice": dict(Event.ADVANCE_CHOICES)[Event.MANUAL]},
            "advance",
        )
    if venue == Event.CARDS and bots_fill:
        # A bot cannot sit at a table of real cards (a mixed event keeps a table with a
        # bot online instead: tournaments.cards.card_results.card_choice_refusal).
        raise ServiceError(
            _(
                "A bot cannot play with real cards: when every table plays with cards, a "
                "player who cannot be seated sits out with a bye (untick “%(label)s”)."
            )
            % {"label": _("Bots fill empty seats")},
            "bots_fill",
        )
    rules = _event_rules(club, rule_set)
    if venue != Event.ONLINE and fmt.card_result == "lives" and rules.county:
        # A card deal's result is lives lost, out at none left (docs/design.md §21); the
        # county's last stage (no lives, still in) is not entered from phones yet.
        raise ServiceError(
            _(
                "A knockout with real cards is played without the county: choose rules "
                "without it, or play online."
            ),
            "venue",
        )
    if fmt.lives_only and rules.scoring != "lives":
        # Deal by deal, lives carry on (knockout) or a deal's cost is compared (duplicate).
        raise ServiceError(
            _("Knockout and duplicate events play rules scored in lives: choose such rules."),
            "rule_set",
        )
    _check_tables(rules, rule_set, table_size, table_min, table_max)
    stored = fmt.options(rounds=rounds, boards=boards, top_q=top_q, table_size=table_size)
    how = _scoring(scoring, place_points)
    tiebreaks = list(default_tiebreaks(venue) if tiebreaks is None else tiebreaks)
    _check_tiebreaks(tiebreaks)
    most = tally.game_maximum(table_size, how)
    if bye_points is None:
        bye_points = most / 2
    if not 0 <= bye_points <= most:
        raise ServiceError(
            _("A bye scores 0 to %(most)s points (a won game).") % {"most": number(most)},
            "bye_points",
        )
    if stand_in_scoring not in dict(Event.STAND_IN_SCORING):
        raise ServiceError(
            _("Choose what a round a bot played for someone scores."), "stand_in_scoring"
        )
    if not fmt.stand_in_scoring_applies:
        # Its rounds score no points of their own (`Format.stand_in_scoring_applies`):
        # stored as played, so its page never claims another policy.
        stand_in_scoring = Event.STAND_IN_PLAYED
    if starts_at is None:
        raise ServiceError(_("Say when the event starts."), "starts_at")
    if registration_opens_at is not None and registration_opens_at >= starts_at:
        raise ServiceError(
            _(
                "Registration opens before the event starts: choose an earlier time, or leave "
                "it blank to open it at once."
            ),
            "registration_opens_at",
        )
    if not 0 <= checkin_minutes <= MAX_CHECKIN_MINUTES:
        raise ServiceError(
            _("Check-in opens 0 to %(most)s minutes before the start.")
            % {"most": MAX_CHECKIN_MINUTES},
            "checkin_minutes",
        )
    if entry not in dict(Event.ENTRY_CHOICES):
        raise ServiceError(_("Choose who may register."), "entry")
    if player_cap is not None and player_cap < 2:
        raise ServiceError(_("A cap of at least two players, or none."), "player_cap")
    if player_cap is not None and stored.rounds > player_cap - 1:
        raise ServiceError(
            _(
                "%(rounds)s rounds for at most %(cap)s players is more than useful: "
                "at most %(most)s."
            )
            % {"rounds": stored.rounds, "cap": player_cap, "most": player_cap - 1},
            "rounds",
        )
    if advance not in dict(Event.ADVANCE_CHOICES):
        raise ServiceError(_("Choose how rounds start."), "advance")
    turn_based.check(fmt, venue=venue, move_hours=move_hours, round_days=round_days)
    turn_timer = games.checked_timer(turn_timer, move_hours)
    assert rule_set is not None  # _event_rules refused None
    with transaction.atomic():
        event = Event.objects.create(
            club=club,
            name=name.strip()[:80],
            description=description,
            format=format,
            venue=venue,
            top_q=stored.top_q,
            created_by=by,
            rule_set=rule_set,
            rules=rules.to_dict(),
            rules_name=rule_set.name,
            rules_preset=rule_set.preset,
            rounds=stored.rounds,
            boards=stored.boards,
            table_size=table_size,
            table_min=table_min,
            table_max=table_max,
            bots_fill=bots_fill,
            bye_points=bye_points,
            scoring=how.method,
            place_points=list(how.place_points),
            stand_in_scoring=stand_in_scoring,
            tiebreaks=tiebreaks,
            starts_at=starts_at,
            checkin_minutes=checkin_minutes,
            entry=entry,
            player_cap=player_cap,
            advance=advance,
            turn_timer=turn_timer,
            move_hours=move_hours,
            round_days=round_days,
            registration_opens_at=registration_opens_at,
        )
        registration.announce(event, timezone.now())
    return event


def rule_sets_for(club: Club) -> list[RuleSet]:
    """What an event of `club` may be played by: the club's own list, then the site's
    rule sets on offer."""
    own = [c.rule_set for c in ClubRuleSet.objects.filter(club=club).select_related("rule_set")]
    seen = {r.pk for r in own}
    return own + [r for r in RuleSet.on_offer() if r.pk not in seen]


def _event_rules(club: Club, rule_set: RuleSet | None) -> Rules:
    if rule_set is None:
        raise ServiceError(_("Choose the rules to play by."), "rule_set")
    allowed = ClubRuleSet.objects.filter(club=club, rule_set=rule_set).exists() or (
        RuleSet.on_offer().filter(pk=rule_set.pk).exists()
    )
    if not allowed:
        raise ServiceError(
            _("“%(name)s” is not one of the club's or the site's rule sets.")
            % {"name": rule_set.title},
            "rule_set",
        )
    try:
        return rule_set.rules()
    except RulesError as error:
        raise ServiceError(refusal(error), "rule_set") from error


def _check_tables(
    rules: Rules, rule_set: RuleSet | None, preferred: int, smallest: int, largest: int
) -> None:
    low, high = seating.MIN_SEATS, seating.MAX_SEATS
    if not low <= smallest <= preferred <= largest <= high:
        raise ServiceError(
            _(
                "Tables seat %(low)s to %(high)s: the smallest table must be no larger than "
                "the preferred size, and the preferred size no larger than the largest."
            )
            % {"low": low, "high": high},
            "table_size",
        )
    if largest > rules.max_players:
        name = rule_set.name if rule_set else _("These rules")
        raise ServiceError(
            _(
                "“%(name)s” seats at most %(most)s players: make the largest table %(most)s "
                "or fewer."
            )
            % {"name": name, "most": rules.max_players},
            "table_max",
        )


def _scoring(method: str, place_points: Sequence[float]) -> tally.Scoring:
    if method not in dict(Event.SCORING_CHOICES):
        raise ServiceError(_("Choose how games score."), "scoring")
    if method == Event.OUTLASTED:
        return tally.Scoring(method=method)
    points = tuple(float(p) for p in place_points)
    if not points or any(p < 0 for p in points):
        raise ServiceError(
            _("Give the points for 1st, 2nd, 3rd… place, none below 0."), "place_points"
        )
    if any(a < b for a, b in zip(points, points[1:], strict=False)):
        raise ServiceError(_("A better place never scores fewer points."), "place_points")
    return tally.Scoring(method=method, place_points=points)


def default_tiebreaks(venue: str) -> list[str]:
    """An event's tie-breaks when its organizer names none: every one, in order, except
    that card tables need not say each seat's lives lost, so "fewest lives lost" is not
    among the defaults of an event with card tables; listed, every card result must
    give them (docs/design.md §21)."""
    return [k for k in tally.TIEBREAKS if venue == Event.ONLINE or k != "lives_lost"]


def _check_tiebreaks(keys: Sequence[str]) -> None:
    unknown = [k for k in keys if k not in tally.TIEBREAKS]
    if unknown or len(set(keys)) != len(keys):
        raise ServiceError(_("Choose each tie-break from the list at most once."), "tiebreaks")


# ---- entries -----------------------------------------------------------------------


def register(*, event: Event, user: Any, token: str | None = None) -> Entry:
    """`user` enters `event`: a club member (or, for an invite-only event, anyone with
    the invite link's `token`), while registration is open and there is room. Once the
    event runs, until half its rounds have started: a late entry, seated from the next
    round, with a bye for each round missed."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError(_("Log in to register."))
    with transaction.atomic():
        event = locked_event(event.pk)
        if event.status == Event.FINISHED:
            raise ServiceError(_("This event is over."))
        if event.status == Event.CANCELLED:
            raise ServiceError(str(CANCELLED))
        if event.registration_open and event.registration_waits():
            raise ServiceError(
                _("Registration opens %(when)s.") % {"when": registration.opening_time(event)}
            )
        if not event.registration_open:
            raise ServiceError(_("Registration for this event is closed."))
        if event.entry == Event.INVITE:
            if token != event.invite_token and not club_access.organizes(user, event.club):
                raise ServiceError(_("This event is by invitation: use the invite link."))
        elif not club_access.is_member(user, event.club):
            raise ServiceError(
                _("Join %(club)s to register for its events.") % {"club": event.club.name}
            )
        entry = Entry.objects.filter(event=event, user=user).first()
        if entry is not None and entry.active:
            raise ServiceError(_("You are already registered."))
        entry = _enter(event, user, entry)
        _reseat_waiting_round(event)
        changed(event)
    return entry


def late_entry_refusal(event: Event) -> str | None:
    """Why no one may enter `event` now (None: they may): it is over, its format takes
    no late entries, or half its rounds have started. Registering, the organizer adding
    a member by hand and the manage page (which then offers no such control) ask here."""
    if event.status == Event.FINISHED:
        return _("This event is over.")
    if event.status == Event.CANCELLED:
        return str(CANCELLED)
    if event.status != Event.RUNNING:
        return None
    if late := formats.of(event).late_entry_refusal:
        return str(late)
    if (next_round_number(event) - 1) * 2 > event.rounds:
        return _("Half the rounds have started: it is too late to join.")
    return None


def _full(event: Event) -> str:
    return ngettext(
        "The event is full (%(cap)s player).",
        "The event is full (%(cap)s players).",
        event.player_cap,
    ) % {"cap": event.player_cap}


def _enter(event: Event, user: Any, entry: Entry | None) -> Entry:
    """`user` enters `event` (the caller holds its lock and checked who may), or
    re-enters after withdrawing (`entry`): the cap and the late-entry rule, then a new
    entry with a bye for each round already played, or the old one registered again."""
    if event.player_cap and _active_entries(event).count() >= event.player_cap:
        raise ServiceError(_full(event))
    if refusal := late_entry_refusal(event):
        raise ServiceError(str(refusal))
    first = next_round_number(event)
    if entry is None:
        entry = Entry.objects.create(event=event, user=user, first_round=first)
        if event.status == Event.RUNNING:
            # A late entry: a bye for each round they could not play.
            Bye.objects.bulk_create(
                Bye(round=r, entry=entry, points=event.bye_points, late=True)
                for r in event.round_set.filter(number__lt=first)
            )
    else:  # rejoining after a withdrawal: the rounds missed score nothing
        entry.status, entry.withdrawn_at, entry.missed_check_in = Entry.REGISTERED, None, False
        entry.save(update_fields=["status", "withdrawn_at", "missed_check_in"])
    return entry


def add_entry(*, event: Event, user: Any, by: Any) -> Entry:
    """An organizer enters a club member by hand (someone at the club night without the
    site open): as registering, whether registration is open or the event is by
    invitation, and with the same late-entry rule (seated from the next round, a bye for
    each round missed; refused where the format takes no late entries)."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        name = user.get_username()
        if not club_access.is_member(user, event.club):
            raise ServiceError(
                _("%(name)s is not a member of %(club)s.") % {"name": name, "club": event.club.name}
            )
        entry = Entry.objects.filter(event=event, user=user).first()
        if entry is not None and entry.active:
            raise ServiceError(_("%(name)s is already in the event.") % {"name": name})
        entry = _enter(event, user, entry)
        _reseat_waiting_round(event)
        changed(event)
    return entry


GUEST_MARKS = frozenset("0123456789 .-")
GUEST_NAME_MAX = 40


def guest_refusal(event: Event) -> str | None:
    """Why `event` takes no guests (None: it does). A guest cannot log in, so cannot
    play a table online: only an event whose every table plays with real cards takes
    them (docs/design.md §21); then the late-entry rule as for anyone."""
    if event.venue != Event.CARDS:
        return _("A guest cannot log in to play online: guests play at events played with cards.")
    return late_entry_refusal(event)


def guest_username(name: str) -> str:
    """The stored name of a guest called `name`: "Anna (guest)", or "Anna (guest 2)"
    when that is taken. Sign-up refuses spaces and brackets (accounts.usernames), so
    no member can ever take it."""
    base = f"{name} (guest)"
    taken = set(
        get_user_model()
        .objects.filter(username__istartswith=f"{name} (guest")
        .values_list("username", flat=True)
    )
    taken_lower = {t.lower() for t in taken}
    if base.lower() not in taken_lower:
        return base
    number = 2
    while f"{name} (guest {number})".lower() in taken_lower:
        number += 1
    return f"{name} (guest {number})"


def _new_guest(name: str) -> Any:
    """The guest's `User`. Two organizers of two events may name an "Anna" at the same
    moment (each holds only their own event's lock): the second's name is taken when
    it saves, so it takes the next number."""
    for _attempt in range(5):
        guest = get_user_model()(username=guest_username(name), is_guest=True, is_active=False)
        guest.set_unusable_password()
        try:
            with transaction.atomic():
                guest.save()
        except IntegrityError:
            continue
        return guest
    raise ServiceError(_("Another guest of that name was just added: try again."), "name")


def add_guest(*, event: Event, by: Any, name: str) -> Entry:
    """An organizer enters a visitor without an account (docs/design.md §21): a new
    `User` marked `is_guest`, named "<name> (guest)", inactive with an unusable
    password (they never log in, so never play online and are never rated), not a club
    member, and their entry as `add_entry` makes one (a late entry: from the next
    round, a bye for each round missed). Only in an upcoming or running event whose
    tables all play with real cards; refused, writing nothing, otherwise."""
    # Compatibility forms (full-width letters) as plain ones, runs of spaces as one.
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not name:
        raise ServiceError(_("Give the guest's name."), "name")
    if len(name) > GUEST_NAME_MAX:
        raise ServiceError(
            _("A guest's name is at most %(most)s characters.") % {"most": GUEST_NAME_MAX},
            "name",
        )
    if not all(c.isalpha() or c in GUEST_MARKS for c in name):
        raise ServiceError(
            _("Use only letters, digits, spaces, . and - in a guest's name."), "name"
        )
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        if refusal := guest_refusal(event):
            raise ServiceError(str(refusal))
        if event.player_cap and _active_entries(event).count() >= event.player_cap:
            raise ServiceError(_full(event))
        guest = _new_guest(name)
        entry = _enter(event, guest, None)
        if event.checkin_minutes and event.status == Event.UPCOMING:
            # The organizer enters them in the room, and they cannot check in
            # themselves: they are here, or the start would withdraw them.
            entry.checked_in_at = timezone.now()
            entry.save(update_fields=["checked_in_at"])
        _reseat_waiting_round(event)
        changed(event)
    return entry


def withdraw(*, event: Event, entry: Entry, by: Any) -> Entry:
    """`entry` leaves `event` (by themselves or an organizer). Their results stand; a
    bot plays their seat in a game being played, and they are seated no more."""
    with transaction.atomic():
        event = locked_event(event.pk)
        if entry.event_id != event.pk:
            raise ServiceError(_("That player is not in this event."))
        if by != entry.user and not club_access.organizes(by, event.club):
            raise ServiceError(_("Only the player or the club's organizers can do that."))
        entry = Entry.objects.get(pk=entry.pk)
        if not entry.active:
            raise ServiceError(
                _("%(name)s has already withdrawn.") % {"name": entry.user.get_username()}
            )
        if event.status == Event.FINISHED:
            raise ServiceError(_("This event is over: its results stand."))
        if event.status == Event.CANCELLED:
            raise ServiceError(str(CANCELLED))
        if refusal := formats.of(event).withdrawal_refusal(entry):
            raise ServiceError(str(refusal))
        entry.status, entry.withdrawn_at = Entry.WITHDRAWN, timezone.now()
        entry.stand_in_round = None  # a bot plays their games to the end now
        entry.save(update_fields=["status", "withdrawn_at", "stand_in_round"])
        for game_id in formats.of(event).games_of(entry):
            games.let_bot_finish(game_id=game_id, user=entry.user)
        _reseat_waiting_round(event)
        changed(event)
    return entry


def check_in(*, event: Event, user: Any) -> Entry:
    """A registered player says they are here, within the check-in window before the
    start. Entries not checked in when the event starts are withdrawn."""
    with transaction.atomic():
        event = locked_event(event.pk)
        entry = Entry.objects.filter(event=event, user=user, status=Entry.REGISTERED).first()
        if entry is None:
            raise ServiceError(_("Register first."))
        if not event.checkin_minutes:
            raise ServiceError(_("This event has no check-in: being registered is enough."))
        opens = event.starts_at - timedelta(minutes=event.checkin_minutes)
        now = timezone.now()
        if event.status != Event.UPCOMING:
            raise ServiceError(_("Check-in has closed: the event has started."))
        if now < opens:
            raise ServiceError(
                ngettext(
                    "Check-in opens %(minutes)s minute before the start.",
                    "Check-in opens %(minutes)s minutes before the start.",
                    event.checkin_minutes,
                )
                % {"minutes": event.checkin_minutes}
            )
        if entry.checked_in_at is None:
            entry.checked_in_at = now
            entry.save(update_fields=["checked_in_at"])
            changed(event)
    return entry


def check_in_for(*, event: Event, entry: Entry, by: Any) -> Entry:
    """An organizer checks `entry` in at the desk (a player in the room without the
    site open, or whose phone is flat). As `check_in`, but also before the check-in
    window opens: the organizer sees them here (docs/design.md §20)."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        found = Entry.objects.select_related("user").filter(pk=entry.pk, event=event).first()
        if found is None:
            raise ServiceError(_("That player is not in this event."))
        name = found.user.get_username()
        if event.status == Event.CANCELLED:
            raise ServiceError(str(CANCELLED))
        if not event.checkin_minutes:
            raise ServiceError(_("This event has no check-in: being registered is enough."))
        if event.status != Event.UPCOMING:
            raise ServiceError(_("Check-in has closed: the event has started."))
        if not found.active:
            raise ServiceError(
                _("%(name)s has withdrawn: add them to the event again first.") % {"name": name}
            )
        if found.checked_in_at is not None:
            raise ServiceError(_("%(name)s has already checked in.") % {"name": name})
        found.checked_in_at = timezone.now()
        found.save(update_fields=["checked_in_at"])
        changed(event)
    return found


def not_checked_in(event: Event) -> list[Entry]:
    """The registered players the event's start would withdraw, by name: those not
    checked in when it has check-in (none when it has not, or has started)."""
    if not event.checkin_minutes or event.status != Event.UPCOMING:
        return []
    return list(
        _active_entries(event)
        .filter(checked_in_at__isnull=True)
        .select_related("user")
        .order_by("user__username")
    )


def set_registration(*, event: Event, by: Any, open: bool) -> Event:
    """The organizer opens registration (now, also when it was to open later) or
    closes it."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        if event.status == Event.FINISHED:
            raise ServiceError(_("This event is over."))
        if event.status == Event.CANCELLED:
            raise ServiceError(str(CANCELLED))
        event.registration_open = open
        if open and event.registration_waits():
            event.registration_opens_at = None
        event.save(update_fields=["registration_open", "registration_opens_at"])
        registration.announce(event, timezone.now())
        changed(event)
    return event


# ---- moving and cancelling (what calendars show: docs/design.md §26) ---------------

CANCELLED = gettext_lazy("This event is cancelled.")


def move_event(*, event: Event, by: Any, starts_at: datetime | None) -> Event:
    """The organizer moves an event that has not started to `starts_at`: calendars
    show the new time as an update of the same entry (`Event.calendar_changed`)."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        _require_not_started(event)
        if starts_at is None:
            raise ServiceError(_("Say when the event starts."), "starts_at")
        if starts_at == event.starts_at:
            raise ServiceError(_("The event already starts then."), "starts_at")
        if event.registration_waits() and event.registration_opens_at >= starts_at:
            raise ServiceError(
                _(
                    "Registration would open after the new start: open it now first, or "
                    "choose a later time."
                ),
                "starts_at",
            )
        event.starts_at = starts_at
        event.calendar_changed()
        event.save(update_fields=["starts_at", *Event.CALENDAR_FIELDS])
        changed(event)
    return event


def cancel_event(*, event: Event, by: Any) -> Event:
    """The organizer calls off an event that has not started. It stays, cancelled: its
    page and the calendars that show it say so, and no one registers or plays."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        _require_not_started(event)
        event.status, event.cancelled_at = Event.CANCELLED, timezone.now()
        event.registration_open = False
        event.calendar_changed()
        event.save(
            update_fields=["status", "cancelled_at", "registration_open", *Event.CALENDAR_FIELDS]
        )
        changed(event)
    return event


def _require_not_started(event: Event) -> None:
    if event.status == Event.CANCELLED:
        raise ServiceError(str(CANCELLED))
    if event.status != Event.UPCOMING:
        raise ServiceError(_("The event has started: its time stays as it was."))


# ---- rounds ------------------------------------------------------------------------


def start_event(*, event: Event, by: Any) -> Round:
    """Close check-in and seat round 1 (`by`: an organizer, or None for the start time
    arriving). The round starts at once when the event advances by itself; otherwise
    the organizer looks at the seating first and starts it."""
    with transaction.atomic():
        event = locked_event(event.pk)
        if by is not None:
            require_organizer(event, by)
        if event.status == Event.CANCELLED:
            raise ServiceError(str(CANCELLED))
        if event.status != Event.UPCOMING:
            raise ServiceError(_("The event has already started."))
        # Who has not checked in is withdrawn, marked so: their own line says why, and
        # they are told (`signals.check_in_missed`; the manage page asks first).
        missed = 0
        if event.checkin_minutes:
            missed = (
                _active_entries(event)
                .filter(checked_in_at__isnull=True)
                .update(status=Entry.WITHDRAWN, withdrawn_at=timezone.now(), missed_check_in=True)
            )
        fmt = formats.of(event)
        fmt.check_field(event, _active_entries(event).count())
        event.status, event.started_at = Event.RUNNING, timezone.now()
        event.save(update_fields=["status", "started_at"])
        round_ = fmt.start(event)
        changed(event)
        if missed:
            send_on_commit(signals.check_in_missed, sender=Event, event_id=event.pk)
    return round_


def start_round(*, round_: Round, by: Any) -> Round:
    """The organizer starts a seated round now. A second press (another browser, the
    schedule) finds it started and is told so."""
    with transaction.atomic():
        event = locked_event(round_.event_id)
        require_organizer(event, by)
        round_ = Round.objects.get(pk=round_.pk)
        if round_.status != Round.SEATED:
            raise ServiceError(
                _("Round %(number)s has already started.") % {"number": round_.number}
            )
        if event.paused:
            raise ServiceError(_("The event is paused: resume it first."))
        start_seated(formats.of(event), event, round_)
        changed(event)
    return round_


def schedule_round(*, round_: Round, by: Any, start_at: datetime | None) -> Round:
    """A seated round starts by itself at `start_at` (None: only when started)."""
    with transaction.atomic():
        event = locked_event(round_.event_id)
        require_organizer(event, by)
        round_ = Round.objects.get(pk=round_.pk)
        if round_.status != Round.SEATED:
            raise ServiceError(
                _("Round %(number)s has already started.") % {"number": round_.number}
            )
        round_.start_at = start_at
        round_.save(update_fields=["start_at"])
        changed(event)
    return round_


def start_round_if_due(*, round_id: int) -> bool:
    """The schedule's: start a seated round whose time has come (the event not paused).
    False, changing nothing, for any other round (started already, not due)."""
    with transaction.atomic():
        locked = _locked_round(round_id)
        if locked is None:
            return False
        event, round_ = locked
        due = round_.start_at is not None and round_.start_at <= timezone.now()
        if round_.status != Round.SEATED or event.paused or not due:
            return False
        start_seated(formats.of(event), event, round_)
        changed(event)
    return True


def swap_seats(*, round_: Round, by: Any, first: RoundSeat, second: RoundSeat) -> None:
    """The organizer exchanges two players (or a player and a bot) of a seated round."""
    with transaction.atomic():
        event = locked_event(round_.event_id)
        require_organizer(event, by)
        round_ = Round.objects.get(pk=round_.pk)
        if round_.status != Round.SEATED:
            raise ServiceError(
                _("Round %(number)s has started: its seats are fixed.") % {"number": round_.number}
            )
        seats = {
            s.pk: s for s in RoundSeat.objects.filter(table__round=round_).select_related("table")
        }
        if first.pk not in seats or second.pk not in seats or first.pk == second.pk:
            raise ServiceError(_("Choose two different seats of this round."))
        a, b = seats[first.pk], seats[second.pk]
        _exchange(a, b)
        # Recorded, so the verify page replays it on the round drawn from the seed (§27).
        SeatSwap.objects.create(
            round=round_,
            order=round_.swaps.count(),
            first_table=a.table.number,
            first_position=a.position,
            second_table=b.table.number,
            second_position=b.position,
            by=by,
        )
        changed(event)


def lock_seat(*, seat: RoundSeat, by: Any, locked: bool) -> None:
    """The organizer fixes a seat of a seated round: reseating (a late entry, a
    withdrawal) keeps whoever sits there in place."""
    with transaction.atomic():
        event = locked_event(seat.table.round.event_id)
        require_organizer(event, by)
        seat = RoundSeat.objects.select_related("table__round").get(pk=seat.pk)
        if seat.table.round.status != Round.SEATED:
            raise ServiceError(_("That round has started: its seats are fixed."))
        seat.locked = locked
        seat.save(update_fields=["locked"])
        changed(event)


def set_paused(*, event: Event, by: Any, paused: bool) -> Event:
    """Pause: games being played go on, but the next round waits. Resume: a seated
    round starts if the event advances by itself."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        if event.status != Event.RUNNING:
            raise ServiceError(_("Only a running event can be paused or resumed."))
        if refusal := formats.of(event).pause_refusal:
            raise ServiceError(str(refusal))
        event.paused = paused
        event.save(update_fields=["paused"])
        waiting = event.round_set.filter(status=Round.SEATED).first()
        if not paused and waiting is not None:
            start_if_automatic(formats.of(event), event, waiting)
        changed(event)
    return event


def correct_result(*, seat: RoundSeat, by: Any, place: int, reason: str) -> Correction:
    """The organizer changes a finished game's place for one seat, with a reason kept
    in the audit log. The standings follow; rounds already seated stay as they are."""
    with transaction.atomic():
        seat = RoundSeat.objects.select_related("table__round", "entry__user").get(pk=seat.pk)
        event = locked_event(seat.table.round.event_id)
        require_organizer(event, by)
        if refusal := formats.of(event).correction_refusal:
            raise ServiceError(str(refusal))
        if seat.table.finished_at is None:
            raise ServiceError(
                _(
                    "The game at table %(table)s is still being played: correct its result "
                    "when it is over."
                )
                % {"table": seat.table.number}
            )
        if seat.entry is None:
            raise ServiceError(_("Bots are not ranked: there is nothing to correct."))
        if not reason.strip():
            raise ServiceError(_("Give the reason for the correction."), "reason")
        size = seat.table.seats.count()
        if not 1 <= place <= size:
            raise ServiceError(
                _("A place at this table is 1 to %(size)s.") % {"size": size}, "place"
            )
        if place == seat.place:
            raise ServiceError(
                _("%(name)s already has place %(place)s.")
                % {"name": seat.entry.user.get_username(), "place": place}
            )
        correction = Correction.objects.create(
            seat=seat, by=by, old_place=seat.place or 0, new_place=place, reason=reason.strip()
        )
        seat.place = place
        seat.save(update_fields=["place"])
        changed(event)
    return correction


def finish_event(*, event: Event, by: Any) -> Event:
    """The organizer ends the event between rounds: a seated round is dropped, the
    standings are final."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        if event.status == Event.FINISHED:
            raise ServiceError(_("The event is already over."))
        if event.status == Event.CANCELLED:
            raise ServiceError(str(CANCELLED))
        playing = event.round_set.filter(status=Round.PLAYING).first()
        if playing is not None:
            raise ServiceError(
                _("Round %(number)s is being played: finish it first.") % {"number": playing.number}
            )
        event.round_set.filter(status=Round.SEATED).delete()
        mark_finished(event)
        changed(event)
    return event


# ---- the club night: a bot for a no-show, a break, announcements ----------------------

MAX_BREAK_MINUTES = 120


def stand_in(*, event: Event, entry: Entry, by: Any, on: bool) -> Entry:
    """The organizer lets a bot play for a player who has not come (`on`), in their
    game(s) of the round being played (or of the round seated and waiting to start,
    from its first move) and in each game the format starts for them
    during it (`tournaments.tables.start_event_game`: a duplicate round's next board; a
    knockout's next deal, as its round is one deal, until the seat is given back); or
    gives them their seat back (off). Not a withdrawal: they stay in the event. They may
    also come back themselves ("I'm back" at their table, `stand_in_ended`). Their seat
    of the round is marked `stood_in` once a bot plays it, and the round scores by the
    event's `stand_in_scoring`."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        found = Entry.objects.select_related("user").filter(pk=entry.pk, event=event).first()
        if found is None:
            raise ServiceError(_("That player is not in this event."))
        entry, name = found, found.user.get_username()
        if event.status != Event.RUNNING:
            raise ServiceError(_("Only while the event runs can a bot play for a player."))
        if not entry.active:
            raise ServiceError(
                _("%(name)s has withdrawn: a bot plays their games to the end.") % {"name": name}
            )
        fmt = formats.of(event)
        # The round being played, or else one seated and waiting to start (its games,
        # when they start, are played for them from the first move).
        current = (
            event.round_set.filter(status=Round.PLAYING).order_by("-number").first()
            or event.round_set.filter(status=Round.SEATED).first()
        )
        standing_in = current is not None and entry.stand_in_round == current.number
        game_ids = fmt.games_of(entry) if current and current.status == Round.PLAYING else []
        if on:
            if current is None:
                raise ServiceError(_("No round is being played or seated."))
            if standing_in:
                raise ServiceError(
                    _("A bot already plays for %(name)s this round.") % {"name": name}
                )
            if current.status == Round.PLAYING and not game_ids:
                raise ServiceError(_("%(name)s has no game in play this round.") % {"name": name})
            if not RoundSeat.objects.filter(table__round=current, entry=entry).exists():
                raise ServiceError(
                    _("%(name)s is not seated in round %(number)s.")
                    % {"name": name, "number": current.number}
                )
            entry.stand_in_round = current.number
        else:
            if not standing_in:
                raise ServiceError(_("No bot plays for %(name)s this round.") % {"name": name})
            entry.stand_in_round = None
        entry.save(update_fields=["stand_in_round"])
        took = [games.stand_in(game_id=game_id, user=entry.user, on=on) for game_id in game_ids]
        if on and any(took):
            # A bot plays for them in this round now: it scores by the event's policy
            # (`RoundSeat.stood_in`, docs/design.md §20), whatever follows: giving the
            # seat back or "I'm back" leaves it, the bot having played a part of it. A
            # seated round's seats are marked as its games start, by `start_event_game`.
            RoundSeat.objects.filter(
                table__round=current, table__finished_at__isnull=True, entry=entry
            ).update(stood_in=True)
        changed(event)
    return entry


def stand_in_ended(*, game_id: int, user_id: int) -> bool:
    """A player a bot stood in for said "I'm back" at a game of an event (games tells,
    `tournaments.receivers`): the stand-in for the round ends, so the next game the
    format starts for them (a board, a deal) is theirs to play. False when there was
    none (not an event's game, no stand-in in the round in play)."""
    with transaction.atomic():
        event_id = formats.event_of_game(game_id)
        if event_id is None:
            return False
        event = locked_event(event_id)
        playing = event.round_set.filter(status=Round.PLAYING).order_by("-number").first()
        if playing is None:
            return False
        ended = Entry.objects.filter(
            event=event, user_id=user_id, stand_in_round=playing.number
        ).update(stand_in_round=None)
        if ended:
            changed(event)
    return bool(ended)


def call_break(*, event: Event, by: Any, minutes: int) -> Event:
    """The organizer calls a break of `minutes` from now: the next round does not start
    before it is over, and starts by itself when it is (a round seated already is
    scheduled for then; a round still being played plays on, and the one after it waits,
    `tournaments.formats.base.start_if_automatic`). The sweep starts it
    (`start_round_if_due`). Refused where the format has no breaks, and in the last
    round (there is no next round to wait for)."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        if event.status != Event.RUNNING:
            raise ServiceError(_("Only a running event takes a break between rounds."))
        fmt = formats.of(event)
        if refusal := fmt.break_refusal:
            raise ServiceError(str(refusal))
        if not 1 <= minutes <= MAX_BREAK_MINUTES:
            raise ServiceError(
                _("A break lasts 1 to %(most)s minutes.") % {"most": MAX_BREAK_MINUTES}, "minutes"
            )
        waiting = event.round_set.filter(status=Round.SEATED).first()
        following = next_round_number(event)
        if waiting is None and fmt.sets_rounds and following > event.rounds:
            raise ServiceError(
                _("Round %(number)s is the last: there is no next round to wait for.")
                % {"number": following - 1}
            )
        event.break_until = timezone.now() + timedelta(minutes=minutes)
        event.save(update_fields=["break_until"])
        if waiting is not None:
            waiting.start_at = event.break_until
            waiting.save(update_fields=["start_at"])
        changed(event)
        news.news_changed(event)  # the players' bars, on every page
    return event


def end_break(*, event: Event, by: Any) -> Event:
    """The organizer calls the break off: a round seated for its end starts now if the
    event advances by itself (and is not paused), else when the organizer starts it."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        if event.break_until is None or event.break_until <= timezone.now():
            raise ServiceError(_("There is no break to end."))
        until, event.break_until = event.break_until, None
        event.save(update_fields=["break_until"])
        waiting = event.round_set.filter(status=Round.SEATED).first()
        if waiting is not None and waiting.start_at == until:
            waiting.start_at = None
            waiting.save(update_fields=["start_at"])
            start_if_automatic(formats.of(event), event, waiting)
        changed(event)
        news.news_changed(event)  # the players' bars, on every page
    return event


MAX_ANNOUNCEMENT = 200


def announce(*, event: Event, by: Any, text: str) -> Announcement:
    """The organizer writes a short line to everyone at the event: shown at the top of
    its pages (`tournaments.news`), pushed to those open now."""
    with transaction.atomic():
        event = locked_event(event.pk)
        require_organizer(event, by)
        text = " ".join(text.split())
        if not text:
            raise ServiceError(_("Write the announcement."), "text")
        if len(text) > MAX_ANNOUNCEMENT:
            raise ServiceError(
                _("An announcement is at most %(most)s characters (%(count)s now).")
                % {"most": MAX_ANNOUNCEMENT, "count": len(text)},
                "text",
            )
        announcement = Announcement.objects.create(event=event, text=text, by=by)
        changed(event)
        news.news_changed(event)  # the players' bars, on every page
        # and their notifications (the app that sends them subscribes).
        send_on_commit(signals.announced, sender=Event, announcement_id=announcement.pk)
    return announcement


# ---- games finishing, and the clock ---------------------------------------------------


def record_table(*, game_id: int) -> bool:
    """The game of one of an event's tables is over: the event's format records it and
    moves the event on (the round's last table: the next round, or the event's end).
    True when this call recorded it; a repeated or late call, or a game still in play,
    changes nothing and returns False. Two calls for the last two tables of a round
    take turns on the event's lock, so the second sees the first's table finished and
    exactly one advances the round."""
    with transaction.atomic():
        event_id = formats.event_of_game(game_id)
        if event_id is None:
            return False
        event = locked_event(event_id)
        if not formats.of(event).record(event, game_id):
            return False
        changed(event)
    return True


def finish_at_deadline(*, round_id: int) -> bool:
    """The sweep's: a turn-based round whose deadline has passed (docs/design.md §25).
    Bots finish every game of it still being played (`games.finish_with_bots`: its
    people are away for good), and the round ends as it always does, when its last
    table is recorded. False, changing nothing, for a round not being played or not
    due, and when every game left is already played by bots: a repeated call, or one
    on two workers at once, does nothing more."""
    with transaction.atomic():
        locked = _locked_round(round_id)
        if locked is None:
            return False
        event, round_ = locked
        due = round_.deadline is not None and round_.deadline <= timezone.now()
        if round_.status != Round.PLAYING or not due:
            return False
        playing = [game_id for game_id, _ in formats.of(event).table_games(round_).values()]
        finished = [games.finish_with_bots(game_id=g) for g in playing if g is not None]
    return any(finished)


def sweep(now: datetime | None = None) -> None:
    """Beat's: tell of registrations whose opening time has come, start events whose
    start time has come, start scheduled rounds, have bots finish turn-based rounds past
    their deadline, and record finished games whose task was lost. Each step is one of
    the idempotent functions above, so a sweep that races a task or another sweep does
    no harm."""
    now = now or timezone.now()
    for event_id in registration.due(now).values_list("pk", flat=True):
        _each_alone(
            partial(open_registration_if_due, event_id=event_id, now=now),
            "open registration",
            event_id,
        )
    for event in Event.objects.filter(status=Event.UPCOMING, starts_at__lte=now):
        _each_alone(partial(start_event, event=event, by=None), "start event", event.pk)
    for round_id in Round.objects.filter(
        status=Round.SEATED, start_at__lte=now, event__paused=False
    ).values_list("pk", flat=True):
        _each_alone(partial(start_round_if_due, round_id=round_id), "start round", round_id)
    for round_id in Round.objects.filter(status=Round.PLAYING, deadline__lte=now).values_list(
        "pk", flat=True
    ):
        _each_alone(partial(finish_at_deadline, round_id=round_id), "end round", round_id)
    for game_id in formats.unrecorded_games():
        _each_alone(partial(record_table, game_id=game_id), "record the game", game_id)


def open_registration_if_due(*, event_id: int, now: datetime) -> bool:
    """The sweep's: an event's registration opening time has passed: mark it, tell
    (`signals.registration_opened`) and redraw its pages, once (`registration.announce`)."""
    with transaction.atomic():
        event = locked_event(event_id)
        if not registration.announce(event, now):
            return False
        changed(event)
    return True


def _each_alone(step: Callable[[], Any], what: str, pk: int) -> None:
    """One step of the sweep, on its own: a refusal (too few players at an event's start
    time: it waits for its organizer, who may finish it) or a failure (a bug: logged)
    leaves it for the next sweep, and the sweep goes on with the others, so one event
    in trouble does not stop every other event's rounds. A step's transaction is
    rolled back when it fails."""
    try:
        step()
    except ServiceError as refused:
        log.debug("sweep: %s %s refused: %s", what, pk, refused)
    except Exception:
        log.exception("sweep: %s %s failed", what, pk)


# ---- the inside ------------------------------------------------------------------------


def _reseat_waiting_round(event: Event) -> None:
    """Entries changed while a round waits to start: seat it again, keeping the locked
    seats where they are. The locked seats are kept on the new round
    (`Round.kept_seats`), so the verify page can draw it again (docs/design.md §27)."""
    waiting = event.round_set.filter(status=Round.SEATED).first()
    if waiting is None:
        return
    locked = [
        [s.table.number, s.position, s.entry_id]
        for s in RoundSeat.objects.filter(
            table__round=waiting, locked=True, entry__status=Entry.REGISTERED
        )
        .select_related("table")
        .order_by("table__number", "position")
    ]
    number, start_at = waiting.number, waiting.start_at
    # The tables the organizer chose to play with cards stay so, by number (§21).
    with_cards = list(waiting.tables.filter(cards=True).values_list("number", flat=True))
    waiting.delete()
    round_ = formats.of(event).seat(event, number)
    round_.start_at, round_.kept_seats = start_at, locked
    round_.save(update_fields=["start_at", "kept_seats"])
    if event.venue == Event.MIXED:
        # Exactly the organizer's choice, rather than what a new round takes from the
        # round before (formats.swiss.rounds).
        round_.tables.exclude(number__in=with_cards).update(cards=False)
        round_.tables.filter(number__in=with_cards).update(cards=True)
    seats = {
        (s.table.number, s.position): s
        for s in RoundSeat.objects.filter(table__round=round_).select_related("table")
    }
    layout = {where: seat.entry_id or f"bot@{where}" for where, seat in seats.items()}
    for target, current in seat_changes.keeping_exchanges(layout, locked):
        _exchange(seats[target], seats[current])
    seated = {seat.entry_id for seat in seats.values()}
    for table, position, entry_id in locked:
        if (table, position) in seats and entry_id in seated:
            RoundSeat.objects.filter(pk=seats[table, position].pk).update(locked=True)


# What both seats hold for a moment while two are exchanged.
_SWAPPING = "medium"


def _exchange(a: RoundSeat, b: RoundSeat) -> None:
    """Swap who sits at two seats of a seated round (a player or a bot each)."""
    a.entry_id, b.entry_id = b.entry_id, a.entry_id
    a.bot_level, b.bot_level = b.bot_level, a.bot_level
    # Through a bot at both first: each entry sits once in a round, so writing one seat
    # while the other still holds its entry could clash.
    RoundSeat.objects.filter(pk__in=[a.pk, b.pk]).update(entry=None, bot_level=_SWAPPING)
    a.save(update_fields=["entry", "bot_level"])
    b.save(update_fields=["entry", "bot_level"])


def next_round_number(event: Event) -> int:
    """The first round a player entering now can be seated in: a round waiting to start
    (it is seated again), else the one after the last."""
    last = event.round_set.order_by("-number").first()
    if last is None:
        return 1
    return last.number if last.status == Round.SEATED else last.number + 1


def _active_entries(event: Event):
    return Entry.objects.filter(event=event, status=Entry.REGISTERED)


def _locked_round(round_id: int) -> tuple[Event, Round] | None:
    """Round `round_id` and its event, the event's row locked and the round read after
    the lock (as the lock's holder left it); None when there is no such round."""
    event_id = Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first()
    if event_id is None:
        return None
    return locked_event(event_id), Round.objects.get(pk=round_id)


def locked_event(event_id: int) -> Event:
    """The event, its row locked until the transaction ends: every change to an event's
    rounds (here and in `tournaments.cards.card_results`) takes turns on it."""
    return Event.objects.select_for_update().select_related("club", "rule_set").get(pk=event_id)


def require_organizer(event: Event, by: Any) -> None:
    """Refuse, with a sentence, anyone who does not organize the event's club."""
    if not club_access.organizes(by, event.club):
        raise ServiceError(_("Only %(club)s's organizers can do that.") % {"club": event.club.name})


def changed(event: Event) -> None:
    """Count the change, and after the commit tell everyone watching the event (the
    standings, the rounds). The count lets a socket that reconnects see whether it
    missed a change (tournaments.consumers)."""
    event_id = event.pk
    Event.objects.filter(pk=event_id).update(live_version=F("live_version") + 1)
    transaction.on_commit(lambda: live.push(event_id))
