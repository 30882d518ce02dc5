"""What a list of events says of each one's format, in the format's own words."""

from __future__ import annotations

from django import template

from tournaments import formats
from tournaments.models import Event

register = template.Library()


@register.filter
def format_summary(event: Event) -> str:
    """ "3 rounds", "Knockout": the event list's word for the format."""
    return formats.of(event).pages.summary(event)


@register.simple_tag
def stand_in_button(event: Event, name: str) -> str:
    """ "A bot plays for ann this round" (a balanced knockout's: "from this deal on"):
    the console's stand-in button, in the format's words."""
    return str(formats.of(event).words.stand_in_button) % {"name": name}
