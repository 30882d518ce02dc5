"""Changing an event's entry conditions from its console
(docs/tournaments.md#entry-conditions): the organizers, while the event is neither over
nor cancelled, with the event form's checks; a refusal is the form's sentence and writes
nothing; whoever already entered stays entered, and the page says so."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.errors import ServiceError
from ratings.families import family_of
from ratings.models import Rating
from tournaments import services
from tournaments.models import Entry, Event
from tournaments.services.conditions import set_entry_conditions

pytestmark = pytest.mark.django_db

NONE: dict[str, Any] = {
    "members_only": False,
    "rating_min": None,
    "rating_max": None,
    "min_rated_games": None,
    "max_no_shows": None,
    "no_show_window": None,
}
FIELDS = tuple(NONE)


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def manage_url(event: Event) -> str:
    return reverse("tournaments:manage", args=[event.pk])


def post(user: Any, event: Event, **values: Any) -> str:
    """Post the console's form as `user` with `values` (the rest blank); the page the
    redirect lands on."""
    data = {"action": "conditions"}
    data.update({k: "" if v is None else str(v) for k, v in values.items()})
    if values.get("members_only"):
        data["members_only"] = "on"
    else:
        data.pop("members_only", None)
    response = logged_in(user).post(manage_url(event), data, follow=True)
    assert response.redirect_chain[-1][0] == manage_url(event)
    page: str = response.content.decode()
    return page


def conditions(event: Event) -> dict[str, Any]:
    return dict(Event.objects.filter(pk=event.pk).values(*FIELDS).get())


def test_the_console_offers_the_form_filled_with_the_conditions(make_event: Any, ann: Any) -> None:
    event = make_event(rating_min=1400, rating_max=1700)
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert 'aria-labelledby="conditions-heading"' in page
    assert 'name="action" value="conditions"' in page
    assert 'id="conditions-rating_min"' in page and 'value="1400"' in page
    assert "players rated 1400–1700 in Lives games" in page
    assert "Players already entered stay entered" in page


def test_an_organizer_sets_conditions_and_the_event_page_lists_them(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event()
    version = event.live_version
    with django_capture_on_commit_callbacks(execute=True):
        page = post(ann, event, **{**NONE, "members_only": True, "min_rated_games": 3})
    assert "The entry conditions are saved." in page
    assert conditions(event) == {**NONE, "members_only": True, "min_rated_games": 3}
    event.refresh_from_db()
    assert event.live_version == version + 1  # the event's pages are told
    shown = logged_in(members[1]).get(event.get_absolute_url()).content.decode()
    assert "Who may enter" in shown and "members of Kitchen Club" in shown
    assert (
        "This event is for players with at least 3 rated games in Lives games: "
        "you have 0 rated games there."
    ) in shown
    assert ">Register<" not in shown
    # Cleared again: anyone the club's rules let in.
    page = post(ann, event, **NONE)
    assert "The entry conditions are saved." in page and conditions(event) == NONE
    assert "no entry conditions" in page


def test_nothing_changed_writes_nothing(make_event: Any, ann: Any) -> None:
    event = make_event(rating_min=1200)
    version = event.live_version
    page = post(ann, event, **{**NONE, "rating_min": 1200})
    assert "The entry conditions are as they were." in page
    event.refresh_from_db()
    assert event.live_version == version


@pytest.mark.parametrize(
    ("values", "sentence"),
    [
        (
            {"rating_min": 1700, "rating_max": 1400},
            "Lowest rating: The lowest rating is above the highest.",
        ),
        ({"rating_min": "many"}, "Lowest rating: Enter a whole number."),
        (
            {"rating_max": 40000},
            "Highest rating: Ensure this value is less than or equal to 32767.",
        ),
        (
            {"max_no_shows": 2},
            "Refused from this many no-shows: Give both the no-shows and the number of "
            "events they are counted over.",
        ),
        (
            {"max_no_shows": 0, "no_show_window": 3},
            "Refused from this many no-shows: Fewer than 0 no-shows, or over 0 events, "
            "takes no one: write 1 or more.",
        ),
    ],
)
def test_bad_values_are_refused_with_the_forms_sentence_and_nothing_written(
    make_event: Any, ann: Any, values: dict[str, Any], sentence: str
) -> None:
    event = make_event(min_rated_games=2)
    before, version = conditions(event), event.live_version
    page = post(ann, event, **{**NONE, "members_only": True, **values})
    assert sentence in page.replace("&#x27;", "'")
    assert "The entry conditions are saved." not in page
    assert conditions(event) == before
    event.refresh_from_db()
    assert event.live_version == version


def test_only_organizers_change_them(make_event: Any, members: list[Any]) -> None:
    event = make_event()
    response = logged_in(members[0]).post(
        manage_url(event), {"action": "conditions", "members_only": "on"}
    )
    assert response.status_code == 403
    with pytest.raises(ServiceError) as error:
        set_entry_conditions(by=members[0], event_id=event.pk, **{**NONE, "members_only": True})
    assert error.value.message == "Only Kitchen Club's organizers can do that."
    assert conditions(event) == NONE


@pytest.mark.parametrize(
    ("status", "sentence"),
    [(Event.FINISHED, "This event is over."), (Event.CANCELLED, "This event is cancelled.")],
)
def test_an_event_over_or_cancelled_keeps_its_conditions(
    make_event: Any, ann: Any, status: str, sentence: str
) -> None:
    event = make_event()
    Event.objects.filter(pk=event.pk).update(status=status)
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert 'value="conditions"' not in page
    assert sentence in post(ann, event, **{**NONE, "members_only": True})
    assert conditions(event) == NONE


def test_a_stricter_condition_keeps_those_entered_and_names_them(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event()
    for user in members[:3]:
        services.register(event=event, user=user)
    Rating.objects.create(
        user=members[0], family=family_of(event.rules), games=12, updated=timezone.now()
    )
    page = post(ann, event, **{**NONE, "min_rated_games": 10})
    assert (
        "The entry conditions are saved. p2 and p3, already entered, do not meet them "
        "and stay entered."
    ) in page
    assert set(
        Entry.objects.filter(event=event, status=Entry.REGISTERED).values_list(
            "user__username", flat=True
        )
    ) == {"p1", "p2", "p3"}
    # A newcomer is refused by the new condition.
    with pytest.raises(ServiceError) as error:
        services.register(event=event, user=members[3])
    assert error.value.message == (
        "This event is for players with at least 10 rated games in Lives games: "
        "you have 0 rated games there."
    )
