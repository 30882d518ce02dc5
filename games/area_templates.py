"""The game area's templates, written in Jinja2 (docs/realtime.md#rendering-with-jinja2).

The area is rendered for every viewer connected after every move, so it is the one part
of the product written in Jinja2 rather than Django's template language: the same
markup from Jinja's compiled Python costs about half of what Django's engine spends
walking its nodes. One source, in `templates/games/area/`:

- ``area.html``: the whole area; each part a move's push may send alone
  (`games.area_parts`) is a ``{% block %}`` of it, rendered in place for the whole area
  and alone for a push (`render("area_meta", context)`);
- ``seat.html`` and ``fairness.html``: rendered once per push for everyone
  (`games.rendering.shared_seats`, `_fairness`) and put into the area as markup;
- ``macros.html``: the small pieces the others share (a card's face, a move's form).

Messages are marked with Jinja's i18n extension (``_()``, ``pgettext()``, ``{% trans %}``)
and looked up in Django's catalogue; `manage.py makemessages` extracts them
(thirtyone/management/commands/makemessages.py). Values render unlocalized, as the
Django templates' ``{% localize off %}`` had them: numbers are data here (seqs, counts).

A page made for a request (the table page, an htmx answer with a message) passes the
request: its forms then carry the CSRF token, which the pushes never hold.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jinja2
from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template import defaultfilters
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import trans_real
from markupsafe import Markup

DIRECTORY = Path(__file__).resolve().parent.parent / "templates" / "games" / "area"
AREA = "area.html"
# Rendered whole, by file; any other name is a block of the area.
FILES = {"game_area": AREA, "seat": "seat.html", "fairness": "fairness.html"}


def _date(value: Any, format: str) -> str:
    """Django's ``date`` filter, in the current time zone as Django's templates show it."""
    return defaultfilters.date(template_localtime(value), str(format))


def _time(value: Any, format: str) -> str:
    return defaultfilters.time(template_localtime(value), str(format))


class _Environment(jinja2.Environment):
    """``a.b`` looks for the key first where `a` is a dict, as Django's templates do (the
    area's context is mostly dicts: Jinja's attribute-first lookup raises and catches an
    AttributeError for each)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


@functools.cache
def environment() -> jinja2.Environment:
    env = _Environment(
        loader=jinja2.FileSystemLoader(DIRECTORY),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.ChainableUndefined,  # a missing key renders empty, as in Django
        auto_reload=settings.DEBUG,
        keep_trailing_newline=True,
    )
    # {% trans %} trims its text as Django's {% blocktranslate trimmed %} did, so the
    # message ids stay the catalogue's.
    env.policies["ext.i18n.trimmed"] = True
    # The names the i18n extension compiles messages to; `render` passes the active
    # language's own (`_callables`) in each render's context, where they are found first.
    env.install_gettext_callables(  # type: ignore[attr-defined]
        translation.gettext,
        translation.ngettext,
        newstyle=True,
        pgettext=translation.pgettext,
        npgettext=translation.npgettext,
    )
    env.filters.update(date=_date, time=_time, truncatechars=defaultfilters.truncatechars)
    env.globals["url"] = lambda name, *args: reverse(name, args=args)
    return env


@functools.cache
def _callables(language: str) -> dict[str, Any]:
    """gettext and its kin for `language`, as the i18n extension's "newstyle" ones behave
    (the translation trusted, the values escaped into it, ``%(num)s`` the count), bound
    to the language's catalogue: Django's own functions look up the active language
    for every message, and the area has a hundred."""
    catalogue = trans_real.translation(language)
    # Bound, not called as `catalogue.gettext(...)`: xgettext takes such a call for a message.
    find, find_plural = catalogue.gettext, catalogue.ngettext
    separator = trans_real.CONTEXT_SEPARATOR

    def gettext(message: str, **values: Any) -> Markup:
        return Markup(find(message)) % values

    def ngettext(singular: str, plural: str, n: int, **values: Any) -> Markup:
        values.setdefault("num", n)
        return Markup(find_plural(singular, plural, n)) % values

    def pgettext(context: str, message: str, **values: Any) -> Markup:
        found = find(f"{context}{separator}{message}")
        values.setdefault("context", context)
        return Markup(message if separator in found else found) % values

    def npgettext(context: str, singular: str, plural: str, n: int, **values: Any) -> Markup:
        found = find_plural(f"{context}{separator}{singular}", f"{context}{separator}{plural}", n)
        values.setdefault("num", n)
        values.setdefault("context", context)
        if separator in found:  # not in the catalogue
            found = find_plural(singular, plural, n)
        return Markup(found) % values

    return {
        "gettext": gettext,
        "_": gettext,
        "ngettext": ngettext,
        "pgettext": pgettext,
        "npgettext": npgettext,
    }


def csrf_input(request: HttpRequest | None) -> SafeString:
    if request is None:
        return mark_safe("")
    return format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', get_token(request)
    )


def render(name: str, context: Mapping[str, Any], request: HttpRequest | None = None) -> SafeString:
    """The area (``game_area``), a seat, the fairness panel or one block of the area,
    rendered from `context` in the active language."""
    language = translation.get_language()
    values = {**context, "csrf_input": csrf_input(request)}
    if language is not None:
        values.update(_callables(language))
    env = environment()
    if name in FILES:
        return mark_safe(env.get_template(FILES[name]).render(values))
    template = env.get_template(AREA)
    block = template.blocks[name]
    return mark_safe("".join(block(template.new_context(values))))


def macro(name: str) -> Any:
    """One of macros.html's pieces, for a Django template that shows the same thing."""
    return getattr(environment().get_template("macros.html").module, name)
