"""The fair-play pages in a browser without JavaScript (docs/fair-play.md,
docs/fair-seating.md#keep-apart-pairs, docs/privacy.md#the-network-fingerprint,
docs/bots.md#the-review-of-a-finished-game): a table's "Report or block a player…", a
profile's report form, the blocks, the moderation queue and a report (as staff and as a
club's organizer), the pairs to look at, the keep-apart pairs of a club and of an event
and their remove pages, the console's keep-apart and shared-network panels, the staff's
shared networks, a reviewed game's page and replay, and the lobby of someone banned from
rated play. Each at a phone's and a laptop's size: its key words shown, nothing wider
than the window, and axe-core finding nothing; then each in English, Danish, German and
French (its language and a heading; the catalogues' words are not checked here).

Screenshots of every page at both sizes go to /tmp/shots/ (SHOTS_DIR names another
folder), to look at. axe-core is a script: it runs on the page as it is without
JavaScript -- in a context that runs scripts but where the site's own are not loaded,
which leaves the DOM a browser without JavaScript builds (less a <noscript>'s refresh)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts import networks
from clubs import services as club_services
from clubs.models import Club, Membership
from fairplay import blocks, reports
from fairplay.collusion import facts
from fairplay.collusion.rows import PairSignal
from fairplay.models import Report, Sanction
from games import chat
from games import services as games
from games.models import Game, GamePlayer, GameReview, Table
from tests.e2e.conftest import PHONE
from tests.e2e.pages_without_js import SHOTS, check_pages
from tests.e2e.test_table_in_browser import logged_in
from tests.games.playing import play_out
from tournaments import services as events
from tournaments.models import Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LOCALES = {"en": "en-GB", "da": "da-DK", "de": "de-DE", "fr": "fr-FR"}
HOME, ELSEWHERE = "203.0.113.7", "198.51.100.20"


def _finished_games(table: Table, count: int, people: list[Any]) -> list[Game]:
    """Finished games of `people` at `table`, with no moves (their signals are made up)."""
    made = []
    for _ in range(count):
        game = Game.objects.create(
            table=table, status=Game.FINISHED, state={}, finished_at=timezone.now()
        )
        for position, person in enumerate(people):
            GamePlayer.objects.create(game=game, position=position, user=person)
        made.append(game)
    return made


def _helps(games_: list[Game], helper: Any, helped: Any, third: Any, club: Any = None) -> None:
    """`helper` feeds `helped` at every chance in each game; the others as usual: a pair
    the pages flag (tests/fairplay/test_flagged_pairs.py)."""
    for game in games_:
        for actor, partner, hits in (
            (helper, helped, 4),
            (helper, third, 1),
            (helped, third, 2),
            (third, helper, 1),
        ):
            PairSignal.objects.create(
                game=game,
                actor=actor,
                partner=partner,
                signal=facts.FEED,
                opportunities=4,
                hits=hits,
                steps=list(range(1, hits + 1)),
                club=club,
                finished_at=game.finished_at,
            )


def build(ann: Any, bob: Any, scat: Any, django_user_model: Any) -> dict[str, Any]:
    """The site of the pages: people, a club and its running event, reports, blocks,
    flagged pairs, shared networks, a reviewed game and a ban. Returns who reads which
    page: {viewer: {page name: (path, words it shows)}}."""
    staff = django_user_model.objects.create_user("sam", password="x" * 12, is_staff=True)
    cat = django_user_model.objects.create_user("cat", password="x" * 12)
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    p = []
    for k in range(1, 7):
        user = django_user_model.objects.create_user(f"p{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        p.append(user)

    # A casual table: bob wrote in its chat; ann reports and blocks from its page.
    kitchen = games.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=3)
    games.join_table(table=kitchen, user=bob)
    chat.post(table=kitchen, user=bob, text="you will never see a good hand again")
    blocks.block(by=ann, user_id=cat.pk)
    profile_report = reports.report_profile(
        reporter=ann, reported_id=bob.pk, reason="abuse", note="Rude in every game."
    )

    # The club's event: one table of four where p1 and p2 could not be kept apart, and
    # p1 and p3 share a network; p1 reports p2 there (the organizer's queue).
    club_pair = club_services.add_keep_apart(
        by=ann, club=club, first=ann, second=p[3], note="a household"
    )
    event = events.create_event(
        club=club,
        by=ann,
        name="Tuesday Swiss",
        rule_set=scat,
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=1,
        table_size=4,
        table_min=3,
        table_max=4,
        turn_timer=0,
    )
    for user in (ann, *p[:3]):
        events.register(event=event, user=user)
    event_pair = events.add_event_keep_apart(
        by=ann, event=event, first=p[0], second=p[1], note="partners"
    )
    round_ = events.start_event(event=event, by=ann)
    if round_.status == Round.SEATED:
        round_ = events.start_round(round_=round_, by=ann)
    assert Event.objects.get(pk=event.pk).status == Event.RUNNING
    event_table = round_.tables.get(number=1).table
    networks.record(p[0].pk, ELSEWHERE)
    networks.record(p[2].pk, ELSEWHERE)
    club_report = reports.report_seat(
        reporter=p[0], table=event_table, reported_id=p[1].pk, reason="stalling"
    )
    assert club_report.club_id == club.pk

    # Flagged pairs: ann and bob at casual tables (staff), p4 and p5 in the club's events.
    study = games.create_table(owner=cat, name="Study", rule_set=scat, seat_count=3)
    _helps(_finished_games(study, 8, [ann, bob, cat]), ann, bob, cat)
    _helps(_finished_games(study, 8, [p[3], p[4], p[5]]), p[3], p[4], p[5], club)

    # A rated game of two who share a network (the staff's page).
    rated = games.create_table(
        owner=p[4], name="Rated room", rule_set=scat, seat_count=2, rated=True
    )
    games.join_table(table=rated, user=p[5])
    games.start_game(table=rated, by=p[4])
    networks.record(p[4].pk, HOME)
    networks.record(p[5].pk, HOME)

    # A finished game of ann's and bob's, reviewed by the bots.
    played = games.create_table(owner=ann, name="Review night", rule_set=scat, seat_count=2)
    games.join_table(table=played, user=bob)
    game = play_out(games.start_game(table=played, by=ann))
    review = games.review_game(game_id=game.pk, budget=200)
    assert isinstance(review, GameReview) and review.steps
    step = next((s for s in review.steps if s["kind"] != "agree"), review.steps[0])

    # cat may not play rated games for two days.
    now = timezone.now()
    Sanction.objects.create(
        user=cat,
        kind=Sanction.RATED_BAN,
        reason="leaving",
        starts_at=now,
        ends_at=now + timedelta(days=2),
        key=f"e2e-{cat.pk}-rated",
    )
    assert Report.objects.count() == 2

    return {
        "ann": (
            ann,
            {
                "table": (
                    f"/fairplay/tables/{kitchen.pk}/",
                    ["Report or block a player", "never see a good hand", "Block a player"],
                ),
                "report-profile": ("/fairplay/people/bob/report/", ["Report bob", "Why"]),
                "blocks": ("/fairplay/blocks/", ["People you blocked", "cat"]),
                "queue-organizer": (
                    "/fairplay/moderation/",
                    ["Moderation queue", "p1 about p2", "Pairs to look at in Kitchen Club"],
                ),
                "report-organizer": (
                    f"/fairplay/moderation/{club_report.pk}/",
                    ["p1 reported p2", "Act on it"],
                ),
                "pairs-organizer": (
                    "/fairplay/clubs/kitchen/pairs/",
                    ["Pairs to look at", "p4 and p5", "32 of 32"],
                ),
                "keep-apart-club": (
                    "/clubs/kitchen/keep-apart/",
                    ["Kept apart in seating", "ann and p4", "a household", "Keep them apart"],
                ),
                "keep-apart-club-remove": (
                    f"/clubs/kitchen/keep-apart/{club_pair.pk}/remove/",
                    ["Remove the pair?", "Yes, remove the pair"],
                ),
                "keep-apart-event": (
                    f"/tournaments/{event.pk}/keep-apart/",
                    ["This event's pairs", "p1 and p2", "partners", "ann and p4"],
                ),
                "keep-apart-event-remove": (
                    f"/tournaments/{event.pk}/keep-apart/{event_pair.pk}/remove/",
                    ["Remove the pair?", "p1 and p2"],
                ),
                "console": (
                    f"/tournaments/{event.pk}/manage/",
                    [
                        "Kept apart: not possible this round",
                        "the field did not allow keeping them apart",
                        "Shared networks",
                        "p1 and p3 share a network",
                    ],
                ),
                "game-review": (f"/games/{game.pk}/", ["The bots’ review", "Decisions reviewed"]),
                "replay-review": (
                    f"/games/{game.pk}/replay/?side=all&step={step['step']}",
                    ["The bot" if step["kind"] == "agree" else "cost"],
                ),
            },
        ),
        "sam": (
            staff,
            {
                "queue-staff": (
                    "/fairplay/moderation/",
                    ["Every report made on the site.", "ann about bob", "p1 about p2"],
                ),
                "report-staff": (
                    f"/fairplay/moderation/{profile_report.pk}/",
                    ["ann reported bob", "Rude in every game.", "Act on it"],
                ),
                "pairs-staff": ("/fairplay/pairs/", ["Pairs to look at", "ann and bob"]),
                "staff-networks": (
                    "/accounts/staff/shared-networks/",
                    ["Shared networks at rated games", "p5 and p6"],
                ),
            },
        ),
        "cat": (cat, {"lobby-banned": ("/", ["You may not play rated games until"])}),
    }


def test_the_fair_play_pages_without_javascript(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any, django_user_model: Any
) -> None:
    readers = build(ann, bob, scat, django_user_model)

    def rated_box(name: str, page: Any, where: str) -> None:
        if name == "lobby-banned":
            box = page.locator('input[name="rated"]')
            assert box.is_disabled(), "a banned person's rated box is offered"

    check_pages(browser, live_server, readers.values(), extra=rated_box)

    # In each language: the page answers in it, with its heading, and fits a phone.
    headings: dict[str, dict[str, str]] = {}
    for user, pages in readers.values():
        for language, locale in LOCALES.items():
            context = logged_in(
                browser,
                live_server,
                user,
                viewport=PHONE,
                java_script_enabled=False,
                locale=locale,
            )
            try:
                page = context.new_page()
                for name, (path, _words) in pages.items():
                    where = f"{name} in {language}"
                    answer = page.goto(f"{live_server.url}{path}")
                    assert answer is not None and answer.status == 200, where
                    assert page.locator("html").get_attribute("lang") == language, where
                    heading = page.locator("main h1, main h2").first.inner_text().strip()
                    assert heading, f"{where} has no heading"
                    headings.setdefault(name, {})[language] = heading
                    if language != "en":
                        shot = SHOTS / f"{name}-{language}-phone.png"
                        page.screenshot(path=str(shot), full_page=True)
                    width = page.evaluate("document.documentElement.scrollWidth")
                    assert width <= PHONE["width"], f"{where} is {width}px wide"
            finally:
                context.close()
    (SHOTS / "headings.json").write_text(json.dumps(headings, indent=2, ensure_ascii=False))
