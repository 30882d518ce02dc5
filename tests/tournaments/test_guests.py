"""Guests at events played with real cards (docs/club-night.md#guests): the organizer enters a
visitor without an account; the guest is an inactive `User` named "Anna (guest)" who
never logs in, plays only card tables, is never rated, and shows by that name on every
page of the event. Their table's result is entered by the other players or the
organizer."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from clubs.models import Membership
from games.errors import ServiceError
from ratings.models import Rating
from tests.tournaments.cards.test_card_tables import (
    outlasted,
    phone,
    players,
    post_places,
    result_url,
)
from tournaments import services
from tournaments.cards import card_results
from tournaments.formats.swiss import results
from tournaments.models import Entry, Event, Round, RoundTable

pytestmark = pytest.mark.django_db

PASSWORD = "felt-table-31-blitz"


@pytest.fixture
def four(club: Any, django_user_model: Any) -> list[Any]:
    """Four members m1..m4 (ann, the organizer, does not play)."""
    users = []
    for k in range(1, 5):
        user = django_user_model.objects.create_user(f"m{k}", password=PASSWORD)
        Membership.objects.create(club=club, user=user)
        users.append(user)
    return users


def cards_swiss(
    make_event: Any, users: list[Any], venue: str = Event.CARDS, **options: Any
) -> Event:
    options.setdefault("rounds", 2)
    event = make_event(
        venue=venue,
        advance=Event.MANUAL,
        bots_fill=False,
        table_size=3,
        table_min=3,
        table_max=3,
        **options,
    )
    for user in users:
        services.register(event=event, user=user)
    return event


def written(event: Event) -> tuple[Any, ...]:
    """Everything a refused guest must leave as it was."""
    event.refresh_from_db()
    return (
        list(User.objects.order_by("pk").values_list("pk", "username")),
        list(Entry.objects.order_by("pk").values_list("pk", "status")),
        event.live_version,
    )


# ---- the service ---------------------------------------------------------------------


def test_a_guest_is_an_inactive_user_who_cannot_log_in_and_is_not_a_member(
    make_event: Any, four: list[Any], ann: Any, club: Any
) -> None:
    event = cards_swiss(make_event, four)
    entry = services.add_guest(event=event, by=ann, name="  Anna   Lee ")
    guest = entry.user
    assert guest.username == "Anna Lee (guest)"
    assert guest.is_guest and not guest.is_active and not guest.has_usable_password()
    assert not Membership.objects.filter(user=guest).exists()
    assert entry.active and entry.first_round == 1 and entry.event == event
    # A second guest of the same name (in any case) is numbered.
    assert services.add_guest(event=event, by=ann, name="anna lee").user.username == (
        "anna lee (guest 2)"
    )
    assert services.add_guest(event=event, by=ann, name="Anna Lee").user.username == (
        "Anna Lee (guest 3)"
    )
    # Members stay members, not guests.
    assert not User.objects.get(username="m1").is_guest


def test_a_guest_cannot_log_in(make_event: Any, four: list[Any], ann: Any) -> None:
    guest = services.add_guest(event=cards_swiss(make_event, four), by=ann, name="Anna").user
    client = Client()
    assert not client.login(username=guest.username, password="")
    response = client.post(
        reverse("account_login"), {"login": guest.username, "password": PASSWORD}
    )
    assert response.status_code == 200  # the form again, not a redirect
    assert "_auth_user_id" not in client.session
    # A member logs in through the same form.
    member = Client()
    member.post(reverse("account_login"), {"login": "m1", "password": PASSWORD})
    assert member.session.get("_auth_user_id") == str(four[0].pk)


def test_sign_up_refuses_a_guests_name(client: Client) -> None:
    for name in ("Anna (guest)", "Anna (guest 2)"):
        response = client.post(
            reverse("account_signup"),
            {"username": name, "password1": PASSWORD, "password2": PASSWORD},
        )
        assert response.status_code == 200
        assert "Use only the letters a-z and A-Z, digits and . _ -" in response.content.decode()
    assert not User.objects.exists()


def test_every_refusal_writes_nothing(
    make_event: Any, four: list[Any], ann: Any, club: Any
) -> None:
    cards = cards_swiss(make_event, four)
    online = make_event(advance=Event.MANUAL)
    mixed = cards_swiss(make_event, [], venue=Event.MIXED)
    cases: list[tuple[Event, Any, str, str]] = [
        (
            online,
            ann,
            "Anna",
            "A guest cannot log in to play online: guests play at events played with cards.",
        ),
        (
            mixed,
            ann,
            "Anna",
            "A guest cannot log in to play online: guests play at events played with cards.",
        ),
        (cards, four[0], "Anna", "Only Kitchen Club's organizers can do that."),
        (cards, ann, "   ", "Give the guest's name."),
        (cards, ann, "A" * 41, "A guest's name is at most 40 characters."),
        (
            cards,
            ann,
            "Anna (guest)",
            "Use only letters, digits, spaces, . and - in a guest's name.",
        ),
        (cards, ann, "<b>Anna</b>", "Use only letters, digits, spaces, . and - in a guest's name."),
    ]
    for event, by, name, sentence in cases:
        before = written(event)
        with pytest.raises(ServiceError) as refused:
            services.add_guest(event=event, by=by, name=name)
        assert refused.value.message == sentence
        assert written(event) == before
    # 40 characters after trimming are fine.
    assert services.add_guest(event=cards, by=ann, name=" " + "B" * 40 + " ").user.is_guest
    # Too late: half the rounds have started.
    late = cards_swiss(make_event, four[:3], rounds=1)
    services.start_event(event=late, by=ann)
    services.start_round(round_=Round.objects.get(event=late, number=1), by=ann)
    before = written(late)
    with pytest.raises(ServiceError, match="Half the rounds have started"):
        services.add_guest(event=late, by=ann, name="Late")
    assert written(late) == before


def test_a_guest_added_to_a_running_event_gets_byes_like_a_late_member(
    make_event: Any, four: list[Any], ann: Any, django_user_model: Any, club: Any
) -> None:
    fifth = django_user_model.objects.create_user("m5", password=PASSWORD)
    Membership.objects.create(club=club, user=fifth)
    event = cards_swiss(make_event, [*four, fifth], rounds=4)
    services.add_guest(event=event, by=ann, name="Early")
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    services.start_round(round_=round_, by=ann)
    page = phone(ann).post(
        reverse("tournaments:manage", args=[event.pk]),
        {"action": "add_guest", "name": "Anna"},
        follow=True,
    )
    assert "Anna (guest) plays from round 2, with a bye for the round missed." in (
        page.content.decode()
    )
    entry = Entry.objects.get(event=event, user__username="Anna (guest)")
    assert entry.first_round == 2
    assert [b.round.number for b in entry.byes.all()] == [1]
    assert all(b.late for b in entry.byes.all())


def test_the_manage_page_offers_a_guest_only_where_every_table_plays_with_cards(
    make_event: Any, four: list[Any], ann: Any
) -> None:
    cards = cards_swiss(make_event, four)
    page = phone(ann).get(reverse("tournaments:manage", args=[cards.pk])).content.decode()
    assert "Add a guest" in page and 'name="name"' in page
    for event in (make_event(), cards_swiss(make_event, [], venue=Event.MIXED)):
        page = phone(ann).get(reverse("tournaments:manage", args=[event.pk])).content.decode()
        assert "Add a guest" not in page
        assert "A guest cannot log in to play online: guests play at events played with cards." in (
            page
        )
    # The form posts to the service; a refusal comes back as a message.
    page = phone(ann).post(
        reverse("tournaments:manage", args=[cards.pk]),
        {"action": "add_guest", "name": "Bad!"},
        follow=True,
    )
    assert "Use only letters, digits, spaces, . and - in a guest&#x27;s name." in (
        page.content.decode()
    )
    assert not User.objects.filter(is_guest=True).exists()


# ---- an evening with guests ----------------------------------------------------------


def test_a_cards_swiss_with_two_guests_is_played_through(
    make_event: Any, four: list[Any], ann: Any, club: Any
) -> None:
    event = cards_swiss(make_event, four, rounds=3)
    anna = services.add_guest(event=event, by=ann, name="Anna").user
    bert = services.add_guest(event=event, by=ann, name="Bert").user
    guests = {anna.pk, bert.pk}
    services.start_event(event=event, by=ann)
    expected: dict[int, float] = {}
    for number in range(1, 4):
        round_ = Round.objects.get(event=event, number=number)
        services.start_round(round_=round_, by=ann)
        for k, table in enumerate(round_.tables.order_by("number")):
            sitting = players(table)
            members = [u for u in sitting if u.pk not in guests]
            places = [[1, 2, 3], [3, 1, 2], [2, 3, 1], [1, 2, 2]][(number + k) % 4]
            # A guest cannot enter or confirm, even through the service.
            for user in sitting:
                if user.pk in guests:
                    with pytest.raises(ServiceError, match="A guest cannot enter a result"):
                        card_results.submit_result(round_table=table, by=user, places=places)
            if len(members) >= 2:
                post_places(members[0], table, places)
                pending = table.card_results.get()
                phone(members[1]).post(
                    result_url(table), {"action": "confirm", "result": pending.pk}, follow=True
                )
            else:
                page = phone(ann).get(result_url(table)).content.decode()
                assert "the organizer enters its result" in page
                post_places(ann, table, places, reason="Two guests at the table")
            table.refresh_from_db()
            assert table.finished_at is not None
            seats = list(table.seats.order_by("position"))
            assert [s.place for s in seats] == places
            for seat, points in zip(seats, outlasted(places), strict=True):
                expected[seat.entry_id] = expected.get(seat.entry_id, 0) + points
        if number < 3:
            assert Round.objects.get(event=event, number=number + 1).status == Round.SEATED
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    rows = results.standings(event)
    assert {row.player: row.points for row in rows} == expected
    names = {e.pk: e.user.get_username() for e in event.entries.select_related("user")}
    assert {"Anna (guest)", "Bert (guest)"} <= set(names.values())
    # The CSV by name.
    body = phone(ann).get(reverse("tournaments:standings_csv", args=[event.pk])).content
    table_rows = list(csv.reader(io.StringIO(body.decode())))
    header = table_rows[0]
    by_name = {r[header.index("Player")]: float(r[header.index("Points")]) for r in table_rows[1:]}
    assert by_name == {names[p]: points for p, points in expected.items()}
    # Every page of the event names them as stored.
    for url in (
        reverse("tournaments:detail", args=[event.pk]),
        reverse("tournaments:screen", args=[event.pk]),
        reverse("tournaments:print_standings", args=[event.pk]),
        reverse("tournaments:print_pairings", args=[event.pk]),
        reverse("tournaments:manage", args=[event.pk]),
        reverse("tournaments:season", args=[club.slug]),
    ):
        page = phone(ann).get(url)
        assert page.status_code == 200, url
        assert "Anna (guest)" in page.content.decode() and "Bert (guest)" in page.content.decode()
    # Never rated: ratings read online games, and a guest never plays one.
    assert not Rating.objects.filter(user__in=[anna, bert]).exists()
    # Their profile page says whose guest they were.
    for viewer in (Client(), phone(four[0])):
        profile = viewer.get(reverse("profile", args=[anna.username]))
        assert profile.status_code == 200
        assert "A guest at Kitchen Club's events" in profile.content.decode()


def test_a_table_of_guests_only_is_settled_by_the_organizer(
    make_event: Any, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event = cards_swiss(make_event, [], rounds=1)
    for name in ("Anna", "Bert", "Carl"):
        services.add_guest(event=event, by=ann, name=name)
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    services.start_round(round_=round_, by=ann)
    table = RoundTable.objects.get(round=round_)
    sentence = "Every player at this table is a guest: the organizer enters its result."
    assert sentence in phone(ann).get(result_url(table)).content.decode()
    console = phone(ann).get(reverse("tournaments:manage", args=[event.pk]) + "?part=tables")
    assert sentence in console.content.decode()
    post_places(ann, table, [2, 1, 3], reason="Guests' table")
    table.refresh_from_db()
    assert [s.place for s in table.seats.order_by("position")] == [2, 1, 3]
    assert sentence not in phone(ann).get(result_url(table)).content.decode()


def test_one_member_with_two_guests_is_told_the_organizer_enters_it(
    make_event: Any, four: list[Any], ann: Any
) -> None:
    event = cards_swiss(make_event, four[:1], rounds=1)
    services.add_guest(event=event, by=ann, name="Anna")
    services.add_guest(event=event, by=ann, name="Bert")
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    services.start_round(round_=round_, by=ann)
    table = RoundTable.objects.get(round=round_)
    page = phone(four[0]).get(result_url(table)).content.decode()
    assert (
        "Only m1 at this table can log in, and a result needs a second player to confirm it: "
        "the organizer enters its result."
    ) in page
    # The member may still submit; it waits for the organizer, who records it.
    post_places(four[0], table, [1, 2, 3])
    assert table.card_results.get().status == "pending"
    post_places(ann, table, [1, 2, 3], reason="Confirmed at the table")
    table.refresh_from_db()
    assert table.finished_at is not None


def test_a_guests_profile_without_an_event_does_not_fail(client: Client) -> None:
    guest = User.objects.create(username="Zoe (guest)", is_guest=True, is_active=False)
    page = client.get(reverse("profile", args=[guest.username]))
    assert page.status_code == 200
    assert "A guest at a club's event" in page.content.decode()


def test_a_guest_is_checked_in_by_being_entered(make_event: Any, four: list[Any], ann: Any) -> None:
    """A guest cannot check in themselves; the start must not withdraw them."""
    event = cards_swiss(make_event, [], checkin_minutes=30)
    for user in four[:2]:
        services.register(event=event, user=user)
    guest = services.add_guest(event=event, by=ann, name="Anna")
    assert guest.checked_in_at is not None
    for user in four[:2]:
        Entry.objects.filter(event=event, user=user).update(checked_in_at=guest.checked_in_at)
    services.register(event=event, user=four[2])  # registered, never checks in
    services.start_event(event=event, by=ann)
    active = set(
        Entry.objects.filter(event=event, status=Entry.REGISTERED).values_list(
            "user__username", flat=True
        )
    )
    assert active == {"m1", "m2", "Anna (guest)"}


def test_names_that_start_a_formula_are_text_in_the_standings_csv(
    make_event: Any, four: list[Any], ann: Any
) -> None:
    # Guests' names may start with "-"; usernames made before today's rules with "=", "@"
    # or "+" (written here directly, as an old database holds them).
    four[0].username, four[1].username, four[2].username = "=HYPERLINK(1)", "@SUM(A1)", "+A1"
    for user in four[:3]:
        user.save()
    event = cards_swiss(make_event, four)
    services.add_guest(event=event, by=ann, name="-1-1")

    body = phone(ann).get(reverse("tournaments:standings_csv", args=[event.pk])).content
    rows = list(csv.reader(io.StringIO(body.decode())))

    player = rows[0].index("Player")
    names = {row[player] for row in rows[1:]}
    assert {"'=HYPERLINK(1)", "'@SUM(A1)", "'+A1", "'-1-1 (guest)", "m4"} <= names
    # No cell of the file starts a formula.
    assert not [cell for row in rows for cell in row if cell[:1] in ("=", "+", "-", "@", "\t")]
