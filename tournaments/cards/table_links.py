"""A card table's own link (docs/club-night.md#a-tables-own-link): a signed token for one
event, round and table, carried by the printed table card's QR code and shown on the
console, with which anyone at the table enters its result from a phone without an
account. Valid while the table's round is not over; the organizer's "New link" counts the
table's `link_version` up, which refuses every link made before. Each refusal is a
sentence (a `ServiceError`) and nothing is written.

The phone behind an entry is a device: a random id kept in a signed cookie, named to
people as "Phone 1", "Phone 2"... at its table, in the order the phones first entered
something there (a result, a confirmation, a call). The rules of who may confirm what
are `tournaments.cards.card_results`'."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core import signing
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext as _

from games import ratelimit, site
from games.errors import ServiceError
from tournaments import formats
from tournaments.models import CardResult, Event, OrganizerCall, Round, RoundTable
from tournaments.services.access import changed, locked_event, require_organizer

SALT = "thirtyone.table-link"
# The device cookie's name and salt (its value is signed, so no one makes another
# phone's id up), and its length: a club evening, and the next one.
DEVICE_COOKIE = "thirtyone_device"
DEVICE_SALT = "thirtyone.table-link.device"
DEVICE_DAYS = 14
# POSTs through one table's link: a table's result, a confirmation, a call and their
# mistakes are a handful; more is someone who found the link trying their luck
# (docs/security.md#limits).
LINK_POSTS = ratelimit.Limit("table_link", count=30, seconds=600)


@dataclass(frozen=True)
class Phone:
    """Someone acting through a table's link: their device's id and the link's version
    they came with (checked again under the table's lock, so a link revoked meanwhile
    writes nothing)."""

    device: str
    version: int


def new_device() -> str:
    """A fresh device id: 16 characters, unguessable."""
    return secrets.token_urlsafe(12)


def token_for(table: RoundTable) -> str:
    """`table`'s token: its event, round, table and link version, signed (without a
    time: the card and the console show the same link until it is replaced)."""
    data = [table.round.event_id, table.round_id, table.pk, table.link_version]
    return signing.Signer(salt=SALT).sign_object(data)


def path_for(table: RoundTable) -> str:
    return reverse(
        "tournaments:card_table_link", args=[table.round.event_id, table.pk, token_for(table)]
    )


def url_for(table: RoundTable) -> str:
    """The link at the site's address (games.site), as the QR code carries it."""
    return site.absolute(path_for(table))


def _signed(token: str) -> tuple[int, int, int, int]:
    try:
        data = signing.Signer(salt=SALT).unsign_object(token)
        event_id, round_id, table_id, version = (int(v) for v in data)
    except (signing.BadSignature, TypeError, ValueError):
        raise ServiceError(
            _("This link is not one the site made: scan the code on your table's card again.")
        ) from None
    return event_id, round_id, table_id, version


def table_of(event: Event, table_pk: int, token: str) -> RoundTable:
    """The card table `token` opens at `event`, if the address names that table too
    (with its round read; its `link_version` is the token's). Refused, as a sentence,
    for a token not made by the site, another event's or another table's, a table no
    longer in the event, a round over, a table no longer played with cards, and a link
    the organizer replaced."""
    event_id, round_id, table_id, version = _signed(token)
    if event_id != event.pk:
        raise ServiceError(_("This link is for a table of another event."))
    if table_id != table_pk:
        raise ServiceError(_("This link is for another table: scan the code on your own table."))
    table = (
        RoundTable.objects.select_related("round")
        .filter(pk=table_id, round_id=round_id, round__event=event)
        .first()
    )
    if table is None:
        raise ServiceError(
            _(
                "This table is no longer in the event (its round was seated again): "
                "ask the organizer."
            )
        )
    if table.round.status == Round.FINISHED:
        raise ServiceError(
            _("%(title)s is over: this link no longer opens a table.")
            % {"title": formats.of(event).words.title(table.round.number)}
        )
    if not table.cards:
        raise ServiceError(
            _("Table %(number)s plays online now: its players play it on the site.")
            % {"number": table.number}
        )
    require_current(table, version)
    return table


