"""A push's render made once in a process: a part of a page that is nobody's in particular
(the projector's live part, a card table's news) is the same for every socket told of
one change in one language, so the first socket renders it and the others take that
render (docs/realtime.md#event-pages). Only the latest few are kept: a change is pushed at once,
and a later one has a new token (`tournaments.pushes.live.push`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from django.utils import translation

KEPT = 8


class PushedRenders:
    """The latest renders of one part, by (event, change, language)."""

    def __init__(self) -> None:
        self._renders: dict[tuple[int, Hashable, str], str] = {}
        self._lock = threading.Lock()

    def get(
        self, event_id: int, change: Hashable | None, render: Callable[[], str | None]
    ) -> str | None:
        """`render()`'s HTML for `change` of `event_id` in the language active, made once
        in this process (None: the event is gone, nothing kept). `change` None: rendered
        afresh, not kept."""
        key = (event_id, change, translation.get_language() or "")
        if change is not None:
            with self._lock:
                if (html := self._renders.get(key)) is not None:
                    return html
        html = render()
        if change is not None and html is not None:
            with self._lock:
                self._renders[key] = html
                while len(self._renders) > KEPT:
                    del self._renders[next(iter(self._renders))]
        return html
