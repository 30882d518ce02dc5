"""What a person's data download holds: parts, each a plug-in registered here by the app
whose data it is (docs/privacy.md#download-my-data). accounts registers its own (the
profile, e-mail addresses, clubs, games, chat); tournaments, ratings and notifications
register theirs in their `AppConfig.ready`, so this app imports none of them
(docs/architecture.md#apps-depend-one-way) and the ZIP is built without knowing who
gave what.

A part names its file (or its files' pattern, "games/<id>.json"), says in one sentence
what it holds (index.html lists it), and, given the person, yields its files: a path in
the ZIP and a JSON-ready value (dates and lazy text are written as text). It is asked in
the person's language (`accounts.language.speaking_to`), and reads only what the site
would show that person on its pages, through the code that shows it there."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise


@dataclass(frozen=True)
class File:
    path: str  # in the ZIP: "profile.json", "games/812.json"
    value: Any  # what json.dumps writes
    title: str = ""  # index.html's link to it, for a part of many files


Files = Callable[[Any], Iterable[File]]


@dataclass(frozen=True)
class Part:
    name: str  # its file, or its files' pattern: "games/<id>.json"
    about: str | Promise  # one sentence for index.html: what the file holds
    files: Files
    order: int = 0  # where index.html lists it
    many: bool = False  # of many files, each listed in index.html by its title


_parts: dict[str, Part] = {}


def register(part: Part) -> Part:
    """Add `part` (again: the same name replaces it, so a module reloaded is harmless)."""
    _parts[part.name] = part
    return part


def one_file(name: str, about: str | Promise, collect: Callable[[Any], Any], *, order: int) -> Part:
    """Register a part of one file, `name`, whose value is `collect(user)`."""
    return register(Part(name, about, lambda user: [File(name, collect(user))], order))


def all_parts() -> list[Part]:
    """In their `order`: the ZIP's and index.html's."""
    return sorted(_parts.values(), key=lambda part: (part.order, part.name))
