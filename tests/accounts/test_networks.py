"""Shared networks (docs/privacy.md#the-network-fingerprint): a keyed fingerprint of the
/24 or /48 a person signs in from, never the address; `last_seen` written at most
hourly; rows past 30 days purged; the pairs sharing one; the console's lines for the
event's organizers alone; the staff's page; the download and the account's deletion."""

from __future__ import annotations

import html
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts import deletion, networks, tasks
from accounts.models import NetworkSighting
from games import services as games
from games.models import Game
from tests.accounts.exports import all_text, json_in, ready_export
from tests.tournaments.room.test_console import logged_in, manage_url, swiss

pytestmark = pytest.mark.django_db

PASSWORD = "felt-table-31-blitz"
HOME = "203.0.113.7"  # and 203.0.113.200: one /24
ELSEWHERE = "198.51.100.20"


def sign_in(user: Any, address: str, **extra: str) -> Client:
    """Log `user` in through the log-in form from `address`."""
    user.set_password(PASSWORD)
    user.save()
    client = Client(REMOTE_ADDR=address)
    response = client.post(
        reverse("account_login"), {"login": user.username, "password": PASSWORD}, **extra
    )
    assert response.status_code == 302 and client.session.get("_auth_user_id") == str(user.pk)
    return client


def networks_of(user: Any) -> list[str]:
    return list(NetworkSighting.objects.filter(user=user).values_list("network", flat=True))


# ---- the fingerprint ----------------------------------------------------------------------


def test_an_ipv4_address_is_grouped_by_its_24_and_an_ipv6_one_by_its_48() -> None:
    assert networks.network_of("203.0.113.7") == "203.0.113.0/24"
    assert networks.fingerprint("203.0.113.7") == networks.fingerprint("203.0.113.250")
    assert networks.fingerprint("203.0.113.7") != networks.fingerprint("203.0.114.7")
    # An IPv4 address written as IPv6 is the IPv4 one.
    assert networks.fingerprint("::ffff:203.0.113.9") == networks.fingerprint("203.0.113.7")
    assert networks.network_of("2001:db8:abcd:12::1") == "2001:db8:abcd::/48"
    assert networks.fingerprint("2001:db8:abcd:12::1") == networks.fingerprint(
        "2001:db8:abcd:ffff::99"
    )
    assert networks.fingerprint("2001:db8:abcd::1") != networks.fingerprint("2001:db8:abce::1")
    assert networks.fingerprint("not an address") is None
    assert networks.fingerprint("") is None


def test_the_fingerprint_is_keyed_by_the_secret_key(settings: Any) -> None:
    before = networks.fingerprint(HOME)
    assert before is not None and len(before) == 64
    settings.SECRET_KEY = "another-secret-key-" + "x" * 40
    assert networks.fingerprint(HOME) not in (before, None)


def test_a_sign_in_records_the_networks_fingerprint_and_never_the_address(ann: Any) -> None:
    sign_in(ann, HOME)
    [row] = NetworkSighting.objects.filter(user=ann)
    assert row.network == networks.fingerprint(HOME)
    assert row.first_seen == row.last_seen
    # Nothing in the table's rows reads as the address or its network.
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {NetworkSighting._meta.db_table}")
        stored = " ".join(str(value) for line in cursor.fetchall() for value in line)
    for told in (HOME, "203.0.113", "203.0.113.0/24", "cb007100"):  # the last: hex of it
        assert told not in stored
    # The same /24 again is the same row; another network a second one.
    sign_in(ann, "203.0.113.200")
    sign_in(ann, ELSEWHERE)
    assert sorted(networks_of(ann)) == sorted(
        [networks.fingerprint(HOME), networks.fingerprint(ELSEWHERE)]
    )


def test_behind_a_proxy_the_entry_the_proxy_wrote_is_the_address(ann: Any, settings: Any) -> None:
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    # The client wrote the first entry itself; the proxy appended the real one.
    sign_in(ann, "10.0.0.1", HTTP_X_FORWARDED_FOR=f"192.0.2.1, {ELSEWHERE}")
    assert networks_of(ann) == [networks.fingerprint(ELSEWHERE)]


def test_last_seen_is_written_at_most_once_an_hour(ann: Any) -> None:
    start = timezone.now()
    assert networks.record(ann.pk, HOME, start) is True
    with CaptureQueriesContext(connection) as queries:
        assert networks.record(ann.pk, HOME, start + timedelta(minutes=59)) is False
    assert len(queries) == 1 and queries[0]["sql"].lstrip().upper().startswith("SELECT")
    row = NetworkSighting.objects.get(user=ann)
    assert row.last_seen == start
    assert networks.record(ann.pk, HOME, start + timedelta(minutes=61)) is True
    row.refresh_from_db()
    assert row.first_seen == start and row.last_seen == start + timedelta(minutes=61)
    assert NetworkSighting.objects.count() == 1


