"""Scoring, tie-breaks and standings of a Swiss tournament at tables of 31
(docs/tournaments.md#pure-parts): pure Python, no models, no I/O (its numbers are
written as `tournaments.words` writes them, the one place that says how).

A round is one whole game per table. What a game gives each seat is its finishing
**place** (1 = best; players who tie share a place and the next place skips: 1, 2, 2,
4), and the standings are a fold over those places, the byes and the event's seed, so a
command can recompute them exactly from stored results.

**Scoring** (`Scoring.method`), the points of one game:

- ``"outlasted"``: one point for every opponent who finished in a worse place, half a
  point for every opponent in the same place. A table of n seats is worth n-1 points
  at most, and its seats share n(n-1)/2 between them.
- ``"places"``: a points vector chosen by the organizer, points for place 1, 2, 3...
  Players who share a place share the average of the places they cover: two tied for
  2nd of four with (4, 2, 1, 0) get (2+1)/2 = 1.5 each. Places beyond the vector score
  0. A game is worth the first entry at most.

Both read only the order of the places (the places a group covers are counted from the
seats ahead of it), so 1, 3, 3 scores like 1, 2, 2. Bots fill seats: they count as
opponents (outlasting a bot earns its point) but are never ranked. A **bye** (no table
in a round) is worth the points the organizer states, out of a stated maximum.

A **stand-in** (the organizer let a bot play for a player who had not come,
docs/tournaments.md#stand-ins) marks that player's seat at the table
(`SeatResult.stood_in`), and what the round gives them is the event's policy (`StandIn`,
`Event.stand_in_scoring`): ``"played"``, the bot's result as if it were theirs;
``"bye"``, a bye's points; ``"zero"``, none. Under "bye" and "zero" the game still counts
as one of theirs (its maximum is in their percentage, the lives the bot lost in their
lives lost, the opponents in their opponents' average), but nothing the bot earned is
theirs: no table win, no outlasted opponents' scores, no head-to-head points. The other
seats of the table are scored as played: outlasting the bot earns its point, and the
stood-in player is an opponent like any other, with their final score as the policy made
it.

A player's **percentage** is their points over the most they could have had (the sum of
their games' and byes' maxima), which compares fields whose tables differ in size.

**Ranking**: points (more is better), then the tie-breaks the organizer picked
(`TIEBREAKS`), in their order, each one deciding only among players still tied on
everything before it. A player's "final score" below is their points in these
standings, byes included, and only human opponents count:

- **Opponents' average** (``opponents_average``): the average final score of the
  opponents met, each meeting counted (an opponent met twice counts twice).
- **Outlasted opponents' scores** (``outlasted_sum``, like Sonneborn-Berger): in every
  game, the final scores of the opponents finished ahead of, plus half the final score
  of those tied with.
- **Table wins** (``table_wins``): games finished in place 1, a shared place 1 included.
- **Fewest lives lost** (``lives_lost``): the rounds lost over all games; fewer is better.
- **Head to head** (``head_to_head``): among the players still tied, the points earned
  in games against each other only: at every table where two or more of them sat, one
  point for each of the others outlasted there, half for each tied with.
- **Drawing lots** (``lots``): a random order drawn from the event's seed (the players
  sorted by their ``repr``, then shuffled by ``random.Random(seed)``), so it is the same
  every time the standings are computed. After lots nobody is tied.

Players still tied after the last tie-break share a rank (1, 2, 2, 4). Withdrawn players
keep their results and are ranked like everyone else; the rows only mark them.

Points are added up as exact fractions, so totals that are equal compare equal (a third
of a point three times is one point), and are handed out as floats.

The words here (the tie-breaks' names, the CSV's headings) are English, marked `N_` for
the catalogue (docs/i18n.md): the pages translate them where they show them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import Generic, TypeVar, cast

from tournaments.formats.swiss.seating import record_meetings
from tournaments.words import format_number

Player = Hashable  # an entry id; bot seats have None
# The players a standings is of, as they are given and come back in its rows (the
# pages give entry ids).
P = TypeVar("P", bound=Hashable)


def N_(text: str) -> str:
    """Marks `text` for the catalogue; the caller translates it (no Django here)."""
    return text


def _same(text: str) -> str:
    return text


OUTLASTED = "outlasted"
PLACES = "places"

# The tie-breaks an organizer picks from, key -> label (the order they are offered in),
# in English: a page shows `gettext(label)`.
TIEBREAKS: Mapping[str, str] = MappingProxyType(
    {
        "opponents_average": N_("Opponents' average"),
        "outlasted_sum": N_("Outlasted opponents' scores"),
        "table_wins": N_("Table wins"),
        "lives_lost": N_("Fewest lives lost"),
        "head_to_head": N_("Head to head"),
        "lots": N_("Drawing lots"),
    }
)
# The tie-breaks whose values depend on who is still tied: shown only for those players.
GROUP_TIEBREAKS = ("head_to_head", "lots")
# The tie-breaks where a lower value ranks higher (the lot drawn first is 1).
FEWER_IS_BETTER = ("lives_lost", "lots")


@dataclass(frozen=True)
class SeatResult:
    player: Player | None  # None for a bot seat
    place: int  # 1 = best, ties share
    lives_lost: int = 0  # rounds lost in that game (what "fewest lives lost" sums)
    stood_in: bool = False  # a bot played for the player (the organizer's stand-in)


# What a round a bot played for a player gives them (`Event.stand_in_scoring`'s values).
STAND_IN_PLAYED = "played"
STAND_IN_BYE = "bye"
STAND_IN_ZERO = "zero"
STAND_IN_POLICIES = (STAND_IN_PLAYED, STAND_IN_BYE, STAND_IN_ZERO)


@dataclass(frozen=True)
class StandIn:
    """The stand-in policy (see the module docstring): `policy` one of
    STAND_IN_POLICIES, `bye_points` what a bye scores (for "bye"). Raises ValueError for
    an unknown policy."""

    policy: str = STAND_IN_PLAYED
    bye_points: float = 0.0

    def __post_init__(self) -> None:
        if self.policy not in STAND_IN_POLICIES:
            raise ValueError(
                f"unknown stand-in policy {self.policy!r}: use one of {STAND_IN_POLICIES}"
            )

    def owns(self, seat: SeatResult) -> bool:
        """Whether what `seat` earned at its table is its player's: always, unless a bot
        stood in for them and the policy does not count its result."""
        return not seat.stood_in or self.policy == STAND_IN_PLAYED

    def points(self, seat: SeatResult, earned: Fraction) -> Fraction:
        """What `seat`'s game scores its player: the one place the policy is applied."""
        if self.owns(seat):
            return earned
        return Fraction(self.bye_points) if self.policy == STAND_IN_BYE else Fraction(0)


