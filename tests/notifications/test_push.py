"""A person's open tabs hear of their notifications over their calls socket
(docs/club-night.md#calls-led-to-your-seat,
docs/notifications.md#the-browser-while-a-tab-is-open): the header's count, and the
pop-ups the browser shows once they pressed "Notify me" — no second socket."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from notifications import preferences, services
from notifications.services import Draft
from tests.games.test_consumers import _cookie_for
from tests.tournaments.test_consumer import _socket

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_new_notification_reaches_the_open_tab_as_a_count_and_a_popup(ann: Any, bob: Any) -> None:
    preferences.set_choice(bob.pk, "announcement", "browser", False)
    cookies = {ann.pk: _cookie_for(ann), bob.pk: _cookie_for(bob)}

    async def scenario() -> None:
        tabs = {}
        for user in (ann, bob):
            tabs[user.pk] = _socket("/ws/calls/?on=/", cookies[user.pk])
            assert (await tabs[user.pk].connect())[0]
            assert (await tabs[user.pk].receive_from(timeout=3)).startswith('<div id="calls"')
        drafts = [
            Draft("announcement", u.pk, "club-1", "Kitchen Club: <b>party</b>", "/clubs/")
            for u in (ann, bob)
        ]
        made = await database_sync_to_async(services.notify)(drafts)
        mine = {n.user_id: n for n in made}
        count = await tabs[ann.pk].receive_from(timeout=3)
        assert count.startswith('<span id="notify-count" hx-swap-oob="outerHTML">')
        assert '<span class="notify-badge">1</span>' in count
        popup = await tabs[ann.pk].receive_from(timeout=3)
        assert popup.startswith('<div id="notify-popups" hx-swap-oob="innerHTML">')
        assert "Kitchen Club: &lt;b&gt;party&lt;/b&gt;" in popup, "escaped"
        assert f'data-notify-url="/notifications/{mine[ann.pk].pk}/open/"' in popup
        assert 'data-notify-tag="announcement-club-1"' in popup
        # bob turned the browser off for this kind: his count only
        assert "notify-badge" in await tabs[bob.pk].receive_from(timeout=3)
        assert await tabs[bob.pk].receive_nothing(timeout=0.5)
        # reading it in another tab sets the count in this one
        await database_sync_to_async(services.mark_all_read)(ann.pk)
        assert "notify-badge" not in await tabs[ann.pk].receive_from(timeout=3)
        for tab in tabs.values():
            await tab.disconnect()

    async_to_sync(scenario)()
