"""Creating an event (docs/tournaments.md): its format, venue, rules, tables, scoring,
tie-breaks, schedule and entry, each checked with a sentence for the field it names,
then written at once with its rules frozen."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import access as club_access
from clubs.models import Club, ClubRuleSet
from games import services as games
from games.engine import Rules, RulesError
from games.errors import ServiceError
from games.models import RuleSet
from games.wording import refusal
from tournaments import entry_conditions, formats, registration
from tournaments.formats.base import Format
from tournaments.formats.swiss import seating
from tournaments.formats.swiss import standings as tally
from tournaments.models import Event
from tournaments.services import turn_based
from tournaments.words import number


def create_event(
    *,
    club: Club,
    by: Any,
    name: str,
    rule_set: RuleSet | None,
    starts_at: datetime | None,
    format: str = Event.SWISS,
    venue: str = Event.ONLINE,
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
    vacation_days: int = 0,
    description: str = "",
    registration_opens_at: datetime | None = None,
    members_only: bool = False,
    rating_min: int | None = None,
    rating_max: int | None = None,
    min_rated_games: int | None = None,
    max_no_shows: int | None = None,
    no_show_window: int | None = None,
    **options: Any,
) -> Event:
    """A new event of `club` in `format`, made by one of its organizers, playing
    `rule_set` (a site rule set on offer, or one on the club's list) frozen as it is now.
    `options`: the formats' own (`tournaments.formats.setup.Option`, by name: `rounds`,
    `boards`, `top_q`), each checked by the format that has it.
    `move_hours` and `round_days`: a turn-based event's hours a move and days a round
    (docs/tournaments.md#turn-based-events), which replace the `turn_timer`.
    Registration opens at `registration_opens_at` (None: at once, and players are told
    so now: `registration.announce`)."""
    if not club_access.organizes(by, club):
        raise ServiceError(_("Only the club's organizers can create its events."))
    if not name.strip():
        raise ServiceError(_("Name the event."), "name")
    fmt = formats.FORMATS.get(format)
    if fmt is None:
        raise ServiceError(_("Choose the event's format."), "format")
    # In this order, so that of several mistakes the form names the same one first.
    _check_venue(fmt, venue, advance=advance, bots_fill=bots_fill)
    rules = _event_rules(club, rule_set)
    _check_rules_fit(fmt, venue, rules)
    _check_tables(rules, rule_set, table_size, table_min, table_max)
    stored = formats.stored_options(fmt, options, table_size)
    how = _scoring(scoring, place_points)
    tiebreaks = list(default_tiebreaks(venue) if tiebreaks is None else tiebreaks)
    _check_tiebreaks(tiebreaks)
    bye_points = _checked_bye_points(bye_points, table_size, how)
    stand_in_scoring = _checked_stand_in_scoring(fmt, stand_in_scoring)
    _check_schedule(starts_at, registration_opens_at, checkin_minutes)
    _check_entry(entry, player_cap, stored["rounds"])
    if advance not in dict(Event.ADVANCE_CHOICES):
        raise ServiceError(_("Choose how rounds start."), "advance")
    turn_based.check(fmt, venue=venue, move_hours=move_hours, round_days=round_days)
    conditions = {
        "rating_min": rating_min,
        "rating_max": rating_max,
        "min_rated_games": min_rated_games or None,
        "max_no_shows": max_no_shows,
        "no_show_window": no_show_window,
    }
    entry_conditions.check(**conditions)
    turn_timer = games.checked_timer(turn_timer, move_hours)
    assert rule_set is not None  # _event_rules refused None
    with transaction.atomic():
        event = Event.objects.create(
            club=club,
            name=name.strip()[:80],
            description=description,
            format=format,
            venue=venue,
            created_by=by,
            rule_set=rule_set,
            rules=rules.to_dict(),
            rules_name=rule_set.name,
            rules_preset=rule_set.preset,
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
            vacation_days=vacation_days if move_hours else 0,
            registration_opens_at=registration_opens_at,
            members_only=members_only,
            **conditions,
            **stored,
        )
        registration.announce(event, timezone.now())
    return event


def _check_venue(fmt: Format, venue: str, *, advance: str, bots_fill: bool) -> None:
    """Where the tables play: a venue the format can play at, and what it asks of the
    rest (a mixed event's rounds wait for the organizer, a card table seats no bot)."""
    if venue not in dict(Event.VENUES):
        raise ServiceError(_("Choose where the tables play."), "venue")
    if venue != Event.ONLINE and fmt.setup.card_tables_refusal is not None:
        raise ServiceError(str(fmt.setup.card_tables_refusal), "venue")
    if venue == Event.MIXED and fmt.setup.mixed_tables_refusal is not None:
        raise ServiceError(str(fmt.setup.mixed_tables_refusal), "venue")
    if venue == Event.MIXED and advance == Event.AUTO:
        # A round that starts as the last one ends leaves no moment to choose its card
        # tables (tournaments.cards.card_tables.choose_card_tables: seated rounds only).
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
        # bot online instead: tournaments.cards.card_tables.card_choice_refusal).
        raise ServiceError(
            _(
                "A bot cannot play with real cards: when every table plays with cards, a "
                "player who cannot be seated sits out with a bye (untick “%(label)s”)."
            )
            % {"label": _("Bots fill empty seats")},
            "bots_fill",
        )


def _check_rules_fit(fmt: Format, venue: str, rules: Rules) -> None:
    """The rules the format can play, at the venue."""
    if venue != Event.ONLINE and (refusal := fmt.card_result.rules_refusal(rules)):
        raise ServiceError(refusal, "venue")
    if refusal := fmt.setup.rules_refusal(rules):
        raise ServiceError(refusal, "rule_set")


def _checked_bye_points(bye_points: float | None, table_size: int, how: tally.Scoring) -> float:
    """What a bye scores: 0 to a won game's points (None: half of them)."""
    most = tally.game_maximum(table_size, how)
    if bye_points is None:
        bye_points = most / 2
    if not 0 <= bye_points <= most:
        raise ServiceError(
            _("A bye scores 0 to %(most)s points (a won game).") % {"most": number(most)},
            "bye_points",
        )
    return bye_points


def _checked_stand_in_scoring(fmt: Format, stand_in_scoring: str) -> str:
    """What a round a bot played for someone scores, as stored."""
    if stand_in_scoring not in dict(Event.STAND_IN_SCORING):
        raise ServiceError(
            _("Choose what a round a bot played for someone scores."), "stand_in_scoring"
        )
    if not fmt.setup.stand_in_scoring_applies:
        # Its rounds score no points of their own (`Setup.stand_in_scoring_applies`):
        # stored as played, so its page never claims another policy.
        return Event.STAND_IN_PLAYED
    return stand_in_scoring


def _check_schedule(
    starts_at: datetime | None, registration_opens_at: datetime | None, checkin_minutes: int
) -> None:
    """The start, registration opening before it, and the check-in window."""
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
    if not 0 <= checkin_minutes <= Event.MAX_CHECKIN_MINUTES:
        raise ServiceError(
            _("Check-in opens 0 to %(most)s minutes before the start.")
            % {"most": Event.MAX_CHECKIN_MINUTES},
            "checkin_minutes",
        )


def _check_entry(entry: str, player_cap: int | None, rounds: int) -> None:
    """Who may register, and a cap the rounds make sense for."""
    if entry not in dict(Event.ENTRY_CHOICES):
        raise ServiceError(_("Choose who may register."), "entry")
    if player_cap is not None and player_cap < 2:
        raise ServiceError(_("A cap of at least two players, or none."), "player_cap")
    if player_cap is not None and rounds > player_cap - 1:
        raise ServiceError(
            _(
                "%(rounds)s rounds for at most %(cap)s players is more than useful: "
                "at most %(most)s."
            )
            % {"rounds": rounds, "cap": player_cap, "most": player_cap - 1},
            "rounds",
        )


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
    give them (docs/club-night.md#card-results)."""
    return [k for k in tally.TIEBREAKS if venue == Event.ONLINE or k != "lives_lost"]


def _check_tiebreaks(keys: Sequence[str]) -> None:
    unknown = [k for k in keys if k not in tally.TIEBREAKS]
    if unknown or len(set(keys)) != len(keys):
        raise ServiceError(_("Choose each tie-break from the list at most once."), "tiebreaks")