AS_PLAYED = StandIn()  # the default: a bot's result counts as the player's


@dataclass(frozen=True)
class TableResult:
    round_no: int
    table_no: int
    seats: tuple[SeatResult, ...]  # in seat order


@dataclass(frozen=True)
class Bye:
    round_no: int
    player: Player
    points: float
    maximum: float  # what the bye counts as out of, for the percentage


@dataclass(frozen=True)
class Scoring:
    """How a game is scored (see the module docstring). Raises ValueError for an unknown
    method, or for "places" without points or with points that rise for a worse place."""

    method: str = OUTLASTED
    place_points: tuple[float, ...] = ()  # for "places": points for place 1, 2, 3...

    def __post_init__(self) -> None:
        if self.method not in (OUTLASTED, PLACES):
            raise ValueError(f"unknown scoring {self.method!r}: use {OUTLASTED!r} or {PLACES!r}")
        points = self.place_points
        if self.method == PLACES and not points:
            raise ValueError("places scoring needs points for place 1 at least, e.g. (4, 2, 1)")
        if any(worse > better for better, worse in itertools.pairwise(points)):
            raise ValueError(f"place points must not rise for a worse place: {points}")


@dataclass(frozen=True)
class Cell:
    """A player's round: their table and place, or None for both on a bye."""

    table_no: int | None
    place: int | None
    points: float
    stood_in: bool = False  # a bot played the game for them