def test_a_session_in_use_notes_its_network_as_often_as_its_device(ann: Any) -> None:
    client = sign_in(ann, HOME)
    client.get(reverse("my_profile"), REMOTE_ADDR=ELSEWHERE)
    assert networks_of(ann) == [networks.fingerprint(HOME)], "not at every request"
    cache.clear()  # the devices' interval is over
    client.get(reverse("my_profile"), REMOTE_ADDR=ELSEWHERE)
    assert sorted(networks_of(ann)) == sorted(
        [networks.fingerprint(HOME), networks.fingerprint(ELSEWHERE)]
    )


# ---- the purge ----------------------------------------------------------------------------


def test_the_purge_deletes_rows_last_seen_over_30_days_ago_and_is_safe_twice(
    ann: Any, bob: Any
) -> None:
    now = timezone.now()
    networks.record(ann.pk, HOME, now - timedelta(days=31))
    networks.record(ann.pk, ELSEWHERE, now - timedelta(days=29))
    networks.record(bob.pk, HOME, now - timedelta(days=30, minutes=1))
    assert networks.purge(now) == 2
    assert networks.purge(now) == 0
    assert networks_of(ann) == [networks.fingerprint(ELSEWHERE)]
    assert networks_of(bob) == []


def test_beat_runs_the_network_purge_hourly(ann: Any) -> None:
    [entry] = [
        e
        for e in django_settings.CELERY_BEAT_SCHEDULE.values()
        if e["task"] == tasks.purge_networks.name
    ]
    assert entry["schedule"] == 3600.0
    networks.record(ann.pk, HOME, timezone.now() - timedelta(days=40))
    tasks.purge_networks.delay()  # eager in the tests, as a worker runs it
    assert networks_of(ann) == []


# ---- the pairs ----------------------------------------------------------------------------


def test_shared_pairs_are_the_people_seen_on_one_network_in_the_last_30_days(
    ann: Any, bob: Any, members: list[Any]
) -> None:
    p1, p2, p3, p4 = members[:4]
    now = timezone.now()
    for user in (ann, bob, p1):
        networks.record(user.pk, HOME, now - timedelta(days=2))
    networks.record(p2.pk, "203.0.114.1", now)  # the /24 next door
    networks.record(p3.pk, ELSEWHERE, now - timedelta(days=31))  # past its days,
    networks.record(p4.pk, ELSEWHERE, now)  # not yet purged: it counts no more
    with CaptureQueriesContext(connection) as queries:
        pairs = networks.shared_pairs([ann.pk, bob.pk, p1.pk, p2.pk, p3.pk, p4.pk], now)
    assert len(queries) == 1
    assert pairs == {
        frozenset((ann.pk, bob.pk)),
        frozenset((ann.pk, p1.pk)),
        frozenset((bob.pk, p1.pk)),
    }
    # Only among the people asked about.
    assert networks.shared_pairs([ann.pk, p2.pk], now) == set()
    assert networks.shared_pairs([ann.pk], now) == set()


# ---- the console --------------------------------------------------------------------------


def test_the_console_tells_the_organizer_who_shares_a_network_and_no_one_else(
    make_event: Any, ann: Any, members: list[Any], staff: Any
) -> None:
    event, round_ = swiss(make_event, members[:6])
    tables = list(round_.tables.select_related("game").order_by("number"))
    first, second = (
        [p.user for p in t.game.players.order_by("position") if p.user] for t in tables
    )
    # Two at table 1 share one; one of table 1 and one of table 2 share another.
    networks.record(first[0].pk, HOME)
    networks.record(first[2].pk, HOME)
    networks.record(first[1].pk, ELSEWHERE)
    networks.record(second[0].pk, ELSEWHERE)
    line = f"{first[0].username} and {first[2].username} share a network"
    across = f"{first[1].username} and {second[0].username}"

    for page in (manage_url(event), manage_url(event) + "?part=tables"):
        shown = logged_in(ann).get(page)
        assert shown.status_code == 200
        text = shown.content.decode()
        assert line in text and "a hint, not proof" in text
        assert 'href="#console-table-1"' in text
        assert across not in text  # not seated together
    assert line in logged_in(staff).get(manage_url(event)).content.decode()

    # The players, a spectator and a visitor: never.
    spectator = members[6]
    for client in (logged_in(first[0]), logged_in(second[0]), logged_in(spectator), Client()):
        for page in (
            manage_url(event),
            manage_url(event) + "?part=tables",
            reverse("tournaments:detail", args=[event.pk]),
            reverse("table", args=[tables[0].table_id]),
        ):
            text = client.get(page).content.decode()
            assert "share a network" not in text and "Shared networks" not in text


