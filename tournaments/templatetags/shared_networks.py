"""The console's "share a network" panel (templates/tournaments/_shared_networks.html)."""

from __future__ import annotations

from django import template

from tournaments.room.console import Console
from tournaments.room.networks import Panel, shared_at_tables

register = template.Library()


@register.simple_tag
def shared_networks(console: Console) -> Panel:
    """The round's pairs at one table who share a network (tournaments.room.networks)."""
    return shared_at_tables(console)
