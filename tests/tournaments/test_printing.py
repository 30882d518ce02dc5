"""The printed pages of an event (docs/club-night.md#print): a round's pairings and table
cards for every format, through the formats seam; the QR code on each card carries the
table's own URL; the sign-in sheet is the organizer's; a round not started is the
organizer's draft; no page shows a playing card."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from clubs.models import Membership
from games.models import Game
from tests.tournaments.test_duplicate_rounds import duplicate_event, play_everything
from tests.tournaments.test_knockout import field, knockout, play_deal, quick  # noqa: F401
from tests.tournaments.test_knockout import make_event as make_any_event  # noqa: F401
from tests.tournaments.test_services import play_round, register_all
from tournaments import services
from tournaments.models import Board, Event, Round, RoundSeat
from tournaments.room import qr
from tournaments.words import seat_name

pytestmark = pytest.mark.django_db

CARD = re.compile(r'<article class="panel table-card".*?</article>', re.S)
SEAT = re.compile(
    r'<span class="table-card__seat">Seat (\d+)</span> '
    r'<span class="table-card__name">([^<]+)</span>'
)
PAIRING_ROW = re.compile(
    r'<th scope="row" class="print-pairings__table">(\d+)</th>\s*'
    r'<td><ol class="print-seats">(.*?)</ol>',
    re.S,
)
PAIRING_SEAT = re.compile(r'<span class="print-seats__seat">(\d+)\.</span> ([^<]+)</li>')


def client_of(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def seating(round_: Round) -> dict[int, list[tuple[int, str]]]:
    """Each table's (seat, name) in seat order, from the database."""
    tables: dict[int, list[tuple[int, str]]] = {}
    for seat in (
        RoundSeat.objects.filter(table__round=round_)
        .select_related("table", "entry__user")
        .order_by("table__number", "position")
    ):
        tables.setdefault(seat.table.number, []).append((seat.position + 1, seat_name(seat)))
    return tables


def printed_pairings(text: str) -> dict[int, list[tuple[int, str]]]:
    return {
        int(number): [(int(s), html.unescape(n)) for s, n in PAIRING_SEAT.findall(seats)]
        for number, seats in PAIRING_ROW.findall(text)
    }


def one(pattern: str, text: str) -> str:
    """The first group of `pattern`'s one match in `text` (the whole match if none)."""
    found = re.search(pattern, text, re.S)
    assert found is not None, pattern
    return found[1] if found.groups() else found[0]


def printed_cards(text: str) -> dict[int, dict[str, Any]]:
    """Each card by its table number: its seats, its QR's SVG and the URL printed."""
    cards = {}
    for card in CARD.findall(text):
        cards[int(one(r'class="table-card__number">Table (\d+)<', card))] = {
            "seats": [(int(s), html.unescape(n)) for s, n in SEAT.findall(card)],
            "svg": one(r"<svg.*?</svg>", card),
            "url": html.unescape(one(r'class="table-card__url">([^<]+)<', card)),
        }
    return cards


def check_cards(text: str, round_: Round) -> None:
    """A card for each table of `round_`, with its seats in order and a QR code that
    draws the code of the table's page, whose URL is printed under it."""
    cards = printed_cards(text)
    tables = {t.number: t for t in round_.tables.all()}
    assert sorted(cards) == sorted(tables)
    expected = seating(round_)
    for number, card in cards.items():
        assert card["seats"] == expected[number]
        table = tables[number]
        url = (
            f"http://testserver/tables/{table.table_id}/"
            if table.table_id
            else f"http://testserver{round_.event.get_absolute_url()}"
        )
        assert card["url"] == url
        assert qr.modules(card["svg"]) == qr.matrix(url)
        assert qr.modules(card["svg"]) != qr.matrix(url + "x")  # the check can fail


def check_no_playing_card(text: str, event: Event, *, revealed_boards: bool = False) -> None:
    """Nothing on the page is a card: no card element, no hand of a game being played,
    no board's deck (`revealed_boards`: but for the boards every table has played,
    whose decks the standings show, docs/tournaments.md#reveal)."""
    assert 'class="pc' not in text
    for game in Game.objects.filter(status=Game.PLAYING):
        for hand in game.engine_state().hands:
            for card in hand:
                assert f">{card}<" not in text and f" {card.code} " not in text
    boards = Board.objects.filter(round__event=event)
    if revealed_boards:
        boards = boards.filter(revealed_at__isnull=True)
    for deck in boards.values_list("deck", flat=True):
        assert deck not in text
        assert deck.split()[0] + " " + deck.split()[1] not in text


