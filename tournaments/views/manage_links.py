"""The console's "New link" for a card table (docs/club-night.md#a-tables-own-link): the
table's own link revoked and a new one made, after the question the manage page asks
first (`manage_questions`)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from tournaments.cards import table_links
from tournaments.models import Event, RoundTable
from tournaments.services import ServiceError


def posted_table(request: HttpRequest, event: Event) -> RoundTable:
    """The card table the form names, found again in the event."""
    given = request.POST.get("table", "")
    found = (
        RoundTable.objects.select_related("round")
        .filter(pk=int(given), round__event=event, cards=True)
        .first()
        if given.isascii() and given.isdigit() and len(given) <= 19
        else None
    )
    if found is None:
        raise ServiceError(_("That table is no longer there: reload the page."))
    return found


def new_link(request: HttpRequest, event: Event) -> str:
    table = table_links.new_link(table=posted_table(request, event), by=request.user)
    return _(
        "Table %(number)s has a new link: the old one opens nothing any more. Print the "
        "table's card again or show the new link."
    ) % {"number": table.number}
