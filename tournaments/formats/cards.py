"""What a card table's result is, in a format (docs/club-night.md#knockouts-with-cards):
the role behind a card table's result page, its checks, the console's line for a version,
and what is recorded. Most formats take a finishing order, a place per seat, as a game's
places (`Places`); a balanced knockout takes the lives each seat lost in one deal
(`tournaments.formats.knockout.cards.Lives`). `tournaments.cards.card_results` and its page
ask `Format.card_result`; they never branch on a format."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Rules
from games.errors import ServiceError
from games.notes import Line
from tournaments.models import CardResult, Event, RoundSeat, RoundTable
from tournaments.words import ordinal

# What a seat's optional score says, by the rules' scoring (games.engine.rules).
SCORE_LABELS = {
    "lives": gettext_lazy("Lives lost"),
    "points": gettext_lazy("Points"),
    "banking": gettext_lazy("Chips"),
}


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
    rounds lost (docs/club-night.md#card-results)."""
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
            return _skipped(place, better)
    if not first_shared and places.count(1) > 1:
        return _("One player wins a game of these rules: give only one seat %(first)s.") % {
            "first": ordinal(1)
        }
    return None


def _skipped(place: int, better: int) -> str:
    """`place` given where `better` seats finished ahead: not the place that follows."""
    if better == 0:
        return _("Someone finished %(first)s: give one seat %(first)s.") % {"first": ordinal(1)}
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


# The most a score may be: what the seats' columns it is recorded in hold on every
# database (`RoundSeat.lives_lost`, a PositiveSmallIntegerField), so a result that was
# accepted can always be recorded (docs/club-night.md#entering-and-confirming).
SCORE_MOST = 32767


def scores_fit(scores: Sequence[int | None]) -> bool:
    """Whether every score of a kept result can be recorded."""
    return all(s is None or 0 <= s <= SCORE_MOST for s in scores)


def checked_scores(scores: Sequence[int | None], size: int) -> list[int | None]:
    if not scores:
        return []
    if len(scores) != size:
        raise ServiceError(
            _("Give a score for each of the %(size)s seats, or none.") % {"size": size}, "scores"
        )
    if any(s is not None and s < 0 for s in scores):
        raise ServiceError(_("A score is 0 or more."), "scores")
    if not scores_fit(scores):
        raise ServiceError(
            _("A score is at most %(most)s.") % {"most": f"{SCORE_MOST:,}"}, "scores"
        )
    return list(scores)


@dataclass(frozen=True)
class Entered:
    """What a player or an organizer entered for a table, as posted."""

    places: Sequence[int] = ()
    scores: Sequence[int | None] = ()
    lives_lost: Sequence[int] = ()
    dealer: int | None = None  # the seat that dealt, if not the one the app named


@dataclass(frozen=True)
class Checked:
    """A result as it is kept (`CardResult`): a place per seat, the scores, the dealer."""

    places: list[int]
    scores: list[int | None]
    dealer: int | None = None


@dataclass
class SeatRow:
    """A seat of the result page's form."""

    position: int  # 0-based
    name: str
    mine: bool
    place: str = ""  # the value shown in its select ("" : none chosen)
    score: str = ""
    lives: int = 0  # a knockout deal: the lives they have, the most they can lose
    dealer: bool = False

    @property
    def lost_choices(self) -> range:
        return range(self.lives + 1)


# A version's line on the result page: the seat as the form numbers it, the name, the
# place (or lives lost) in words, and the score (None: none given).
VersionLine = tuple[int, str, str, int | None]


