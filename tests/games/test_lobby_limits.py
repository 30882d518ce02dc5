"""The lobby's limits, measured: how many tables one member may open, and how many
POSTs to create and join they may send, before the 429 (games.ratelimit.TABLES and
ACTIONS, docs/security.md#the-lobbys-limits). Each test counts what got through, so a limit that did
not hold would show as a larger count."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import ratelimit, services
from games.models import RuleSet, Seat, Table
from tests.games.test_rule_forms import table_data

pytestmark = pytest.mark.django_db

NOW = [1_000_203.5]  # 3.5 s into a window of every limit (1_000_200 is 1667 x 600)


@pytest.fixture(autouse=True)
def _held_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hit in one window until a test moves the clock (a loaded machine could
    otherwise straddle a window's edge)."""
    NOW[0] = 1_000_203.5
    monkeypatch.setattr(ratelimit, "clock", lambda: NOW[0])


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_member_opens_at_most_TABLES_count_tables_a_window_then_is_told_to_wait(
    ann: Any, bob: Any, presets: None
) -> None:
    ann_client = _client(ann)
    answers = [ann_client.post(reverse("create_table"), table_data()) for _ in range(15)]

    opened = [a for a in answers if a.status_code == 302]
    refused = [a for a in answers if a.status_code == 429]
    assert len(opened) == ratelimit.TABLES.count == Table.objects.count()
    assert len(refused) == 15 - ratelimit.TABLES.count
    page = refused[0].content.decode()
    assert "You have opened 10 tables in the last few minutes: wait 10 minutes" in page
    assert "The table was not opened" in page  # the form, as filled in, to send again
    assert int(refused[0]["Retry-After"]) == ratelimit.TABLES.seconds - 3  # 596 s

    # Per member: bob opens his; and ann may again once the window has passed.
    assert _client(bob).post(reverse("create_table"), table_data()).status_code == 302
    NOW[0] += ratelimit.TABLES.seconds
    assert ann_client.post(reverse("create_table"), table_data()).status_code == 302
    assert Table.objects.filter(owner=ann).count() == ratelimit.TABLES.count + 1


def test_posts_to_open_a_table_count_against_the_action_limit(ann: Any, presets: None) -> None:
    """Even those that write nothing (loading other rules): ACTIONS.count, then 429."""
    client = _client(ann)
    answers = [
        client.post(reverse("create_table"), {**table_data(), "action": "load_rules"})
        for _ in range(ratelimit.ACTIONS.count + 5)
    ]

    codes = [a.status_code for a in answers]
    assert codes.count(302) == ratelimit.ACTIONS.count
    assert codes[ratelimit.ACTIONS.count :] == [429] * 5
    assert "wait 7 seconds" in answers[-1].content.decode()
    assert reverse("lobby") in answers[-1].content.decode()  # the way back
    assert client.post(reverse("create_table"), table_data()).status_code == 429
    assert not Table.objects.exists()


def test_joining_by_link_is_limited_to_the_action_limit(ann: Any, bob: Any, scat: RuleSet) -> None:
    tables = [
        services.create_table(owner=ann, name=f"T{n}", rule_set=scat, seat_count=2)
        for n in range(ratelimit.ACTIONS.count + 3)
    ]
    client = _client(bob)

    codes = [
        client.post(reverse("join_by_link", args=[table.invite_token])).status_code
        for table in tables
    ]

    assert codes.count(302) == ratelimit.ACTIONS.count
    assert codes[ratelimit.ACTIONS.count :] == [429] * 3
    assert Seat.objects.filter(user=bob).count() == ratelimit.ACTIONS.count
    last = client.post(reverse("join_by_link", args=[tables[-1].invite_token]))
    assert last.status_code == 429 and last["Retry-After"] == "7"
    assert tables[-1].get_absolute_url() in last.content.decode()  # back to that table
