"""What the formats' seating checks share (docs/fair-seating.md#drawing-again): a round drawn
again from the revealed seed is a `Check`; the layout a round recorded, the organizer's recorded
changes replayed on a layout (`tournaments.fairness.seat_changes`), layouts compared seat by seat
in sentences, and the games compared with the seats they were dealt to. Each format draws its own
rounds again (`Format.checks`) with these; `tournaments.verify` puts the report together.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import GamePlayer
from tournaments.fairness import seat_changes
from tournaments.fairness.seat_changes import Where
from tournaments.models import Event, Round, RoundSeat, SeatSwap
from tournaments.words import table_seat

MATCHES = "matches"
DIFFERS = "differs"
UNCHECKED = "unchecked"  # cannot be drawn again: the reason is its first line
SHOWN = "shown"  # what the seed drew, shown (nothing recorded to compare it with)

BOT = "bot"  # who sits at a bot's seat, in a layout: any bot is as good as another
Occupant = Hashable  # an entry id, or BOT
# How many differences a check lists before it counts the rest.
MOST_LISTED = 12


@dataclass
class Check:
    """One round (or the boards, or the lots) drawn again: what was compared and what
    the organizer's recorded changes were (`lines`), and each way it differs."""

    title: str
    outcome: str = MATCHES
    lines: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)

    def differ(self, sentences: Iterable[str]) -> None:
        self.differences.extend(sentences)
        if self.differences:
            self.outcome = DIFFERS

    @property
    def listed(self) -> list[str]:
        """The differences, the first MOST_LISTED and a count of the rest."""
        shown = self.differences[:MOST_LISTED]
        if (rest := len(self.differences) - len(shown)) > 0:
            shown.append(
                ngettext("… and %(rest)s more.", "… and %(rest)s more.", rest) % {"rest": rest}
            )
        return shown

    @property
    def verdict(self) -> str:
        """ "matches", "differs", "cannot be checked", "drawn from the seed" """
        return {
            MATCHES: _("matches"),
            DIFFERS: _("differs"),
            UNCHECKED: _("cannot be checked"),
            SHOWN: _("drawn from the seed"),
        }[self.outcome]


def unchecked(title: str, reason: str) -> Check:
    return Check(title, UNCHECKED, [reason])


def entry_names(event: Event) -> dict[Hashable, str]:
    """Each entry's name by id, and a bot's."""
    names: dict[Hashable, str] = {
        e.pk: e.user.get_username() for e in event.entries.select_related("user")
    }
    names[BOT] = _("a bot")
    return names


def recorded_layout(round_: Round) -> dict[Where, Occupant]:
    """Who the round seated where, as recorded: (table number, position) to an entry id
    or BOT."""
    return {
        (s.table.number, s.position): s.entry_id if s.entry_id is not None else BOT
        for s in RoundSeat.objects.filter(table__round=round_).select_related("table")
    }


def drawn_layout(tables: Sequence[Sequence[Hashable]]) -> dict[Where, Occupant]:
    """A drawing's tables (numbered from 1, each seat an entry id or a bot's token, a
    string) as a layout."""
    return {
        (number, position): BOT if isinstance(who, str) else who
        for number, table in enumerate(tables, start=1)
        for position, who in enumerate(table)
    }


def seat_name(where: Where) -> str:
    return table_seat(where[0], where[1] + 1)


def replay_organizer(
    round_: Round, layout: dict[Where, Occupant], names: Mapping[Hashable, str]
) -> tuple[dict[Where, Occupant], list[str]]:
    """`layout` (the round as drawn from the seed) with the organizer's recorded changes
    made on it as the services made them: the seats kept in place when the round was
    drawn again, then the swaps in order; and a sentence for each change."""
    now = dict(layout)
    said: list[str] = []
    kept = [list(k) for k in round_.kept_seats or []]
    # Bots' seats as distinct tokens while keeping: none is ever a kept player.
    tokens = {where: who if who != BOT else f"bot@{where}" for where, who in now.items()}
    for a, b in seat_changes.keeping_exchanges(tokens, kept):
        seat_changes.exchange(now, a, b)
    for table, position, entry_id in kept:
        said.append(
            _(
                "When the round was drawn again, the organizer kept %(name)s in place at "
                "%(seat)s (a locked seat)."
            )
            % {"name": names.get(entry_id, "?"), "seat": seat_name((table, position))}
        )
    for swap in SeatSwap.objects.filter(round=round_).order_by("order"):
        a = (swap.first_table, swap.first_position)
        b = (swap.second_table, swap.second_position)
        said.append(
            _(
                "Before it started, the organizer swapped %(a)s and %(b)s (%(a_name)s and "
                "%(b_name)s)."
            )
            % {
                "a": seat_name(a),
                "b": seat_name(b),
                "a_name": names.get(now.get(a), _("nobody")),
                "b_name": names.get(now.get(b), _("nobody")),
            }
        )
        if a in now and b in now:
            seat_changes.exchange(now, a, b)
    return now, said


def compare_layouts(
    expected: Mapping[Where, Occupant],
    recorded: Mapping[Where, Occupant],
    names: Mapping[Hashable, str],
) -> list[str]:
    """A sentence for each seat where the round recorded someone else than `expected`."""
    out = []
    for where in sorted(set(expected) | set(recorded)):
        want, got = expected.get(where), recorded.get(where)
        if want == got:
            continue
        values = {
            "table": where[0],
            "seat": where[1] + 1,
            "want": names.get(want, "?"),
            "got": names.get(got, "?"),
        }
        if want is None:
            text = _(
                "Table %(table)s, seat %(seat)s: the round seated %(got)s; the seed gives no "
                "such seat."
            )
        elif got is None:
            text = _(
                "Table %(table)s, seat %(seat)s: the seed seats %(want)s; the round has no "
                "such seat."
            )
        else:
            text = _(
                "Table %(table)s, seat %(seat)s: the seed seats %(want)s, the round seated %(got)s."
            )
        out.append(text % values)
    return out


def compare_games(
    round_: Round, games: Mapping[int, Sequence[int]], names: Mapping[Hashable, str]
) -> tuple[list[str], int]:
    """Whether each game of the round (`games`: its ids by table number) was dealt to
    the people the round seated at its table, in seat order (a bot's seat to a bot):
    the differences, and how many games were compared."""
    seats: dict[int, list[RoundSeat]] = {}
    for seat in (
        RoundSeat.objects.filter(table__round=round_)
        .select_related("table", "entry")
        .order_by("table__number", "position")
    ):
        seats.setdefault(seat.table.number, []).append(seat)
    wanted_games = [g for ids in games.values() for g in ids]
    played: dict[int, list[int | None]] = {}
    for game_id, user_id in (
        GamePlayer.objects.filter(game_id__in=wanted_games)
        .order_by("game_id", "position")
        .values_list("game_id", "user_id")
    ):
        played.setdefault(game_id, []).append(user_id)
    by_user = {s.entry.user_id: s.entry_id for sat in seats.values() for s in sat if s.entry}

    def named(user_id: int | None) -> str:
        if user_id is None:
            return names[BOT]
        return names.get(by_user.get(user_id, -1), _("someone not seated at this table"))

    out = []
    for number, ids in sorted(games.items()):
        want = [s.entry.user_id if s.entry else None for s in seats.get(number, [])]
        for game_id in ids:
            got = played.get(game_id, [])
            if got != want:
                who = ", ".join(named(u) for u in got) or _("nobody")
                out.append(
                    _("Table %(table)s's game %(game)s was dealt to %(who)s, in that order.")
                    % {"table": number, "game": game_id, "who": who}
                )
    return out, len(wanted_games)
