"""Who is reading a name, and whether they may read it (docs/privacy.md#my-name-off-public-pages).

A member may choose to show their name only to signed-in members of their clubs;
everyone else reads a pseudonym in its place: "Player 7", stable within one event (the
7th to enter it) or one game (the 7th seat), and "Hidden player" on a page of neither
(a leaderboard). `games.wording.names.shown_name` asks this module, so every name read
through it -- a user's `get_username`, a seat, a chat line, a game's log -- follows.

Two things decide what a name reads as, each in a context variable:
- the *lens*: the stored names this reader may not read. A page's is its viewer's
  (`ReaderMiddleware`); a push to one seat is that seat's player's; anything shared by
  readers who may differ (the spectators of a game, the projector, a mail or a task's
  work) reads through the strict lens, which lets no hidden name through.
- the *scope*: where the numbers of the pseudonyms come from, and whether its reader
  sees every name there (an event's organizers do: they run the evening). A page finds
  its scope from its URL (`register_scope`), a game's render from its table
  (`register_table_scope`).

games knows neither the clubs that decide who may read whom nor the events: each
registers its part in its AppConfig.ready (`register_lens_factory`, the scopes).
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import ResolverMatch
from django.utils.translation import gettext as _

# The strict lens -- everyone who hides their name -- is kept this long per process
# (every reader's lens starts from it): a member who has just hidden their name may be
# read by name in another process's page, push or mail for at most these seconds.
STRICT_SECONDS = 10.0


class Lens:
    """The stored names one reader may not read, found when first needed (most pages
    render no name of anyone who hides theirs, and then cost nothing)."""

    def __init__(self, find: Callable[[], frozenset[str]]) -> None:
        self._find = find
        self._hidden: frozenset[str] | None = None

    @property
    def hidden(self) -> frozenset[str]:
        if self._hidden is None:
            self._hidden = self._find()
        return self._hidden


OPEN = Lens(frozenset)


class Scope:
    """Where pseudonyms are numbered: `key` names it ("event-12", "table-40"); `numbers`
    gives each stored name its number there (asked once, when a hidden name is read);
    `sees_all` says whether the reader reads every name here (asked once too)."""

    def __init__(
        self,
        key: str,
        numbers: Callable[[], dict[str, int]],
        sees_all: Callable[[], bool] = lambda: False,
    ) -> None:
        self._key = key
        self._find_numbers = numbers
        self._find_sees_all = sees_all
        self._numbers: dict[str, int] | None = None
        self._sees_all: bool | None = None

    @property
    def key(self) -> str:
        return self._key

    def number(self, stored: str) -> int | None:
        if self._numbers is None:
            self._numbers = self._find_numbers()
        return self._numbers.get(stored)

    def open_to_reader(self) -> bool:
        if self._sees_all is None:
            self._sees_all = self._find_sees_all()
        return self._sees_all


class DeferredScope(Scope):
    """A scope found only when a hidden name is read in it (a page's: finding it costs
    a query, and most pages read no hidden name)."""

    def __init__(self, find: Callable[[], Scope | None]) -> None:
        self._find = find
        self._found: Scope | None = None
        self._looked = False

    def _scope(self) -> Scope | None:
        if not self._looked:
            self._found, self._looked = self._find(), True
        return self._found

    @property
    def key(self) -> str:
        found = self._scope()
        return found.key if found is not None else ""

    def number(self, stored: str) -> int | None:
        found = self._scope()
        return found.number(stored) if found is not None else None

    def open_to_reader(self) -> bool:
        found = self._scope()
        return found.open_to_reader() if found is not None else False


LensFactory = Callable[[Any], Lens]  # a user (or None, anonymous: the strict lens)
ScopeResolver = Callable[[ResolverMatch, Any], "Scope | None"]  # a page's URL, its viewer
TableScope = Callable[[int, Any], "Scope | None"]  # a games.Table's id, the reader

_factory: list[LensFactory] = []
_page_scopes: list[ScopeResolver] = []
_table_scopes: list[TableScope] = []

_lens: ContextVar[Lens | None] = ContextVar("name_lens", default=None)
_scope: ContextVar[Scope | None] = ContextVar("name_scope", default=None)
_reader: ContextVar[Any] = ContextVar("name_reader", default=None)


def register_lens_factory(factory: LensFactory) -> None:
    """Who may read whom (the clubs app's rule): one factory, the last registered."""
    _factory[:] = [factory]
    _strict.clear()


def register_scope(resolver: ScopeResolver) -> None:
    if resolver not in _page_scopes:
        _page_scopes.append(resolver)


def register_table_scope(resolver: TableScope) -> None:
    if resolver not in _table_scopes:
        _table_scopes.append(resolver)


def lens_for(user: Any) -> Lens:
    """The lens of `user` (None or anonymous: the strict lens, made afresh)."""
    if not _factory:
        return OPEN
    return _factory[0](user if getattr(user, "is_authenticated", False) else None)


_strict: dict[str, tuple[float, Lens]] = {}
_strict_lock = threading.Lock()


def _strict_lens() -> Lens:
    """The strict lens of this process, found again every STRICT_SECONDS."""
    now = time.monotonic()
    with _strict_lock:
        kept = _strict.get("")
        if kept is None or now - kept[0] > STRICT_SECONDS:
            kept = (now, lens_for(None))
            _strict[""] = kept
    return kept[1]


def forget_strict_lens() -> None:
    with _strict_lock:
        _strict.clear()


def strict_hidden() -> frozenset[str]:
    """Every name hidden from someone: those of the members who hide theirs."""
    return _strict_lens().hidden if _factory else frozenset()


def current_lens() -> Lens:
    return _lens.get() or _strict_lens()


def pseudonym(stored: str) -> str | None:
    """What the current reader reads for `stored`, if it is a name hidden from them:
    "Player 7" in a scope that numbers it, else "Hidden player"; None: the name itself."""
    if not _factory or stored not in current_lens().hidden:
        return None
    scope = _scope.get()
    if scope is not None and scope.open_to_reader():
        return None
    number = scope.number(stored) if scope is not None else None
    if number is None:
        return _("Hidden player")
    return _("Player %(number)s") % {"number": number}


def hides(stored: str) -> bool:
    return pseudonym(stored) is not None


def key() -> str:
    """What a cached render of names depends on beyond its language: "" when this
    reader may read every name (most readers, most of the time), else a digest of the
    names hidden from them and of the scope that numbers them."""
    if not _factory:
        return ""
    hidden = current_lens().hidden
    scope = _scope.get()
    if not hidden or (scope is not None and scope.open_to_reader()):
        return ""
    digest = hashlib.blake2b("\n".join(sorted(hidden)).encode(), digest_size=6).hexdigest()
    return f"hidden-{digest}-{scope.key if scope else ''}"


@contextlib.contextmanager
def reading_as(user: Any, scope: Scope | None = None) -> Iterator[None]:
    """Names read inside as `user` reads them (None: the strict lens), in `scope` (by
    default the current one)."""
    lens = _lens.set(lens_for(user))
    reader = _reader.set(user)
    scoped = _scope.set(scope if scope is not None else _scope.get())
    try:
        yield
    finally:
        _scope.reset(scoped)
        _reader.reset(reader)
        _lens.reset(lens)


@contextlib.contextmanager
def in_scope(scope: Scope | None) -> Iterator[None]:
    token = _scope.set(scope)
    try:
        yield
    finally:
        _scope.reset(token)


def table_scope(table_id: int, reader: Any = None) -> Scope | None:
    """The scope of a table's game (its event's, if an app says it has one), for `reader`
    (by default the current one)."""
    reader = reader if reader is not None else _reader.get()
    for resolver in _table_scopes:
        if (scope := resolver(table_id, reader)) is not None:
            return scope
    return None


def page_scope(match: ResolverMatch, viewer: Any) -> Scope | None:
    for resolver in _page_scopes:
        if (scope := resolver(match, viewer)) is not None:
            return scope
    return None


class ReaderMiddleware:
    """A page's names read as its viewer reads them, in the scope its URL names. After
    AuthenticationMiddleware (it reads `request.user`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        lens = _lens.set(lens_for(user))
        reader = _reader.set(user)
        scope = _scope.set(None)
        try:
            return self.get_response(request)
        finally:
            _scope.reset(scope)
            _reader.reset(reader)
            _lens.reset(lens)

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: dict[str, Any]
    ) -> None:
        match = request.resolver_match
        if match is not None and _factory:
            _scope.set(page_scope(match, getattr(request, "user", None)))
