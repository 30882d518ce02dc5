"""This site's signature on the transcripts it writes (docs/security.md#signed-transcripts).

An exported transcript's first line is ``[Signature "ed25519 <key id> <signature>"]``:
an Ed25519 signature, in base64, of the rest of the file. An imported transcript whose
signature checks with one of this site's keys was written by this site, as it stands;
any other is what its uploader says it is, and is shown so.

A public-key signature rather than an HMAC: a transcript is made to leave the site (a
club keeps its evening's games, a player sends one to a friend), and with the key the
site publishes (`/replays/signing-key.pem`) anyone can check one with `openssl`, as
anyone can check a deck against its commitment with `sha256sum`
(docs/persistence.md#fair-shuffles), without asking the site or trusting whoever sent
it. An HMAC could be checked only by the site.

The key pair is derived from SECRET_KEY (HKDF-SHA256 with a purpose of its own), so
there is nothing more to configure, keep or back up, and it changes when the secret
key does; a transcript signed before is still recognised while the old secret is in
SECRET_KEY_FALLBACKS (Django's way of rotating it), as sessions are. Whoever holds
SECRET_KEY can sign as the site, as they can already log in as anyone.

What is signed is the text after the first line, its line ends made ``\\n`` (a browser's
paste box sends ``\\r\\n``) and ending in one ``\\n``: exactly the rest of the file as
exported, so ``sed 1d`` gives it to a shell.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import re
from typing import NamedTuple

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings

HEADER = "Signature"
_PURPOSE = b"thirty-one: the Ed25519 key that signs game transcripts"
_LINE = re.compile(r'^\[Signature "ed25519 ([0-9a-f]{16}) ([A-Za-z0-9+/]{86}==)"\]$')


@functools.lru_cache(maxsize=8)
def _private_key(secret: str) -> Ed25519PrivateKey:
    seed = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_PURPOSE).derive(
        secret.encode()
    )
    return Ed25519PrivateKey.from_private_bytes(seed)


def key_id(key: Ed25519PublicKey) -> str:
    """A key's name in a signature: the start of the SHA-256 of its 32 raw bytes."""
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def public_keys() -> list[Ed25519PublicKey]:
    """This site's keys: the one it signs with now, then those of its former secret
    keys (SECRET_KEY_FALLBACKS), which it still recognises."""
    secrets = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return [_private_key(secret).public_key() for secret in secrets]


def public_key_pem(key: Ed25519PublicKey) -> str:
    return key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode()


def signed_text(text: str) -> str:
    """`text` as it is signed: line ends ``\\n``, one at the end."""
    return text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n") + "\n"


def sign(text: str) -> str:
    """`text` (a transcript) with this site's signature as its first line."""
    body = signed_text(text)
    key = _private_key(settings.SECRET_KEY)
    signature = base64.b64encode(key.sign(body.encode())).decode()
    return f'[{HEADER} "ed25519 {key_id(key.public_key())} {signature}"]\n{body}'


class Verdict(NamedTuple):
    """What a transcript's signature says of it."""

    signed: bool  # it has a signature line
    valid: bool  # which checks with one of this site's keys
    current: bool  # the key in use now (else a former one)
    key: str  # the key id it names ("" unsigned)


UNSIGNED = Verdict(signed=False, valid=False, current=False, key="")


def verify(text: str) -> Verdict:
    """Whether `text` is a transcript this site wrote, unchanged since."""
    first, _, rest = signed_text(text).lstrip().partition("\n")
    found = _LINE.match(first.strip())
    if found is None:
        return UNSIGNED
    named, encoded = found.groups()
    try:
        signature = base64.b64decode(encoded, validate=True)
    except binascii.Error:
        return Verdict(signed=True, valid=False, current=False, key=named)
    body = signed_text(rest).encode()
    for index, key in enumerate(public_keys()):
        if key_id(key) != named:
            continue
        try:
            key.verify(signature, body)
        except InvalidSignature:
            break
        return Verdict(signed=True, valid=True, current=index == 0, key=named)
    return Verdict(signed=True, valid=False, current=False, key=named)
