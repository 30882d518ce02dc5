"""The game area's Django partials compiled to Jinja2, for renders without a request
(docs/realtime.md#rendering-with-jinja2).

The game area (`templates/games/table.html#game-area`, with the seat and fairness
partials it is made of) is written once, in Django's template language: the table
page renders it as it is, makemessages finds its messages there. A push renders it for
every viewer connected, and Django's template engine walks its nodes at about twice the
cost of the same markup from Jinja2's compiled Python. So the writer renders a
translation of those partials into Jinja2 (Django's Jinja2 backend), made when first
needed from the Django source -- no second copy to keep in step -- and giving the same
bytes: each construct is rendered by the very functions Django's tags and filters use.

- ``{{ a.b.0|f:x }}``: each lookup as Django makes it (a key, then an attribute, then
  an index; a callable called), Django's own filter function (localtime, autoescape and
  safe-ness as `FilterExpression.resolve` has them), the value rendered by
  `render_value_in_context` (escaped, localized as ``{% localize off %}`` has it: every
  compiled partial lies inside one);
- ``{% translate %}`` and ``{% blocktranslate %}``: the msgid Django's tag computes (the
  text with ``%%``, ``%(name)s`` for a variable, trimmed), looked up and filled in as
  the tag does; ``{% url %}`` is `reverse`, escaped;
- ``{% partial %}`` and ``{% include %}`` are put in place, ``{% comment %}`` and
  ``{% load %}`` dropped; ``if``, ``for`` and ``with`` become Jinja's own.

A tag or filter not in that list raises `Unsupported` when the partials are compiled:
the renders then stay with Django's engine (logged), and tests/games/test_jinja_area.py
fails, so a template change that needs more gets it here. The same test renders both
engines' markup for every seat, spectator and language over whole games of several
rule sets and asserts they are identical.

Used without a request only (pushes, the mover's htmx answer, the catch-up's views):
a page with CSRF inputs is rendered by Django, from the same source.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Mapping
from decimal import Decimal
from inspect import signature
from types import SimpleNamespace
from typing import Any

import jinja2
from django.template import engines
from django.template.backends.jinja2 import Jinja2
from django.template.base import (
    Lexer,
    Token,
    TokenType,
    Variable,
    filter_re,
    render_value_in_context,
)
from django.template.defaultfilters import register as builtin_filters
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.timezone import template_localtime

log = logging.getLogger(__name__)

SOURCE = "games/table.html"
# The partials rendered with Jinja2, by name: the area, the two rendered once per push
# for everyone (`games.rendering.shared_seats`, `_fairness`), and a move's parts.
PARTIALS = (
    "game-area",
    "seat",
    "fairness",
    # The parts a move's push renders alone (`games.area_parts`).
    "area-meta",
    "area-center",
    "area-me",
    "area-me-turn",
    "area-away",
    "area-news",
    "area-levels",
    "area-last-round",
    "area-flash",
)
# What `{% localize off %}` makes of a value, and `autoescape` on: the Django context
# attributes `render_value_in_context` and `FilterExpression.resolve` read.
_CONTEXT = SimpleNamespace(use_tz=None, use_l10n=False, autoescape=True)


class Unsupported(Exception):
    """The partials use a tag, filter or form this translation does not know."""


# ---- rendering-time helpers (the Jinja2 globals) -------------------------------------


def _value(value: Any) -> str:
    """A ``{{ }}`` value as Django renders it (`finalize`)."""
    return render_value_in_context(value, _CONTEXT)


def _translate(msgid: str, context: str | None = None) -> SafeString:
    """``{% translate "msgid" %}``: a literal is safe, and `Variable` doubles its %."""
    msgid = msgid.replace("%", "%%")
    if context is not None:
        return mark_safe(translation.pgettext(context, msgid))
    return mark_safe(translation.gettext(msgid))


def _blocktranslate(
    context: str | None,
    singular: str,
    plural: str | None,
    counter: str | None,
    count: Any,
    values: dict[str, Any],
) -> SafeString:
    """``{% blocktranslate %}``, as `BlockTranslateNode.render` does it."""
    if plural is not None and counter is not None:  # the compiler gives both or neither
        if not isinstance(count, Decimal | float | int):
            raise TypeError(f"{counter!r} of blocktranslate must be a number")
        values = {**values, counter: count}
        if context is not None:
            result = translation.npgettext(context, singular, plural, count)
        else:
            result = translation.ngettext(singular, plural, count)
    elif context is not None:
        result = translation.pgettext(context, singular)
    else:
        result = translation.gettext(singular)
    data = {name: _value(value) for name, value in values.items()}
    try:
        return mark_safe(result % data)  # what the tag returns goes out as it is
    except (KeyError, ValueError):  # a broken translation: the English, as Django falls back
        with translation.override(None):
            return _blocktranslate(context, singular, plural, counter, count, values)


def _url(name: str, *args: Any) -> str:
    return reverse(name, args=args)


def _filter(name: str) -> Callable[..., Any]:
    """Django's filter `name`, applied as `FilterExpression.resolve` applies it."""
    func = builtin_filters.filters.get(name)
    if func is None:
        raise Unsupported(f"the filter {name!r}")

    def apply(value: Any, *args: Any) -> Any:
        if getattr(func, "expects_localtime", False):
            value = template_localtime(value, _CONTEXT.use_tz)
        if getattr(func, "needs_autoescape", False):
            result = func(value, *args, autoescape=_CONTEXT.autoescape)
        else:
            result = func(value, *args)
        if getattr(func, "is_safe", False) and isinstance(value, SafeData):
            return mark_safe(result)
        return result

    return apply


