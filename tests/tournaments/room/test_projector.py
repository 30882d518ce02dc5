"""The projector view (tournaments.room.projector, docs/club-night.md#the-projector):
every format shows its round, tables and standings on one public screen, with the
break's clock and the latest announcements, pushed over its own socket; never a card."""

from __future__ import annotations

import html as html_lib
import re
import zoneinfo
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.urls import reverse
from django.utils import timezone

from clubs.models import Membership
from games.models import Game
from tests.tournaments.test_consumer import _latest, _socket
from tests.tournaments.test_duplicate_rounds import duplicate_event, play, play_everything, start
from tests.tournaments.test_knockout import field, knockout, play_deal, quick  # noqa: F401
from tests.tournaments.test_knockout import make_event as make_any_event  # noqa: F401
from tests.tournaments.test_services import play_round, register_all
from tournaments import roster, services
from tournaments.formats.screen_parts import TOP_ROWS
from tournaments.formats.swiss import results
from tournaments.models import (
    Announcement,
    Board,
    BoardPlay,
    Event,
    KnockoutMove,
    KnockoutPlayer,
    Round,
    RoundSeat,
)
from tournaments.room import projector

pytestmark = pytest.mark.django_db

# A card as any page could write it: a code (AS, 10H, JK) or a suit's symbol.
CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\bJK\b|[♠♥♦♣🃏]")
MOST_DEALS = 300


def screen(client: Any, event: Event) -> str:
    page = client.get(reverse("tournaments:screen", args=[event.pk]))
    assert page.status_code == 200
    return page.content.decode()


def tables_on(text: str) -> dict[int, list[str]]:
    """Each table card's players, in the order shown."""
    found = {}
    for number, seats in re.findall(r"<h3>Table (\d+).*?</h3>\s*<ol>(.*?)</ol>", text, re.S):
        found[int(number)] = [
            html_lib.unescape(name)
            for name in re.findall(r'class="screen__seat">\d+</span> ([^<]+?)(?: <|</li>)', seats)
        ]
    return found


def standings_on(text: str) -> list[str]:
    return [html_lib.unescape(n) for n in re.findall(r'<th scope="row">([^<]+?)(?: <|</th>)', text)]


def seated(round_: Round) -> dict[int, list[str]]:
    """The round's tables as the database seats them, names in seat order."""
    return {
        seats[0].table.number: [
            s.entry.user.username if s.entry else f"Bot ({s.bot_level})" for s in seats
        ]
        for seats in roster.seated_tables(round_)
    }


def no_cards(text: str, games: list[Game]) -> None:
    """Nothing in `text` is a card: no card's code or symbol, no hand of those games."""
    assert not CARD.search(text), CARD.search(text)
    for game in games:
        for hand in game.engine_state().hands:
            for card in hand:
                assert not re.search(rf"\b{re.escape(card.code)}\b", text)


