"""An event's entry conditions (docs/tournaments.md#entry-conditions): each refuses with
its sentence, naming what the person has, and writes nothing; met, they register; the
page lists them and shows the refusal instead of the Register button; an event without
them is as before."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.errors import ServiceError
from ratings.families import family_of
from ratings.models import Rating
from tournaments import entry_conditions, services
from tournaments.models import Entry, Event

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def rate(user: Any, event: Event, games: int = 0) -> int:
    """Give `user` a rating in the family of `event`'s rules; its displayed number."""
    rating = Rating.objects.create(
        user=user, family=family_of(event.rules), games=games, updated=timezone.now()
    )
    return rating.displayed


def refused(event: Event, user: Any, sentence: str) -> None:
    """Registering is refused with `sentence`, and nothing is written."""
    before = Entry.objects.count()
    with pytest.raises(ServiceError) as error:
        services.register(event=event, user=user)
    assert error.value.message == sentence
    assert Entry.objects.count() == before


def past_event(make_event: Any, days: int) -> Event:
    """One of the club's events that started `days` ago."""
    event = make_event(name=f"Past {days}")
    started = timezone.now() - timedelta(days=days)
    Event.objects.filter(pk=event.pk).update(
        status=Event.FINISHED, started_at=started, starts_at=started
    )
    return event


def test_an_event_without_conditions_registers_as_before(make_event: Any, members: list) -> None:
    event = make_event()
    assert entry_conditions.described(event) == []
    assert services.register(event=event, user=members[0]).active
    page = logged_in(members[1]).get(event.get_absolute_url()).content.decode()
    assert "Who may enter" not in page and ">Register<" in page


def test_members_only_refuses_the_invite_link_outside_the_club(
    make_event: Any, django_user_model: Any, members: list
) -> None:
    event = make_event(entry=Event.INVITE, members_only=True)
    guest = django_user_model.objects.create_user("guest", password="x" * 12)
    before = Entry.objects.count()
    with pytest.raises(ServiceError) as error:
        services.register(event=event, user=guest, token=event.invite_token)
    assert error.value.message == "This event is for members of Kitchen Club: you are not a member."
    assert Entry.objects.count() == before
    assert services.register(event=event, user=members[0], token=event.invite_token).active


def test_a_rating_below_the_range_is_refused_with_the_rating(
    make_event: Any, members: list
) -> None:
    event = make_event()
    mine = rate(members[0], event)
    Event.objects.filter(pk=event.pk).update(rating_min=mine + 100, rating_max=mine + 400)
    event.refresh_from_db()
    refused(
        event,
        members[0],
        f"This event is for players rated {mine + 100}–{mine + 400} in Lives games: "
        f"your rating there is {mine}.",
    )
    # No rating at all: said so.
    refused(
        event,
        members[1],
        f"This event is for players rated {mine + 100}–{mine + 400} in Lives games: "
        "you have no rating there yet.",
    )


def test_a_rating_in_the_range_registers(make_event: Any, members: list) -> None:
    event = make_event()
    mine = rate(members[0], event)
    Event.objects.filter(pk=event.pk).update(rating_min=mine, rating_max=mine + 1)
    event.refresh_from_db()
    assert services.register(event=event, user=members[0]).active
    Event.objects.filter(pk=event.pk).update(rating_min=None, rating_max=mine - 1)
    event.refresh_from_db()
    rate(members[1], event)
    refused(
        event,
        members[1],
        f"This event is for players rated at most {mine - 1} in Lives games: "
        f"your rating there is {mine}.",
    )


def test_too_few_rated_games_are_refused_with_the_count(make_event: Any, members: list) -> None:
    event = make_event(min_rated_games=10)
    rate(members[0], event, games=3)
    refused(
        event,
        members[0],
        "This event is for players with at least 10 rated games in Lives games: "
        "you have 3 rated games there.",
    )
    rate(members[1], event, games=10)
    assert services.register(event=event, user=members[1]).active