class _Environment(jinja2.Environment):
    """Lookups as Django's `Variable._resolve_lookup` makes them, one bit at a time: a
    key first, then an attribute, then an index; a callable is called."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        return self._lookup(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        return self._lookup(obj, str(argument))

    def _lookup(self, current: Any, bit: str) -> Any:
        if isinstance(current, jinja2.Undefined):
            return current
        kind = type(current)
        try:
            if kind is dict:
                current = current[bit]
            elif isinstance(current, _BUILTIN) and kind.__getitem__ in _BUILTIN_GETITEMS:
                raise TypeError  # a str key: what tuple, list, str and range say to it
            else:
                if not hasattr(kind, "__getitem__"):
                    raise TypeError
                current = current[bit]
        except (TypeError, AttributeError, KeyError, ValueError, IndexError):
            try:
                current = getattr(current, bit)
            except (TypeError, AttributeError):
                if bit in dir(current):
                    raise  # raised by a property: Django lets it through too
                try:
                    current = current[int(bit)]
                except (IndexError, ValueError, KeyError, TypeError):
                    return self.undefined(obj=current, name=bit)
        if callable(current):
            return _called(current)
        return current


_BUILTIN = (tuple, list, str, range)
_BUILTIN_GETITEMS = {kind.__getitem__ for kind in _BUILTIN}


def _called(value: Any) -> Any:
    """A callable found by a lookup, as Django's `Variable._resolve_lookup` treats it."""
    if getattr(value, "do_not_call_in_templates", False):
        return value
    if getattr(value, "alters_data", False):
        return ""
    try:
        return value()
    except TypeError:
        try:
            signature(value).bind()
        except ValueError:  # no signature
            return ""
        except TypeError:  # arguments were required
            return ""
        raise


def environment(**options: Any) -> jinja2.Environment:
    env = _Environment(**options)
    env.globals.update(_t=_translate, _bt=_blocktranslate, _url=_url, _s=mark_safe)
    # Django's filters under their names, applied as Django applies them.
    env.filters.update({name: _filter(name) for name in builtin_filters.filters})
    return env


# ---- the translation ------------------------------------------------------------------

_PARTIALDEF = re.compile(r"partialdef ([\w-]+)(?: inline)?$")
_FORLOOP = {"forloop.first": "loop.first", "forloop.last": "loop.last"}
_IF_WORDS = {"and", "or", "not", "in", "is", "==", "!=", "<", ">", "<=", ">="}


def _tokens(source: str) -> list[Token]:
    return Lexer(source).tokenize()


def _partials(tokens: list[Token]) -> dict[str, list[Token]]:
    """Each partial's tokens, by name."""
    found: dict[str, list[Token]] = {}
    stack: list[tuple[str, list[Token]]] = []
    for token in tokens:
        if token.token_type == TokenType.BLOCK:
            opened = _PARTIALDEF.match(token.contents)
            if opened:
                stack.append((opened.group(1), []))
                continue
            if token.contents.startswith("endpartialdef"):
                name, body = stack.pop()
                found[name] = body
                if stack:
                    stack[-1][1].append(Token(TokenType.BLOCK, f"partial {name}"))
                continue
        if stack:
            stack[-1][1].append(token)
    return found


def _literal(text: str) -> str:
    """A Python literal Jinja2 reads as the same string."""
    return repr(str(text))


def _operand(text: str) -> str:
    """A Django filter expression (a variable or literal, then its filters) in Jinja2."""
    out, at = "", 0
    for match in filter_re.finditer(text):
        if match.start() != at:
            raise Unsupported(f"the expression {text!r}")
        at = match.end()
        constant, var, name = (
            match.group("constant"),
            match.group("var"),
            match.group("filter_name"),
        )
        if constant or var:
            out = _atom(constant or var)
        else:
            arg = match.group("constant_arg") or match.group("var_arg")
            _filter(name)  # a filter Django has
            out = f"({out})|{name}" + (f"({_atom(arg)})" if arg else "")
    if at != len(text) or not out:
        raise Unsupported(f"the expression {text!r}")
    return out


