"""Provably fair seating (docs/fair-seating.md): an event commits to its seed when it is
created, reveals it when it ends, and every round of a finished Swiss, duplicate,
knockout and top-q event is drawn again from the seed and the recorded results and
matches what was played — with the organizer's swaps, locked seats, late entries,
withdrawals and corrections replayed. A seating or seed changed behind the app's back is
reported as a difference, and the seed shows nowhere before the end."""

from __future__ import annotations

import hashlib
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.models import RuleSet
from tests.tournaments.cards.test_card_knockouts import make as make_card_knockout
from tests.tournaments.cards.test_card_knockouts import nine, two_lives  # noqa: F401
from tests.tournaments.test_duplicate_rounds import duplicate_event, play_everything
from tests.tournaments.test_duplicate_rounds import start as start_duplicate
from tests.tournaments.test_knockout import field, knockout, play_to_the_end, quick  # noqa: F401
from tests.tournaments.test_knockout import make_event as make_any_event  # noqa: F401
from tests.tournaments.test_services import play_round, register_all
from tournaments import pages, services, verify
from tournaments.cards import card_results
from tournaments.fairness import commitment
from tournaments.formats.duplicate import rounds as duplicate_rounds
from tournaments.formats.knockout import balancing
from tournaments.formats.seat_checks import DIFFERS, MATCHES, SHOWN
from tournaments.formats.swiss import results, seating, standings
from tournaments.models import (
    Board,
    Bye,
    Entry,
    Event,
    KnockoutMove,
    Round,
    RoundSeat,
    SeatSwap,
)
from tournaments.room import projector

pytestmark = pytest.mark.django_db


def outcomes(report: verify.Report) -> dict[str, str]:
    return {check.title: check.outcome for check in report.checks}


def run_command(pk: int) -> tuple[int, str]:
    """`manage.py verify_event pk`: its exit status and what it printed."""
    out = StringIO()
    try:
        call_command("verify_event", str(pk), stdout=out)
    except SystemExit as stopped:
        return int(stopped.code or 0), out.getvalue()
    return 0, out.getvalue()


def seat(round_: Round, table: int, position: int) -> RoundSeat:
    return RoundSeat.objects.get(table__round=round_, table__number=table, position=position)


def finished_swiss(make_event: Any, ann: Any, members: list[Any], capture: Any) -> Event:
    """A three-round Swiss of tables of three without bots (so byes are drawn), run by
    an organizer who does everything that changes a seating: swaps seats before round 1
    starts; with round 2 waiting, locks a seat, takes a late entry (round 2 drawn again,
    the locked player kept in place), swaps again and corrects a round-1 result (which
    round 2, drawn before it, did not see); with round 3 waiting, a withdrawal draws it
    again."""
    event = make_event(
        rounds=3, advance=Event.MANUAL, table_size=3, table_min=3, table_max=3, bots_fill=False
    )
    register_all(event, [ann, *members[:5]])
    first = services.start_event(event=event, by=ann)
    services.swap_seats(round_=first, by=ann, first=seat(first, 1, 0), second=seat(first, 2, 1))
    services.start_round(round_=first, by=ann)
    play_round(first, capture)
    second = event.round_set.get(number=2)
    services.lock_seat(seat=seat(second, 2, 2), by=ann, locked=True)
    services.register(event=event, user=members[5])  # late: round 2 is drawn again
    second = event.round_set.get(number=2)
    assert second.kept_seats and Bye.objects.filter(round=second, late=False).exists()
    services.swap_seats(round_=second, by=ann, first=seat(second, 1, 1), second=seat(second, 2, 0))
    worst = RoundSeat.objects.filter(table__round=first).order_by("-place", "pk").first()
    services.correct_result(seat=worst, by=ann, place=1, reason="the scorer's slip")
    services.start_round(round_=second, by=ann)
    play_round(second, capture)
    third = event.round_set.get(number=3)
    quitter = Entry.objects.get(event=event, user=members[0])
    services.withdraw(event=event, entry=quitter, by=members[0])
    third = event.round_set.get(number=3)
    services.start_round(round_=third, by=ann)
    play_round(third, capture)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    return event