def swiss(make_event: Any, players: list[Any], **options: Any) -> Event:
    event = make_event(rounds=3, table_size=3, table_min=3, table_max=3, **options)
    register_all(event, players)
    return event


def test_a_swiss_rounds_pairings_and_cards_seat_by_seat(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = swiss(make_event, [ann, *members[:5]])
    first = services.start_event(event=event, by=ann)
    anyone = client_of()
    pairings = anyone.get(f"/tournaments/{event.pk}/print/pairings/1/")
    assert pairings.status_code == 200
    text = pairings.content.decode()
    assert printed_pairings(text) == seating(first)
    assert "Round 1 of 3" in text
    # Every player by name, with their table and seat.
    for number, seats in seating(first).items():
        for seat, name in seats:
            assert f'print-index__name">{name}</span> table {number}, seat {seat}<' in text
    cards = anyone.get(f"/tournaments/{event.pk}/print/table-cards/1/").content.decode()
    check_cards(cards, first)
    assert f"{event.name} · Round 1 of 3" in cards
    check_no_playing_card(text + cards, event)
    # Round 2, once round 1 is played; the pages without a number show the latest.
    play_round(first, django_capture_on_commit_callbacks)
    second = Round.objects.get(event=event, number=2)
    latest = anyone.get(f"/tournaments/{event.pk}/print/table-cards/").content.decode()
    check_cards(latest, second)
    assert "Round 2 of 3" in latest
    assert printed_pairings(
        anyone.get(f"/tournaments/{event.pk}/print/pairings/").content.decode()
    ) == seating(second)
    assert anyone.get(f"/tournaments/{event.pk}/print/pairings/4/").status_code == 404


def test_a_round_seated_but_not_started_is_the_organizers_to_print(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = swiss(make_event, [ann, *members[:5]], advance=Event.MANUAL)
    seated = services.start_event(event=event, by=ann)
    assert seated.status == Round.SEATED
    for path in ("pairings/1/", "pairings/", "table-cards/1/", "table-cards/"):
        for viewer in (None, members[0]):
            page = client_of(viewer).get(f"/tournaments/{event.pk}/print/{path}")
            assert page.status_code == 404, (path, viewer)
    cards = client_of(ann).get(f"/tournaments/{event.pk}/print/table-cards/1/")
    assert cards.status_code == 200
    text = cards.content.decode()
    # No table is open before the round starts: each card leads to the event's page.
    check_cards(text, seated)
    assert "The table opens when the round starts" in text
    assert printed_pairings(
        client_of(ann).get(f"/tournaments/{event.pk}/print/pairings/").content.decode()
    ) == seating(seated)
    services.start_round(round_=seated, by=ann)
    seated.refresh_from_db()
    started = client_of().get(f"/tournaments/{event.pk}/print/table-cards/1/").content.decode()
    check_cards(started, seated)
    assert "The table opens when the round starts" not in started


def test_a_knockouts_cards_are_its_current_deals_tables(
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = knockout(make_any_event, quick, field[:8], size=4)
    services.start_event(event=event, by=field[0])
    play_deal(event.round_set.get(number=1), django_capture_on_commit_callbacks)
    event.refresh_from_db()
    deal = event.round_set.order_by("-number").first()
    assert deal is not None and deal.number == 2
    anyone = client_of()
    cards = anyone.get(f"/tournaments/{event.pk}/print/table-cards/").content.decode()
    check_cards(cards, deal)
    assert f"{event.name} · Deal 2" in cards and "of 0" not in cards
    pairings = anyone.get(f"/tournaments/{event.pk}/print/pairings/").content.decode()
    assert printed_pairings(pairings) == seating(deal)
    # An earlier deal can still be printed, by its number.
    earlier = anyone.get(f"/tournaments/{event.pk}/print/pairings/1/").content.decode()
    assert printed_pairings(earlier) == seating(event.round_set.get(number=1))
    check_no_playing_card(cards + pairings, event)


def test_a_top_q_knockouts_pages_name_its_rounds(
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
) -> None:
    event = knockout(make_any_event, quick, field[:8], size=4, top=2)
    first = services.start_event(event=event, by=field[0])
    cards = client_of().get(f"/tournaments/{event.pk}/print/table-cards/1/").content.decode()
    check_cards(cards, first)
    assert f"{event.name} · Round 1<" in cards
    standings = client_of().get(f"/tournaments/{event.pk}/print/standings/")
    assert standings.status_code == 200
    assert all(u.username in standings.content.decode() for u in field[:8])


def test_a_duplicate_rounds_cards_name_its_bots_and_boards_never_their_cards(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = duplicate_event(make_event, rounds=2, boards=2)
    register_all(event, [ann, *members[:4]])  # five: bots fill the second table
    first = services.start_event(event=event, by=ann)
    anyone = client_of()
    cards = anyone.get(f"/tournaments/{event.pk}/print/table-cards/1/").content.decode()
    check_cards(cards, first)
    assert "Bot (medium)" in cards
    assert "Every table plays boards 1 to 2" in cards
    check_no_playing_card(cards, event)
    play_everything(event, django_capture_on_commit_callbacks)
    second = Round.objects.get(event=event, number=2)
    pairings = anyone.get(f"/tournaments/{event.pk}/print/pairings/2/").content.decode()
    assert printed_pairings(pairings) == seating(second)
    assert "Every table plays boards 3 to 4" in pairings
    # The bots are not in the index of names: no one looks for them.
    assert 'print-index__name">Bot' not in pairings
    check_no_playing_card(pairings, event)
    standings = anyone.get(f"/tournaments/{event.pk}/print/standings/").content.decode()
    check_no_playing_card(standings, event, revealed_boards=True)


def test_the_sign_in_sheet_is_the_organizers_by_name_with_check_in(
    make_event: Any, ann: Any, members: list[Any], django_user_model: Any
) -> None:
    event = make_event(checkin_minutes=90)
    zed = django_user_model.objects.create_user("Zed", password="x" * 12)
    amy = django_user_model.objects.create_user("amy", password="x" * 12)
    for user in (zed, amy):
        Membership.objects.create(club=event.club, user=user)
    register_all(event, [members[2], zed, members[0], amy])
    withdrawn = services.register(event=event, user=members[1])
    services.withdraw(event=event, entry=withdrawn, by=members[1])
    services.check_in(event=event, user=members[0])
    url = f"/tournaments/{event.pk}/print/sign-in/"
    assert client_of(members[0]).get(url).status_code == 403
    assert client_of().get(url).status_code == 302  # to log in, as the manage page
    page = client_of(ann).get(url)
    assert page.status_code == 200
    text = page.content.decode()
    names = re.findall(r'<th scope="row">([^<]+)</th>', text)
    assert names == ["amy", "p1", "p3", "Zed"]  # by name, not by case; no one withdrawn
    assert "Checked in" in text
    assert text.count("yes, ") == 1 and text.count(">no<") == 3
    assert text.count('class="sign-in__box"') == 4
    # Without check-in, no such column.
    plain = make_event(name="No check-in", checkin_minutes=0)
    register_all(plain, [amy])
    assert (
        "Checked in"
        not in client_of(ann).get(f"/tournaments/{plain.pk}/print/sign-in/").content.decode()
    )


def test_the_pages_link_to_the_printed_pages(make_event: Any, ann: Any, members: list[Any]) -> None:
    event = swiss(make_event, [ann, *members[:5]])
    page = client_of().get(event.get_absolute_url()).content.decode()
    assert f'href="/tournaments/{event.pk}/print/standings/">Print the standings<' in page
    manage = client_of(ann).get(f"/tournaments/{event.pk}/manage/").content.decode()
    assert f'href="/tournaments/{event.pk}/print/sign-in/"' in manage
    assert "once round 1 is seated" in manage
    assert f'href="/tournaments/{event.pk}/print/table-cards/"' not in manage
    services.start_event(event=event, by=ann)
    manage = client_of(ann).get(f"/tournaments/{event.pk}/manage/").content.decode()
    for path in ("pairings/", "table-cards/", "sign-in/", "standings/"):
        assert f'href="/tournaments/{event.pk}/print/{path}"' in manage
    # The print pages: a way back, and a Print button only a script shows.
    cards = client_of().get(f"/tournaments/{event.pk}/print/table-cards/").content.decode()
    assert f'href="{event.get_absolute_url()}"' in cards
    assert '<button type="button" class="button" data-print hidden>Print</button>' in cards
    assert "use your browser's Print command" in cards


def test_the_standings_print_without_a_form_or_a_viewers_mark(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = swiss(make_event, [ann, *members[:5]])
    play_round(services.start_event(event=event, by=ann), django_capture_on_commit_callbacks)
    page = client_of(ann).get(f"/tournaments/{event.pk}/print/standings/")
    text = page.content.decode()
    # The page's main part: the footer's language form is not the sheet's.
    main = text.split('<main id="main"', 1)[1].split("</main>", 1)[0]
    assert "<form" not in main and 'class="mine"' not in main and ">you<" not in main
    assert "Standings after round" in main
    assert all(f">{u.username}" in main for u in [ann, *members[:5]])
