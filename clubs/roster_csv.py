"""A club's members in and out as CSV (docs/clubs.md#members-by-csv): the rows of the
members' download, and an organizer's uploaded file of names and e-mails read into
rows, each with why it cannot be used (or none). Reading writes nothing.

A file that cannot be read at all — larger than 1 MB, more than 500 rows, not UTF-8, no
`name,email` header — is refused whole with one sentence (`ServiceError`): a file in
the wrong encoding would otherwise show every accented name wrong.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from clubs import zones
from clubs.models import Club
from games.errors import ServiceError

MAX_BYTES = 1024 * 1024
MAX_ROWS = 500
NAME_MAX = 150
EMAIL_MAX = 254


@dataclass(frozen=True)
class Row:
    """One line of the uploaded file: its number (the header is line 1), the name and
    address as read (the address in lower case), and why it cannot be used, if so."""

    line: int
    name: str
    email: str
    problem: str = ""


def export_rows(club: Club) -> Iterator[list[str]]:
    """The members' download: a header, then name, username, role and the day they
    joined on the club's clock. No e-mail address: no member has agreed to show theirs
    to the organizers (docs/privacy.md#what-is-kept), so none is given away."""
    yield [_("name"), _("username"), _("role"), _("joined")]
    memberships = club.memberships.select_related("user").order_by("joined_at", "pk")
    for m in memberships:
        joined = zones.local(m.joined_at, club.time_zone).date().isoformat()
        yield [m.user.get_full_name(), m.user.get_username(), m.get_role_display(), joined]


def read_upload(chunks: Iterable[bytes], size: int | None) -> list[Row]:
    """The rows of an uploaded file (`chunks`, `size` bytes when known), or a refusal."""
    too_big = _("The file is larger than 1 MB: split it into smaller files.")
    if size is not None and size > MAX_BYTES:
        raise ServiceError(too_big)
    data = bytearray()
    for chunk in chunks:
        data.extend(chunk)
        if len(data) > MAX_BYTES:
            raise ServiceError(too_big)
    try:
        text = bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ServiceError(
            _(
                "The file is not in UTF-8: save it from the spreadsheet as “CSV UTF-8” "
                "and try again."
            )
        ) from None
    return _rows(list(csv.reader(io.StringIO(text, newline=""))))


def _rows(lines: list[list[str]]) -> list[Row]:
    header = [cell.strip().lower() for cell in lines[0]] if lines else []
    if "name" not in header or "email" not in header:
        raise ServiceError(_("The first line must be the header name,email."))
    body = [(number, cells) for number, cells in enumerate(lines[1:], 2) if any(cells)]
    if not body:
        raise ServiceError(_("The file has no rows under its header."))
    if len(body) > MAX_ROWS:
        raise ServiceError(
            _("The file has %(count)d rows: at most %(max)d at a time.")
            % {"count": len(body), "max": MAX_ROWS}
        )
    at_name, at_email = header.index("name"), header.index("email")
    seen: dict[str, int] = {}
    rows = []
    for number, cells in body:
        name = _cell(cells, at_name)
        email = _cell(cells, at_email).lower()
        problem = _problem(name, email)
        if not problem and email in seen:
            problem = _("The same address as line %(line)d.") % {"line": seen[email]}
        elif not problem:
            seen[email] = number
        rows.append(Row(number, name, email, problem))
    return rows


def _cell(cells: list[str], at: int) -> str:
    return cells[at].strip() if at < len(cells) else ""


def _problem(name: str, email: str) -> str:
    if not name:
        return _("The name is empty.")
    if len(name) > NAME_MAX:
        return _("The name is longer than %(max)d characters.") % {"max": NAME_MAX}
    if not email:
        return _("The e-mail address is empty.")
    try:
        validate_email(email)
    except ValidationError:
        return _("“%(email)s” is not an e-mail address.") % {"email": email}
    if len(email) > EMAIL_MAX:
        return _("The e-mail address is too long.")
    return ""