@dataclass(frozen=True)
class Row(Generic[P]):
    rank: int
    player: P
    points: float
    maximum: float
    percentage: float
    games: int  # games played; byes are not games
    byes: int
    table_wins: int
    lives_lost: int
    # The tie-breaks' values, in the order asked; None for head to head and lots when
    # the player was no longer tied with anyone when they applied.
    tiebreaks: tuple[float | int | None, ...]
    cells: dict[int, Cell]  # round_no -> cell
    withdrawn: bool


def _beat(mine: int, theirs: int) -> Fraction:
    """What outlasting one opponent is worth: 1 if they finished worse, 1/2 if level."""
    return Fraction(1) if theirs > mine else Fraction(1, 2) if theirs == mine else Fraction(0)


def _game_points(places: Sequence[int], scoring: Scoring) -> list[Fraction]:
    if any(place < 1 for place in places):
        raise ValueError(f"places start at 1: {list(places)}")
    if scoring.method == OUTLASTED:
        return [
            sum((_beat(mine, theirs) for j, theirs in enumerate(places) if j != i), Fraction(0))
            for i, mine in enumerate(places)
        ]
    vector = [Fraction(p) for p in scoring.place_points]
    vector += [Fraction(0)] * (len(places) - len(vector))
    points = []
    for mine in places:
        ahead = sum(other < mine for other in places)
        level = sum(other == mine for other in places)
        points.append(sum(vector[ahead : ahead + level], Fraction(0)) / level)
    return points


def game_points(places: Sequence[int], scoring: Scoring) -> list[float]:
    """The points of each seat of a game whose seats finished in `places` (bots included:
    they are opponents like anyone else)."""
    return [float(points) for points in _game_points(places, scoring)]


def _game_maximum(seats: int, scoring: Scoring) -> Fraction:
    if scoring.method == OUTLASTED:
        return Fraction(seats - 1)
    return Fraction(scoring.place_points[0])


def game_maximum(seats: int, scoring: Scoring) -> float:
    """The most one seat of a game at `seats` seats can score."""
    return float(_game_maximum(seats, scoring))


def _signed(values: Mapping[Player, Fraction | int], sign: int, player: Player) -> Fraction | int:
    """A tie-break's value for `player`, negated for one where fewer is better."""
    return sign * values[player]


def meetings(tables: Iterable[TableResult]) -> dict[frozenset[Player], int]:
    """How often each pair of human players sat at a table together: the `met` mapping
    of `tournaments.formats.swiss.seating.seat_round`. Bots meet no one."""
    met: dict[frozenset[Player], int] = {}
    humans = ([s.player for s in t.seats if s.player is not None] for t in tables)
    record_meetings(met, humans)
    return met


@dataclass
class _Tally:
    """One player's running totals while the results are read."""

    points: Fraction = Fraction(0)
    maximum: Fraction = Fraction(0)
    games: int = 0
    byes: int = 0
    table_wins: int = 0
    lives_lost: int = 0
    cells: dict[int, Cell] = field(default_factory=dict)


def lots(players: Iterable[Player], seed: int | str) -> list[Player]:
    """The order drawing lots gives `players`: sorted by their ``repr`` first, so that
    the draw does not depend on the order they are given in, then shuffled by
    ``random.Random(seed)``."""
    draw = sorted(players, key=repr)
    random.Random(seed).shuffle(draw)
    return draw


