"""A knockout's deals (or a top-q knockout's rounds) drawn again from its revealed seed
(docs/fair-seating.md#drawing-again). The first is the opening layout
(`balancing.first_tables`) of the players who started; each next one follows from the
one before and its recorded results: a balanced knockout's balancing
(`balancing.balance`) after the players out left, its moves compared one by one with the
moves recorded, or a top-q round's cut (`balancing.top_q`) and a fresh layout of who
went through. Each is compared seat by seat, with the dealer the layout names, and with
the games dealt."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import GameEvent
from tournaments import keep_apart
from tournaments.formats import seat_checks
from tournaments.formats.knockout import balancing
from tournaments.formats.knockout.rounds import played_layout
from tournaments.formats.knockout.words import KnockoutWords
from tournaments.formats.seat_checks import Check
from tournaments.models import CardResult, Entry, Event, KnockoutMove, KnockoutPlayer, Round
from tournaments.words import table_seat


@dataclass
class Next:
    """The layout the next round or deal should have, as drawn again after `round_`, with
    what the drawing said and where its recorded steps (the moves) differ."""

    tables: tuple[balancing.Table[int], ...]
    lines: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)


# Draws the layout after a round from its results: None when the event ends with it.
Following = Callable[[Event, Round, Mapping[Hashable, str]], Next | None]


@dataclass(frozen=True)
class KnockoutChecks:
    """A knockout's `Format.checks`, in its `words`: the first deal or round drawn from
    `first_seed(event)`, each next by `following`."""

    words: KnockoutWords
    first_seed: Callable[[Event], str]
    following: Following

    def seating_checks(self, event: Event) -> list[Check]:
        """Every deal or round drawn again."""
        first_seed = self.first_seed(event)
        names = seat_checks.entry_names(event)
        players = KnockoutPlayer.objects.filter(event=event).select_related("entry")
        order = [
            p.entry_id for p in sorted(players, key=lambda p: (p.entry.registered_at, p.entry_id))
        ]
        rounds = list(event.round_set.order_by("number"))
        if not rounds:
            return []
        found: list[Check] = []
        apart = keep_apart.recorded(rounds[0])
        step: Next | None = Next(
            balancing.first_tables(order, event.table_size, first_seed, apart),
            [
                _(
                    "The opening layout from the seed “%(seed)s”, of the %(count)s players who "
                    "started, in the order they registered: %(names)s."
                )
                % {
                    "seed": first_seed,
                    "count": len(order),
                    "names": ", ".join(names.get(p, "?") for p in order),
                },
                *keep_apart.verify_line(apart, names),
            ],
        )
        for round_ in rounds:
            title = self.words.title(round_.number)
            if step is None:
                check = Check(title)
                check.differ(
                    [_("The results before it ended the event: the seed gives no such round.")]
                )
                found.append(check)
                continue
            found.append(_compare(round_, title, step, names))
            step = self.following(event, round_, names)
        if step is not None and event.status == Event.FINISHED:
            found[-1].differ([_("The results say the event goes on after it, but it ended here.")])
        return found


def _compare(round_: Round, title: str, step: Next, names: Mapping[Hashable, str]) -> Check:
    check = Check(title, lines=list(step.lines))
    check.differ(step.differences)
    expected = {
        (table.number, seat): player
        for table in step.tables
        for seat, player in enumerate(table.seats)
        if player is not None
    }
    check.differ(seat_checks.compare_layouts(expected, seat_checks.recorded_layout(round_), names))
    check.differ(_dealers(round_, step.tables, check.lines))
    games = {t.number: [t.game_id] for t in round_.tables.all() if t.game_id is not None}
    differences, count = seat_checks.compare_games(round_, games, names)
    check.differ(differences)
    check.lines.append(
        ngettext(
            "%(count)s game dealt to the seats as recorded.",
            "%(count)s games dealt to the seats as recorded.",
            count,
        )
        % {"count": count}
    )
    return check


def _dealers(round_: Round, tables: Sequence[balancing.Table[int]], lines: list[str]) -> list[str]:
    """Whether each table was dealt by the player after its button, as the layout says:
    an online table's first dealer is in its game's log; a card table's is the one the
    app named, unless the players said another dealt (their result records it)."""
    wanted = {t.number: t.next_dealer() for t in tables}
    round_tables = list(round_.tables.prefetch_related("seats"))
    chosen = dict(
        GameEvent.objects.filter(
            game_id__in=[t.game_id for t in round_tables if t.game_id], kind="dealer_chosen"
        ).values_list("game_id", "data")
    )
    said = {
        r.round_table_id: r.dealer
        for r in CardResult.objects.filter(
            round_table__round=round_, status=CardResult.CONFIRMED, dealer__isnull=False
        )
    }
    out = []
    for table in round_tables:
        positions = sorted(s.position for s in table.seats.all())
        if table.game_id is not None and table.game_id in chosen:
            dealt: int | None = positions[chosen[table.game_id]["dealer"]]
        elif table.pk in said:
            lines.append(
                _(
                    "At table %(table)s the players said seat %(seat)s dealt (recorded with "
                    "their result): who the site named is not kept."
                )
                % {"table": table.number, "seat": said[table.pk] + 1}
            )
            continue
        else:
            dealt = table.dealer
        if dealt != wanted.get(table.number):
            want = wanted.get(table.number)
            out.append(
                _("Table %(table)s: the seed has seat %(want)s deal first; seat %(dealt)s did.")
                % {
                    "table": table.number,
                    "want": "?" if want is None else want + 1,
                    "dealt": "?" if dealt is None else dealt + 1,
                }
            )
    return out


# ---- a balanced knockout: the balancing after each deal --------------------------------------


def balanced(event: Event, round_: Round, names: Mapping[Hashable, str]) -> Next | None:
    """The layout of deal n+1: deal n's tables as played (their buttons the dealers),
    without the players out on it, balanced (`balancing.balance`, seeded by the event's
    seed and n) with each player's moves so far; its moves compared with those
    recorded."""
    n = round_.number
    players = list(KnockoutPlayer.objects.filter(event=event))
    left = [p for p in players if p.out_deal is None or p.out_deal > n]
    if len(left) <= 1:
        return None
    gone = [p.entry_id for p in players if p.out_deal == n]
    layout = [
        played_layout(event, table)
        for table in round_.tables.select_related("game", "table").order_by("number")
    ]
    tables = balancing.remove_players(layout, gone)
    moved: dict[int, int] = {}
    for entry_id in KnockoutMove.objects.filter(event=event, after_deal__lt=n).values_list(
        "entry_id", flat=True
    ):
        moved[entry_id] = moved.get(entry_id, 0) + 1
    seed = f"{event.seed}:{n}"
    apart = _apart_after(event, n)
    try:
        result = balancing.balance(tables, moved, seed=seed, apart=apart)
    except ValueError as error:
        return Next(
            (),
            differences=[
                _("The seed cannot balance the tables after deal %(deal)s: %(why)s")
                % {"deal": n, "why": error}
            ],
        )
    out = Next(result.tables, keep_apart.verify_line(apart, names))
    out.lines.insert(
        0,
        ngettext(
            "After deal %(deal)s (%(out)s out: %(names)s), the tables balanced again from the "
            "seed “%(seed)s”: %(count)s move.",
            "After deal %(deal)s (%(out)s out: %(names)s), the tables balanced again from the "
            "seed “%(seed)s”: %(count)s moves.",
            len(result.moves),
        )
        % {
            "deal": n,
            "out": len(gone),
            "names": ", ".join(sorted(names.get(p, "?") for p in gone)) or _("nobody"),
            "seed": seed,
            "count": len(result.moves),
        },
    )
    recorded = [
        (m.entry_id, m.from_table, m.from_seat, m.to_table, m.to_seat, m.reason)
        for m in KnockoutMove.objects.filter(event=event, after_deal=n).order_by("order")
    ]
    drawn = [
        (m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.reason) for m in result.moves
    ]
    for k in range(max(len(drawn), len(recorded))):
        want = drawn[k] if k < len(drawn) else None
        got = recorded[k] if k < len(recorded) else None
        if want != got:
            out.differences.append(
                _(
                    "Move %(number)s after deal %(deal)s: the seed moves %(want)s; the event "
                    "recorded %(got)s."
                )
                % {
                    "number": k + 1,
                    "deal": n,
                    "want": _move(want, names),
                    "got": _move(got, names),
                }
            )
    return out


def _move(move: tuple[int, int, int, int, int, str] | None, names: Mapping[Hashable, str]) -> str:
    if move is None:
        return _("none")
    player, from_table, from_seat, to_table, to_seat, _reason = move
    return _("%(name)s from %(from)s to %(to)s") % {
        "name": names.get(player, "?"),
        "from": table_seat(from_table, from_seat + 1),
        "to": table_seat(to_table, to_seat + 1),
    }


# ---- a top-q knockout: who goes through, seated afresh ------------------------------------------


def top_q(event: Event, round_: Round, names: Mapping[Hashable, str]) -> Next | None:
    """The layout of round n+1: the cut of round n's tables by their recorded places
    (`balancing.top_q`, q lowered to one less than the smallest table; a player who had
    withdrawn by the round's end goes no further), those through seated afresh from the
    seed and n+1 (`balancing.first_tables`). None after the final."""
    n = round_.number
    tables = []
    for table in round_.tables.prefetch_related("seats").order_by("number"):
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        tables.append([(s.entry_id, s.place or len(seats)) for s in seats])
    if len(tables) <= 1:
        return None
    withdrawn = Entry.objects.filter(event=event, status=Entry.WITHDRAWN)
    if round_.finished_at is not None:  # by the round's end (it always has one once over)
        withdrawn = withdrawn.filter(withdrawn_at__lte=round_.finished_at)
    gone = set(withdrawn.values_list("pk", flat=True))
    q = min(event.top_q, min(len(row) for row in tables) - 1)
    ranked = [[(p, len(row) + 1 if p in gone else place) for p, place in row] for row in tables]
    cut = balancing.top_q(ranked, q)
    if len(cut.through) <= 1:
        return None
    seed = f"{event.seed}:{n + 1}"
    apart = _apart_after(event, n)
    out = Next(
        balancing.first_tables(list(cut.through), event.table_size, seed, apart),
        keep_apart.verify_line(apart, names),
    )
    out.lines.insert(
        0,
        _(
            "The top %(q)s of each table of round %(round)s went through (%(names)s), seated "
            "afresh from the seed “%(seed)s”."
        )
        % {
            "q": q,
            "round": n,
            "names": ", ".join(names.get(p, "?") for p in cut.through),
            "seed": seed,
        },
    )
    return out


def _apart_after(event: Event, n: int) -> list[tuple[int, int]]:
    """The keep-apart pairs the seating after deal or round `n` honoured: recorded with
    the round it seated (none when the event ended there)."""
    following = Round.objects.filter(event=event, number=n + 1).first()
    return keep_apart.recorded(following) if following is not None else []
