"""How a member's name reads at a table, and the words it may not be.

A username is read by other players in the game log, where the viewer is "You": a
member named "You" would read as the viewer in everyone else's log. So the words the
site itself uses for someone (RESERVED) are refused at sign-up (accounts.usernames,
which imports them from here: games reads its players through AUTH_USER_MODEL and
imports nothing of accounts), and a member who took one before is shown at a table with
" (player)" after it (`table_name`).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

SEPARATORS = re.compile(r"[._-]")
# Words the site itself uses for someone: the viewer, bots, the dealer, the staff.
RESERVED = frozenset(
    {
        "you",
        "me",
        "bot",
        "dealer",
        "admin",
        "administrator",
        "staff",
        "system",
        "root",
        "moderator",
        "support",
        "anonymous",
        "guest",
        "everyone",
        "thirtyone",
    }
)


def is_reserved(username: str) -> bool:
    return SEPARATORS.sub("", username).lower() in RESERVED


def table_name(username: str) -> str:
    """A member's name as players see it in a game: a name from before the reserved
    words (a member called "You") gets " (player)", so it never reads as the viewer."""
    if not is_reserved(username):
        return username
    return _("%(name)s (player)") % {"name": username}
