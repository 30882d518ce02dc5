"""The end of the evening (docs/club-night.md#the-end-of-the-evening): a finished
event's podium and each player's own line in the format's words, the CSV's final or
provisional mark, and the standings' mends (Table wins once, nobody ranked before a game
is over, a knockout winner's lives, the list's heading), for every format, on events
played to their end."""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_duplicate_rounds import duplicate_event, play_everything
from tests.tournaments.test_knockout import field, knockout, play_deal, quick  # noqa: F401
from tests.tournaments.test_knockout import make_event as make_any_event  # noqa: F401
from tests.tournaments.test_services import play_round, register_all
from tests.tournaments.upgrade.reading import page_text
from tournaments import pages, services
from tournaments.formats.duplicate import pages as duplicate_pages
from tournaments.formats.swiss import results
from tournaments.models import Entry, Event, KnockoutPlayer, Round
from tournaments.words import number, ordinal

pytestmark = pytest.mark.django_db


def reader(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text_of(event: Event, user: Any = None) -> str:
    client = reader(user) if user is not None else Client()
    response = client.get(event.get_absolute_url())
    assert response.status_code == 200
    return page_text(response.content.decode())


def csv_of(event: Event) -> list[list[str]]:
    response = Client().get(reverse("tournaments:standings_csv", args=[event.pk]))
    return list(csv.reader(io.StringIO(response.content.decode())))


def podium_lines(text: str) -> list[str]:
    """The podium's steps as the page reads them: "1st eve 4 points"."""
    lines = text.splitlines()
    if "Podium" not in lines:
        return []
    start = lines.index("Podium") + 1
    return lines[start : lines.index("About this event")]


def place(rank: int, ranks: list[int]) -> str:
    return ("=" if Counter(ranks)[rank] > 1 else "") + ordinal(rank)


def expected_podium(rows: list[tuple[int, str, str]]) -> list[str]:
    """(rank, name, score) in the standings' order -> the podium's lines."""
    ranks = [rank for rank, _, _ in rows]
    steps: dict[int, list[tuple[str, str]]] = {}
    for rank, name, score in rows:
        if rank <= 3:
            steps.setdefault(rank, []).append((name, score))
    return [
        f"{place(rank, ranks)} {', '.join(n for n, _ in together)} {together[0][1]}"
        for rank, together in sorted(steps.items())
    ]


def points(value: float) -> str:
    return f"{number(value)} point{'' if value == 1 else 's'}"


def play_knockout(event: Event, capture: Any) -> None:
    for _ in range(100):
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            return
        play_deal(event.round_set.order_by("-number").first(), capture)
    raise AssertionError("the knockout did not end")


# ---- Swiss ---------------------------------------------------------------------------


def test_a_finished_swiss_event_has_a_podium_and_each_player_their_own_line(
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_any_event(
        name="Swiss", rule_set=quick, rounds=2, table_size=3, table_min=3, table_max=3
    )
    players = field[:6]
    register_all(event, players)
    services.start_event(event=event, by=field[0])
    leaving = Entry.objects.get(event=event, user=players[4])
    services.withdraw(event=event, entry=leaving, by=players[4])  # a bot finishes for them
    assert "provisional" in {row[0] for row in csv_of(event)[1:]}
    for number_ in (1, 2):
        play_round(
            Round.objects.get(event=event, number=number_), django_capture_on_commit_callbacks
        )
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    rows = results.standings(event)
    names = {e.pk: e.user.get_username() for e in Entry.objects.filter(event=event)}
    anonymous = text_of(event)
    withdrawn = {leaving.pk: f"{names[leaving.pk]} (withdrawn)"}
    assert podium_lines(anonymous) == expected_podium(
        [
            (row.rank, withdrawn.get(row.player, names[row.player]), points(row.points))
            for row in rows
        ]
    )
    assert podium_lines(anonymous)[0].startswith("1st ")
    ranks = [row.rank for row in rows]
    for row in rows:
        user = Entry.objects.get(pk=row.player).user
        said = (
            f"{place(row.rank, ranks)} of {len(rows)} — {points(row.points)}, "
            f"{number(row.percentage, 1)}% of the points possible."
        )
        text = text_of(event, user)
        if row.player == leaving.pk:
            assert row.withdrawn
            assert f"You withdrew; your games stand: {said}" in text.splitlines()
        else:
            assert f"You finished {said}" in text.splitlines()
        assert "You are registered" not in text
    # The CSV marks every row final, its header first; "Table wins" once (a tie-break).
    table = csv_of(event)
    assert table[0][0] == "Standings" and {row[0] for row in table[1:]} == {"final"}
    assert table[0].count("Table wins") == 1 and "table_wins" in event.tiebreaks
    assert anonymous.splitlines().count("Table wins") == 1
    assert [row[1] for row in table[1:]] == [str(row.rank) for row in rows]


def test_players_who_share_a_place_share_a_step_and_their_line_says_so(
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    """No tie-breaks: the two table winners of one round at two tables of three share
    1st (each has 2 points: a game has one winner), so the next place is 3rd."""
    event = make_any_event(
        name="Ties", rule_set=quick, rounds=1, table_size=3, table_min=3, table_max=3, tiebreaks=[]
    )
    register_all(event, field[:6])
    services.start_event(event=event, by=field[0])
    play_round(Round.objects.get(event=event), django_capture_on_commit_callbacks)
    rows = results.standings(event)
    assert rows[0].rank == rows[1].rank == 1 and rows[2].rank == 3
    names = {e.pk: e.user.get_username() for e in Entry.objects.filter(event=event)}
    steps = podium_lines(text_of(event))
    assert steps[0] == f"=1st {names[rows[0].player]}, {names[rows[1].player]} 2 points"
    assert steps[1].startswith("3rd ") or steps[1].startswith("=3rd ")
    winner = Entry.objects.get(pk=rows[1].player).user
    assert "You finished =1st of 6 — 2 points, 100% of the points possible." in text_of(
        event, winner
    )
    # The push that tells the sockets the event is over carries the podium, to swap in
    # at the top of the page (out of band).
    pushed = pages.render_live(event.pk, AnonymousUser(), change="finished") or ""
    assert '<section id="event-podium"' in pushed and 'hx-swap-oob="true"' in pushed
    assert steps[0].split(" ")[1].rstrip(",") in pushed
    # Without the tie-break, the standings' own Table wins column, once.
    assert csv_of(event)[0].count("Table wins") == 1
    assert text_of(event).splitlines().count("Table wins") == 1


def test_before_a_game_is_over_nobody_is_ranked(
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
) -> None:
    event = make_any_event(name="Early", rule_set=quick, rounds=2, advance=Event.MANUAL)
    players = [field[3], field[1], field[2], field[0]]
    register_all(event, players)
    order = sorted(u.get_username() for u in players)

    def unranked(text: str, me: str = "") -> None:
        lines = text.splitlines()
        note = lines.index("Not ranked until a game of round 1 is over. Registered, by name:")
        shown = [name + (" you" if name == me else "") for name in order]
        assert lines[note + 1 : note + 1 + len(order)] == shown
        assert "Standings after" not in text and "Rank" not in lines
        assert "Podium" not in lines

    unranked(text_of(event))
    services.start_event(event=event, by=field[0])  # round 1 seated, not started
    unranked(text_of(event))
    services.start_round(round_=Round.objects.get(event=event), by=field[0])
    unranked(text_of(event, field[1]), me=field[1].get_username())
    table = csv_of(event)
    assert {row[1] for row in table[1:]} == {""}  # no ranks
    assert {row[0] for row in table[1:]} == {"provisional"}


def test_the_event_list_is_headed_for_every_format(client: Client) -> None:
    text = page_text(client.get(reverse("tournaments:list")).content.decode())
    assert "Swiss tournaments" not in text
    assert "The clubs' tournaments, Swiss, knockout or duplicate" in text


# ---- knockouts -----------------------------------------------------------------------


@pytest.mark.parametrize(("top", "went"), [(0, "out on deal"), (2, "out in round")])
def test_a_finished_knockout_names_its_winner_and_when_each_player_went_out(
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
    top: int,
    went: str,
) -> None:
    event = knockout(make_any_event, quick, field[:7], size=3, top=top)
    services.start_event(event=event, by=field[0])
    assert {row[0] for row in csv_of(event)[1:]} == {"provisional"}
    leaving = Entry.objects.get(event=event, user=field[6])
    services.withdraw(event=event, entry=leaving, by=field[6])
    play_knockout(event, django_capture_on_commit_callbacks)
    players = list(KnockoutPlayer.objects.filter(event=event).select_related("entry__user"))
    ranks = [p.place for p in players]
    assert None not in ranks
    ordered = sorted(players, key=lambda p: (p.place, -p.lives, p.entry_id))

    def score(p: KnockoutPlayer) -> str:
        return "winner" if p.out_deal is None else f"{went} {p.out_deal}"

    anonymous = text_of(event)
    assert podium_lines(anonymous) == expected_podium(
        [(p.place, p.entry.user.get_username(), score(p)) for p in ordered]
    )
    [winner] = [p for p in players if p.out_deal is None]
    assert podium_lines(anonymous)[0] == f"1st {winner.entry.user.get_username()} winner"
    for p in players:
        line = text_of(event, p.entry.user).splitlines()
        said = f"{went} {p.out_deal}: {place(p.place, ranks)} of {len(players)}."
        if p is winner:
            assert "You won the event." in line
        elif p.entry_id == leaving.pk:
            assert f"You withdrew and went {said}" in line
        else:
            assert f"You went {said}" in line
    # The winner's lives as the final game left them: on the county when at 0.
    final = event.round_set.order_by("-number").first().tables.get()
    seats = list(final.seats.order_by("position").values_list("entry_id", flat=True))
    lives = final.game.engine_state().players[seats.index(winner.entry_id)].lives
    assert lives == winner.lives
    shown = f"{lives} (on the county)" if lives == 0 else str(lives)
    lines = anonymous.splitlines()
    row = lines.index("winner", lines.index("Moves"))
    assert lines[row + 1] == shown
    table = csv_of(event)
    assert table[0][:2] == ["Standings", "Place"]
    assert {row[0] for row in table[1:]} == {"final"}


# ---- duplicate -----------------------------------------------------------------------


def test_a_finished_duplicate_event_ranks_by_matchpoints_on_the_podium_and_each_line(
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = duplicate_event(
        make_any_event, rule_set=quick, rounds=2, boards=2, table_size=3, table_min=3, table_max=3
    )
    register_all(event, field[:4])
    before = text_of(event)
    assert "Not ranked until every table has played a board." in before
    services.start_event(event=event, by=field[0])
    assert {row[0] for row in csv_of(event)[1:]} == {"provisional"}
    play_everything(event, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    lines = duplicate_pages.standing_lines(event, None)
    assert all(line.rank is not None for line in lines)
    ranks = [line.rank for line in lines if line.rank is not None]
    assert podium_lines(text_of(event)) == expected_podium(
        [(line.rank or 0, line.name, f"{line.percentage}%") for line in lines]
    )
    for line in lines:
        user = Entry.objects.get(event=event, user__username=line.name).user
        said = (
            f"You finished {place(line.rank or 0, ranks)} of {len(lines)} — {line.percentage}% "
            f"of the matchpoints ({line.matchpoints} of {line.top})."
        )
        assert said in text_of(event, user).splitlines()
    table = csv_of(event)
    assert table[0][:3] == ["Standings", "Rank", "Player"]
    assert {row[0] for row in table[1:]} == {"final"}
