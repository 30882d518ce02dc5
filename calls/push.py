"""Telling people's bars that their calls changed (after the commit). The message
carries no content: each socket draws its own person's bar for the page it is on. Other
apps may also send a person's sockets HTML they drew for that person (`deliver`)."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

from channels.layers import get_channel_layer

from games import realtime

log = logging.getLogger(__name__)


def group(user_id: int) -> str:
    return f"calls-{user_id}"


def changed(user_ids: Iterable[int]) -> None:
    """Each of `user_ids`' sockets draws their bar again. A hint: a page drawn later
    shows the same."""
    layer = get_channel_layer()
    if layer is None:
        return
    reachable = realtime.reachable(layer)
    groups = [group(user_id) for user_id in set(user_ids)]
    groups = [g for g in groups if reachable is None or reachable(g)]
    if not groups:
        return
    try:
        realtime.send_all(layer, [(g, {"type": "calls.changed"}) for g in groups])
    except Exception:  # a hint only
        log.exception("calls push failed")


def deliver(html_by_user: Mapping[int, str]) -> None:
    """Send each person's open sockets the HTML another app drew for them (out-of-band
    swaps of the page's parts: the notifications' unread count and pop-ups,
    docs/notifications.md#the-browser-while-a-tab-is-open), as it is. A hint too: the
    next page drawn shows the same."""
    layer = get_channel_layer()
    if layer is None:
        return
    reachable = realtime.reachable(layer)
    messages = [
        (group(user_id), {"type": "calls.deliver", "html": html})
        for user_id, html in html_by_user.items()
        if html and (reachable is None or reachable(group(user_id)))
    ]
    if not messages:
        return
    try:
        realtime.send_all(layer, messages)
    except Exception:  # a hint only
        log.exception("calls delivery failed")
