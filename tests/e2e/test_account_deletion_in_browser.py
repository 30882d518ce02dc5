"""Deleting an account in a browser without JavaScript (docs/privacy.md#deleting-an-account):
from the profile to the page that says what happens, a wrong password refused, the
right one leading to the page that keeps the account; axe finds nothing on either."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_member_asks_to_delete_their_account_and_keeps_it(
    browser: Any, live_server: Any, django_user_model: Any, settings: Any, shoot: Any
) -> None:
    settings.THIRTYONE_DELETION_GRACE_DAYS = 30
    member = django_user_model.objects.create_user("petra", password="cards-on-the-table")
    context = logged_in(browser, live_server, member, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/profile/")
    page.get_by_role("link", name="Delete my account").click()
    assert page.get_by_role("heading", name="Delete my account").is_visible()
    assert "your games, seats, places and results stay" in page.content()
    shoot(page, "account-delete")
    page.get_by_label("Your password, to confirm").fill("not it")
    page.get_by_role("button", name="Delete my account").click()
    assert "That is not your password: nothing was changed." in page.content()
    shoot(page, "account-delete-refused")
    page.get_by_label("Your password, to confirm").fill("cards-on-the-table")
    page.get_by_role("button", name="Delete my account").click()
    page.wait_for_url("**/accounts/delete/pending/")
    assert "It will be deleted on" in page.content()
    shoot(page, "account-delete-pending")
    page.get_by_role("button", name="Keep my account").click()
    page.wait_for_url("**/accounts/profile/")
    assert "Your account is kept: nothing will be deleted." in page.content()
    member.refresh_from_db()
    assert member.deletion_requested_at is None
    context.close()
    # axe runs scripts: the same pages in a context with JavaScript on.
    member_again = logged_in(browser, live_server, member)
    checked = member_again.new_page()
    for path in ("/accounts/delete/", "/accounts/profile/"):
        checked.goto(f"{live_server.url}{path}")
        assert axe_violations(checked) == [], path
    member.deletion_requested_at = member.date_joined
    member.save()
    checked.goto(f"{live_server.url}/accounts/delete/pending/")
    assert axe_violations(checked) == []
    member_again.close()