def standings(
    players: Sequence[P],
    tables: Iterable[TableResult],
    byes: Iterable[Bye],
    scoring: Scoring,
    tiebreaks: Sequence[str],
    seed: int | str,
    withdrawn: Collection[Player] = (),
    stand_in: StandIn = AS_PLAYED,
) -> list[Row[P]]:
    """The standings of `players` after the games at `tables` and the `byes`, ranked by
    points and then `tiebreaks` (keys of TIEBREAKS, in order); `seed` draws the lots;
    `stand_in` scores the seats a bot stood in at.
    Every player gets a row, in rank order, players who share a rank in the order of
    `players`. Raises ValueError for an unknown or repeated tie-break, a player listed
    twice, a result or withdrawal naming someone not in `players`, or a player entered
    twice in one round (two tables, or a table and a bye)."""
    order = _checked_order(players, tiebreaks, withdrawn)
    games = list(tables)
    tally = _tally(players, games, byes, scoring, stand_in)
    final = {player: t.points for player, t in tally.items()}
    fixed = _fixed_tiebreaks(players, games, tally, final, stand_in)
    # The fixed tie-breaks are shown for everyone; those that depend on who is tied
    # only for the players still tied when they apply (`_TieBreaks.refine` fills them).
    shown: dict[Player, list[float | int | None]] = {
        p: [_shown_value(fixed[key][p]) if key in fixed else None for key in tiebreaks]
        for p in players
    }
    lot = {player: n for n, player in enumerate(lots(players, seed), start=1)}
    breaks = _TieBreaks(order, games, stand_in, fixed, lot, shown)
    groups = breaks.rank(players, final, tiebreaks)
    # The helpers take any hashable player; the rows hold the very players given (P).
    return cast("list[Row[P]]", _rows(groups, tally, shown, withdrawn))


def _checked_order(
    players: Sequence[Player], tiebreaks: Sequence[str], withdrawn: Collection[Player]
) -> dict[Player, int]:
    """Each player's place in `players` (the order shared ranks keep), once the
    tie-breaks, the players and the withdrawn are known good (see `standings`)."""
    for key in tiebreaks:
        if key not in TIEBREAKS:
            raise ValueError(f"unknown tie-break {key!r}: choose from {', '.join(TIEBREAKS)}")
    if len(set(tiebreaks)) != len(tiebreaks):
        raise ValueError(f"a tie-break is listed twice: {list(tiebreaks)}")
    order = {player: i for i, player in enumerate(players)}
    if len(order) != len(players):
        raise ValueError("a player is listed twice")
    if strangers := [p for p in withdrawn if p not in order]:
        raise ValueError(f"withdrawn {strangers[0]!r} is not in the players")
    return order


class _Entries:
    """Each player's running tally, entered at most once a round."""

    def __init__(self, players: Sequence[Player]) -> None:
        self.tally = {player: _Tally() for player in players}
        self.entered: set[tuple[int, Player]] = set()

    def enter(self, round_no: int, player: Player, where: str) -> _Tally:
        if player not in self.tally:
            raise ValueError(f"{where} names {player!r}, who is not in the players")
        if (round_no, player) in self.entered:
            raise ValueError(f"{player!r} is entered twice in round {round_no}")
        self.entered.add((round_no, player))
        return self.tally[player]


def _tally(
    players: Sequence[Player],
    games: Sequence[TableResult],
    byes: Iterable[Bye],
    scoring: Scoring,
    stand_in: StandIn,
) -> dict[Player, _Tally]:
    """What each player scored at the tables and on byes, round by round."""
    entries = _Entries(players)
    for table in games:
        _enter_table(entries, table, scoring, stand_in)
    for bye in byes:
        mine = entries.enter(bye.round_no, bye.player, f"the bye of round {bye.round_no}")
        mine.points += Fraction(bye.points)
        mine.maximum += Fraction(bye.maximum)
        mine.byes += 1
        mine.cells[bye.round_no] = Cell(None, None, float(bye.points))
    return entries.tally


