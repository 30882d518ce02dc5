"""A club's keep-apart pairs (docs/clubs.md#keep-apart-pairs): two of its members its
events' seating keeps at different tables whenever the field allows. Only the club's
organizers add or remove them; each refusal is a sentence and writes nothing."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs import access
from clubs.models import Club, KeepApart
from clubs.services.checks import Asking, must_organize
from games.errors import ServiceError

KEEP_APART = Asking(
    gettext_lazy("Log in to keep players apart."),
    gettext_lazy("Only the organizers of %(club)s can keep players apart."),
)
NOTE_LENGTH = 200


def checked_pair(first: Any, second: Any, note: str) -> tuple[Any, Any, str]:
    """Two different people in their one order (the smaller id first) and the note
    tidied: the checks a club's pair and an event's share."""
    if first is None or second is None:
        raise ServiceError(_("Choose two people to keep apart."), "second")
    if first.pk == second.pk:
        raise ServiceError(
            _("Choose two different people: nobody is kept apart from themselves."), "second"
        )
    note = " ".join(note.split())
    if len(note) > NOTE_LENGTH:
        raise ServiceError(
            _("Keep the note to %(most)s characters.") % {"most": NOTE_LENGTH}, "note"
        )
    return (first, second, note) if first.pk < second.pk else (second, first, note)


def already(first: Any, second: Any) -> str:
    return _("%(first)s and %(second)s are already kept apart.") % {
        "first": first.get_username(),
        "second": second.get_username(),
    }


def add_keep_apart(*, by: Any, club: Club, first: Any, second: Any, note: str = "") -> KeepApart:
    """Keep two of the club's members apart in its events' seating (from the next round
    drawn: a round already seated keeps what it was drawn with)."""
    must_organize(by, club, KEEP_APART)
    first, second, note = checked_pair(first, second, note)
    for person in (first, second):
        if not access.is_member(person, club):
            raise ServiceError(
                _("%(name)s is not a member of %(club)s.")
                % {"name": person.get_username(), "club": club.name},
                "first",
            )
    if KeepApart.objects.filter(club=club, first=first, second=second).exists():
        raise ServiceError(already(first, second), "second")
    try:
        with transaction.atomic():
            return KeepApart.objects.create(
                club=club, first=first, second=second, note=note, created_by=by
            )
    except IntegrityError as error:  # the same pair added at the same moment
        raise ServiceError(already(first, second), "second") from error


def remove_keep_apart(*, by: Any, pair: KeepApart) -> None:
    """Take a pair off the club's list: rounds drawn from then on may seat them
    together; rounds already drawn keep the pairs they were drawn with."""
    must_organize(by, pair.club, KEEP_APART)
    pair.delete()
