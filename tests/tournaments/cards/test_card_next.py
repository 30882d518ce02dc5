"""What a card table's result page says comes next once its result is in
(docs/club-night.md#the-result-page-leads-on), at a Swiss event played with cards whose
rounds the organizer starts: the tables still playing, the next round kept from the
players while it is the organizer's draft, their table once it starts, the last round,
the end. (A knockout's next deal, moves and places out:
tests/tournaments/test_card_knockouts.py and the browser test
tests/e2e/test_card_knockout_in_browser.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.cards.test_card_tables import cards_event, phone, players, twelve  # noqa: F401
from tournaments import services
from tournaments.cards import card_next, card_results
from tournaments.models import CardResult, Event, Round, RoundSeat, RoundTable
from tournaments.room import console

pytestmark = pytest.mark.django_db


def play(table: RoundTable) -> None:
    a, b, _ = players(table)
    pending = card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
    assert card_results.confirm_result(result=pending, by=b).status == CardResult.CONFIRMED


def step(event: Event, table: RoundTable, user: Any, organizer: bool = False) -> Any:
    event.refresh_from_db()
    table.refresh_from_db()
    return card_next.next_step(event, table, user, organizer=organizer)


def here(table: RoundTable) -> str:
    return reverse("tournaments:card_result", args=[table.round.event_id, table.pk])


def test_a_swiss_card_tables_page_leads_its_players_on(
    make_event: Any,
    twelve: list[Any],  # noqa: F811
    ann: Any,
) -> None:
    event = cards_event(make_event, twelve[:6], Event.CARDS, rounds=2)
    services.start_event(event=event, by=ann)
    first = Round.objects.get(event=event, number=1)
    services.start_round(round_=first, by=ann)
    one, two = first.tables.order_by("number")
    me = players(one)[0]
    assert step(event, one, me) is None  # nothing recorded yet: nothing next
    play(one)
    waiting = step(event, one, me)
    assert (
        waiting.text
        == "Table 2 is still playing round 1: round 2 follows when every table has finished."
    )
    assert (waiting.url, waiting.label) == (here(one), "Check again")
    # The organizer's console names the table the round waits for.
    assert console.console(event).summary.endswith("Not finished: table 2 (no result yet).")
    # Round 2 is seated, not started: the organizer's draft, no seat told yet.
    play(two)
    drafted = step(event, one, me)
    assert drafted.text == "Round 2 is being seated: your table shows here when it starts."
    assert drafted.label == "Check again"
    organizer = step(event, one, ann, organizer=True)
    assert (organizer.label, organizer.url) == (
        "Back to the console",
        reverse("tournaments:manage", args=[event.pk]),
    )
    second = Round.objects.get(event=event, number=2)
    services.start_round(round_=second, by=ann)
    seat = RoundSeat.objects.select_related("table").get(table__round=second, entry__user=me)
    started = step(event, one, me)
    assert started.text == f"Round 2: table {seat.table.number}, seat {seat.position + 1}."
    assert (started.url, started.label) == (here(seat.table), "Enter round 2's result")
    # The page itself: the step first, its button a plain link (no JavaScript needed).
    page = phone(me).get(here(one)).content.decode()
    assert "What next" in page and f'href="{here(seat.table)}">Enter round 2&#x27;s result' in page
    # The last round: the event ends, not a round 3.
    last_one, last_two = second.tables.order_by("number")
    play(last_one)
    mine = players(last_one)[0]
    assert step(event, last_one, mine).text == (
        "Table 2 is still playing round 2: the event ends when every table has finished."
    )
    play(last_two)
    ended = step(event, last_one, mine)
    assert ended.text.startswith("You finished ") and ended.label == "See the final standings"
    assert ended.url == event.get_absolute_url()
