"""The verify page of a finished Swiss and a finished duplicate event in a real browser
(docs/fair-seating.md#the-verify-page-and-the-command), with JavaScript off, on a phone
(390×844) and a laptop (1366×768): reached from the event page's *Seating* line, it says
everything matches, shows the seed and a verdict per round, nothing scrolls sideways,
and axe-core finds nothing. Screenshots in tests/e2e/output/ (verify-swiss-phone.png
…)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from games.models import Game, RuleSet
from tests.e2e.conftest import OUTPUT
from tests.e2e.test_accessibility_in_browser import axe_with_javascript
from tests.e2e.test_end_of_event_in_browser import LAPTOP, PHONE, finished_swiss
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import BoardPlay, Event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def finished_duplicate(ann: Any, django_user_model: Any) -> Event:
    """Six players at two tables of four (bots fill), two rounds of two boards."""
    club = Club.objects.create(name="Duplicate Club", slug="duplicate")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    rules = RuleSet.objects.get(preset="scat", is_preset=True)
    event = services.create_event(
        club=club,
        by=ann,
        name="Duplicate night",
        rule_set=rules,
        format=Event.DUPLICATE,
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=2,
        boards=2,
        table_size=4,
        table_min=4,
        table_max=4,
        turn_timer=0,
    )
    for name in ["ada", "bartholomew", "cleo", "dan", "evangeline", "finn"]:
        user = django_user_model.objects.create_user(name)
        Membership.objects.create(club=club, user=user)
        services.register(event=event, user=user)
    services.start_event(event=event, by=ann)
    for _ in range(100):
        services.sweep()  # a board over on its deal: recorded as beat does
        waiting = BoardPlay.objects.filter(
            board__event=event, finished_at__isnull=True, game__status=Game.PLAYING
        ).first()
        if waiting is None:
            break
        play_out(waiting.game)  # its commit records it and deals the next board
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    return event


@pytest.mark.parametrize("kind", ["swiss", "duplicate"])
def test_the_verify_page_of_a_finished_event_on_a_phone_and_a_laptop(
    browser: Any, live_server: Any, ann: Any, presets: Any, django_user_model: Any, kind: str
) -> None:
    event = (finished_swiss if kind == "swiss" else finished_duplicate)(ann, django_user_model)
    OUTPUT.mkdir(exist_ok=True)
    found = {}
    for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
        context = browser.new_context(viewport=size, java_script_enabled=False)
        try:
            page = context.new_page()
            page.goto(f"{live_server.url}{event.get_absolute_url()}")
            page.get_by_role("link", name="Check the seating round by round").click()
            page.wait_for_url(f"**/tournaments/{event.pk}/verify/", timeout=30_000)
            summary = page.locator(".verify-summary").inner_text()
            assert "Everything matches" in summary, summary
            assert event.seed in page.locator(".verify-proof").inner_text()
            verdicts = page.locator(".verify-verdict").all_inner_texts()
            rounds = 2 if kind == "swiss" else 4  # duplicate: each round and its boards
            assert verdicts[:rounds] == ["matches"] * rounds, verdicts
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= size["width"], f"{label}: {width} px wide"
            page.screenshot(path=str(OUTPUT / f"verify-{kind}-{label}.png"))
            page.screenshot(path=str(OUTPUT / f"verify-{kind}-{label}-full.png"), full_page=True)
        finally:
            context.close()
        if problems := axe_with_javascript(
            browser, f"{live_server.url}/tournaments/{event.pk}/verify/", viewport=size
        ):
            found[label] = problems
    assert not found, json.dumps(found, indent=2, ensure_ascii=False)