def require_current(table: RoundTable, version: int) -> None:
    """Refuse a link made before the organizer's latest "New link" at `table`."""
    if table.link_version != version:
        raise ServiceError(
            _("The organizer replaced table %(number)s's link: ask them for the new one.")
            % {"number": table.number}
        )


def new_link(*, table: RoundTable, by: Any) -> RoundTable:
    """An organizer revokes `table`'s link: its version counted up, every link made
    before refused from then on. Refused for a table of a round over or one played
    online."""
    with transaction.atomic():
        event = locked_event(
            RoundTable.objects.values_list("round__event_id", flat=True).get(pk=table.pk)
        )
        require_organizer(event, by)
        found = RoundTable.objects.select_for_update().select_related("round").get(pk=table.pk)
        if not found.cards:
            raise ServiceError(_("Only a table played with cards has a link of its own."))
        if found.round.status == Round.FINISHED:
            raise ServiceError(
                _("%(title)s is over: its tables' links open nothing any more.")
                % {"title": formats.of(event).words.title(found.round.number)}
            )
        RoundTable.objects.filter(pk=found.pk).update(link_version=F("link_version") + 1)
        found.refresh_from_db(fields=["link_version"])
        changed(event)  # the console shows the new link
    return found


def throttled(table: RoundTable) -> int:
    """Count a POST through `table`'s link: 0 if within LINK_POSTS, else the seconds to
    wait. The count is the link's (a new link starts afresh); an unreachable cache lets
    it through (games.ratelimit)."""
    return ratelimit.throttled(LINK_POSTS, f"{table.pk}:{table.link_version}")


def too_many(wait: int) -> str:
    minutes = max(1, -(-wait // 60))
    return _("Too many entries through this table's link: wait %(count)s min, then try again.") % {
        "count": minutes
    }


# ---- naming the phones ---------------------------------------------------------------------


def phone_names(table_ids: Iterable[int]) -> dict[tuple[int, str], str]:
    """("Phone 1", "Phone 2"...) by (table id, device id): at each table, the phones in
    the order they first entered something there (two reads)."""
    ids = list(table_ids)
    moments: list[tuple[Any, int, int, str]] = []
    results = CardResult.objects.filter(round_table_id__in=ids).exclude(
        submitted_device="", confirmed_device=""
    )
    for r in results.values_list(
        "round_table_id",
        "submitted_at",
        "submitted_device",
        "confirmed_at",
        "confirmed_device",
        "pk",
    ):
        table_id, at, device, confirmed_at, confirmed_device, pk = r
        if device:
            moments.append((at, pk, table_id, device))
        if confirmed_device and confirmed_at is not None:
            moments.append((confirmed_at, pk, table_id, confirmed_device))
    calls = OrganizerCall.objects.filter(table_id__in=ids).exclude(device="")
    for table_id, at, device, pk in calls.values_list("table_id", "created_at", "device", "pk"):
        moments.append((at, pk, table_id, device))
    names: dict[tuple[int, str], str] = {}
    counts: dict[int, int] = {}
    for _at, _pk, table_id, device in sorted(moments, key=lambda m: (m[0], m[1])):
        if (table_id, device) not in names:
            counts[table_id] = counts.get(table_id, 0) + 1
            names[(table_id, device)] = _("Phone %(number)s") % {"number": counts[table_id]}
    return names


def who(user: Any, device: str, table_id: int, phones: dict[tuple[int, str], str]) -> str:
    """Who entered or confirmed something, as the console and the result page say it:
    the player ("p1"), the phone ("Phone 2"), or both ("p1 on Phone 2")."""
    phone = phones.get((table_id, device), "") if device else ""
    name = user.get_username() if user is not None else ""
    if name and phone:
        return _("%(name)s on %(phone)s") % {"name": name, "phone": phone}
    return name or phone or _("someone")
