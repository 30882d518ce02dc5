"""A clock that stands still until it is moved, for the upgrade snapshot and its test.

What the project stamps reads `django.utils.timezone.now`, called or as a field's
default; the clock replaces both (`tests.clock.stand_in_for_now`), so it fixes every
timestamp the snapshot holds and every time a page works out. The generator moves it
by hand (an event starts at its start time, a game takes a minute), so the snapshot
holds the same times on every run; the test stands it at the moment the "before" pages
were read, so a page that reads the clock (a year, "started … ago", a deadline) reads
what it read then.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from tests.clock import stand_in_for_now


class StoppedClock:
    def __init__(self, monkeypatch: pytest.MonkeyPatch, at: datetime) -> None:
        if at.tzinfo is None:
            raise ValueError("The clock needs an aware time (UTC).")
        self.now = at
        stand_in_for_now(monkeypatch, lambda: self.now)

    def set(self, at: datetime) -> None:
        """Move the clock forward to `at` (never back: the snapshot's times keep their order)."""
        if at < self.now:
            raise ValueError(f"The clock stands at {self.now}; it does not go back to {at}.")
        self.now = at

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now
