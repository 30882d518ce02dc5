"""The console's "Who may enter" (docs/tournaments.md#entry-conditions): the event form's
entry conditions, changed while the event is neither over nor cancelled. A plain form
posting `action=conditions` to the manage page (tournaments.views.manage), which shows
the sentence after the redirect; a refused value comes back as the form's sentence and
nothing is written."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import entry_conditions, words
from tournaments.condition_form import EntryConditionsForm
from tournaments.forms import first_error
from tournaments.models import Event
from tournaments.services import ServiceError
from tournaments.services.conditions import FIELDS, set_entry_conditions, strays

# Ids of their own: the manage page holds other forms, and the event form these came from.
AUTO_ID = "conditions-%s"


def conditions_context(event: Event) -> dict[str, object]:
    """The form filled with the event's conditions and what they say now; no form once
    the event is over or cancelled (the service would refuse it)."""
    if event.status in (Event.FINISHED, Event.CANCELLED):
        return {"conditions_form": None}
    initial = {name: getattr(event, name) for name in FIELDS}
    return {
        "conditions_form": EntryConditionsForm(initial=initial, auto_id=AUTO_ID),
        "conditions_now": entry_conditions.described(event),
    }


def set_conditions(request: HttpRequest, event: Event) -> str:
    form = EntryConditionsForm(request.POST, auto_id=AUTO_ID)
    if not form.is_valid():
        raise ServiceError(first_error(form))
    try:
        updated, did = set_entry_conditions(by=request.user, event_id=event.pk, **form.cleaned_data)
    except ServiceError as error:
        # Named like the form's own refusals: "Lowest rating: Write a number…".
        label = form.fields[error.field].label if error.field in form.fields else None
        if label:
            raise ServiceError(
                _("%(label)s: %(error)s") % {"label": label, "error": error.message}
            ) from None
        raise
    if not did:
        return _("The entry conditions are as they were.")
    said = _("The entry conditions are saved.")
    names = strays(updated)
    if 0 < len(names) <= NAMED:
        said += " " + ngettext(
            "%(names)s, already entered, does not meet them and stays entered.",
            "%(names)s, already entered, do not meet them and stay entered.",
            len(names),
        ) % {"names": words.number_list(names)}
    elif names:
        said += " " + _("%(count)s players already entered do not meet them and stay entered.") % {
            "count": len(names)
        }
    return said


# Up to this many players who stay entered without meeting the conditions are named.
NAMED = 5