class Places:
    """A card table's result is its finishing order: a place per seat, and each seat's
    score if the players give it (required where the standings break ties by lives)."""

    # Whether the page's form enters one deal's lives lost (`templates/tournaments/
    # results.html`); a finishing order here.
    deal = False

    def rules_refusal(self, rules: Rules) -> str | None:
        """Why an event with card tables cannot play `rules` (None: it can)."""
        return None

    def read(self, posted: Any, seats: Sequence[RoundSeat]) -> Entered:
        """The result page's form (`posted`: a QueryDict): a place per seat, and the
        optional scores. ServiceError with a sentence for what cannot be read."""
        places: list[int] = []
        scores: list[int | None] = []
        for seat in seats:
            number = {"seat": seat.position + 1}
            given = posted.getlist(f"place_{seat.position}")
            if len(given) > 1:
                raise ServiceError(
                    _("Seat %(seat)s was given %(count)s places: give one.")
                    % {**number, "count": len(given)}
                )
            if not given or not given[0].strip():
                raise ServiceError(_("Give seat %(seat)s's place.") % number)
            try:
                places.append(int(given[0]))
            except ValueError:
                raise ServiceError(_("Seat %(seat)s's place is not a place.") % number) from None
            score = posted.get(f"score_{seat.position}", "").strip()
            try:
                scores.append(int(score) if score else None)
            except ValueError:
                raise ServiceError(
                    _("Seat %(seat)s's score is not a whole number.") % number
                ) from None
        return Entered(places, scores if any(s is not None for s in scores) else [])

    def check(self, event: Event, table: RoundTable, entered: Entered) -> Checked:
        """The result as kept, or a ServiceError on the field it names."""
        size = table.seats.count()
        places = [int(p) for p in entered.places]
        if refusal := places_refusal(places, size, first_shared=shared_first(event)):
            raise ServiceError(refusal, "places")
        scores = checked_scores(entered.scores, size)
        if lives_required(event) and (not scores or None in scores):
            raise ServiceError(
                _("Give each seat's lives lost: this event breaks ties by the fewest lives lost."),
                "scores",
            )
        return Checked(places, scores)

    def same(self, result: CardResult, checked: Checked) -> bool:
        """Whether another player's open version says what `checked` says."""
        return list(result.places) == checked.places

    def lives_lost(self, event: Event, result: CardResult) -> list[int]:
        """The lives lost recorded with a confirmed result: a lives game's rounds lost,
        where the players gave them (what "fewest lives lost" sums); else none."""
        return [int(n or 0) for n in result.scores] if lives_scored(event) else []

    def version_text(self, result: CardResult, names: Sequence[str], by: str = "") -> str:
        """A version in a line, for the console: "p1 1st, p2 2nd, p3 2nd (by p2)" (`by`:
        who entered it, if said otherwise, as "Phone 1": docs/club-night.md#a-tables-own-link)."""
        if not by:
            by = result.submitted_by.get_username() if result.submitted_by else _("someone")
        return _("%(version)s (by %(name)s)") % {"version": self._parts(result, names), "name": by}

    def _parts(self, result: CardResult, names: Sequence[str]) -> str:
        return ", ".join(
            _("%(name)s %(place)s") % {"name": name, "place": ordinal(place)}
            for name, place in zip(names, result.places, strict=False)
        )

    def version_lines(
        self, result: CardResult, seats: Sequence[RoundSeat], names: Sequence[str]
    ) -> list[VersionLine]:
        """A version on the result page, a line a seat."""
        return [place_line(result, seats, names, k) for k in range(len(result.places))]

    def seat_rows(
        self,
        event: Event,
        table: RoundTable,
        seats: Sequence[RoundSeat],
        names: Sequence[str],
        me: int | None,
        posted: Mapping[str, Any],
    ) -> list[SeatRow]:
        """The form's seats, with what was posted (a refused form shown again)."""
        return [
            SeatRow(
                s.position,
                name,
                s.entry is not None and s.entry.user_id == me,
                str(posted.get(f"place_{s.position}", "")),
                str(posted.get(f"score_{s.position}", "")),
            )
            for s, name in zip(seats, names, strict=True)
        ]

    def page(self, event: Event, table: RoundTable, size: int) -> dict[str, Any]:
        """What the result page's form says of itself."""
        return {
            "deal": self.deal,
            "places": [(n, ordinal(n)) for n in range(1, size + 1)],
            "score_label": score_label(event),
            "scores_required": lives_required(event),
        }

    def notes(self, event: Event, table: RoundTable, viewer: Any) -> list[str | Line]:
        """Lines the result page adds for `viewer` about how its players came and went
        (a balanced knockout's moves, docs/club-night.md#moves-on-the-result-page): none here."""
        return []


def place_line(
    result: CardResult, seats: Sequence[RoundSeat], names: Sequence[str], k: int
) -> VersionLine:
    """Seat `k`'s line of a version: its place, and its score if given."""
    scores = result.scores
    return (
        seats[k].position + 1,
        names[k],
        ordinal(result.places[k]),
        scores[k] if k < len(scores) else None,
    )


PLACES = Places()
