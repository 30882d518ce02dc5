"""Whose chat lines a reader does not see: another app says (a person they blocked,
docs/fair-play.md#blocks), without games knowing it. Its provider registers in its
AppConfig.ready.

Two questions, each one query for the provider: whom a reader hides (`hidden_by`: the
page, the poll and a socket's handshake ask), and, for the authors of the lines a push
carries, which readers hide any of them (`readers_hiding`: the push renders those
readers' own copy, and the shared copy of their language is not for them:
games.chat.push, games.consumers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

HiddenBy = Callable[[int], set[int]]
ReadersHiding = Callable[[set[int]], dict[int, set[int]]]
_hidden_by: list[HiddenBy] = []
_readers_hiding: list[ReadersHiding] = []


def register(hidden_by: HiddenBy, readers_hiding: ReadersHiding) -> None:
    """Add a provider's two answers (once, however often an app's ready runs)."""
    if hidden_by not in _hidden_by:
        _hidden_by.append(hidden_by)
    if readers_hiding not in _readers_hiding:
        _readers_hiding.append(readers_hiding)


def hidden_by(reader_id: int | None) -> frozenset[int]:
    """The authors whose lines `reader_id` does not see (none for a visitor)."""
    if reader_id is None:
        return frozenset()
    return frozenset(author for provider in _hidden_by for author in provider(reader_id))


def readers_hiding(author_ids: Iterable[int | None]) -> dict[int, frozenset[int]]:
    """reader -> the authors among `author_ids` whose lines they do not see."""
    authors = {author for author in author_ids if author is not None}
    if not authors:
        return {}
    found: dict[int, set[int]] = {}
    for provider in _readers_hiding:
        for reader, hidden in provider(authors).items():
            found.setdefault(reader, set()).update(hidden & authors)
    return {reader: frozenset(hidden) for reader, hidden in found.items() if hidden}
