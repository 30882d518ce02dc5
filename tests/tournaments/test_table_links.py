"""A card table's own link (docs/club-night.md#a-tables-own-link): phones without an account
open a table's signed link, enter its result through submit → confirm → dispute, call the
organizer; a phone never confirms what it entered; a link of another event or table, of a
round over, replaced or made up is refused with a sentence and writes nothing; POSTs are
limited per link; the console shows who entered what from which phone and replaces a
link after asking; the organizer's printed card's QR code is the link."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Membership
from games import ratelimit
from tests.tournaments.test_printing import printed_cards
from tournaments import services
from tournaments.cards import card_results, table_links
from tournaments.models import CardResult, Event, OrganizerCall, Round, RoundTable
from tournaments.room import console, organizer_calls, qr

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine(club: Any, django_user_model: Any) -> list[Any]:
    users = []
    for k in range(1, 10):
        user = django_user_model.objects.create_user(f"t{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        users.append(user)
    return users


def card_evening(make_event: Any, users: list[Any], ann: Any, name: str = "Card Night") -> Round:
    """An all-cards Swiss of two rounds, three tables of three: round 1 started."""
    event = make_event(
        name=name,
        venue=Event.CARDS,
        bots_fill=False,
        rounds=2,
        table_size=3,
        table_min=3,
        table_max=3,
    )
    for user in users:
        services.register(event=event, user=user)
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    if round_.status == Round.SEATED:
        services.start_round(round_=round_, by=ann)
    round_.refresh_from_db()
    return round_


def link(table: RoundTable) -> str:
    return table_links.path_for(RoundTable.objects.select_related("round").get(pk=table.pk))


def places(order: list[int]) -> dict[str, str]:
    return {"action": "submit", **{f"place_{k}": str(p) for k, p in enumerate(order)}}


def opened(url: str) -> Client:
    """A phone without an account that opened `url` (and so has its device cookie)."""
    client = Client()
    assert client.get(url).status_code == 200
    return client


def said(response: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def players(table: RoundTable) -> list[Any]:
    return [s.entry.user for s in table.seats.select_related("entry__user").order_by("position")]


def written(event: Event) -> tuple[int, int, int]:
    return (
        CardResult.objects.filter(round_table__round__event=event).count(),
        OrganizerCall.objects.filter(event=event).count(),
        RoundTable.objects.filter(round__event=event, finished_at__isnull=False).count(),
    )


def test_a_phone_enters_another_confirms_and_the_table_is_recorded(
    make_event: Any, nine: list[Any], ann: Any
) -> None:
    round_ = card_evening(make_event, nine, ann)
    table, other = round_.tables.get(number=1), round_.tables.get(number=2)
    url = link(table)
    first = Client()
    page = first.get(url)
    assert page.status_code == 200
    cookie = page.cookies[table_links.DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    text = said(page)
    # The table's seats by name, as the event's page names them; nothing of another table.
    for user in players(table):
        assert user.get_username() in text
    for user in players(other):
        assert user.get_username() not in text
    assert "Enter the result" in text
    done = first.post(url, places([1, 2, 3]), follow=True)
    assert "Saved: waiting for another player at the table to confirm." in said(done)
    entered = CardResult.objects.get(round_table=table)
    assert entered.submitted_by is None and entered.status == CardResult.PENDING
    assert len(entered.submitted_device) >= 16
    # The same phone cannot confirm what it entered, nor by entering it again.
    refused = first.post(url, {"action": "confirm", "result": str(entered.pk)}, follow=True)
    assert "This phone entered that result: another phone at the table" in said(refused)
    entered.refresh_from_db()
    assert entered.status == CardResult.PENDING and entered.confirmed_at is None
    assert 'name="result"' not in first.get(url).content.decode()  # not offered either
    # A second phone confirms: the table is recorded, with both phones kept.
    second = opened(url)
    assert f'value="{entered.pk}"' in second.get(url).content.decode()
    done = second.post(url, {"action": "confirm", "result": str(entered.pk)}, follow=True)
    assert "Confirmed: table 1's result is recorded." in said(done)
    entered.refresh_from_db()
    assert entered.status == CardResult.CONFIRMED and entered.confirmed_by is None
    assert entered.confirmed_device not in ("", entered.submitted_device)
    table.refresh_from_db()
    assert table.finished_at is not None
    assert [s.place for s in table.seats.order_by("position")] == [1, 2, 3]
    assert "Entered by Phone 1, confirmed by Phone 2" in said(second.get(url))


def test_a_signed_in_player_confirms_a_phones_result_and_acts_as_themselves(
    make_event: Any, nine: list[Any], ann: Any
) -> None:
    round_ = card_evening(make_event, nine, ann)
    table = round_.tables.get(number=2)
    url = link(table)
    opened(url).post(url, places([2, 1, 3]))
    entered = CardResult.objects.get(round_table=table)
    # From the result page, signed in: a player of the table confirms any phone's.
    a = players(table)[0]
    card_results.confirm_result(result=entered, by=a)
    entered.refresh_from_db()
    assert entered.confirmed_by == a and entered.confirmed_device == ""
    # Through the link, a signed-in player of the table enters as themselves.
    third = round_.tables.get(number=3)
    b = players(third)[1]
    client = Client()
    client.force_login(b)
    client.get(link(third))
    client.post(link(third), places([1, 3, 2]))
    mine = CardResult.objects.get(round_table=third)
    assert mine.submitted_by == b and mine.submitted_device != ""
    assert "Entered by you" in said(client.get(link(third)))


def test_a_second_phone_with_other_places_disputes_and_the_console_says_whose(
    make_event: Any, nine: list[Any], ann: Any
) -> None:
    round_ = card_evening(make_event, nine, ann)
    table = round_.tables.get(number=1)
    url = link(table)
    opened(url).post(url, places([1, 2, 3]))
    done = opened(url).post(url, places([2, 1, 3]), follow=True)
    assert "Your result differs from another player's: the organizer settles it." in said(done)
    assert set(CardResult.objects.filter(round_table=table).values_list("status", flat=True)) == {
        CardResult.DISPUTED
    }
    line = next(t for t in console.console(round_.event).tables if t.number == 1)
    assert line.to_come == "disputed"
    assert [v.rsplit("(", 1)[1] for v in line.versions] == ["by Phone 1)", "by Phone 2)"]
    assert line.link == table_links.url_for(table) and line.link_table == table.pk


def test_each_refused_link_is_a_sentence_and_writes_nothing(
    make_event: Any, nine: list[Any], ann: Any
) -> None:
    round_ = card_evening(make_event, nine, ann)
    event = round_.event
    one, two = round_.tables.get(number=1), round_.tables.get(number=2)
    other_event = make_event(name="Other Night")
    good = link(one)
    token = good.rstrip("/").rsplit("/", 1)[1]
    cases = {
        "tampered": (
            reverse("tournaments:card_table_link", args=[event.pk, one.pk, token[:-2] + "xx"]),
            "This link is not one the site made: scan the code on your table's card again.",
        ),
        "another event": (
            reverse("tournaments:card_table_link", args=[other_event.pk, one.pk, token]),
            "This link is for a table of another event.",
        ),
        "another table": (
            reverse("tournaments:card_table_link", args=[event.pk, two.pk, token]),
            "This link is for another table: scan the code on your own table.",
        ),
    }
    before = written(event)
    for name, (url, sentence) in cases.items():
        client = Client()
        got = client.get(url)
        assert got.status_code == 403 and sentence in said(got), name
        assert players(one)[0].get_username() not in said(got), name
        posted = client.post(url, places([1, 2, 3]))
        assert posted.status_code == 403 and sentence in said(posted), name
        call = url + "call/"
        assert client.post(call, {"reason": "dispute"}).status_code == 403, name
        assert written(event) == before, name
    # Replaced by the organizer: the old link is refused, the new one opens.
    phone = opened(good)
    table_links.new_link(table=one, by=ann)
    refused = phone.post(good, places([1, 2, 3]))
    assert refused.status_code == 403
    assert "The organizer replaced table 1's link: ask them for the new one." in said(refused)
    assert written(event) == before
    assert Client().get(link(one)).status_code == 200
    # A round over: its links open nothing.
    for table in round_.tables.all():
        a, b, _ = players(table)
        made = card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
        card_results.confirm_result(result=made, by=b)
    assert Round.objects.get(pk=round_.pk).status == Round.FINISHED
    before = written(event)
    old = link(two)
    got = Client().post(old, places([1, 2, 3]))
    assert got.status_code == 403 and "Round 1 is over: this link no longer opens a table." in said(
        got
    )
    assert written(event) == before
    # A signed-in player of the table who opens it is led to their result page instead.
    player = Client()
    player.force_login(players(two)[0])
    led = player.get(old)
    assert led.status_code == 302
    assert led["Location"] == reverse("tournaments:card_result", args=[event.pk, two.pk])
    assert player.post(old, places([1, 2, 3])).status_code == 403
    assert written(event) == before


def test_the_link_refuses_a_post_without_its_cookie_and_one_that_raced_a_new_link(
    make_event: Any, nine: list[Any], ann: Any
) -> None:
    round_ = card_evening(make_event, nine, ann)
    table = round_.tables.get(number=1)
    url = link(table)
    done = Client().post(url, places([1, 2, 3]), follow=True)
    assert "This phone did not keep the site's cookie" in said(done)
    assert not CardResult.objects.exists()
    # A phone holding the link as it was before "New link" writes nothing (the service
    # checks the version under the table's lock).
    stale = table_links.Phone("d" * 16, table.link_version)
    table_links.new_link(table=table, by=ann)
    with pytest.raises(Exception, match="replaced table 1's link"):
        card_results.submit_result(round_table=table, by=None, phone=stale, places=[1, 2, 3])
    assert not CardResult.objects.exists()


def test_posts_through_a_link_are_limited(
    make_event: Any, nine: list[Any], ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_000_000.0)  # one window
    round_ = card_evening(make_event, nine, ann)
    table = round_.tables.get(number=1)
    url = link(table)
    phone = opened(url)
    for _ in range(table_links.LINK_POSTS.count):
        done = phone.post(url, {"action": "confirm", "result": "nothing"}, follow=True)
        assert "That result is no longer there" in said(done)
    done = phone.post(url, places([1, 2, 3]), follow=True)
    assert "Too many entries through this table's link: wait" in said(done)
    assert not CardResult.objects.exists()
    # Another table's link counts on its own.
    other = link(round_.tables.get(number=2))
    opened(other).post(other, places([1, 2, 3]))
    assert CardResult.objects.count() == 1


def test_a_phone_calls_the_organizer_and_the_console_names_it(
    make_event: Any, nine: list[Any], ann: Any
) -> None:
    round_ = card_evening(make_event, nine, ann)
    event = round_.event
    table = round_.tables.get(number=3)
    url = link(table)
    phone = opened(url)
    page = phone.get(url).content.decode()
    call = url + "call/"
    assert f'action="{call}"' in page and 'id="organizer-call-note"' in page
    done = phone.post(call, {"reason": "rules", "note": "Can a 31 be knocked?"}, follow=True)
    assert "The organizer is called: on the way." in said(done)
    made = OrganizerCall.objects.get()
    assert made.caller is None and made.device and made.table == table
    again = phone.post(call, {"reason": "rules"}, follow=True)
    assert "The organizer is already called to this table." in said(again)
    assert OrganizerCall.objects.count() == 1
    [shown] = organizer_calls.open_calls(event)
    assert (shown.table, shown.who, shown.reason) == (3, "Phone 1", "a rules question")
    manager = Client()
    manager.force_login(ann)
    console_page = said(manager.get(reverse("tournaments:manage", args=[event.pk])))
    assert "Tables calling you" in console_page and "Phone 1" in console_page
    manager.post(reverse("tournaments:organizer_call_answered", args=[event.pk, made.pk]))
    made.refresh_from_db()
    assert made.answered_by == ann
    assert "Your last call was answered." in said(phone.get(url))


def test_the_console_shows_the_link_and_replaces_it_after_asking(
    make_event: Any, nine: list[Any], ann: Any
) -> None:
    round_ = card_evening(make_event, nine, ann)
    event = round_.event
    table = round_.tables.get(number=2)
    url = link(table)
    opened(url).post(url, places([3, 1, 2]))
    manager = Client()
    manager.force_login(ann)
    manage = reverse("tournaments:manage", args=[event.pk])
    page = manager.get(manage).content.decode()
    assert table_links.url_for(table) in page
    assert "Entered by Phone 1" in page
    asked = manager.post(manage, {"action": "new_link", "table": str(table.pk)})
    assert "Give table 2 a new link?" in said(asked)
    table.refresh_from_db()
    assert table.link_version == 0  # asked, not done
    done = manager.post(
        manage, {"action": "new_link", "table": str(table.pk), "confirm": "yes"}, follow=True
    )
    assert "Table 2 has a new link" in said(done)
    table.refresh_from_db()
    assert table.link_version == 1
    assert Client().get(url).status_code == 403
    assert table_links.url_for(table) in done.content.decode()
    # A player may not replace it.
    player = Client()
    player.force_login(players(table)[0])
    assert player.post(manage, {"action": "new_link", "table": str(table.pk)}).status_code == 403


def test_the_organizers_printed_card_carries_the_link_and_no_one_elses(
    make_event: Any, nine: list[Any], ann: Any
) -> None:
    round_ = card_evening(make_event, nine, ann)
    event = round_.event
    manager = Client()
    manager.force_login(ann)
    cards_url = reverse("tournaments:print_cards", args=[event.pk])
    cards = printed_cards(manager.get(cards_url).content.decode())
    for table in round_.tables.all():
        expected = table_links.url_for(RoundTable.objects.select_related("round").get(pk=table.pk))
        assert cards[table.number]["url"] == expected
        assert qr.modules(cards[table.number]["svg"]) == qr.matrix(expected)
        assert qr.modules(cards[table.number]["svg"]) != qr.matrix(expected + "x")
    # Anyone else printing the (public) cards gets the result page, which needs an account.
    for table_number, card in printed_cards(Client().get(cards_url).content.decode()).items():
        table = round_.tables.get(number=table_number)
        assert card["url"] == "http://testserver" + reverse(
            "tournaments:card_result", args=[event.pk, table.pk]
        )
