"""Which usernames a new member may take.

A username is read by other players in the game log, where the viewer is "You": a
member named "You" read as the viewer in everyone else's log, and look-alikes
("аdmin" with a Cyrillic а, "ｂｏｂ" in full-width letters) passed for other members.
So, at sign-up (allauth's ACCOUNT_USERNAME_VALIDATORS, after the adapter's NFKC
normalisation, which turns full-width and other compatibility forms into plain ones):

- only ASCII letters, digits and ``. _ -``, starting with a letter or a digit, so no
  two names look alike but for case (allauth compares usernames case-insensitively);
- none of the reserved words (`games.wording.names.RESERVED`), in any case and with
  the separators taken out ("Y.o.u").

Members who signed up before keep their names; at a table, a name that is now
reserved is shown with " (player)" after it (`games.wording.names.table_name`).
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.wording.names import is_reserved

ALLOWED = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def validate_username(username: str) -> None:
    """Refuse, with a message that says why, a username a new member may not take."""
    if not ALLOWED.fullmatch(username):
        raise ValidationError(
            _(
                "Use only the letters a-z and A-Z, digits and . _ - (starting with a letter "
                "or a digit): other characters can make one name look like another."
            ),
            code="invalid_username",
        )
    if is_reserved(username):
        raise ValidationError(
            _("“%(name)s” is a word the site uses for someone else: choose another name.")
            % {"name": username},
            code="reserved_username",
        )


# ACCOUNT_USERNAME_VALIDATORS names this list.
USERNAME_VALIDATORS = [validate_username]
