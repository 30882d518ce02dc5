"""The installable app in Chromium (docs/app.md): a page registers the service worker and
its manifest parses without errors; with the network gone, a page opens as the offline
page in the reader's language; a push delivered to the worker through the DevTools
protocol (`ServiceWorker.deliverPushMessage`, as a push service's would arrive) is shown
with the payload's title, body and tag, and carries the page to open, which the worker
keeps to paths of the site. Screenshots of the offline page; axe finds nothing on it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.conftest import PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PAYLOAD = {
    "title": "Your turn",
    "body": "Your turn at Slow table",
    "url": "/tables/7/",
    "tag": "your_turn:turn-12-40",
}


def registered(page: Any) -> None:
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null || "
        "navigator.serviceWorker.ready.then(() => true)"
    )
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def test_the_app_installs_works_offline_and_shows_a_push(
    browser: Any, live_server: Any, shoot: Any
) -> None:
    context = browser.new_context(viewport=PHONE, locale="da-DK")
    context.grant_permissions(["notifications"], origin=live_server.url)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    page.goto(f"{live_server.url}/")
    registered(page)
    assert (
        page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == f"{live_server.url}/"
    )

    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert json.loads(manifest["data"])["lang"] == "da"

    # The network gone: a page of the site is the offline page, in Danish.
    page.wait_for_timeout(500)  # the install's cache written
    context.set_offline(True)
    page.goto(f"{live_server.url}/clubs/")
    assert page.get_by_role("heading", name="Ingen forbindelse").is_visible()
    assert page.locator("html").get_attribute("lang") == "da"
    shoot(page, "offline-page")
    context.set_offline(False)

    # A push, as the push service delivers it.
    registration_id = next(r["registrationId"] for r in registrations if not r["isDeleted"])
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": live_server.url, "registrationId": registration_id, "data": json.dumps(PAYLOAD)},
    )
    page.goto(f"{live_server.url}/")
    shown = page.wait_for_function(
        """navigator.serviceWorker.ready
             .then(r => r.getNotifications())
             .then(found => found.length ? found.map(n => ({
                 title: n.title, body: n.body, tag: n.tag, url: n.data.url})) : null)"""
    ).json_value()
    assert shown == [PAYLOAD | {"url": "/tables/7/"}]
    # The click opens the notification's page: only a path of this site (the worker's
    # own function, run in it; a click on a system notification cannot be scripted).
    (worker,) = context.service_workers
    assert worker.evaluate("sameSite('/tables/7/')") == "/tables/7/"
    assert worker.evaluate("sameSite('https://evil.example/')") == "/"
    assert worker.evaluate("sameSite('//evil.example/x')") == "/"
    context.close()


def test_axe_finds_nothing_on_the_offline_page(browser: Any, live_server: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/offline/")
    assert axe_violations(page) == []
    context.close()
