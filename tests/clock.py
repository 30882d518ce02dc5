"""Moving the site's clock in a test: `django.utils.timezone.now`, called by the code
(`timezone.now()`, `auto_now_add`) or taken as a field's default (`default=timezone.now`:
the function itself, taken when the model was defined, so replacing the module's name
does not reach it). `stand_in_for_now` replaces both. The upgrade snapshot stops the
clock (tests/tournaments/upgrade/clock.py); `MovedClock` keeps it running, moved on by
hand, for a test whose server runs in this process (pytest-django's `live_server` is a
thread of it) or a sweep run days later."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from django.apps import apps
from django.utils import timezone


def stand_in_for_now(monkeypatch: pytest.MonkeyPatch, now: Callable[[], datetime]) -> None:
    """Every reading of Django's clock is `now()` until the test ends."""
    stamped = timezone.now
    monkeypatch.setattr(timezone, "now", now)
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if field.default is stamped:
                # Field.get_default calls `_get_default`, cached from `default`.
                monkeypatch.setattr(field, "_get_default", now)


class MovedClock:
    """The real clock, moved forward by `advance` (days go by in a test)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.offset = timedelta()
        real = timezone.now
        stand_in_for_now(monkeypatch, lambda: real() + self.offset)

    def advance(self, **delta: float) -> datetime:
        self.offset += timedelta(**delta)
        return timezone.now()
