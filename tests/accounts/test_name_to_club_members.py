"""A member who shows their name only to signed-in members of their clubs
(docs/privacy.md#my-name-off-public-pages): everyone else reads "Player N", N their
entry's number in the event (or their seat's at a table of no event), in every page,
fragment, CSV and push; their club's members and the event's organizers read the name;
and a crawl of every page as a visitor, a signed-in stranger, a member, the organizer
and staff finds the name only where that allows."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games import chat, realtime
from games import services as games
from games.models import Game, GamePlayer
from tests.accounts.crawling import crawl, reachable
from tests.tournaments.test_verify import finished_swiss
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

PASSWORD = "x" * 12


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def hiding(user: Any, name: str = "rosalind") -> Any:
    user.username, user.name_to_club_members = name, True
    user.save()  # which has this process ask again who hides their name
    return user


@pytest.fixture
def stranger(django_user_model: Any) -> Any:
    """Signed in, and a member of no club."""
    return django_user_model.objects.create_user("wanderer", password=PASSWORD)


def test_the_choice_is_on_the_profile_and_saved(members: list[Any]) -> None:
    client = signed_in(members[0])
    page = client.get(reverse("my_profile")).content.decode()
    assert "Show my name only to signed-in members of my clubs" in page
    client.post(reverse("preferences"), {"language": "", "name_to_club_members": "on"})
    members[0].refresh_from_db()
    assert members[0].name_to_club_members


def test_their_profile_is_theirs_and_their_clubs_members_only(
    members: list[Any], stranger: Any
) -> None:
    rosalind = hiding(members[1])
    url = reverse("profile", args=["rosalind"])
    assert Client().get(url).status_code == 404
    assert signed_in(stranger).get(url).status_code == 404
    assert signed_in(members[2]).get(url).status_code == 200, "a member of her club"
    assert signed_in(rosalind).get(url).status_code == 200


def test_a_table_of_no_event_numbers_her_by_her_seat_for_the_others(
    members: list[Any], stranger: Any, scat: Any
) -> None:
    rosalind = hiding(members[1])
    table = games.create_table(owner=stranger, name="", rule_set=scat, seat_count=3)
    games.join_table(table=table, user=rosalind)
    games.join_table(table=table, user=members[2])
    game = games.start_game(table=table, by=stranger)
    seat = GamePlayer.objects.get(game=game, user=rosalind).position
    views = dict(realtime.views_for(game))
    for group, html in views.items():
        if group.startswith(f"game-{game.pk}-seat-{seat}") or (
            group.startswith(
                f"game-{game.pk}-seat-{GamePlayer.objects.get(game=game, user=members[2]).position}"
            )
        ):
            assert "rosalind" in html, f"{group}: she, and a member of her club, read her name"
        else:
            assert "rosalind" not in html, group
    stranger_seat = GamePlayer.objects.get(game=game, user=stranger).position
    assert f"Player {seat + 1}" in views[realtime.seat_group(game.pk, stranger_seat)]
    assert "Spiller" in views[realtime.watch_group(game.pk, "da")], "in the reader's language"
    # The page of the table, as the stranger seated at it and as a visitor.
    for client in (signed_in(stranger), Client()):
        page = client.get(table.get_absolute_url()).content.decode()
        assert "rosalind" not in page and f"Player {seat + 1}" in page
    chat.post(table=table, user=rosalind, text="good luck")
    page = signed_in(stranger).get(reverse("table_chat", args=[table.pk])).content.decode()
    assert "good luck" in page and "rosalind" not in page


def test_the_event_numbers_her_by_her_entry_and_its_organizer_reads_her_name(
    make_event: Any,
    ann: Any,
    members: list[Any],
    stranger: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    hiding(members[1])
    event = finished_swiss(make_event, ann, members, django_capture_on_commit_callbacks)
    entries = list(Entry.objects.filter(event=event).order_by("registered_at", "pk"))
    number = 1 + [entry.user.username for entry in entries].index("rosalind")
    csv = reverse("tournaments:standings_csv", args=[event.pk])
    for client in (Client(), signed_in(stranger)):
        page = client.get(event.get_absolute_url()).content.decode()
        assert "rosalind" not in page and f"Player {number}" in page
        assert "rosalind" not in client.get(csv).content.decode()
    for reader in (ann, members[3]):
        assert "rosalind" in signed_in(reader).get(event.get_absolute_url()).content.decode()
    # The projector is read by the whole room, whoever opened it.
    screen = signed_in(ann).get(reverse("tournaments:screen", args=[event.pk]))
    assert "rosalind" not in screen.content.decode()


def test_a_crawl_finds_her_name_only_where_she_allows_it(
    make_event: Any,
    ann: Any,
    members: list[Any],
    staff: Any,
    stranger: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    rosalind = hiding(members[1])
    event = finished_swiss(make_event, ann, members, django_capture_on_commit_callbacks)
    game = Game.objects.filter(players__user=rosalind).first()
    chat.post(table=game.table, user=rosalind, text="well played all")
    clients = {
        "visitor": Client(),
        "stranger": signed_in(stranger),
        "member": signed_in(members[2]),
        "organizer": signed_in(ann),
        "staff": signed_in(staff),
    }
    played = GamePlayer.objects.filter(user=rosalind).values_list("game", flat=True)
    games_ = [str(pk) for pk in played]
    tables = [str(pk) for pk in Game.objects.filter(pk__in=played).values_list("table", flat=True)]
    ints = list(dict.fromkeys([str(event.pk), *games_[:3], *tables[:3], "1"]))
    known = {"int": ints, "path": ints, "slug": [event.club.slug, "scat"], "str": ["rosalind"]}
    urls = reachable(clients["staff"], known)
    seen = crawl(clients, urls)
    named: dict[str, list[str]] = {role: [] for role in clients}
    for where, body in seen.items():
        role, url = where.split(" ", 1)
        if "rosalind" in body:
            named[role].append(url)
    print(f"crawled {len(urls)} URLs as {len(clients)} roles: {len(seen)} pages answered 200")
    print("pages naming her:", {role: len(found) for role, found in named.items()})
    assert len(seen) > 100
    assert named["visitor"] == [] and named["stranger"] == []
    assert named["member"] and named["organizer"], "her club's members read her name"
    visited = {where.split(" ", 1)[1] for where in seen if where.startswith("visitor ")}
    assert visited & set(named["member"]), "the visitor reads pages that name her to members"
    # Staff may run any event: they read her name where its organizers do, nowhere else.
    outside = [url for url in named["staff"] if not _of_the_event_or_club(url, event, tables)]
    assert outside == []
    pseudonyms = [w for w, body in seen.items() if w.startswith("visitor") and "Player " in body]
    assert pseudonyms, "the others read her number"
    assert not User.objects.filter(username="rosalind", name_to_club_members=False).exists()


def _of_the_event_or_club(url: str, event: Any, tables: list[str]) -> bool:
    games_of_event = Game.objects.filter(table__in=tables).values_list("pk", flat=True)
    own = [f"/tournaments/{event.pk}/", f"/clubs/{event.club.slug}/"]
    own += [f"/tables/{pk}/" for pk in tables] + [f"/games/{pk}/" for pk in games_of_event]
    return url.startswith(tuple(own))
