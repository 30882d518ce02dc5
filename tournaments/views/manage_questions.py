"""The second step of what cannot be undone on the manage page (tournaments.views.manage):
what a destructive action asks before it acts, from the form it posted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from tournaments.forms import (
    CorrectionForm,
    first_error,
)
from tournaments.models import Entry, Event
from tournaments.room import desk
from tournaments.services import ServiceError
from tournaments.views.manage_actions import finished_seats, posted_entry, seat_of
from tournaments.views.manage_links import posted_table
from tournaments.words import ordinal, seat_name


@dataclass(frozen=True)
class Question:
    """What a destructive action asks before it acts: the question, what follows, and
    the confirming button's words."""

    question: str
    consequence: str
    button: str


def _ask_finish(request: HttpRequest, event: Event) -> Question:
    return Question(
        _("Finish %(name)s now?") % {"name": event.name},
        _("The standings become final; a round seated and not started is dropped."),
        _("Finish the event"),
    )


def _ask_start(request: HttpRequest, event: Event) -> Question | None:
    """Starting withdraws whoever has not checked in (`services.start_event`): the
    count and their names first. Nothing to ask when everyone has checked in."""
    missing = [e.user.get_username() for e in services.not_checked_in(event)]
    if not missing:
        return None
    registered = Entry.objects.filter(event=event, status=Entry.REGISTERED).count()
    return Question(
        _("Start %(name)s now?") % {"name": event.name},
        _("%(count)s Each is told. If they are here, check them in first.")
        % {"count": desk.count_line(registered, missing)},
        ngettext(
            "Start and withdraw %(count)s player",
            "Start and withdraw %(count)s players",
            len(missing),
        )
        % {"count": len(missing)},
    )


def _ask_withdraw(request: HttpRequest, event: Event) -> Question:
    name = posted_entry(request, event).user.get_username()
    return Question(
        _("Withdraw %(name)s from %(event)s?") % {"name": name, "event": event.name},
        _(
            "They are seated no more and a bot plays their game in progress to its end; "
            "their results stand."
        ),
        _("Withdraw %(name)s") % {"name": name},
    )


def _ask_correct(request: HttpRequest, event: Event) -> Question:
    form = CorrectionForm(request.POST, seats=finished_seats(event))
    if not form.is_valid():
        raise ServiceError(first_error(form))
    seat = seat_of(event, form.cleaned_data["seat"])
    said = {
        "seat": seat_name(seat),
        "place": form.cleaned_data["place"],
        "round": seat.table.round.number,
    }
    if seat.place:
        question = _("Give %(seat)s place %(place)s in round %(round)s (now %(now)s)?") % {
            **said,
            "now": ordinal(seat.place),
        }
    else:
        question = _("Give %(seat)s place %(place)s in round %(round)s?") % said
    return Question(
        question,
        _("The standings follow; the audit log keeps the old place and your reason."),
        _("Correct the result"),
    )


def _ask_cancel(request: HttpRequest, event: Event) -> Question:
    return Question(
        _("Cancel %(name)s?") % {"name": event.name},
        _(
            "No one can register or play any more. The event stays on its page and in the "
            "calendars that show it, marked cancelled. This cannot be undone."
        ),
        _("Cancel the event"),
    )


def _ask_stop_repeating(request: HttpRequest, event: Event) -> Question:
    return Question(
        _("Stop repeating %(name)s?") % {"name": event.name},
        _(
            "No more weeks are put on the calendar. The events already made stay; cancel "
            "any you no longer want one by one."
        ),
        _("Stop repeating"),
    )


# A question may be None: nothing to ask this time (a start that withdraws no one).
def _ask_erase_guest(request: HttpRequest, event: Event) -> Question:
    name = posted_entry(request, event).user.get_username()
    return Question(
        _("Erase %(name)s?") % {"name": name},
        _(
            "Their name becomes “Deleted player” and a number everywhere, at once and for "
            "good; their places and results stay in the standings."
        ),
        _("Erase the guest"),
    )


def _ask_new_link(request: HttpRequest, event: Event) -> Question:
    number = posted_table(request, event).number
    return Question(
        _("Give table %(number)s a new link?") % {"number": number},
        _(
            "Its card's code and the link shown now open nothing any more: phones at the "
            "table need the new link (print its card again). What was entered stays."
        ),
        _("Make a new link"),
    )


QUESTIONS: dict[str, Callable[[HttpRequest, Event], Question | None]] = {
    "start_event": _ask_start,
    "cancel": _ask_cancel,
    "stop_repeating": _ask_stop_repeating,
    "finish": _ask_finish,
    "withdraw": _ask_withdraw,
    "correct": _ask_correct,
    "erase_guest": _ask_erase_guest,
    "new_link": _ask_new_link,
}
