"""What a list of events says of each one's format, in the format's own words."""

from __future__ import annotations

from django import template

from tournaments import formats
from tournaments.models import Event

register = template.Library()


@register.filter
def format_summary(event: Event) -> str:
    """ "3 rounds", "Knockout": the event list's word for the format."""
    return formats.of(event).summary(event)