def test_a_finished_swiss_event_matches_its_seed_round_by_round(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = finished_swiss(make_event, ann, members, django_capture_on_commit_callbacks)
    # Committed when created, to "salt:seed:algorithm".
    text = f"{event.seed_salt}:{event.seed}:{commitment.ALGORITHM}"
    assert event.seed_commitment == hashlib.sha256(text.encode()).hexdigest()
    assert event.seed_committed_at <= event.started_at
    report = verify.report(event)
    assert report.commitment_matches is True
    assert outcomes(report) == {
        "Round 1": MATCHES,
        "Round 2": MATCHES,
        "Round 3": MATCHES,
        "Drawing lots": SHOWN,
    }, [c.differences for c in report.checks]
    assert report.outcome == MATCHES and report.exit_code == 0
    lines = {check.title: " ".join(check.lines) for check in report.checks}
    assert "swapped table 1, seat 1 and table 2, seat 2" in lines["Round 1"]
    assert "kept" in lines["Round 2"] and "swapped" in lines["Round 2"]
    assert "Sat out with a bye" in lines["Round 2"]
    # The correction came after round 2 was drawn: its drawing is read without it, and
    # would have seen other standings with it.
    second = event.round_set.get(number=2)
    then = results.standings(event, before_round=2, as_of=results.AsOf.of(second))
    now = results.standings(event, before_round=2)
    assert [(r.player, r.points) for r in then] != [(r.player, r.points) for r in now]
    status, printed = run_command(event.pk)
    assert status == 0
    assert f"Seed: {event.seed}" in printed and "Round 3: matches" in printed


def test_a_seating_changed_behind_the_apps_back_differs(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    """Two players exchanged in the database after the fact (no recorded swap), and an
    organizer's recorded swap deleted: each round says where it differs, and the
    command exits 1."""
    event = finished_swiss(make_event, ann, members, django_capture_on_commit_callbacks)
    third = event.round_set.get(number=3)
    a, b = seat(third, 1, 0), seat(third, 2, 1)
    names = (a.entry.user.username, b.entry.user.username)
    RoundSeat.objects.filter(pk=a.pk).update(entry=None, bot_level="medium")
    RoundSeat.objects.filter(pk=b.pk).update(entry=a.entry_id)
    RoundSeat.objects.filter(pk=a.pk).update(entry=b.entry_id, bot_level="")
    SeatSwap.objects.filter(round__number=1, round__event=event).delete()
    report = verify.report(event)
    found = {check.title: check for check in report.checks}
    assert found["Round 1"].outcome == DIFFERS and found["Round 2"].outcome == MATCHES
    assert found["Round 3"].outcome == DIFFERS
    assert (
        f"Table 1, seat 1: the seed seats {names[0]}, the round seated {names[1]}."
        in found["Round 3"].differences
    )
    # The games were dealt to the seats as they were: that differs too.
    assert any("was dealt to" in line for line in found["Round 3"].differences)
    assert report.outcome == DIFFERS and "Round 1, Round 3" in report.summary
    status, printed = run_command(event.pk)
    assert status == 1 and "Round 3: differs" in printed


def test_a_seed_changed_after_the_commitment_differs(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = finished_swiss(make_event, ann, members, django_capture_on_commit_callbacks)
    Event.objects.filter(pk=event.pk).update(seed="0" * 32)
    event.refresh_from_db()
    report = verify.report(event)
    assert report.commitment_matches is False and report.outcome == DIFFERS
    assert "does not match the commitment" in report.summary
    page = Client().get(reverse("tournaments:verify", args=[event.pk])).content.decode()
    assert "is not the commitment" in page
    assert run_command(event.pk)[0] == 1


def test_the_seed_shows_nowhere_before_the_end(
    make_event: Any,
    ann: Any,
    staff: Any,
    members: list[Any],
    django_user_model: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """The event page (to anyone: a spectator, a player, the organizer, staff), its live
    push, the projector view and its push, the CSV, the printed pages, the manage page,
    the verify page and the admin show the commitment at most, never the seed or the
    salt (nor a round's seed, which holds it), from the event's creation to its end;
    once it is over the event page and the verify page show both."""
    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3)
    secrets = [event.seed, event.seed_salt]
    boss = django_user_model.objects.create_superuser("boss", password="x" * 12)

    def everything_shown() -> dict[str, str]:
        shown: dict[str, str] = {}
        for who in (None, members[5], members[0], ann, staff, boss):
            client = Client()
            if who is not None:
                client.force_login(who)
            name = getattr(who, "username", "anonymous")
            for url in [
                event.get_absolute_url(),
                reverse("tournaments:screen", args=[event.pk]),
                reverse("tournaments:standings_csv", args=[event.pk]),
                reverse("tournaments:verify", args=[event.pk]),
                reverse("tournaments:manage", args=[event.pk]),
                reverse("tournaments:print_standings", args=[event.pk]),
                reverse("tournaments:print_pairings", args=[event.pk]),
                reverse("tournaments:print_cards", args=[event.pk]),
                reverse("admin:tournaments_event_change", args=[event.pk]),
                *(
                    reverse("admin:tournaments_round_change", args=[pk])
                    for pk in event.round_set.values_list("pk", flat=True)
                ),
            ]:
                response = client.get(url)
                assert response.status_code in (200, 302, 403, 404), (url, response.status_code)
                shown[f"{url} as {name}"] = response.content.decode()
            shown[f"live push as {name}"] = pages.render_live(event.pk, who) or ""
        shown["projector push"] = projector.render_live(event.pk) or ""
        return shown

    register_all(event, [ann, *members[:4]])
    before = everything_shown()
    assert event.seed_commitment in before[f"{event.get_absolute_url()} as anonymous"]
    screen = before[f"{reverse('tournaments:screen', args=[event.pk])} as anonymous"]
    assert commitment.grouped(event.seed_commitment) in screen
    first = services.start_event(event=event, by=ann)
    during = everything_shown()
    play_round(first, django_capture_on_commit_callbacks)
    later = everything_shown()
    admin_page = during[f"{reverse('admin:tournaments_event_change', args=[event.pk])} as boss"]
    assert "Seed commitment" in admin_page  # the admin was read, and shows the commitment
    for label, text in {**before, **during, **later}.items():
        for secret in secrets:
            assert secret not in text, f"{label} shows {secret}"
    play_round(event.round_set.get(number=2), django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    page = Client().get(event.get_absolute_url()).content.decode()
    assert event.seed in page and reverse("tournaments:verify", args=[event.pk]) in page
    verify_page = Client().get(reverse("tournaments:verify", args=[event.pk])).content.decode()
    assert event.seed in verify_page and event.seed_salt in verify_page
    assert "Everything matches" in verify_page


def test_an_event_that_started_before_commitments_says_it_cannot_be_proven(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=1, table_size=3, table_min=3, table_max=3)
    Event.objects.filter(pk=event.pk).update(seed_commitment="", seed_salt="", seating_algorithm="")
    register_all(event, [ann, *members[:2]])
    play_round(services.start_event(event=event, by=ann), django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    page = Client().get(event.get_absolute_url()).content.decode()
    assert reverse("tournaments:verify", args=[event.pk]) not in page and event.seed not in page
    report = verify.report(event)
    assert report.stage == verify.UNCOMMITTED and not report.checks
    status, printed = run_command(event.pk)
    assert status == 2 and "cannot be proven" in printed


def test_a_running_event_cannot_be_checked_yet(make_event: Any, ann: Any, members: list[Any]):
    event = make_event(rounds=1, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:2]])
    services.start_event(event=event, by=ann)
    status, printed = run_command(event.pk)
    assert status == 2 and "stays secret" in printed and event.seed not in printed


# ---- duplicate -----------------------------------------------------------------------------


def test_a_finished_duplicate_event_matches_its_seed_and_its_boards(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    """Two rounds of two boards, six players at two tables of four: round 1 drawn from
    the seed, round 2 rotated, a withdrawal played by a bot, every board committed to
    before round 1 and dealt as committed."""
    event = duplicate_event(make_event, rounds=2, boards=2)
    first = start_duplicate(event, [ann, *members[:5]], ann)
    assert Board.objects.filter(event=event).count() == 4
    assert all(b.committed_at <= first.started_at for b in Board.objects.filter(event=event))
    leaver = Entry.objects.get(event=event, user=members[2])
    services.withdraw(event=event, entry=leaver, by=members[2])
    play_everything(event, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    report = verify.report(event)
    assert outcomes(report) == {
        "Round 1": MATCHES,
        "Boards of round 1": MATCHES,
        "Round 2": MATCHES,
        "Boards of round 2": MATCHES,
    }, [c.differences for c in report.checks]
    assert report.exit_code == 0
    second = next(c for c in report.checks if c.title == "Round 2")
    assert any("withdrawn" in line for line in second.lines)
    # A deck changed after its commitment, and a seat changed: both differ.
    board = Board.objects.get(event=event, round_number=2, number=1)
    Board.objects.filter(pk=board.pk).update(deck=board.reshuffle)
    a, b = seat(first, 1, 0), seat(first, 2, 0)
    RoundSeat.objects.filter(pk=a.pk).update(entry=None, bot_level="medium")
    RoundSeat.objects.filter(pk=b.pk).update(entry=a.entry_id, bot_level="")
    report = verify.report(event)
    found = {check.title: check for check in report.checks}
    assert found["Round 1"].outcome == DIFFERS
    assert found["Boards of round 2"].outcome == DIFFERS
    assert "Board 1: its deck and salt do not hash to its commitment." in (
        found["Boards of round 2"].differences
    )
    assert report.exit_code == 1


def test_boards_never_played_are_revealed_when_the_event_ends(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    """Round 2 waits for the organizer, who finishes the event instead: its boards were
    committed to, were never dealt, and are shown once it is over."""
    event = duplicate_event(make_event, rounds=2, boards=1, advance=Event.MANUAL)
    first = start_duplicate(event, [ann, *members[:4]], ann)
    later = Board.objects.get(event=event, round_number=2)
    services.start_round(round_=first, by=ann)
    play_everything(event, django_capture_on_commit_callbacks)
    page = Client().get(event.get_absolute_url()).content.decode()
    assert later.commitment in page and later.deck not in page
    services.finish_event(event=event, by=ann)
    later.refresh_from_db()
    assert later.revealed and later.round is None
    page = Client().get(event.get_absolute_url()).content.decode()
    assert later.deck in page and later.salt in page and "Boards never played" in page
    event.refresh_from_db()
    assert verify.report(event).outcome == MATCHES


# ---- knockouts --------------------------------------------------------------------------------


@pytest.mark.parametrize("top", [0, 2], ids=["balanced", "top-q"])
def test_a_finished_knockout_matches_its_seed_deal_by_deal(
    make_any_event: Any,  # noqa: F811
    quick: RuleSet,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
    top: int,
) -> None:
    event = knockout(make_any_event, quick, field[:9], size=4, top=top)
    play_to_the_end(
        event, services.start_event(event=event, by=field[0]), django_capture_on_commit_callbacks
    )
    report = verify.report(event)
    unit = "Round" if top else "Deal"
    count = event.round_set.count()
    assert outcomes(report) == {f"{unit} {n}": MATCHES for n in range(1, count + 1)}, [
        c.differences for c in report.checks
    ]
    assert report.exit_code == 0
    if top:
        return
    # A balancing move changed behind the app's back: the deal after it differs.
    move = KnockoutMove.objects.filter(event=event).order_by("after_deal", "order").first()
    assert move is not None, "no table was balanced"
    KnockoutMove.objects.filter(pk=move.pk).update(to_seat=move.to_seat + 7)
    found = {c.title: c for c in verify.report(event).checks}
    changed = found[f"Deal {move.after_deal + 1}"]
    assert changed.outcome == DIFFERS
    assert any(line.startswith(f"Move {move.order + 1} after deal") for line in changed.differences)


# ---- the algorithm's version -------------------------------------------------------------------


def test_the_seating_algorithm_draws_today_what_it_drew_when_named() -> None:
    """What `commitment.ALGORITHM` draws from fixed inputs and seeds, pinned: every Swiss
    seating, opening layout, balancing, lots and duplicate round 1 of an event committed
    to it must be drawn the same way for as long as the site verifies such events. If
    this fails, the code (or Python's `random`) now seats differently: name a new
    version in `tournaments.fairness.commitment`, and keep the old way for the events committed
    to the old one (docs/fair-seating.md#the-algorithms-version)."""
    assert commitment.SEATING_1 == "thirtyone-seating-1" in commitment.ALGORITHMS
    players = list(range(1, 11))
    scores = {p: float(p % 4) for p in players}
    met = {frozenset((1, 2)): 1, frozenset((3, 4)): 2, frozenset((5, 9)): 1}
    assert seating.seat_round(
        players, scores, met, (4, 3, 3), "golden:2", dealer_counts={1: 1, 2: 1}
    ) == [[3, 9, 10, 7], [5, 6, 2], [4, 1, 8]]
    opening = balancing.first_tables(list(range(1, 10)), 4, "golden")
    assert [(t.seats, t.button) for t in opening] == [
        ((None, 3, 9, 5), 1),
        ((8, None, 1, 4), 2),
        ((7, None, 6, 2), 3),
    ]
    balanced = balancing.balance(balancing.remove_players(opening, [1, 2, 5]), {3: 1}, "golden:1")
    assert [
        (m.player, m.from_table, m.from_seat, m.to_table, m.to_seat) for m in balanced.moves
    ] == [
        (7, 3, 0, 2, 2),
        (6, 3, 2, 1, 3),
    ]
    assert standings.lots(range(1, 9), "golden") == [2, 7, 5, 6, 1, 8, 4, 3]
    assert duplicate_rounds.first_round_tables([1, 2, 3, 4, 5, 6], 4, "golden") == [
        [1, 3, 4, "bot-0"],
        [5, 2, 6, "bot-1"],
    ]


# ---- tables played with real cards ---------------------------------------------------------------


def test_a_swiss_event_at_card_tables_matches_its_seed(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    """Results entered by people are inputs like a game's: seven players at tables of
    three with real cards (one sits out each round), every result entered by the
    organizer, one corrected; the rounds match."""
    event = make_event(
        rounds=2, venue=Event.CARDS, bots_fill=False, table_size=3, table_min=3, table_max=3
    )
    register_all(event, [ann, *members[:6]])
    round_ = services.start_event(event=event, by=ann)
    for number in (1, 2):
        round_ = event.round_set.get(number=number)
        for table in round_.tables.order_by("number"):
            card_results.submit_result(
                round_table=table, by=ann, places=[2, 1, 3], reason="read out at the table"
            )
        if number == 1:
            first = RoundSeat.objects.filter(table__round=round_, place=3).first()
            services.correct_result(seat=first, by=ann, place=2, reason="a miscount")
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    report = verify.report(event)
    assert outcomes(report) == {
        "Round 1": MATCHES,
        "Round 2": MATCHES,
        "Drawing lots": SHOWN,
    }, [c.differences for c in report.checks]
    assert any("played with real cards" in line for line in report.checks[0].lines)


def test_a_balanced_knockout_at_card_tables_matches_its_seed(
    club: Any,
    ann: Any,
    two_lives: RuleSet,  # noqa: F811
    nine: list[Any],  # noqa: F811
) -> None:
    """Every deal's lives lost entered by the organizer; once, the players say another
    seat dealt than the one the site named (the next button follows them): the deals
    match, and that table says who the players named."""
    event = make_card_knockout(club, ann, two_lives, nine, format=Event.KNOCKOUT, table_size=4)
    deal = services.start_event(event=event, by=ann)
    overridden = None
    for _ in range(40):
        for table in deal.tables.order_by("number"):
            positions = sorted(table.seats.values_list("position", flat=True))
            after = [p for p in positions if p > (table.dealer or 0)] or positions
            dealer = None
            if deal.number == 2 and overridden is None:
                dealer = overridden = after[0]  # the next player dealt, they say
                after = [p for p in positions if p > dealer] or positions
            card_results.submit_result(
                round_table=table,
                by=ann,
                lives_lost=[1 if p == after[0] else 0 for p in positions],
                dealer=dealer,
                reason="from the score sheet",
            )
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            break
        deal = event.round_set.get(number=deal.number + 1)
    else:
        raise AssertionError("the knockout did not end")
    report = verify.report(event)
    assert {c.outcome for c in report.checks} == {MATCHES}, [c.differences for c in report.checks]
    said = next(c for c in report.checks if c.title == "Deal 2")
    assert any(f"the players said seat {overridden + 1} dealt" in line for line in said.lines)
