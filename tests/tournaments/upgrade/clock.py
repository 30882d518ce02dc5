"""A clock that stands still until it is moved, for the upgrade snapshot and its test.

What the project stamps reads `django.utils.timezone.now`: called (`auto_now_add`,
`timezone.now()` in the code) or as a field's default (`default=timezone.now`: the
function itself, taken when the model was defined, so replacing the module's name does
not reach it). The clock replaces both, so it fixes every timestamp the snapshot holds
and every time a page works out. The generator moves it by hand (an event starts at its
start time, a game takes a minute), so the snapshot holds the same times on every run;
the test stands it at the moment the "before" pages were read, so a page that reads the
clock (a year, "started … ago", a deadline) reads what it read then.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.apps import apps
from django.utils import timezone


class StoppedClock:
    def __init__(self, monkeypatch: pytest.MonkeyPatch, at: datetime) -> None:
        if at.tzinfo is None:
            raise ValueError("The clock needs an aware time (UTC).")
        self.now = at
        stamped = timezone.now
        monkeypatch.setattr(timezone, "now", lambda: self.now)
        for model in apps.get_models():
            for field in model._meta.concrete_fields:
                if field.default is stamped:
                    # Field.get_default calls `_get_default`, cached from `default`.
                    monkeypatch.setattr(field, "_get_default", lambda: self.now)

    def set(self, at: datetime) -> None:
        """Move the clock forward to `at` (never back: the snapshot's times keep their order)."""
        if at < self.now:
            raise ValueError(f"The clock stands at {self.now}; it does not go back to {at}.")
        self.now = at

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now
