"""The hostile-input walk (docs/security.md#the-hostile-input-walk): every URL pattern
of the site asked for with hostile values, by GET and by POST, by a staff member and by
a visitor. No answer may be a 500, and nothing may change in the database.

Shared by tests/thirtyone/test_hostile_urls.py (SQLite, the normal suite) and
tests/integration/test_hostile_urls.py (PostgreSQL, marked `services`).

Two passes, the database's rows compared before and after each:

- **Paths.** Each pattern with every converter (a regex's named groups too) filled
  with each hostile value (PATH_VALUES). Nothing may change.
- **Fields.** Each pattern with its converters filled with values that lead to real
  things (a table, a game, a club: `Known`, found by plain GETs that count as the
  probe pass), and each of FIELD_VALUES in every query and form field the code reads.
  GETs must change nothing; a POST there may do what its button does (close a table,
  say), so each runs inside a savepoint rolled back after it, and only its status
  counts.

The patterns come from the URL resolver (every app's, the admin's and allauth's), not
from a list written here, and the field names from the source (`request.GET.get("step")`
and the like, and every form's fields), so what is added later is walked too.

CSRF is met as a real client meets it: the check is on (`enforce_csrf_checks`) and
each client sends the token it would have read from a page (the cookie, and the
`X-CSRFToken` header htmx sends). A hostile member has their own token; a walk without
one would stop every POST at the 403 and test nothing behind it.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import re
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from django import forms
from django.apps import apps
from django.conf import settings
from django.db import transaction
from django.middleware.csrf import _get_new_csrf_string  # type: ignore[attr-defined]
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from django.urls.resolvers import RegexPattern, RoutePattern

# Each value as it goes on the wire, percent-encoded where a client must encode: the
# same text goes in a path segment, a query value and a form field.
HOSTILE: dict[str, str] = {
    "NUL": "a%00b",
    "10,000 characters": "a" * 10_000,
    # In every field at once: past the longest field the site keeps (254, an e-mail).
    "1,000 characters": "a" * 1_000,
    "lone surrogate (as UTF-8)": "%ED%A0%80",
    "odd Unicode and markup": (
        # right-to-left override, line separator, combining accent, ZWJ emoji, <>'"
        "%E2%80%AEx%E2%80%A8e%CC%81%F0%9F%83%8F%E2%80%8D%F0%9F%82%A1%3Cb%3E%27%22"
    ),
    "control characters": "%01%1B%7F",
    "5,000 digits": "9" * 5000,
    "just past int64": "9223372036854775808",
    "just below int64": "-9223372036854775809",
    "negative": "-1",
    "zero": "0",
    "overflowing float": "1e309",
    "dot-dot slash": "..%2F..%2Fetc",
    "well-formed token": "f" * 64,
}
# In paths, every value but the field pass's long text (a path has the longer one).
PATH_VALUES = tuple(label for label in HOSTILE if label != "1,000 characters")

_CONVERTER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
_GROUP = re.compile(r"\(\?P<(?P<name>\w+)>(?:[^()]|\([^()]*\))*\)")
_READ_FIELD = re.compile(r"""\b(?:GET|POST|FILES)(?:\.get(?:list)?\(|\[)\s*["'](\w+)["']""")
_POST_FORM = re.compile(rb"<form[^>]*method=[\"']?post", re.IGNORECASE)
_APPS = ("games", "accounts", "clubs", "tournaments", "ratings", "calls", "thirtyone")
Part = str | tuple[str, str]  # text, or a hole: (converter, name)


@dataclass(frozen=True)
class Route:
    """One URL pattern: its name, and its path as text and holes."""

    name: str
    parts: tuple[Part, ...]

    @property
    def holes(self) -> list[tuple[str, str]]:
        return [part for part in self.parts if isinstance(part, tuple)]

    def url(self, *values: str) -> str:
        """The path with the holes filled in order (the last value for the rest)."""
        found, filled = iter(values), []
        value = ""
        for part in self.parts:
            if isinstance(part, tuple):
                value = next(found, value)
                filled.append(value)
            else:
                filled.append(part)
        return "/" + "".join(filled)

    @property
    def template(self) -> str:
        return "/" + "".join(
            part if isinstance(part, str) else f"<{part[0]}:{part[1]}>" for part in self.parts
        )


def routes() -> list[Route]:
    """Every URL pattern the resolver knows, its prefixes joined."""
    return [Route(name, tuple(parts)) for name, parts in _walk(get_resolver().url_patterns, [])]


def _walk(patterns: Sequence[Any], prefix: list[Part]) -> Iterator[tuple[str, list[Part]]]:
    for pattern in patterns:
        parts = prefix + _parts(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, parts)
        elif isinstance(pattern, URLPattern):
            yield pattern.name or pattern.lookup_str, parts


def _parts(pattern: Any) -> list[Part]:
    """A pattern's text and holes: a route's converters, a regex's named groups (the
    rest of a regex unescaped, its anchors dropped)."""
    regex = isinstance(pattern, RegexPattern)
    if not regex and not isinstance(pattern, RoutePattern):  # pragma: no cover
        raise TypeError(pattern)
    text = str(pattern).lstrip("^").rstrip("$") if regex else str(pattern)
    parts: list[Part] = []
    at = 0
    for hole in (_GROUP if regex else _CONVERTER).finditer(text):
        parts.append(_plain(text[at : hole.start()], regex))
        parts.append(
            (hole.groupdict().get("converter") or ("regex" if regex else "str"), hole["name"])
        )
        at = hole.end()
    parts.append(_plain(text[at:], regex))
    return [part for part in parts if part != ""]


def _plain(text: str, regex: bool) -> str:
    return re.sub(r"\\(.)", r"\1", text) if regex else text


def field_names() -> list[str]:
    """Every query or form field the site's code reads by name, and every field of the
    forms loaded (ours, Django's and allauth's: what the views bind)."""
    names: set[str] = {"next", "page", "q", "o", "p", "e", "_changelist_filters", "post"}
    root = Path(settings.BASE_DIR)
    for app in _APPS:
        for source in (root / app).rglob("*.py"):
            names.update(_READ_FIELD.findall(source.read_text()))
    for form in _subclasses(forms.BaseForm):
        names.update(getattr(form, "base_fields", {}))
    return sorted(names)


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


# What a session may gain without anything having changed: a POST to a page that first
# asks for the password again (two-factor log-in's, docs/security.md#two-factor-log-in)
# is kept there by allauth, to be carried out once the password is given.
SUSPENDED = "account_reauthentication_state"


def database_digest() -> dict[str, str]:
    """Every model's rows, hashed, by table: equal digests, nothing changed. Sessions are
    read as their data, without a suspended request (SUSPENDED); a session holding
    nothing else is as if it were not there."""
    digest = {}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.db_table == "django_session":
            rows: Any = sorted(
                (session.pk, sorted(data.items()))
                for session in model._base_manager.all()
                for data in [{k: v for k, v in session.get_decoded().items() if k != SUSPENDED}]
                if data
            )
        else:
            rows = list(model._base_manager.order_by("pk").values_list())
        digest[model._meta.db_table] = hashlib.sha256(repr(rows).encode()).hexdigest()
    return digest


def csrf_client(user: Any = None) -> Client:
    """A client with the CSRF check on, holding a token as a browser does after a page;
    a view's exception comes back as the 500 a client would get."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    token = _get_new_csrf_string()
    client.cookies[settings.CSRF_COOKIE_NAME] = token
    client.defaults["HTTP_X_CSRFTOKEN"] = token
    return client


@dataclass
class Walk:
    """A walk's figures: requests by pass and by status, and every 500 with its cause."""

    routes: int = 0
    values: int = 0  # in the paths pass
    field_values: int = 0
    fields: int = 0  # field names
    combinations: int = 0  # routes with holes x values
    resolved: int = 0  # of which the resolver sends to a view
    requests: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    by_route: Counter[tuple[int, str]] = field(default_factory=Counter)  # (status, pass+route)
    unreal: list[str] = field(default_factory=list)  # routes the fields pass found nothing at

    def ask(
        self, client: Client, method: str, url: str, body: str, what: str, *, undo: bool = False
    ) -> Any:
        """One request, in a savepoint: rolled back after a 500 (so that an error the
        database raised does not spoil every later query), and after any answer if
        `undo` (a POST that does what its button does). A rolled-back request's
        cookies are put back too: a log-out's POST would end the staff session."""
        cookies = copy.deepcopy(client.cookies)
        with transaction.atomic():
            if method == "GET":
                response = client.get(url)
            else:
                response = client.post(
                    url, data=body, content_type="application/x-www-form-urlencoded"
                )
            failed = _failed(url, response)
            if undo or failed:
                transaction.set_rollback(True)
                client.cookies = cookies
        self.requests[what.split(" ", 1)[0]] += 1
        self.statuses[response.status_code] += 1
        self.by_route[response.status_code, f"{method} {what.split(' [')[0]}"] += 1
        if failed:
            error = getattr(response, "exc_info", None)
            self.errors.append(f"{method} {what}: {repr(error[1])[:300] if error else ''}")
        return response

    def summary(self, database: str) -> str:
        by_status = ", ".join(f"{code}: {n}" for code, n in sorted(self.statuses.items()))
        passes = ", ".join(f"{n} in the {name} pass" for name, n in sorted(self.requests.items()))
        return (
            f"Hostile-input walk on {database}: {self.routes} URL patterns. Paths: "
            f"{self.values} values, {self.combinations} pattern x value paths, {self.resolved} "
            f"of them reaching a view. Fields: {self.field_values} values in {self.fields} "
            f"fields, at a real page for {self.routes - len(self.unreal)} patterns. "
            f"{sum(self.requests.values())} requests ({passes}) in {self.seconds:.1f} s. "
            f"Answers by status: {by_status}. 500s: {len(self.errors)}. "
            f"Tables changed: {len(self.changes)}."
        )


# Values for a converter that lead to real things, by the converter's name.
Known = Mapping[str, Sequence[str]]

# The values tried in every field at once (a request each): those a field's parsing
# can trip on. The rest only matter in a path, where the paths pass tries them.
FIELD_VALUES = (
    "NUL",
    "1,000 characters",
    "odd Unicode and markup",
    "5,000 digits",
    "just past int64",
    "just below int64",
    "negative",
    "overflowing float",
)
# Where SQLite answers differently from PostgreSQL: numbers past 64 bits, which its
# driver cannot bind (OverflowError). Everything else is the same code on both (a NUL
# never gets past the middleware), and PostgreSQL's walk tries it.
PAST_64_BITS = ("just past int64", "just below int64")


def walk(
    clients: Mapping[str, Client],
    known: Known,
    values: Sequence[str] = PATH_VALUES,
    field_values: Sequence[str] = FIELD_VALUES,
) -> Walk:
    """Both passes, the database compared before and after each
    (docs/security.md#the-hostile-input-walk): the paths pass with `values`, the fields
    pass with `field_values` (labels of HOSTILE). `clients`: "staff" and "visitor";
    `known`: values that lead to real things, by converter."""
    found = Walk(values=len(values), field_values=len(field_values))
    started = time.monotonic()
    every = routes()
    found.routes = len(every)
    before = database_digest()
    _paths(found, every, clients, {label: HOSTILE[label] for label in values})
    after = database_digest()
    found.changes += [f"paths pass: {t}" for t in after if after[t] != before[t]]
    _fields(found, every, clients, known, {label: HOSTILE[label] for label in field_values})
    final = database_digest()
    found.changes += [f"fields pass: {t}" for t in final if final[t] != after[t]]
    found.seconds = time.monotonic() - started
    return found


def _paths(
    found: Walk, every: Sequence[Route], clients: Mapping[str, Client], values: Mapping[str, str]
) -> None:
    """Every route with each value in all its holes, by GET and POST, as staff and as a
    visitor. A path the resolver sends to no view is answered by its 404 before any
    view runs, whichever pattern it was made from: the visitor's GET asks it (the
    middleware and the 404 page see the value); the rest would ask the same code again.
    A route without holes is asked once, by GET: its POST carries no hostile value
    here (the fields pass posts to it)."""
    for route in every:
        if not route.holes:
            for who, client in clients.items():
                found.ask(client, "GET", route.url(), "", f"paths {route.template} as {who}")
            continue
        for label, value in values.items():
            url = route.url(value)
            found.combinations += 1
            reaches = _reaches_a_view(url)
            found.resolved += reaches
            for who, client in clients.items():
                for method in ("GET", "POST"):
                    if reaches or (who == "visitor" and method == "GET"):
                        what = f"paths {route.template} [{label}] as {who}"
                        found.ask(client, method, url, "", what)


def _reaches_a_view(url: str) -> bool:
    """Whether the resolver sends `url` (as the server decodes it) to a view."""
    try:
        resolve(unquote(url, errors="replace"))
    except Resolver404:
        return False
    return True


def _fields(
    found: Walk,
    every: Sequence[Route],
    clients: Mapping[str, Client],
    known: Known,
    values: Mapping[str, str],
) -> None:
    """Every route at a real thing, with each value in every field the code reads: in
    the query of a GET; and in the body of a POST (rolled back after) where the page
    offers one (it has a form that posts, or the view takes only POSTs). A route whose
    real page is a redirect is skipped (the page it leads to is a route of its own),
    and so is the visitor where the page sends them to log in."""
    names = field_names()
    found.fields = len(names)
    for route in every:
        url = _real_url(found, route, clients["staff"], known)
        if url is None:
            found.unreal.append(route.template)
            url = route.url(*(known.get(c, known["str"])[0] for c, _ in route.holes))
        plain = {
            who: found.ask(client, "GET", url, "", f"probe {route.template} as {who}")
            for who, client in clients.items()
        }
        for label, value in values.items():
            query = "&".join(f"{name}={value}" for name in names)
            for who, client in clients.items():
                page = plain[who]
                if page.status_code in (301, 302) and (who == "staff" or _to_log_in(page)):
                    continue
                what = f"fields {route.template} [{label}] as {who}"
                found.ask(client, "GET", f"{url}?{query}", "", what)
                if page.status_code == 405 or _POST_FORM.search(page.content):
                    found.ask(client, "POST", url, query, what, undo=True)


def _to_log_in(response: Any) -> bool:
    return "login" in response["Location"]


def _real_url(found: Walk, route: Route, client: Client, known: Known) -> str | None:
    """The route at the first real thing the staff member finds there (a page that is
    not a 404), or None. These plain GETs count as the probe pass's."""
    holes = route.holes
    if not holes:
        return route.url()
    choices = [known.get(converter, known["str"]) for converter, _ in holes]
    for combination in itertools.islice(itertools.product(*choices), 12):
        url = route.url(*combination)
        if found.ask(client, "GET", url, "", f"probe {route.template}").status_code != 404:
            return url
    return None


def _failed(url: str, response: Any) -> bool:
    """A 5xx, but for /readyz's 503, which says a check failed (no worker runs beside the
    tests): the probe's answer, not an error (docs/monitoring.md#readyz)."""
    if response.status_code == 503 and url.split("?")[0] == "/readyz":
        return False
    return bool(response.status_code >= 500)