def _atom(text: str) -> str:
    if text in _FORLOOP:
        return _FORLOOP[text]
    if text in ("None", "True", "False"):
        return text
    variable = Variable(text)
    if variable.lookups is None:  # a literal: a number, a string, _("a string")
        if variable.translate:
            return f"_t({_literal(variable.literal)})"
        if isinstance(variable.literal, str):
            # Safe in Django: marked so where escaping would change it.
            safe = not any(c in variable.literal for c in "<>&'\"")
            return _literal(variable.literal) if safe else f"_s({_literal(variable.literal)})"
        return repr(variable.literal)
    first, *rest = variable.lookups
    if first == "forloop" or not first.isidentifier():
        raise Unsupported(f"the variable {text!r}")
    return first + "".join(f"[{bit}]" if bit.isdigit() else f".{bit}" for bit in rest)


def _condition(bits: list[str]) -> str:
    """An ``{% if %}`` condition: Django's operators are Jinja2's, but for ``is``."""
    out: list[str] = []
    after_is = False
    for bit in bits:
        if bit in _IF_WORDS:
            out.append(bit)
            after_is = bit == "is" or (after_is and bit == "not")
            continue
        if after_is:
            if bit not in ("None", "True", "False"):
                raise Unsupported(f"`is {bit}`")
            out.append(bit.lower())  # Jinja2's tests none, true, false
            after_is = False
            continue
        out.append(_operand(bit))
    return " ".join(out)


class _Compiler:
    def __init__(self, partials: dict[str, list[Token]]) -> None:
        self.partials = partials

    def compile(self, name: str) -> str:
        tokens = self.partials[name]
        first = next(
            (t for t in tokens if t.token_type != TokenType.TEXT or t.contents.strip()), None
        )
        if first is None or first.contents != "localize off":
            # Values are rendered as {% localize off %} renders them: a partial must say so.
            raise Unsupported(f"the partial {name!r} does not begin with {{% localize off %}}")
        return "".join(self._walk(iter(tokens)))

    def _walk(self, tokens: Any) -> Any:
        for token in tokens:
            kind, contents = token.token_type, token.contents
            if kind == TokenType.TEXT:
                if "{{" in contents or "{%" in contents or "{#" in contents:
                    raise Unsupported("text that Jinja2 would read as a tag")
                yield contents
            elif kind == TokenType.VAR:
                yield "{{ " + _operand(contents) + " }}"
            elif kind == TokenType.COMMENT:
                continue
            else:
                yield from self._block(token, tokens)

    def _block(self, token: Token, tokens: Any) -> Any:
        bits = token.split_contents()
        tag = bits[0]
        if tag in ("localize", "endlocalize", "load"):
            if tag == "localize" and bits[1:] != ["off"]:
                raise Unsupported("{% localize %} other than off")
            return
        if tag == "comment":
            for inner in tokens:
                if inner.token_type == TokenType.BLOCK and inner.contents == "endcomment":
                    break
            return
        if tag == "partial":
            if bits[1] not in self.partials:
                raise Unsupported(f"the partial {bits[1]!r}")
            yield from self._walk(iter(self.partials[bits[1]]))
        elif tag == "include":
            if len(bits) != 2:
                raise Unsupported("{% include %} with options")
            source = engines["django"].get_template(Variable(bits[1]).literal).template.source
            yield from self._walk(iter(_tokens(source)))
        elif tag in ("if", "elif"):
            yield "{% " + tag + " " + _condition(bits[1:]) + " %}"
        elif tag in ("else", "endif", "endfor", "endwith"):
            yield "{% " + tag + " %}"
        elif tag == "for":
            if bits[-2] != "in" or bits[-1] == "reversed":
                raise Unsupported("this {% for %}")
            names = " ".join(bits[1:-2]).replace(" ,", ",")
            yield "{% for " + names + " in " + _operand(bits[-1]) + " %}"
        elif tag == "with":
            pairs = [bit.split("=", 1) for bit in bits[1:]]
            if any(len(pair) != 2 for pair in pairs):
                raise Unsupported("{% with ... as ... %}")
            yield "{% with " + ", ".join(f"{n}={_operand(v)}" for n, v in pairs) + " %}"
        elif tag == "translate":
            yield self._translate(bits)
        elif tag == "blocktranslate":
            yield self._blocktranslate(bits, tokens)
        elif tag == "url":
            if len(bits) < 2 or "as" in bits or any("=" in bit for bit in bits[2:]):
                raise Unsupported("this {% url %}")
            args = [_operand(bit) for bit in bits[1:]]
            yield "{{ _url(" + ", ".join(args) + ") }}"
        elif tag == "csrf_token":
            yield "{{ csrf_input }}"
        else:
            raise Unsupported(f"the tag {{% {tag} %}}")

    def _translate(self, bits: list[str]) -> str:
        if len(bits) == 2:
            context = None
        elif len(bits) == 4 and bits[2] == "context":
            context = Variable(bits[3]).literal
        else:
            raise Unsupported("this {% translate %}")
        msgid = Variable(bits[1]).literal
        if not isinstance(msgid, str) or (len(bits) == 4 and not isinstance(context, str)):
            raise Unsupported("{% translate %} of a variable")
        return "{{ _t(" + _literal(msgid) + (f", {_literal(context)}" if context else "") + ") }}"

    def _blocktranslate(self, bits: list[str], tokens: Any) -> str:
        context = counter = count = None
        trimmed = False
        values: dict[str, str] = {}
        options = iter(bits[1:])
        for option in options:
            if option == "trimmed":
                trimmed = True
            elif option == "context":
                context = Variable(next(options)).literal
            elif option == "count":
                counter, expression = next(options).split("=", 1)
                count = _operand(expression)
            elif option == "with":
                continue
            elif "=" in option:
                name, expression = option.split("=", 1)
                values[name] = _operand(expression)
            else:
                raise Unsupported(f"blocktranslate's option {option!r}")
        parts: list[list[str]] = [[]]
        names: list[str] = []
        for inner in tokens:
            if inner.token_type == TokenType.BLOCK:
                if inner.contents == "endblocktranslate":
                    break
                if inner.contents == "plural" and counter:
                    parts.append([])
                    continue
                raise Unsupported("a tag inside blocktranslate")
            if inner.token_type == TokenType.TEXT:
                parts[-1].append(inner.contents.replace("%", "%%"))
            elif inner.token_type == TokenType.VAR:
                parts[-1].append(f"%({inner.contents})s")
                names.append(inner.contents)
        msgids = ["".join(part) for part in parts]
        if trimmed:
            msgids = [translation.trim_whitespace(m) for m in msgids]
        if (len(msgids) == 2) != bool(counter):
            raise Unsupported("blocktranslate's plural")
        given = {n: values.get(n, n) for n in dict.fromkeys(names) if n != counter}
        args = [
            _literal(context) if context else "None",
            _literal(msgids[0]),
            _literal(msgids[1]) if counter else "None",
            _literal(counter) if counter else "None",
            count or "None",
            "{" + ", ".join(f"{_literal(n)}: {v}" for n, v in given.items()) + "}",
        ]
        return "{{ _bt(" + ", ".join(args) + ") }}"