def _enter_table(
    entries: _Entries, table: TableResult, scoring: Scoring, stand_in: StandIn
) -> None:
    """One game's points, places, wins and lives lost, for each human seat."""
    maximum = _game_maximum(len(table.seats), scoring)
    points = _game_points([seat.place for seat in table.seats], scoring)
    for seat, won in zip(table.seats, points, strict=True):
        if seat.player is None:
            continue
        where = f"table {table.table_no} of round {table.round_no}"
        mine = entries.enter(table.round_no, seat.player, where)
        scored = stand_in.points(seat, won)
        mine.points += scored
        mine.maximum += maximum
        mine.games += 1
        mine.table_wins += seat.place == 1 and stand_in.owns(seat)
        mine.lives_lost += seat.lives_lost
        mine.cells[table.round_no] = Cell(table.table_no, seat.place, float(scored), seat.stood_in)


def _fixed_tiebreaks(
    players: Sequence[Player],
    games: Sequence[TableResult],
    tally: Mapping[Player, _Tally],
    final: Mapping[Player, Fraction],
    stand_in: StandIn,
) -> dict[str, dict[Player, Fraction | int]]:
    """The tie-breaks whose values do not depend on who is tied, per player."""
    opponents = {player: Fraction(0) for player in players}
    met = dict.fromkeys(players, 0)
    outlasted: dict[Player, Fraction | int] = {player: Fraction(0) for player in players}
    for table in games:
        humans = [seat for seat in table.seats if seat.player is not None]
        for a, b in itertools.permutations(humans, 2):
            opponents[a.player] += final[b.player]
            met[a.player] += 1
            if stand_in.owns(a):
                outlasted[a.player] += final[b.player] * _beat(a.place, b.place)
    return {
        "opponents_average": {p: opponents[p] / met[p] if met[p] else Fraction(0) for p in players},
        "outlasted_sum": outlasted,
        "table_wins": {p: tally[p].table_wins for p in players},
        "lives_lost": {p: tally[p].lives_lost for p in players},
    }


def _shown_value(number: Fraction | int) -> float | int:
    return float(number) if isinstance(number, Fraction) else number


@dataclass
class _TieBreaks:
    """Players ranked by points, then each tie-break in turn among those still tied
    (see the module docstring). `shown` gets the values of the tie-breaks that depend
    on who is tied (GROUP_TIEBREAKS) for the players they are applied to."""

    order: Mapping[Player, int]
    games: Sequence[TableResult]
    stand_in: StandIn
    fixed: Mapping[str, Mapping[Player, Fraction | int]]
    lot: Mapping[Player, int]
    shown: Mapping[Player, list[float | int | None]]

    def rank(
        self, players: Sequence[Player], final: Mapping[Player, Fraction], tiebreaks: Sequence[str]
    ) -> list[list[Player]]:
        """The players in runs of equal rank, best first."""
        groups = self.split(list(players), final.__getitem__)
        for k, key in enumerate(tiebreaks):
            groups = [part for group in groups for part in self.refine(group, k, key)]
        return groups

    def refine(self, group: list[Player], k: int, key: str) -> list[list[Player]]:
        """`group`, tied so far, split by the `k`th tie-break, `key`."""
        if len(group) == 1:
            return [group]
        values: Mapping[Player, Fraction | int]
        if key == "head_to_head":
            values = self.head_to_head(group)
        else:
            values = self.fixed.get(key, self.lot)
        if key in GROUP_TIEBREAKS:
            for player in group:
                self.shown[player][k] = _shown_value(values[player])
        sign = -1 if key in FEWER_IS_BETTER else 1
        return self.split(group, partial(_signed, values, sign))

    def head_to_head(self, group: Collection[Player]) -> dict[Player, Fraction | int]:
        """What each of `group` earned against the others of it."""
        earned: dict[Player, Fraction | int] = dict.fromkeys(group, Fraction(0))
        for table in self.games:
            tied = [seat for seat in table.seats if seat.player in earned]
            for a, b in itertools.permutations(tied, 2):
                if self.stand_in.owns(a):
                    earned[a.player] += _beat(a.place, b.place)
        return earned

    def split(
        self, group: list[Player], score: Callable[[Player], Fraction | int]
    ) -> list[list[Player]]:
        """`group` in runs of equal `score`, highest first, each in the players' order."""
        ranked = sorted(group, key=lambda p: (-score(p), self.order[p]))
        return [list(same) for _, same in itertools.groupby(ranked, key=score)]


