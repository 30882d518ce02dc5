"""How a call writes its time: the hour and minute in the zone the provider gave it
(an event's club's: `calls.registry.Call.until`); a page with JavaScript adds the
countdown (static/js/calls.js)."""

from __future__ import annotations

from datetime import datetime

from django import template

register = template.Library()


@register.filter
def call_time(when: datetime) -> str:
    return f"{when:%H:%M} {when.tzname() or ''}".strip()
