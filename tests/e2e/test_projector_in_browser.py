"""The projector view on a 1920×1080 screen (tournaments.room.projector): a Swiss event of
twelve in its second round, with two announcements and a break. Everything readable
from across a room (no body text under 32 px), nothing outside the screen or clipped,
the break counted down, the standings paged when they do not fit; axe-core finds
nothing; without JavaScript the standings' top rows and a reload."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from tests.e2e.conftest import OUTPUT, PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.games.playing import play_out
from tournaments import services
from tournaments.formats.screen_parts import TOP_ROWS
from tournaments.models import Announcement, Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREEN = {"width": 1920, "height": 1080}
# The text a room reads: names at the tables, the standings, the status, the clock and
# the announcements.
BODY_TEXT = (
    ".screen__status, .screen__sub, .screen__break p, .screen__table li, "
    ".screen__standings td, .screen__standings tbody th, .screen__news li"
)


def swiss_in_round_two(ann: Any, scat: Any, django_user_model: Any) -> Event:
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    event = services.create_event(
        club=club,
        by=ann,
        name="Thursday Swiss",
        rule_set=scat,
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=3,
        table_size=4,
        table_min=4,
        table_max=4,
        turn_timer=0,
    )
    names = ["Anneliese", "Bartholomew", "Cordelia", "Dmitri", "Esmeralda", "Fitzgerald"]
    names += ["Gwendolyn", "Horatio", "Isadora", "Jeremiah", "Kassandra", "Leopold"]
    for name in names:
        user = django_user_model.objects.create_user(name)
        Membership.objects.create(club=club, user=user)
        services.register(event=event, user=user)
    first = services.start_event(event=event, by=ann)
    for table in first.tables.select_related("game"):
        play_out(table.game)  # the commits record it; the last one starts round 2
    services.sweep()  # a game that ended as it was dealt: as beat's sweep does
    event.refresh_from_db()
    assert event.round_set.get(number=2).status == Round.PLAYING
    Announcement.objects.create(event=event, by=ann, text="Tea and biscuits at the bar.")
    Announcement.objects.create(
        event=event,
        by=ann,
        text="After round 2 a short break: round 3 starts by itself at the time shown.",
    )
    event.break_until = timezone.now() + timedelta(minutes=15)
    event.save(update_fields=["break_until"])
    return event


def test_the_projector_view_reads_across_a_room(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any
) -> None:
    event = swiss_in_round_two(ann, scat, django_user_model)
    url = f"{live_server.url}/tournaments/{event.pk}/screen/"
    OUTPUT.mkdir(exist_ok=True)
    context = browser.new_context(viewport=SCREEN)  # nobody logged in
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(
            "() => /in \\d+:\\d\\d/.test(document.querySelector('[data-countdown]').textContent)"
        )
        page.screenshot(path=str(OUTPUT / "projector-swiss.png"))
        sizes = page.eval_on_selector_all(
            BODY_TEXT, "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))"
        )
        assert len(sizes) > 20 and min(sizes) >= 32, sizes
        # The screen is the viewport: nothing to scroll to, nothing cut off at its edges.
        assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
        assert page.evaluate("document.documentElement.scrollHeight") <= SCREEN["height"]
        clipped = page.evaluate(
            """() => [...document.querySelectorAll('.screen *')].filter(e => {
                 if (!e.getClientRects().length || e.closest('.visually-hidden')) return false;
                 const r = e.getBoundingClientRect();
                 return r.bottom > innerHeight + 1 || r.right > innerWidth + 1
                   || e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow === 'hidden'
                     && e.tagName !== 'UL' && !e.matches('[data-pager]');
               }).map(e => e.outerHTML.slice(0, 80))"""
        )
        assert not clipped, clipped
        assert page.get_by_text("Round 3 starts at").is_visible()
        for text in ("Tea and biscuits at the bar.", "a short break"):
            assert page.get_by_text(text, exact=False).is_visible()
        assert page.locator(".screen__table").count() == 3
        # Twelve players: the standings show what fits, then turn to the rest.
        shown = page.locator(".screen__standings tbody tr:visible").count()
        if shown < 12:
            label = page.locator("#standings-heading [data-page-label]")
            assert label.inner_text().endswith(f"1–{shown} of 12")
            page.wait_for_function(
                "() => !document.querySelector('.screen__standings tbody tr').checkVisibility()",
                timeout=15_000,
            )
            assert label.inner_text().endswith(f"{shown + 1}–12 of 12")
        if problems := axe_violations(page):
            pytest.fail("axe-core found:\n" + "\n".join(problems))
        # On a phone (an organizer checking it): one column, nothing wider than it.
        page.set_viewport_size(PHONE)
        page.screenshot(path=str(OUTPUT / "projector-swiss-phone.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.wait_for_function(
            "() => [...document.querySelectorAll('.screen__standings tbody tr')]"
            ".every(row => row.checkVisibility())"
        )
    finally:
        context.close()
    # Without JavaScript: the time of the break, the standings' top rows, and a reload.
    context = browser.new_context(viewport=SCREEN, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(url)
        page.screenshot(path=str(OUTPUT / "projector-swiss-nojs.png"), full_page=True)
        assert page.locator(".screen__standings tbody tr:visible").count() == TOP_ROWS
        assert page.get_by_text("Round 3 starts at").is_visible()
        assert page.locator("[data-countdown]").is_hidden()
    finally:
        context.close()