def _rows(
    groups: list[list[Player]],
    tally: Mapping[Player, _Tally],
    shown: Mapping[Player, list[float | int | None]],
    withdrawn: Collection[Player],
) -> list[Row[Player]]:
    """A row for each player, rank by rank."""
    rows: list[Row[Player]] = []
    for group in groups:
        rank = len(rows) + 1
        for player in group:
            t = tally[player]
            rows.append(
                Row(
                    rank=rank,
                    player=player,
                    points=float(t.points),
                    maximum=float(t.maximum),
                    percentage=float(t.points / t.maximum * 100) if t.maximum else 0.0,
                    games=t.games,
                    byes=t.byes,
                    table_wins=t.table_wins,
                    lives_lost=t.lives_lost,
                    tiebreaks=tuple(shown[player]),
                    cells=dict(sorted(t.cells.items())),
                    withdrawn=player in withdrawn,
                )
            )
    return rows


def _cell(cell: Cell | None, translate: Callable[[str], str] = _same) -> str:
    if cell is None:
        return ""
    if cell.table_no is None:
        return translate(N_("bye (%(points)s)")) % {"points": format_number(cell.points)}
    if cell.stood_in:
        text = N_("T%(table)s P%(place)s (%(points)s), a bot played")
    else:
        text = N_("T%(table)s P%(place)s (%(points)s)")
    return translate(text) % {
        "table": cell.table_no,
        "place": cell.place,
        "points": format_number(cell.points),
    }


def csv_rows(
    rows: Sequence[Row[P]],
    round_count: int,
    tiebreak_labels: Sequence[str],
    name: Callable[[P], str],
    *,
    table_wins: bool = True,
    ranked: bool = True,
    translate: Callable[[str], str] = _same,
) -> list[list[str]]:
    """The standings as CSV rows: a header, then one row per player with their `name`
    (marked "(withdrawn)" when they withdrew). `tiebreak_labels` head the tie-break
    columns, in the order the rows' values are in (TIEBREAKS[key] for each key asked).
    A round's cell reads "T3 P2 (2.5)" (table 3, place 2, 2.5 points), "T3 P2 (1), a bot
    played" (a stand-in's: the points are the policy's), "bye (1)", or is empty.
    Numbers have no trailing ".0"; percentages one decimal, the rest two.
    `table_wins`: a "Table wins" column of its own (False when a tie-break column has
    them already); `ranked`: False leaves the ranks empty (nothing played yet);
    `translate`: how the words are put in the reader's language (gettext; English as
    they are by default)."""
    rounds = range(1, round_count + 1)
    header = [N_("Rank"), N_("Player"), N_("Points"), N_("Percentage"), N_("Games")]
    header += [N_("Table wins")] if table_wins else []
    round_label = translate(N_("Round %(number)s"))
    table = [
        [
            *(translate(word) for word in header),
            *tiebreak_labels,
            *(round_label % {"number": n} for n in rounds),
        ]
    ]
    withdrawn = translate(N_("%(name)s (withdrawn)"))
    for row in rows:
        table.append(
            [
                str(row.rank) if ranked else "",
                withdrawn % {"name": name(row.player)} if row.withdrawn else name(row.player),
                format_number(row.points),
                format_number(row.percentage, 1),
                str(row.games),
                *([str(row.table_wins)] if table_wins else []),
                *("" if value is None else format_number(value) for value in row.tiebreaks),
                *(_cell(row.cells.get(n), translate) for n in rounds),
            ]
        )
    return table
