"""The site in Danish, German and French in a real browser: the language the browser
asks for, the footer's switcher with JavaScript off, and the pages players read most --
a table in play, a preset's rules, an event, an e-mail -- with axe-core finding nothing
at a laptop's and a phone's size (screenshots in tests/e2e/output/, to look at)."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.core import mail

from clubs.models import Club, Membership
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_play_screen_in_browser import LAPTOP, PHONE
from tests.e2e.test_table_in_browser import logged_in
from tests.notifications.conftest import accept_request, verified
from tests.site_tour import site_tour

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LOCALES = {"da": "da-DK", "de": "de-DE", "fr": "fr-FR"}


def test_the_footer_switches_language_without_javascript(
    browser: Any, live_server: Any, ann: Any
) -> None:
    context = logged_in(browser, live_server, ann, java_script_enabled=False, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/rules/")
        assert page.locator("html").get_attribute("lang") == "en"
        page.locator("#footer-language").select_option("de")
        page.locator(".language-form button").click()
        page.wait_for_url(f"{live_server.url}/rules/")
        assert page.locator("html").get_attribute("lang") == "de"
        # Saved on ann's profile: her mail is German now, and another browser too.
        ann.refresh_from_db()
        assert ann.language == "de"
        other = logged_in(browser, live_server, ann, locale="fr-FR")
        try:
            elsewhere = other.new_page()
            elsewhere.goto(f"{live_server.url}/")
            assert elsewhere.locator("html").get_attribute("lang") == "de"
        finally:
            other.close()
    finally:
        context.close()


@pytest.fixture
def mail_in(ann: Any, django_user_model: Any) -> Any:
    """mail_in(language): the e-mail a reader of `language` gets when ann, on an English
    page, accepts their request to join her club."""
    club = Club.objects.create(name="Night Owls", slug="owls", join_policy=Club.REQUEST)
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)

    def make(language: str) -> Any:
        reader = django_user_model.objects.create_user(f"reader-{language}", language=language)
        verified(reader)
        accept_request(ann, club, reader)
        (message,) = [m for m in mail.outbox if m.to == [f"{reader.username}@example.com"]]
        return message

    return make


def _show_mail(page: Any, message: Any) -> None:
    """An e-mail as its reader sees it: the subject over the plain-text body."""
    page.set_content(
        f'<!DOCTYPE html><html lang="{message.extra_headers["Content-Language"]}">'
        f"<head><title>{html.escape(message.subject)}</title></head><body><main>"
        f"<h1>{html.escape(message.subject)}</h1>"
        f'<pre style="white-space: pre-wrap; font: 16px/1.5 sans-serif">'
        f"{html.escape(message.body)}</pre></main></body></html>"
    )


def test_the_pages_players_read_most_in_each_language(
    browser: Any,
    live_server: Any,
    ann: Any,
    bob: Any,
    scat: Any,
    django_user_model: Any,
    shoot: Any,
    mail_in: Any,
) -> None:
    tour = site_tour(ann, bob, scat, django_user_model)
    pages = {
        "table": tour["table mid-game"],
        "rules": "/rules/en_og_tredive/",
        "event": tour["tournament event"],
    }
    found: dict[str, list[str]] = {}
    for language, locale in LOCALES.items():
        message = mail_in(language)
        for size in (LAPTOP, PHONE):
            context = logged_in(browser, live_server, ann, viewport=size, locale=locale)
            try:
                page = context.new_page()
                for name, path in pages.items():
                    page.goto(f"{live_server.url}{path}")
                    assert page.locator("html").get_attribute("lang") == language, path
                    if size == LAPTOP:
                        shoot(page, f"i18n-{language}-{name}")
                    if problems := axe_violations(page):
                        found[f"{language} {name} at {size['width']}px"] = problems
                _show_mail(page, message)
                if size == LAPTOP:
                    shoot(page, f"i18n-{language}-mail")
            finally:
                context.close()
    assert not found, json.dumps(found, indent=2, ensure_ascii=False)
    assert len(mail.outbox) >= len(LOCALES)
