"""The notification settings' new parts in a browser (docs/notifications.md#web-push,
#quiet-hours): without JavaScript, the devices notified (each with Remove) and the quiet
hours form work and "Notify this device" is not offered; with JavaScript, it is offered
where the browser can subscribe. Phone and desktop screenshots; axe finds nothing."""

from __future__ import annotations

from typing import Any

import pytest

from notifications.models import PushSubscription, QuietHours
from tests.e2e.conftest import PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_devices_and_quiet_hours_on_the_settings_page(
    browser: Any, live_server: Any, ann: Any, shoot: Any
) -> None:
    PushSubscription.objects.create(
        user=ann,
        endpoint="https://push.example.com/phone",
        p256dh="x",
        auth="y",
        browser="Firefox on Android",
    )
    context = logged_in(browser, live_server, ann, viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/notifications/preferences/")
    assert not page.get_by_role("button", name="Notify this device").is_visible()
    assert "Firefox on Android, added" in page.locator(".push-devices").inner_text()
    page.get_by_label("Quiet from").fill("23:00")
    page.get_by_label("until").fill("06:30")
    page.get_by_label("on the clock of").select_option("Europe/Copenhagen")
    page.get_by_role("button", name="Save quiet hours").click()
    page.wait_for_url("**/notifications/preferences/")
    assert "Quiet hours saved: from 23:00 until 06:30 (Europe/Copenhagen)." in page.content()
    assert QuietHours.objects.get(user=ann).time_zone == "Europe/Copenhagen"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the settings page is {width}px wide"
    shoot(page, "notification-settings-devices")
    page.locator(".push-devices").get_by_role("button", name="Remove").click()
    page.wait_for_url("**/notifications/preferences/")
    assert "That device will not be notified any more." in page.content()
    assert not PushSubscription.objects.exists()
    context.close()

    with_js = logged_in(browser, live_server, ann)
    page = with_js.new_page()
    page.goto(f"{live_server.url}/notifications/preferences/")
    page.get_by_role("button", name="Notify this device").wait_for(state="visible")
    assert axe_violations(page) == []
    with_js.close()