def translate(source: str, names: tuple[str, ...] = PARTIALS) -> dict[str, str]:
    """The Jinja2 source of each of the partials `names` of the Django template `source`."""
    compiler = _Compiler(_partials(_tokens(source)))
    return {name: compiler.compile(name) for name in names}


# ---- the compiled templates -----------------------------------------------------------

_lock = threading.Lock()
_compiled: tuple[Any, dict[str, Any] | None] | None = None


def templates() -> dict[str, Any] | None:
    """The compiled partials by name (Jinja2 templates of Django's backend), made again
    when the Django template's source changes (edited under runserver); None if they
    cannot be compiled (`Unsupported`): render with Django then."""
    global _compiled
    source = engines["django"].get_template(SOURCE).template.source
    compiled = _compiled
    if compiled is not None and compiled[0] == source:
        return compiled[1]
    with _lock:
        try:
            sources = translate(source)
            backend = Jinja2(
                {
                    "NAME": "game-area",
                    "DIRS": [],
                    "APP_DIRS": False,
                    "OPTIONS": {
                        "environment": "games.jinja_area.environment",
                        "autoescape": False,  # values are escaped by `finalize`, as Django does
                        "finalize": _value,
                        "keep_trailing_newline": True,
                        "undefined": jinja2.ChainableUndefined,
                        "auto_reload": False,
                    },
                }
            )
            made: dict[str, Any] | None = {
                name: backend.from_string(text) for name, text in sources.items()
            }
        except (Unsupported, jinja2.TemplateSyntaxError):
            log.exception("The game area is rendered with Django's engine: no Jinja2 translation")
            made = None
        _compiled = (source, made)
        return made


def render(name: str, context: Mapping[str, Any]) -> str | None:
    """The partial `name` rendered with Jinja2 from `context` (no request); None if the
    partials could not be compiled."""
    found = templates()
    if found is None:
        return None
    return found[name].render(context)
