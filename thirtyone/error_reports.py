"""Error reports to Sentry, when SENTRY_DSN is set (docs/security.md#error-reports).

A report must never carry a card someone may not see, a deck's salt or seed, a token or
a person's address. So, besides `send_default_pii=False` (no cookies, no user, no IP):
- no frame's local variables (`include_local_variables=False`): the stack up to a table
  view or a bot's move holds game states, hands, decks and salts, and no list of keys
  could be sure to catch every name they go by; the report keeps the files, functions,
  lines and the source around them, which is what finding the bug takes;
- no request body (`max_request_body_size="never"`): a move is a POST of a card;
- `scrub`, run on every event and breadcrumb before it leaves: the value of any key that
  names a secret (`SECRET_KEYS`) is replaced, and in every other string card codes, e-mail
  addresses and long hexadecimal or token-like runs (salts, seeds, secret addresses in
  URLs) are replaced with a mark.
"""

from __future__ import annotations

import re
from typing import Any

FILTERED = "[Filtered]"

# Keys whose values are never sent, whatever they hold (compared in lower case, and as
# a part of a longer key: "deck_codes", "X-CSRFToken", "calendar_token").
SECRET_KEYS = (
    "hand",
    "deck",
    "stock",
    "discard",
    "card",
    "salt",
    "seed",
    "secret",
    "token",
    "password",
    "passwd",
    "key",
    "email",
    "mail",
    "cookie",
    "session",
    "csrf",
    "authorization",
    "signature",
    "dsn",
)

# A card as the engine writes it (games/engine/cards.py: "AS", "10H", "JK") or shows it
# ("A♠", "10♥", the joker), standing alone. Case-sensitive: "as" is a word, "AS" a card.
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])|JK\b|🃏")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# Salts and seeds (hex), signatures and the tokens of secret addresses (base64/URL-safe):
# runs of 16 or more such characters with a digit in them, so plain words stay.
TOKEN = re.compile(r"(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{16,}")


def scrub_text(text: str) -> str:
    """`text` with every card, address and token in it replaced."""
    text = EMAIL.sub("[address]", text)
    text = TOKEN.sub(FILTERED, text)
    return CARD.sub("[card]", text)


def secret_key(key: object) -> bool:
    return isinstance(key, str) and any(part in key.lower() for part in SECRET_KEYS)


def scrub(value: Any) -> Any:
    """`value` (an event, or any part of one) with what no report may carry removed."""
    if isinstance(value, dict):
        return {k: FILTERED if secret_key(k) else scrub(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        # A pair is a header or a query parameter: its name says whether it is secret.
        if len(value) == 2 and secret_key(value[0]):
            return [value[0], FILTERED]
        return [scrub(item) for item in value]
    if isinstance(value, str):
        return scrub_text(value)
    return value


def before_send(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    scrubbed: dict[str, Any] = scrub(event)
    return scrubbed


def before_breadcrumb(crumb: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    scrubbed: dict[str, Any] = scrub(crumb)
    return scrubbed


def options(dsn: str, environment: str, release: str | None = None) -> dict[str, Any]:
    """What sentry_sdk.init is given (a function of its own, so a test can read it)."""
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    return {
        "dsn": dsn,
        "environment": environment,
        "release": release,
        # Django's integration also reports from the ASGI application Channels runs
        # (pages and sockets alike); Celery's from the worker's tasks.
        "integrations": [DjangoIntegration(), CeleryIntegration()],
        "send_default_pii": False,
        "include_local_variables": False,
        "max_request_body_size": "never",
        "before_send": before_send,
        "before_breadcrumb": before_breadcrumb,
        # Errors only: no performance traces (each would carry URLs and queries).
        "traces_sample_rate": 0.0,
    }


def start(dsn: str, environment: str, release: str | None = None) -> None:
    import sentry_sdk

    sentry_sdk.init(**options(dsn, environment, release))
