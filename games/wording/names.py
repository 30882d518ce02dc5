"""How a member's name reads at a table, and the words it may not be.

A username is read by other players in the game log, where the viewer is "You": a
member named "You" would read as the viewer in everyone else's log. So the words the
site itself uses for someone (RESERVED) are refused at sign-up (accounts.usernames,
which imports them from here: games reads its players through AUTH_USER_MODEL and
imports nothing of accounts), and a member who took one before is shown at a table with
" (player)" after it (`table_name`).

A member who deleted their account keeps their seats, places and results, so the
others' standings and ratings stand, but not their name (docs/privacy.md#deleting-an-account):
every stored copy of it -- the username, a game's seats and log, chat lines -- is
replaced by a token no sign-up can make ("#deleted-7": sign-up allows no "#"), and
whoever reads it reads "Deleted player 7" in their own language (`shown_name`).

A member who shows their name only to their clubs' members is read by everyone else
under a pseudonym ("Player 7"), in the same way: `games.wording.readers` says who reads.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from games.engine.state import GameState
from games.wording import readers

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


DELETED = re.compile(r"#deleted-(\d+)")


class ShownName(str):
    """A deleted member's name as the reader reads it, which remembers the token it was
    read from (`stored`), so that writing it back stores the token, not the words."""

    stored: str

    def __new__(cls, shown: str, stored: str) -> ShownName:
        name = super().__new__(cls, shown)
        name.stored = stored
        return name

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        # Kept (a cached page part, keyed by language) as the words it reads.
        return (str, (str.__str__(self),))


def deleted_token(number: int) -> str:
    """The name kept, in place of a deleted member's, wherever one was stored."""
    return f"#deleted-{number}"


def shown_name(stored: str) -> str:
    """A stored name as its reader reads it: a deleted member's token as "Deleted
    player 7" in the active language; the name of a member who shows it only to their
    clubs' members as a pseudonym ("Player 7") to anyone else (`readers`); any other
    name as it is."""
    found = DELETED.fullmatch(stored) if stored.startswith("#") else None
    if found is None:
        hidden = readers.pseudonym(stored)
        return stored if hidden is None else ShownName(hidden, stored)
    return ShownName(_("Deleted player %(number)s") % {"number": found[1]}, stored)


def stored_name(name: str) -> str:
    """What to store for a name read with `shown_name`: the token again."""
    return getattr(name, "stored", name)


def with_shown_names(state: GameState) -> GameState:
    """`state` with its names read as `shown_name` reads them for the current reader, in
    the active language (again, if it was read for another: a push renders one state
    for each seat and language)."""
    if not any(
        name.startswith("#") or isinstance(name, ShownName) or readers.hides(name)
        for name in state.names
    ):
        return state
    return state._replace(names=tuple(shown_name(stored_name(name)) for name in state.names))


def is_reserved(username: str) -> bool:
    return SEPARATORS.sub("", username).lower() in RESERVED


def table_name(username: str) -> str:
    """A member's name as players see it in a game: a name from before the reserved
    words (a member called "You") gets " (player)", so it never reads as the viewer."""
    if not is_reserved(username) or readers.hides(username):
        return shown_name(username)
    return _("%(name)s (player)") % {"name": username}
