"""The site's VAPID key pair (RFC 8292; docs/notifications.md#web-push): push services
accept a message only with a token signed by the key whose public half the browser was
given when it subscribed. In production `VAPID_PRIVATE_KEY` (PEM, or the raw key in
base64url) and `VAPID_CONTACT` (a mailto: or https: address the push services may write
to); the embedded profile makes a key once and keeps it in var/, as its secret key."""

from __future__ import annotations

import base64
import functools
from email.utils import parseaddr

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid02


@functools.cache
def _key(text: str) -> Vapid02:
    text = text.strip()
    if "BEGIN" in text:
        return Vapid02.from_pem(text.encode())
    return Vapid02.from_raw(text.encode())


def configured() -> bool:
    return bool(getattr(settings, "VAPID_PRIVATE_KEY", ""))


def key() -> Vapid02:
    return _key(settings.VAPID_PRIVATE_KEY)


def public_key() -> str:
    """What a page gives the browser to subscribe with (`applicationServerKey`): the
    public key's uncompressed point in base64url, unpadded."""
    point = key().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


def contact() -> str:
    """The `sub` claim, which must be a mailto: or an https: address: VAPID_CONTACT,
    else the site's contact address, else its privacy page when served over HTTPS,
    else the address its mail comes from."""
    said = settings.VAPID_CONTACT or settings.THIRTYONE_CONTACT_EMAIL
    if not said and settings.SITE_URL.startswith("https:"):
        said = f"{settings.SITE_URL.rstrip('/')}/privacy/"
    said = said or parseaddr(settings.DEFAULT_FROM_EMAIL)[1] or "noreply@localhost"
    return said if said.startswith(("mailto:", "https:")) else f"mailto:{said}"


def headers(audience: str, expires_at: int) -> dict[str, str]:
    """The Authorization header for a push service at `audience` (scheme://host)."""
    claims = {"aud": audience, "exp": expires_at, "sub": contact()}
    return dict(key().sign(claims))
