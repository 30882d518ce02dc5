"""The create form with JavaScript off, as a phone posts it: tie-breaks that leave
"fewest lives lost" out of an event with card tables unless the organizer chooses it,
help that says what each format is and which play with real cards, and refusals said
by the server; and the event page of a club the viewer is not a member of, which offers
joining it rather than a Register the services refuse."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club, JoinRequest, Membership
from tests.tournaments.cards.test_card_tables import phone, result_url
from tests.tournaments.test_pages import good_data, logged_in
from tournaments import formats, services
from tournaments.forms import EventForm
from tournaments.models import Entry, Event, Round

pytestmark = pytest.mark.django_db


def create_page(client: Client, club: Club) -> str:
    return client.get(reverse("tournaments:create", args=[club.slug])).content.decode()


def chosen_tiebreaks(page: str) -> list[str]:
    """The tie-break each select starts on, in order ("" for none)."""
    found = []
    for n in range(1, 7):
        select = re.search(rf'<select name="tiebreak_{n}".*?</select>', page, re.S)
        assert select, n
        picked = re.search(r'<option value="([^"]*)" selected>', select.group(0))
        found.append(picked[1] if picked else "")
    return found


def posted_as_shown(page: str) -> dict[str, str]:
    """The tie-breaks as a phone posts them untouched."""
    return {f"tiebreak_{n + 1}": key for n, key in enumerate(chosen_tiebreaks(page))}


def test_a_card_or_mixed_event_made_on_the_form_leaves_out_fewest_lives_lost(
    club: Club, ann: Any, scat: Any
) -> None:
    client = logged_in(ann)
    page = create_page(client, club)
    assert chosen_tiebreaks(page) == [
        "opponents_average",
        "outlasted_sum",
        "table_wins",
        "head_to_head",
        "lots",
        "",
    ]
    # It is on offer, and the form says what choosing it costs.
    assert '<option value="lives_lost">Fewest lives lost</option>' in page
    said = "choosing it means every card table must enter each seat's lives lost"
    assert said in html.unescape(page)
    url = reverse("tournaments:create", args=[club.slug])
    for venue in (Event.CARDS, Event.MIXED):
        data = good_data(scat, name=f"{venue} night", venue=venue, bots_fill="")
        data.update(posted_as_shown(page))
        response = client.post(url, data)
        assert response.status_code == 302, response.content.decode()
        event = Event.objects.get(name=f"{venue} night")
        assert "lives_lost" not in event.tiebreaks
        assert event.tiebreaks == services.default_tiebreaks(venue)


def test_fewest_lives_lost_chosen_makes_every_card_table_enter_lives_lost(
    club: Club, ann: Any, scat: Any, members: list[Any]
) -> None:
    client = logged_in(ann)
    data = good_data(
        scat,
        venue=Event.CARDS,
        bots_fill="",
        scoring="outlasted",
        place_points="",
        tiebreak_1="lives_lost",
        tiebreak_2="lots",
        table_size=3,
        table_min=3,
        table_max=3,
        checkin_minutes=0,
        rounds=1,
    )
    data.pop("tiebreak_3")
    response = client.post(reverse("tournaments:create", args=[club.slug]), data)
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.tiebreaks == ["lives_lost", "lots"]
    for player in members[:3]:
        services.register(event=event, user=player)
    services.start_event(event=event, by=ann)
    first = Round.objects.get(event=event, number=1)
    services.start_round(round_=first, by=ann)
    table = first.tables.get()
    page = phone(members[0]).get(result_url(table)).content.decode()
    assert "needed for every seat" in page
    assert re.search(r'<input id="score-0" name="score_0" type="number"[^>]*required>', page)


def test_the_format_help_describes_every_format_and_marks_the_chosen_one(
    club: Club, ann: Any, scat: Any
) -> None:
    page = create_page(logged_in(ann), club)
    listed = re.search(r'<ul class="helptext format-help" id="format-help".*?</ul>', page, re.S)
    assert listed, "the help is a list under the format's select"
    lines = re.findall(r'<li data-format="(\w+)"( data-chosen)?>([^<]+)</li>', listed.group(0))
    assert [key for key, _, _ in lines] == list(formats.FORMATS)
    assert {key for key, chosen, _ in lines if chosen} == {Event.SWISS}
    assert all(
        text.replace("&#x27;", "'") == formats.FORMATS[key].description for key, _, text in lines
    )
    assert 'aria-describedby="format-help"' in page
    # Knockout is not what the help says under Swiss: each line names its own format.
    assert formats.FORMATS[Event.SWISS].description.startswith("Swiss:")
    assert "knockout" not in str(formats.FORMATS[Event.SWISS].description).lower()
    # A form posted back with another format marks that one.
    form = EventForm({"format": Event.DUPLICATE}, club=club)
    assert [key for key, _, chosen in form.format_help if chosen] == [Event.DUPLICATE]


def test_the_venue_help_says_which_formats_play_with_real_cards(club: Club, ann: Any) -> None:
    page = create_page(logged_in(ann), club)
    assert "Swiss events only for now" not in page  # the stale help it replaced
    help_text = str(EventForm.base_fields["venue"].help_text)
    assert "A Swiss event plays every table or some of them with cards (mixed)" in help_text
    assert "a knockout or top-q knockout every table or none" in help_text
    assert "duplicate plays online only" in help_text
    # What the sentence says is what the formats allow.
    cards = {k for k, fmt in formats.FORMATS.items() if fmt.setup.card_tables_refusal is None}
    mixed = {k for k in cards if formats.FORMATS[k].setup.mixed_tables_refusal is None}
    assert cards == {Event.SWISS, Event.KNOCKOUT, Event.TOP_Q} and mixed == {Event.SWISS}


def test_a_refused_form_is_said_by_the_server_not_a_hidden_browser_bubble(
    club: Club, ann: Any, scat: Any
) -> None:
    client = logged_in(ann)
    page = create_page(client, club)
    # The browser does not check the fields itself: its bubble could point at a field
    # under the sticky buttons, and a phone's tap seemed to do nothing.
    assert re.search(r'<form method="post" action="[^"]+" class="create-form" novalidate>', page)
    response = client.post(
        reverse("tournaments:create", args=[club.slug]),
        good_data(scat, checkin_minutes="", venue=Event.MIXED, advance=Event.AUTO),
    )
    text = response.content.decode()
    assert response.status_code == 200 and not Event.objects.exists()
    summary = re.search(r'<div class="error-summary" role="alert">.*?</div>', text, re.S)
    assert summary, "the page says why, above the form"
    assert 'href="#id_checkin_minutes"' in summary.group(0)


# ---- the event page of a club one is not a member of -----------------------------------


def entry_panel(client: Client, event: Event) -> str:
    page = client.get(event.get_absolute_url()).content.decode()
    found = re.search(
        r'<section class="panel" aria-labelledby="entry-heading">.*?</section>', page, re.S
    )
    return found.group(0) if found else ""


@pytest.mark.parametrize("policy", [Club.OPEN, Club.REQUEST, Club.INVITE])
def test_a_non_member_is_offered_joining_the_club_instead_of_register(
    club: Club, make_event: Any, django_user_model: Any, policy: str
) -> None:
    club.join_policy = policy
    club.save()
    event = make_event()
    outsider = django_user_model.objects.create_user("out", password="x" * 12)
    client = logged_in(outsider)
    panel = entry_panel(client, event)
    assert "Join Kitchen Club to register" in panel
    assert ">Register</button>" not in panel
    join = reverse("clubs:join", args=[club.slug])
    if policy == Club.INVITE:
        assert join not in panel and "invite link from an organizer" in panel
        assert f'href="{club.get_absolute_url()}"' in panel
        return
    assert f'action="{join}"' in panel
    assert f'name="next" value="{event.get_absolute_url()}"' in panel
    response = client.post(join, {"next": event.get_absolute_url()})
    assert response.status_code == 302 and response["Location"] == event.get_absolute_url()
    panel = entry_panel(client, event)
    if policy == Club.OPEN:
        assert Membership.objects.filter(club=club, user=outsider).exists()
        assert ">Register</button>" in panel and "Join Kitchen Club" not in panel
        client.post(reverse("tournaments:register", args=[event.pk]))
        assert Entry.objects.filter(event=event, user=outsider).exists()
    else:
        assert JoinRequest.objects.filter(club=club, user=outsider).exists()
        assert "You asked to join: an organizer will answer." in panel
        assert ">Register</button>" not in panel and join not in panel


def test_joining_leads_back_only_to_a_page_of_this_site(club: Club, django_user_model: Any) -> None:
    club.join_policy = Club.OPEN
    club.save()
    outsider = django_user_model.objects.create_user("out", password="x" * 12)
    response = logged_in(outsider).post(
        reverse("clubs:join", args=[club.slug]), {"next": "https://elsewhere.example/"}
    )
    assert response["Location"] == club.get_absolute_url()


def test_a_member_and_a_visitor_see_register_and_log_in_as_before(
    club: Club, make_event: Any, members: list[Any]
) -> None:
    event = make_event()
    assert ">Register</button>" in entry_panel(logged_in(members[0]), event)
    assert "Join Kitchen Club" not in entry_panel(logged_in(members[0]), event)
    assert "Log in to register" in Client().get(event.get_absolute_url()).content.decode()
