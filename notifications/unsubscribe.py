"""The signed one-click unsubscribe link every notification e-mail carries
(docs/notifications.md#unsubscribe): it names the person, the kind and the channel,
signed with the site's secret and a salt of its own, so it works without logging in and
cannot be changed into another person's or another kind's. It does not expire: a link in
a mail kept for months still works (and it can only turn something off)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing

SALT = "notifications.unsubscribe"


@dataclass(frozen=True)
class Unsubscribe:
    user_id: int
    kind: str
    channel: str


def token(user_id: int, kind: str, channel: str) -> str:
    return signing.dumps([user_id, kind, channel], salt=SALT, compress=False)


def read(value: str) -> Unsubscribe | None:
    """What a link's token says, or None for one that was not made here or was changed."""
    try:
        user_id, kind, channel = signing.loads(value, salt=SALT)
    except (signing.BadSignature, TypeError, ValueError):
        return None
    if not isinstance(user_id, int) or not isinstance(kind, str) or not isinstance(channel, str):
        return None
    return Unsubscribe(user_id, kind, channel)