def test_no_shows_in_the_clubs_last_events_are_counted(make_event: Any, members: list) -> None:
    old = past_event(make_event, days=30)  # outside the last two
    recent = [past_event(make_event, days=d) for d in (2, 1)]
    for past in (old, *recent):
        Entry.objects.create(
            event=past, user=members[0], status=Entry.WITHDRAWN, missed_check_in=True
        )
    Entry.objects.create(event=recent[0], user=members[1], status=Entry.WITHDRAWN)
    event = make_event(max_no_shows=2, no_show_window=2)
    refused(
        event,
        members[0],
        "This event is for players with fewer than 2 no-shows in the club's last 2 events: "
        "you have 2 no-shows there.",
    )
    # Withdrawn but not a no-show, and no-shows only outside the window: they enter.
    assert services.register(event=event, user=members[1]).active
    Event.objects.filter(pk=event.pk).update(max_no_shows=3, no_show_window=3)
    event.refresh_from_db()
    refused(
        event,
        members[0],
        "This event is for players with fewer than 3 no-shows in the club's last 3 events: "
        "you have 3 no-shows there.",
    )


def test_the_organizer_adding_a_member_is_refused_the_same_way(
    make_event: Any, ann: Any, members: list
) -> None:
    event = make_event(min_rated_games=5)
    with pytest.raises(ServiceError) as error:
        services.add_entry(event=event, user=members[0], by=ann)
    assert error.value.message == (
        "This event is for players with at least 5 rated games in Lives games: "
        "p1 has 0 rated games there."
    )
    assert not Entry.objects.filter(event=event).exists()


def test_the_page_lists_the_conditions_and_the_refusal_replaces_the_button(
    make_event: Any, members: list
) -> None:
    event = make_event(members_only=True, rating_min=1400, rating_max=1700, min_rated_games=10)
    page = logged_in(members[0]).get(event.get_absolute_url()).content.decode()
    assert (
        'Who may enter</dt>\n        <dd class="entry-conditions">members of Kitchen Club; '
        "players rated 1400–1700 in Lives games; "
        "players with at least 10 rated games in Lives games</dd>"
    ) in page
    assert (
        "This event is for players rated 1400–1700 in Lives games: "
        "you have no rating there yet." in page
    )
    assert ">Register<" not in page
    # The control refused is not offered; posting anyway is refused and writes nothing.
    response = logged_in(members[0]).post(reverse("tournaments:register", args=[event.pk]))
    assert response.status_code == 302
    assert not Entry.objects.filter(event=event).exists()


def test_the_event_form_sets_the_conditions_and_refuses_nonsense(
    club: Any, ann: Any, scat: Any
) -> None:
    client = logged_in(ann)
    url = reverse("tournaments:create", args=[club.slug])
    form = {
        "name": "Rated night",
        "rule_set": scat.pk,
        "table_size": 4,
        "table_min": 3,
        "table_max": 5,
        "scoring": Event.OUTLASTED,
        "starts_at": (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "time_zone": "UTC",
        "checkin_minutes": 0,
        "entry": Event.OPEN,
        "advance": Event.AUTO,
        "turn_timer": 60,
        "rounds": 3,
        "members_only": "on",
        "rating_min": 1700,
        "rating_max": 1400,
    }
    page = client.post(url, form).content.decode()
    assert "The lowest rating is above the highest." in page
    assert not Event.objects.exists()
    form.update(rating_min=1400, rating_max=1700, max_no_shows=2)
    page = client.post(url, form).content.decode()
    assert "Give both the no-shows and the number of events they are counted over." in page
    assert not Event.objects.exists()
    form.update(no_show_window=10)
    response = client.post(url, form)
    assert response.status_code == 302, response.content.decode()
    event = Event.objects.get()
    assert (event.members_only, event.rating_min, event.rating_max) == (True, 1400, 1700)
    assert (event.max_no_shows, event.no_show_window, event.min_rated_games) == (2, 10, None)


def test_the_invite_page_lists_them_and_says_why_instead_of_its_button(
    make_event: Any, django_user_model: Any
) -> None:
    event = make_event(entry=Event.INVITE, members_only=True)
    guest = logged_in(django_user_model.objects.create_user("guest", password="x" * 12))
    url = reverse("tournaments:join", args=[event.pk, event.invite_token])
    page = guest.get(url).content.decode()
    assert "Who may enter: members of Kitchen Club" in page
    assert "This event is for members of Kitchen Club: you are not a member." in page
    assert "Register for Tuesday Swiss" not in page
    guest.post(url)
    assert not Entry.objects.filter(event=event).exists()
