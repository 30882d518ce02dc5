"""A duplicate event's rounds and boards checked against its revealed seed and
commitments (docs/fair-seating.md#drawing-again). Round 1 is drawn again from the seed
for the players it seated (`rounds.first_round_tables`); each later round is round 1's
tables rotated (`rounds.later_round_tables`), a player withdrawn by then played by a
bot; the organizer's recorded changes are made on each; each is compared seat by seat
and with the games of its boards. Each round's boards: committed before round 1 started,
each deck hashing to its commitment, and every table dealt that deck."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Deal
from games.shuffles import deck_commitment
from tournaments import keep_apart
from tournaments.formats import seat_checks
from tournaments.formats.duplicate import rounds
from tournaments.formats.seat_checks import BOT, Check
from tournaments.formats.words import ROUND_WORDS
from tournaments.models import Board, BoardPlay, Entry, Event, Round


def seating_checks(event: Event) -> list[Check]:
    names = seat_checks.entry_names(event)
    played = list(event.round_set.order_by("number"))
    first = next((r for r in played if r.number == 1), None)
    found: list[Check] = []
    for round_ in played:
        found.append(check_round(event, round_, first, names))
        found.append(check_boards(event, round_, first))
    return found


def check_round(
    event: Event, round_: Round, first: Round | None, names: Mapping[Hashable, str]
) -> Check:
    title = ROUND_WORDS.title(round_.number)
    recorded = seat_checks.recorded_layout(round_)
    check = Check(title)
    if round_.number == 1 or first is None:
        # The recorded entries (a bot's seat is BOT, a string).
        players = sorted(who for who in recorded.values() if isinstance(who, int))
        apart = keep_apart.recorded(round_)
        tables = rounds.first_round_tables(players, event.table_size, event.seed, apart)
        check.lines.append(
            _(
                "Drawn again from the seed “%(seed)s” for its %(count)s players, in the order "
                "they entered: %(names)s; bots fill the last seats."
            )
            % {
                "seed": f"{event.seed}:duplicate",
                "count": len(players),
                "names": ", ".join(names.get(p, "?") for p in players),
            }
        )
        check.lines += keep_apart.verify_line(apart, names)
    else:
        tables = rounds.later_round_tables(first, round_.number)
        check.lines.append(
            ngettext(
                "Round 1's tables as seated, each player moved %(count)s seat on.",
                "Round 1's tables as seated, each player moved %(count)s seats on.",
                round_.number - 1,
            )
            % {"count": round_.number - 1}
        )
    # A player who had withdrawn when the round was seated is played by a bot.
    gone = set(
        Entry.objects.filter(
            event=event, status=Entry.WITHDRAWN, withdrawn_at__lte=round_.seated_at
        ).values_list("pk", flat=True)
    )
    layout = {
        where: BOT if who in gone else who
        for where, who in seat_checks.drawn_layout(tables).items()
    }
    if gone & set(seat_checks.drawn_layout(tables).values()):
        check.lines.append(
            _("Played by a bot, having withdrawn: %(names)s.")
            % {"names": ", ".join(sorted(names.get(p, "?") for p in gone))}
        )
    expected, said = seat_checks.replay_organizer(round_, layout, names)
    check.lines += said
    check.differ(seat_checks.compare_layouts(expected, recorded, names))
    games: dict[int, list[int]] = {}
    for number, game_id in (
        BoardPlay.objects.filter(table__round=round_, game__isnull=False)
        .order_by("table__number", "board__number")
        .values_list("table__number", "game_id")
    ):
        games.setdefault(number, []).append(game_id)
    differences, count = seat_checks.compare_games(round_, games, names)
    check.differ(differences)
    check.lines.append(
        ngettext(
            "%(count)s board game dealt to the seats as recorded.",
            "%(count)s board games dealt to the seats as recorded.",
            count,
        )
        % {"count": count}
    )
    return check


def check_boards(event: Event, round_: Round, first: Round | None) -> Check:
    """The round's boards: each committed to before round 1 started, its revealed deck
    and salt hashing to its commitment, and every table's game of it dealt that deck."""
    check = Check(_("Boards of round %(number)s") % {"number": round_.number})
    boards = list(Board.objects.filter(event=event, round_number=round_.number).order_by("number"))
    if len(boards) != event.boards:
        check.differ(
            [
                _("The round has %(count)s boards; the event plays %(boards)s.")
                % {"count": len(boards), "boards": event.boards}
            ]
        )
    began = first.started_at if first is not None else None
    times = [b.committed_at for b in boards]
    if began is None or any(t is None for t in times):
        check.lines.append(
            _(
                "When its boards were committed to is not known (the event started before "
                "all boards were drawn at its start)."
            )
        )
    elif late := [b.number for b, t in zip(boards, times, strict=True) if t and t > began]:
        check.differ(
            [
                _("Board %(number)s was committed to after round 1 started.") % {"number": n}
                for n in late
            ]
        )
    else:
        check.lines.append(
            ngettext(
                "%(count)s board, committed to before round 1 started.",
                "%(count)s boards, all committed to before round 1 started.",
                len(boards),
            )
            % {"count": len(boards)}
        )
    dealt = {
        (d.game_id, d.purpose): d.deck
        for d in Deal.objects.filter(
            game__board_play__board__in=boards, round_no=1, purpose=Deal.ROUND
        )
    }
    for board in boards:
        if deck_commitment(board.salt, board.deck) != board.commitment:
            check.differ(
                [
                    _("Board %(number)s: its deck and salt do not hash to its commitment.")
                    % {"number": board.number}
                ]
            )
        for play in board.plays.select_related("table").exclude(game=None):
            if dealt.get((play.game_id, Deal.ROUND)) != board.deck:
                check.differ(
                    [
                        _("Board %(number)s: table %(table)s's game was dealt another deck.")
                        % {"number": board.number, "table": play.table.number}
                    ]
                )
    if check.outcome == seat_checks.MATCHES:
        check.lines.append(_("Every deck hashes to its commitment, and every table was dealt it."))
    return check
