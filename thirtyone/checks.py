"""A system check on the site's address (games.site): every link the site hands out
starts with SITE_URL, so one that leads to this machine only (localhost, 127.0.0.1)
while people are meant to come from elsewhere sends them mails, calendars and QR codes
no phone can open. In both profiles (docs/profiles.md#the-sites-one-address):

- embedded: warned when `make run` listens beyond loopback (HOST=0.0.0.0 or a LAN
  address) but SITE_URL is loopback (set so, or no LAN address was found);
- production (DEBUG off): warned while SITE_URL is unset (its default is localhost) or
  loopback.

Its id is the site's, thirtyone.W001 (it was notifications.W001 while only e-mails
used the address). And one on the privacy page's operator (`operator_named`,
thirtyone.W002).
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage
from django.core.checks import Warning as CheckWarning

from games import site
from thirtyone.hosts import loopback


def site_address(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    url = settings.SITE_URL
    if not site.local_only(url):
        return []
    said = (
        f"The site's address (SITE_URL) is {url}, which leads to this machine only: "
        "the links in e-mails, calendars, invitations and on QR codes reach no one else."
    )
    if settings.EMBEDDED:
        bind = settings.THIRTYONE_HOST or ""
        if loopback(bind):
            return []  # served to this machine only: loopback links are right
        why = (
            "SITE_URL is set to it"
            if os.environ.get("SITE_URL")
            else "no LAN address of this machine was found"
        )
        hint = (
            f"`make run` listens on {bind or 'every address'}, but {why}: set SITE_URL "
            "to the address the players open, e.g. 'http://192.168.1.20:8000/'."
        )
    elif settings.DEBUG:
        return []  # a developer's own machine
    else:
        hint = "Set SITE_URL to the address people open the site at, e.g. 'https://31.example.org'."
    return [CheckWarning(said, hint=hint, id="thirtyone.W001")]


def operator_named(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The privacy page names who runs the site and where to write about one's data
    (thirtyone.privacy, docs/privacy.md#who-runs-the-site). A site open to the public
    (production, DEBUG off) that leaves them unset tells its players the operator has
    not filled them in: warned, as thirtyone.W002. Not on `make run`'s profile: a club
    evening on a laptop is run by the people in the room."""
    if settings.EMBEDDED or settings.DEBUG:
        return []
    missing = [
        name
        for name in ("THIRTYONE_OPERATOR", "THIRTYONE_CONTACT_EMAIL")
        if not getattr(settings, name)
    ]
    if not missing:
        return []
    return [
        CheckWarning(
            f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} unset: the "
            "privacy page (/privacy/) tells people the operator has not said who runs the "
            "site or where to write about their data.",
            hint="Set THIRTYONE_OPERATOR to the name of the person or club running the site "
            "and THIRTYONE_CONTACT_EMAIL to an address that reads questions about data.",
            id="thirtyone.W002",
        )
    ]
