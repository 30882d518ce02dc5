"""A Swiss event's rounds drawn again from its revealed seed
(docs/fair-seating.md#drawing-again): each round from the results as they stood when it
was drawn (`results.AsOf`), through the same `rounds.draw` that seated it, then the
organizer's recorded changes, compared seat by seat and bye by bye with what was
recorded and with the games dealt. The lots the standings break their last ties with are
shown as drawn."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.errors import ServiceError
from tournaments import keep_apart, roster
from tournaments.formats import seat_checks
from tournaments.formats.seat_checks import Check
from tournaments.formats.swiss import results, rounds
from tournaments.formats.swiss import standings as tally
from tournaments.formats.words import ROUND_WORDS
from tournaments.models import Bye, Correction, Event, Round
from tournaments.words import ordinal


def seating_checks(event: Event) -> list[Check]:
    """Each round drawn again, then the lots (the Swiss `Format.checks`)."""
    names = seat_checks.entry_names(event)
    found = [check_round(event, round_, names) for round_ in event.round_set.order_by("number")]
    if "lots" in event.tiebreaks:
        found.append(lots_check(event, names))
    return found


def check_round(
    event: Event,
    round_: Round,
    names: Mapping[Hashable, str],
    draw: Callable[[rounds.Inputs], rounds.Drawn] = rounds.draw,
    notes: Callable[[rounds.Drawn], list[str]] | None = None,
) -> Check:
    """Round `round_` drawn again through `draw` (a format on Swiss rounds draws its own
    way: a team battle's) and compared; `notes`, what that format says of the drawing."""
    title = ROUND_WORDS.title(round_.number)
    as_of = results.AsOf.of(round_)
    if as_of is None:
        return seat_checks.unchecked(
            title,
            _("It was seated before rounds kept what their drawing saw: it cannot be drawn again."),
        )
    recorded = seat_checks.recorded_layout(round_)
    byes = Bye.objects.filter(round=round_)
    sat_out = {b.entry_id for b in byes if not b.late}
    late = sorted(names.get(b.entry_id, "?") for b in byes if b.late)
    seated = {who for who in recorded.values() if who != seat_checks.BOT}
    # The round's players are those it seated and those who sat out: everyone registered
    # for it then, in the order they registered.
    players = [e.pk for e in roster.entries(event) if e.pk in seated or e.pk in sat_out]
    check = Check(title)
    apart = keep_apart.recorded(round_)
    given = rounds.inputs(event, round_.number, players, as_of, apart)
    check.lines += input_lines(event, round_, given, as_of, names)
    check.lines += keep_apart.verify_line(apart, names)
    try:
        drawn = draw(given)
    except ServiceError as error:
        check.differ(
            [_("The seed cannot seat the round's players: %(why)s") % {"why": error.message}]
        )
        return check
    expected, said = seat_checks.replay_organizer(
        round_, seat_checks.drawn_layout(drawn.tables), names
    )
    check.lines += said
    check.differ(seat_checks.compare_layouts(expected, recorded, names))
    if notes is not None:
        check.lines += notes(drawn)
    _check_byes(check, drawn.byes, sat_out, late, names)
    games = {t.number: [t.game_id] for t in round_.tables.all() if t.game_id is not None}
    differences, count = seat_checks.compare_games(round_, games, names)
    check.differ(differences)
    check.lines.append(_dealt_line(count, round_.tables.filter(cards=True).count()))
    return check


def _check_byes(
    check: Check,
    drawn: Iterable[int],
    sat_out: set[int],
    late: list[str],
    names: Mapping[Hashable, str],
) -> None:
    """The byes the seed gives against those the round gave, and the late entries'
    byes (not drawn)."""
    if set(drawn) != sat_out:
        want = ", ".join(sorted(names.get(p, "?") for p in drawn)) or _("nobody")
        got = ", ".join(sorted(names.get(p, "?") for p in sat_out)) or _("nobody")
        check.differ(
            [
                _("Byes: the seed gives %(want)s a bye; the round gave %(got)s one.")
                % {"want": want, "got": got}
            ]
        )
    elif sat_out:
        check.lines.append(
            _("Sat out with a bye: %(names)s.")
            % {"names": ", ".join(sorted(names[p] for p in sat_out))}
        )
    if late:
        check.lines.append(
            _("A bye as a late entry (not drawn): %(names)s.") % {"names": ", ".join(late)}
        )


def _dealt_line(count: int, cards: int) -> str:
    """How many games were dealt to the seats as recorded, and how many tables played
    with real cards (none dealt)."""
    if not cards:
        return ngettext(
            "%(count)s game dealt to the seats as recorded.",
            "%(count)s games dealt to the seats as recorded.",
            count,
        ) % {"count": count}
    dealt = ngettext(
        "%(count)s game dealt to the seats as recorded",
        "%(count)s games dealt to the seats as recorded",
        count,
    ) % {"count": count}
    with_cards = ngettext(
        "%(cards)s table played with real cards",
        "%(cards)s tables played with real cards",
        cards,
    ) % {"cards": cards}
    # Translators: two counts of a round's check, "3 games dealt…; 1 table played…".
    return _("%(games)s; %(tables)s.") % {"games": dealt, "tables": with_cards}


def input_lines(
    event: Event,
    round_: Round,
    given: rounds.Inputs,
    as_of: results.AsOf,
    names: Mapping[Hashable, str],
) -> list[str]:
    """What the round was drawn from, in words a person can draw it again from
    (docs/verify-event.md): its players in order, their points before it, and what was
    recorded after it was drawn and so left out."""
    lines = [
        _(
            "Drawn again from the seed “%(seed)s” for its %(count)s players, in the order "
            "they registered: %(names)s."
        )
        % {
            "seed": given.seed,
            "count": len(given.players),
            "names": ", ".join(names.get(p, "?") for p in given.players),
        }
    ]
    if round_.number > 1:
        points = {row.player: row.points for row in given.rows}
        lines.append(
            _("Points before it, as they stood when it was drawn: %(points)s.")
            % {
                "points": ", ".join(
                    f"{names.get(p, '?')} {points.get(p, 0):g}" for p in given.players
                )
            }
        )
    later = Correction.objects.filter(
        seat__table__round__event=event,
        seat__table__round__number__lt=round_.number,
        pk__gt=as_of.corrections,
    ).select_related("seat__table__round", "seat__entry__user")
    for fixed in later.order_by("pk"):
        lines.append(
            _(
                "Corrected after it was drawn, so left out: %(name)s's place in round "
                "%(round)s, %(old)s → %(new)s."
            )
            % {
                "name": fixed.seat.entry.user.get_username(),
                "round": fixed.seat.table.round.number,
                "old": ordinal(fixed.old_place),
                "new": ordinal(fixed.new_place),
            }
        )
    return lines


def lots_check(event: Event, names: Mapping[Hashable, str]) -> Check:
    """The lots the standings break their last ties with: drawn from the event's seed
    (`standings.lots`), and where the final standings used them."""
    everyone = [e.pk for e in roster.entries(event)]
    drawn = tally.lots(everyone, event.seed)
    check = Check(_(tally.TIEBREAKS["lots"]), seat_checks.SHOWN)
    check.lines.append(
        _("Everyone entered, sorted by entry number read as text before the draw: %(names)s.")
        % {"names": ", ".join(f"{names.get(p, '?')} (#{p})" for p in sorted(everyone, key=repr))}
    )
    check.lines.append(
        _("Order drawn from the seed “%(seed)s”: %(order)s.")
        % {
            "seed": event.seed,
            "order": ", ".join(f"{k}. {names.get(p, '?')}" for k, p in enumerate(drawn, start=1)),
        }
    )
    at = list(event.tiebreaks).index("lots")
    decided = [row for row in results.standings(event) if row.tiebreaks[at] is not None]
    if decided:
        check.lines.append(
            _("It decided the final order of: %(names)s.")
            % {"names": ", ".join(f"{names.get(row.player, '?')} ({row.rank})" for row in decided)}
        )
    else:
        check.lines.append(_("No tie in the final standings came down to it."))
    return check
