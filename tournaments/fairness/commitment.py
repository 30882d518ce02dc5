"""An event's seating commitment (docs/fair-seating.md#the-commitment): every random
choice of an event's seating (who sits where, who sits out, who deals first, the lots)
is drawn from its seed, and the event commits to that seed when it is created, before
anyone has entered.

The commitment is the SHA-256 of "salt:seed:algorithm", as a deck's is of "salt:deck"
(docs/persistence.md#fair-shuffles): `algorithm` names the seating code that draws from
the seed, so the hash pins the code as well as the seed. It is shown on the event page
and the projector view from the event's creation; the seed and salt stay on the server
until the event is over, then anyone can hash them and recompute every round
(`tournaments.verify`, docs/verify-event.md). Django-free.
"""

from __future__ import annotations

import hashlib
import secrets

# The seating code's name and version: everything the formats draw from the seed
# (tournaments.formats.swiss.seating, tournaments.formats.knockout.balancing, the
# formats' rounds, the lots of tournaments.formats.swiss.standings) on CPython's
# `random`. Anything that would seat an event differently from the same seed and
# results is a new version; this code recomputes the versions in ALGORITHMS only, and
# the verify page says so of any other. Version 2 keeps the organizers' keep-apart
# pairs apart whenever the field allows and draws as version 1 where no pair applies
# (docs/fair-seating.md#the-algorithms-version); an event keeps the version it was
# created with. New events commit to ALGORITHM.
SEATING_1 = "thirtyone-seating-1"
SEATING_2 = "thirtyone-seating-2"
ALGORITHM = SEATING_2
ALGORITHMS = frozenset({SEATING_1, SEATING_2})


def new_seed() -> str:
    """A seed of 128 bits, as hex: too many to try them all against a seating."""
    return secrets.token_hex(16)


def new_salt() -> str:
    return secrets.token_hex(16)


def committed_text(salt: str, seed: str, algorithm: str) -> str:
    """What the commitment hashes: "salt:seed:algorithm"."""
    return f"{salt}:{seed}:{algorithm}"


def commitment(salt: str, seed: str, algorithm: str) -> str:
    """SHA-256 of "salt:seed:algorithm", as hex: anyone can recompute it once revealed."""
    return hashlib.sha256(committed_text(salt, seed, algorithm).encode()).hexdigest()


def shell_check(salt: str, seed: str, algorithm: str) -> str:
    """The command that prints the commitment on any Unix-like computer."""
    return f"printf '%s' '{committed_text(salt, seed, algorithm)}' | sha256sum"


def grouped(digest: str, size: int = 8) -> str:
    """A hash in groups of `size` characters, for reading it aloud or off a screen."""
    return " ".join(digest[k : k + size] for k in range(0, len(digest), size))