def test_the_console_says_nothing_when_no_one_shares_a_network(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event, _round = swiss(make_event, members[:6])
    for k, user in enumerate(members[:6]):
        networks.record(user.pk, f"192.0.{k}.1")
    text = logged_in(ann).get(manage_url(event)).content.decode()
    assert "Round 1: the tables" in text and "Shared networks" not in text


# ---- the staff's page ---------------------------------------------------------------------


def rated_game(owner: Any, other: Any, rule_set: Any, *, rated: bool = True) -> Game:
    table = games.create_table(
        owner=owner, name="Rated room", rule_set=rule_set, seat_count=2, rated=rated
    )
    games.join_table(table=table, user=other)
    return games.start_game(table=table, by=owner)


STAFF_PAGE = "/accounts/staff/shared-networks/"


def test_the_staff_page_lists_rated_games_whose_players_share_a_network(
    ann: Any, bob: Any, members: list[Any], staff: Any, scat: Any
) -> None:
    p1, p2, p3, p4 = members[:4]
    shared = rated_game(ann, bob, scat)
    apart = rated_game(p1, p2, scat)
    casual = rated_game(p3, p4, scat, rated=False)
    old = rated_game(p3, ann, scat)
    Game.objects.filter(pk=old.pk).update(
        status=Game.FINISHED, finished_at=timezone.now() - timedelta(days=8)
    )
    for user in (ann, bob, p3, p4):
        networks.record(user.pk, HOME)
    networks.record(p1.pk, ELSEWHERE)
    networks.record(p2.pk, "192.0.2.1")

    assert reverse("staff_shared_networks") == STAFF_PAGE
    response = logged_in(staff).get(STAFF_PAGE)
    assert response.status_code == 200
    text = response.content.decode()
    assert f'href="/games/{shared.pk}/"' in text and "ann and bob" in text
    for left_out in (apart, casual, old):
        assert f'href="/games/{left_out.pk}/"' not in text
    assert "a hint, not proof" in text


def test_the_staff_page_is_refused_to_everyone_else(
    ann: Any, bob: Any, scat: Any, settings: Any, staff: Any
) -> None:
    rated_game(ann, bob, scat)
    for user in (ann, bob):
        networks.record(user.pk, HOME)
    refused = logged_in(ann).get(STAFF_PAGE)
    assert refused.status_code == 403
    text = html.unescape(refused.content.decode())
    assert "Only the site's staff may see which players share a network." in text
    assert "ann and bob" not in text
    visitor = Client().get(STAFF_PAGE)
    assert visitor.status_code == 302 and "/accounts/login/" in visitor["Location"]
    # Staff without a second factor, where one is required, as at the admin.
    settings.THIRTYONE_STAFF_MFA = "required"
    assert logged_in(staff).get(STAFF_PAGE).status_code == 403


# ---- the download and the deletion --------------------------------------------------------


def test_the_download_says_how_many_networks_and_never_which(
    ann: Any, export_dir: Any, django_capture_on_commit_callbacks: Any
) -> None:
    now = timezone.now()
    networks.record(ann.pk, HOME, now)
    networks.record(ann.pk, "2001:db8:abcd::1", now)
    networks.record(ann.pk, ELSEWHERE, now - timedelta(days=31))  # past its days
    export = ready_export(ann, django_capture_on_commit_callbacks)
    profile = json_in(export)["profile.json"]
    assert profile["networks_signed_in_from"] == (
        "Networks you signed in from: 2 (kept 30 days, as a keyed fingerprint)"
    )
    text = all_text(export)
    for key in networks_of(ann):
        assert key not in text and key[:16] not in text
    assert HOME not in text


def test_deleting_the_account_removes_its_networks_and_no_one_elses(ann: Any, bob: Any) -> None:
    networks.record(ann.pk, HOME)
    networks.record(ann.pk, ELSEWHERE)
    networks.record(bob.pk, HOME)
    assert deletion.erase(ann.pk) is True
    assert networks_of(ann) == []
    assert networks_of(bob) == [networks.fingerprint(HOME)]
    assert networks.shared_pairs([ann.pk, bob.pk]) == set()


def test_the_privacy_page_says_what_is_kept_and_for_as_long_as_the_purge_keeps_it(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = client.get(reverse("privacy")).content.decode()
    assert "never the address itself" in text
    assert "Deleted 30 days after you were last seen on that network." in text
    monkeypatch.setattr(networks, "KEPT_DAYS", 14)
    text = client.get(reverse("privacy")).content.decode()
    assert "Deleted 14 days after you were last seen on that network." in text
