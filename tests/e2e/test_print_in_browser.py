"""The printed pages in a real browser (docs/club-night.md#print-styles): a Swiss event of twelve
players after three of its eleven rounds (a column for each), its standings, pairings,
sign-in sheet and table cards printed by Chromium to A4 PDFs (turned into PNGs under
tests/e2e/output/ to look at): every column of the standings on the page, nothing of
the screen's felt or header on paper, two cards to a page; and axe-core finds nothing
on the printed pages as they show on screen."""

from __future__ import annotations

import subprocess
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from games.models import Game
from tests.e2e.conftest import OUTPUT
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A4 less print.css's 12 mm margins, in CSS pixels (96 to the inch): the width a
# printed page lays out in.
A4_CONTENT_WIDTH = round((210 - 2 * 12) / 25.4 * 96)
# Names as long as a club's members may choose: they must wrap, not push columns off.
NAMES = [
    "bartholomew_featherstonehaugh",
    "k2",
    "maximiliana_von_oberhausen",
    "k4",
    "k5",
    "k6",
    "k7",
    "k8",
    "k9",
    "k10",
    "k11",
]


def swiss_after_three_rounds(ann: Any, scat: Any, django_user_model: Any) -> Event:
    """Twelve players at three tables of four, as many rounds as they allow (eleven: the
    widest standings), the first three played to the end."""
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    event = services.create_event(
        club=club,
        by=ann,
        rule_set=scat,
        name="Tuesday Swiss",
        rounds=11,
        table_size=4,
        table_min=4,
        table_max=4,
        starts_at=timezone.now() + timedelta(hours=1),
        turn_timer=0,
    )
    for name in NAMES:
        user = django_user_model.objects.create_user(name, password="x" * 12)
        Membership.objects.create(club=club, user=user)
        services.register(event=event, user=user)
    services.register(event=event, user=ann)
    services.start_event(event=event, by=ann)
    for number in (1, 2, 3):
        # Each game's end is recorded on its commit; the last seats the next round.
        for table in Round.objects.get(event=event, number=number).tables.all():
            play_out(Game.objects.get(pk=table.game_id))
    event.refresh_from_db()
    assert Round.objects.get(event=event, number=4).status == Round.PLAYING
    return event


def print_to_png(page: Any, name: str) -> int:
    """The page printed by Chromium to an A4 PDF, and each of its pages as a PNG under
    tests/e2e/output/ (`name`-1.png, ...): the number of pages."""
    OUTPUT.mkdir(exist_ok=True)
    pdf = OUTPUT / f"{name}.pdf"
    page.emulate_media(media="print")  # as page.pdf would without an emulated medium
    page.pdf(path=str(pdf), format="A4", print_background=True)
    page.emulate_media(media="null")
    for old in OUTPUT.glob(f"{name}-*.png"):
        old.unlink()
    # poppler-utils' tools (.ci/run installs them).
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(OUTPUT / name)], check=True)
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True)
    return int(
        next(line for line in info.stdout.splitlines() if line.startswith("Pages:")).split()[1]
    )


# In print, at an A4 page's width: what sticks out past the page's right edge, and what
# shows of the screen (header, nav, footer, buttons, forms; a background not white).
LAID_OUT = """() => {
  const width = document.documentElement.clientWidth;
  const out = [...document.querySelectorAll('main table, main th, main td, main svg')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5)
    .map((el) => el.tagName + ' ' + (el.textContent || '').trim().slice(0, 30));
  const shown = [...document.querySelectorAll(
      '.site-header, nav, .site-footer, button, form, .print-bar, .breadcrumb')]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => el.tagName + '.' + el.className);
  const dark = [...document.querySelectorAll('body, body *')]
    .filter((el) => {
      const bg = getComputedStyle(el).backgroundColor;
      return !['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)', 'transparent'].includes(bg)
        || getComputedStyle(el).backgroundImage !== 'none';
    })
    .map((el) => el.tagName + '.' + el.className);
  const colours = new Set([...document.querySelectorAll('main *')]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => getComputedStyle(el).color));
  return {width, out, shown, dark, colours: [...colours]};
}"""


def check_printed_layout(page: Any) -> None:
    page.set_viewport_size({"width": A4_CONTENT_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    found = page.evaluate(LAID_OUT)
    page.emulate_media(media="null")
    assert found["width"] == A4_CONTENT_WIDTH
    assert found["out"] == [], found["out"]
    assert found["shown"] == [], found["shown"]
    assert found["dark"] == [], found["dark"]
    assert found["colours"] == ["rgb(0, 0, 0)"], found["colours"]


def test_the_standings_and_the_table_cards_print_on_a4(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    event = swiss_after_three_rounds(ann, scat, django_user_model)
    base = f"{live_server.url}/tournaments/{event.pk}"
    organizer = logged_in(browser, live_server, ann)
    page = organizer.new_page()

    # The event page itself, and its standings page, on paper: every column of the
    # standings (one a round) on the page, no felt, no header.
    for path, name in (("/", "print-event-page"), ("/print/standings/", "print-standings")):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(base + path)
        assert page.locator("table.standings tbody tr").count() == 12
        assert page.locator("table.standings thead th").last.inner_text().startswith("R11")
        assert print_to_png(page, name) >= 1
        check_printed_layout(page)

    # The table cards of round 3: three tables, two cards to a page.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base + "/print/table-cards/3/")
    assert page.locator(".table-card").count() == 3
    assert page.get_by_role("button", name="Print").is_visible()  # the script showed it
    assert print_to_png(page, "print-table-cards") == 2
    check_printed_layout(page)

    # The pairings and the sign-in sheet: on the page, black on white.
    for path, name in (
        ("/print/pairings/3/", "print-pairings"),
        ("/print/sign-in/", "print-sign-in"),
    ):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(base + path)
        assert print_to_png(page, name) == 1
        check_printed_layout(page)

    # On screen, at a laptop's and a phone's width: nothing for axe to find.
    for path in (
        "/print/pairings/3/",
        "/print/table-cards/3/",
        "/print/sign-in/",
        "/print/standings/",
    ):
        for size in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
            page.set_viewport_size(size)
            page.emulate_media(media="null")
            page.goto(base + path)
            assert axe_violations(page) == [], (path, size)
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, (path, size)
        shoot(page, "print-screen-" + path.strip("/").split("/")[1])
    organizer.close()
