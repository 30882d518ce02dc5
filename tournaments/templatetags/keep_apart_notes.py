"""The console's keep-apart lines (templates/tournaments/_keep_apart_console.html): the
pairs the round being seated or played honoured that its tables still seat together
(docs/fair-seating.md#keep-apart-pairs). For the organizer's page only."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from tournaments import keep_apart
from tournaments.models import Event, Round

register = template.Library()


@register.simple_tag
def kept_together(event: Event) -> list[str]:
    """One sentence per pair at one table in the latest round not finished."""
    round_ = event.round_set.exclude(status=Round.FINISHED).order_by("-number").first()
    if round_ is None:
        return []
    return [
        _(
            "%(first)s and %(second)s are at table %(table)s together: the field did not "
            "allow keeping them apart."
        )
        % {"first": t.first, "second": t.second, "table": t.table}
        for t in keep_apart.together_in(round_)
    ]