def test_a_swiss_round_on_the_screen_with_its_break_and_announcements(
    client: Any,
    make_event: Any,
    ann: Any,
    members: list[Any],
    club: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    club.time_zone = "Europe/Amsterdam"
    club.save()
    event = make_event(table_size=4, table_min=4, table_max=4)
    register_all(event, [ann, *members])  # eight: two tables of four
    first = services.start_event(event=event, by=ann)
    play_round(first, django_capture_on_commit_callbacks)
    second = event.round_set.get(number=2)
    assert second.status == Round.PLAYING
    for k, text in enumerate(["Doors close at 23:00", "Tea is ready", "Round 3 after a break"]):
        Announcement.objects.create(
            event=event, text=text, by=ann, at=timezone.now() + timedelta(seconds=k)
        )
    event.refresh_from_db()
    event.break_until = timezone.now() + timedelta(minutes=20)
    event.save(update_fields=["break_until"])
    text = screen(client, event)  # anonymous: the event is public
    assert "<h1>Tuesday Swiss</h1>" in text and "Round 2 of 3 is being played." in text
    assert "Round 2 of 3" in re.search(r'id="tables-heading">(.*?)</h2>', text)[1]
    assert tables_on(text) == seated(second)
    names = roster.names(roster.entries(event))
    assert standings_on(text) == [names[row.player] for row in results.standings(event)]
    # The break, in the club's time zone, for the round after the one being played.
    clock = event.break_until.astimezone(zoneinfo.ZoneInfo("Europe/Amsterdam")).strftime("%H:%M")
    assert f"Round 3 starts at {clock}" in text and "data-countdown" in text
    # The latest three announcements, newest first.
    shown = re.findall(r"</time> ([^<]+)</li>", text)
    assert shown == ["Round 3 after a break", "Tea is ready", "Doors close at 23:00"]
    Announcement.objects.create(event=event, text="Last orders", at=timezone.now() + timedelta(1))
    assert re.findall(r"</time> ([^<]+)</li>", screen(client, event)) == [
        "Last orders",
        "Round 3 after a break",
        "Tea is ready",
    ]
    # A screen, not a page to use: no navigation, no form, no link; and reloads by itself.
    assert "<nav" not in text and "<form" not in text and "<a " not in text
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in text
    assert f'ws-connect="/ws/tournaments/{event.pk}/screen/"' in text
    no_cards(text, [t.game for t in second.tables.select_related("game")])
    # A break that is over is not shown.
    event.break_until = timezone.now() - timedelta(seconds=1)
    event.save(update_fields=["break_until"])
    assert "starts at" not in screen(client, event)


def test_more_standings_than_fit_show_the_top_rows_without_javascript(
    client: Any, make_event: Any, ann: Any, club: Any, django_user_model: Any
) -> None:
    event = make_event(table_size=3, table_min=3, table_max=3)
    players = [django_user_model.objects.create_user(f"z{k:02}") for k in range(TOP_ROWS + 2)]
    for player in players:
        Membership.objects.create(club=club, user=player)
    register_all(event, players)
    services.start_event(event=event, by=ann)
    text = screen(client, event)
    rows = re.findall(r"<tr data-item( data-more)?>", text)
    assert len(rows) == TOP_ROWS + 2
    assert [bool(more) for more in rows] == [False] * TOP_ROWS + [True, True]
    assert f"1–{TOP_ROWS} of {TOP_ROWS + 2}" in text


def test_the_event_and_manage_pages_link_to_the_screen(
    client: Any, make_event: Any, ann: Any
) -> None:
    event = make_event()
    link = f'<a href="/tournaments/{event.pk}/screen/">Projector view</a>'
    assert link in client.get(event.get_absolute_url()).content.decode()
    client.force_login(ann)
    assert link in client.get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    # Before the start: the registered players, no tables, no clock.
    text = screen(client, event)
    assert "Upcoming: registration is open." in text and "screen__table-list" not in text


def test_a_knockout_shows_its_deal_tables_and_the_moves_that_seated_them(
    client: Any,
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = knockout(make_any_event, quick, field[:7], size=4)  # tables of 4 and 3
    round_ = services.start_event(event=event, by=field[0])
    text = screen(client, event)
    assert "Deal 1 is being played; 7 players are still in." in text
    assert tables_on(text) == seated(round_)
    assert "Moves after" not in text
    for _ in range(MOST_DEALS):
        if KnockoutMove.objects.filter(event=event).exists():
            break
        play_deal(round_, django_capture_on_commit_callbacks)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            pytest.skip("the deals this seed gave moved no one")  # pragma: no cover
        round_ = event.round_set.order_by("-number").first()
    text = screen(client, event)
    deal = round_.number
    moves = KnockoutMove.objects.filter(event=event, after_deal=deal - 1)
    assert moves and f"Moves after deal {deal - 1}" in text
    for move in moves.select_related("entry__user"):
        assert f"{move.entry.user.username} → table {move.to_table}" in text
    assert tables_on(text) == seated(round_)
    # The standings: those still in first, then the others by place, with their lives.
    players = KnockoutPlayer.objects.filter(event=event).select_related("entry__user")
    order = sorted(players, key=lambda p: (p.place is not None, p.place or 0, -p.lives, p.entry_id))
    assert standings_on(text) == [p.entry.user.username for p in order]
    no_cards(text, [t.game for t in round_.tables.select_related("game")])


def test_a_top_q_knockout_speaks_of_rounds(
    client: Any,
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
) -> None:
    event = knockout(make_any_event, quick, field[:8], size=4, top=2)
    round_ = services.start_event(event=event, by=field[0])
    text = screen(client, event)
    assert "Round 1 is being played; 8 players are still in." in text
    assert tables_on(text) == seated(round_)
    assert '<th scope="col">Place</th>' in text and len(standings_on(text)) == 8


def test_duplicate_shows_each_boards_progress_and_never_its_cards(
    client: Any,
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = duplicate_event(make_event, rounds=2, boards=2)
    first = start(event, [ann, *members[:5]], ann)  # six players: two tables of four
    text = screen(client, event)
    assert "Round 1 of 2 · boards 1–2" in text
    assert tables_on(text) == seated(first)
    assert text.count("0 of 2 tables") == 2
    one = BoardPlay.objects.get(board__round=first, board__number=1, table__number=1)
    play(one, django_capture_on_commit_callbacks)
    text = screen(client, event)
    assert re.search(r"Board 1</span>.*?<span>1 of 2 tables</span>", text, re.S)
    no_cards(text, [p.game for p in BoardPlay.objects.filter(board__round=first)])
    # Every board played: their decks are public on the event page, never on the screen.
    play_everything(event, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    text = screen(client, event)
    assert "Finished: the standings are final." in text
    for board in Board.objects.filter(round__event=event):
        assert board.revealed and board.deck not in text and board.commitment not in text
        assert CARD.search(board.deck)  # the check above would see one
    no_cards(text, [p.game for p in BoardPlay.objects.filter(board__round__event=event)])
    assert sorted(standings_on(text)) == sorted(u.username for u in [ann, *members[:5]])


def test_every_format_answers_the_projector_with_the_common_parts(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    for fmt in (Event.SWISS, Event.DUPLICATE):
        options = {"table_size": 4, "table_min": 4, "table_max": 4}
        if fmt == Event.DUPLICATE:
            options["boards"] = 2
        event = make_event(name=fmt, format=fmt, rounds=2, **options)
        register_all(event, [ann, *members])
        services.start_event(event=event, by=ann)
        context = projector.context(event)
        assert context["next_up"] == "Round 2" and context["tables"]
        assert context["format_projector"].endswith("#projector")


def test_a_push_renders_the_screen_once_for_every_socket_of_a_process(
    make_event: Any, ann: Any, members: list[Any], django_assert_num_queries: Any
) -> None:
    event = make_event()
    register_all(event, [ann, *members])
    services.start_event(event=event, by=ann)
    first = projector.render_live(event.pk, "change-1")
    assert first is not None and "Round 1 of 3 is being played." in first
    with django_assert_num_queries(0):
        assert projector.render_live(event.pk, "change-1") == first
    Announcement.objects.create(event=event, text="Pens down in five minutes")
    assert "Pens down" in projector.render_live(event.pk, "change-2")
    assert projector.render_live(999999, "change-3") is None


@pytest.mark.django_db(transaction=True)
def test_the_screens_socket_sends_the_screen(make_event: Any, members: list, ann: Any) -> None:
    event = make_event(advance=Event.MANUAL)
    register_all(event, members[:4])
    from tests.games.test_consumers import _cookie_for

    cookie = _cookie_for(members[0])
    path = f"/ws/tournaments/{event.pk}/screen/"

    async def scenario() -> None:
        player, anonymous = _socket(path, cookie), _socket(path)
        for socket in (player, anonymous):
            assert (await socket.connect())[0]
        await database_sync_to_async(services.start_event)(event=event, by=ann)
        round_ = await database_sync_to_async(lambda: event.round_set.get())()
        await database_sync_to_async(services.start_round)(round_=round_, by=ann)
        mine, theirs = await _latest(player), await _latest(anonymous)
        assert mine == theirs  # the same screen for everyone: nobody's table is marked
        assert mine.startswith('<main id="projector-live"') and 'hx-swap-oob="true"' in mine
        assert "Round 1 of 3 is being played." in mine and "Your table" not in mine
        names = await database_sync_to_async(
            lambda: list(
                RoundSeat.objects.filter(table__round=round_).values_list(
                    "entry__user__username", flat=True
                )
            )
        )()
        assert all(name in mine for name in names if name)
        # A screen whose socket opens late says what it shows, and gets what it missed.
        late = _socket(path)
        assert (await late.connect())[0]
        await late.send_to(text_data='{"shown": 0}')
        assert "Round 1 of 3 is being played." in await _latest(late)
        for socket in (player, anonymous, late):
            await socket.disconnect()

    async_to_sync(scenario)()
