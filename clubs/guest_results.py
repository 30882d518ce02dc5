"""What a guest of the club's card tables brings to the person who accepts their
invitation (docs/clubs.md#a-guest-becomes-a-member). The apps that keep a guest's results
(tournaments: their entries) register a claimer in their `AppConfig.ready`; clubs imports
none of them. Claimers run inside the transaction that uses the invitation: the results
move with the membership or not at all."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# A claimer moves what it keeps of `guest` to `user` and returns sentences for the
# person (what moved, what could not), in their language.
Claimer = Callable[[Any, Any], list[str]]

_claimers: list[Claimer] = []


def register(claimer: Claimer) -> None:
    if claimer not in _claimers:
        _claimers.append(claimer)


def claim(guest: Any, user: Any) -> list[str]:
    """Every registered claimer's move of `guest`'s results to `user`, and what each said."""
    said: list[str] = []
    for claimer in _claimers:
        said.extend(claimer(guest, user))
    return said
