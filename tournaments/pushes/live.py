"""Telling an event's pages that it changed (after the commit). The message carries no
content: each socket renders its own viewer's page part when told (the standings are
public, but "your table" is not the same for everyone), and a page without JavaScript
shows the same on reload. It carries a token of the change, so the sockets of one web
process told of it read the event once between them."""

from __future__ import annotations

import logging
import secrets
import time

from channels.layers import get_channel_layer

from games import realtime

log = logging.getLogger(__name__)


def group(event_id: int) -> str:
    return f"event-{event_id}"


def push(event_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    reachable = realtime.reachable(layer)
    if reachable is not None and not reachable(group(event_id)):
        # The in-memory layer (tests) and no socket of this process watches the event;
        # sending from a thread with an event loop of its own (a browser test's) fails.
        return
    # `change`: this push's token, so a web process renders all its sockets' parts
    # from one read of the event (tournaments.pages.render_live).
    message = {"type": "event.changed", "sent_at": time.time(), "change": secrets.token_hex(8)}
    try:
        realtime.send_all(layer, [(group(event_id), message)])
    except Exception:  # a hint only: a reload shows the same
        log.exception("push for event %s failed", event_id)
