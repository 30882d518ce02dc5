"""Finding English left in a page that should be in another language.

The English vocabulary is the site's own: every word of every message in the catalogues'
English (msgid) side. A word of it that the language's own translations never use is an
English word that has no business on a page in that language ("your", "knocks", "round"),
while a word both share ("table" in French, "in" in German) proves nothing. A string the
code forgot to mark is English too, and it is caught by its ordinary words ("the", "you").

Proper names are taken out of the text before it is read: the site's name, the presets'
own names and the names the test gave its players, clubs and events (docs/i18n.md).
"""

from __future__ import annotations

import re
import zoneinfo
from functools import cache
from html.parser import HTMLParser

import polib
from django.utils import dates, translation
from django.utils.translation import trans_real

from thirtyone.catalogues import catalogue

# Names that are the same in every language (docs/i18n.md, "Proper names kept").
KEPT = (
    "Thirty-One",
    "Ride the Bus",
    "En og tredive",
    "Schwimmen",
    "Scat",
    "Card Game 101",
    "salt:seed:algorithm",
    "thirtyone-seating-1",
    "thirtyone-seating-2",
    "Blitz",
    "Buchholz",
    "Sonneborn-Berger",
    "openskill",
    "Dansk",
    "Deutsch",
    "Français",
    "English",
)
_ZONES = zoneinfo.available_timezones()
_MARKUP = re.compile(r"<[^>]+>|%\(\w+\)\w|%\w|\{\{[^}]*\}\}|&\w+;")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# Text in these elements is not read by a person as the page's words.
_UNREAD = {"script", "style", "template", "svg", "code", "kbd", "samp"}
# The attributes a person reads or hears.
_READ = ("aria-label", "title", "alt", "placeholder", "aria-description")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(_MARKUP.sub(" ", text)) if len(w) > 1}


@cache
def english_only(language: str) -> frozenset[str]:
    """Words of the site's English that no translation into `language` uses: not ours,
    not Django's or allauth's (their forms' labels), nor the names of days and months."""
    english: set[str] = set()
    for entry in polib.pofile(str(catalogue(language))):
        if not entry.obsolete:
            english |= _words(entry.msgid) | _words(entry.msgid_plural or "")
    translated: set[str] = set()
    for _key, text in trans_real.translation(language)._catalog.items():
        translated |= _words(text)
    with translation.override(language):
        for names in (dates.WEEKDAYS, dates.WEEKDAYS_ABBR, dates.MONTHS, dates.MONTHS_3):
            translated |= _words(" ".join(str(name) for name in names.values()))
    return frozenset(english - translated)


class _Reader(HTMLParser):
    """The text a person reads on a page: text nodes and the attributes they hear,
    without scripts, styles and anything marked as being in another language."""

    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)
        self.lang: str | None = None
        self.parts: list[str] = []

    def _skipping(self) -> bool:
        return any(skip for _tag, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        other_language = bool(found.get("lang")) and found.get("lang") != self.language
        # Hidden parts count: script shows them (pop-ups, confirmations, the open box).
        skip = tag in _UNREAD or other_language
        if tag not in ("br", "img", "input", "meta", "link", "hr", "source", "wbr"):
            self.stack.append((tag, skip))
        if skip or self._skipping():
            return
        for name in _READ:
            if found.get(name):
                self.parts.append(found[name] or "")
        if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
            self.parts.append(found["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                del self.stack[k:]
                break

    def handle_data(self, data: str) -> None:
        if not self._skipping():
            self.parts.append(data)


def page_text(html: str, language: str) -> tuple[str | None, str]:
    """(the page's <html lang>, the text a reader of `language` reads on it)."""
    reader = _Reader(language)
    reader.feed(html)
    return reader.lang, "\n".join(p.strip() for p in reader.parts if p.strip())


def english_in(text: str, language: str, names: tuple[str, ...] = ()) -> list[str]:
    """The English words in `text`, each with the line it is in."""
    for name in sorted((*KEPT, *names), key=len, reverse=True):
        text = text.replace(name, " ")
    suspects = english_only(language)
    found = []
    for line in text.splitlines():
        if line.strip().replace(" ", "_") in _ZONES:
            continue  # a time zone's name, as the time zone field lists them
        words = {w.lower() for w in _WORD.findall(line) if len(w) > 1}
        if bad := sorted(words & suspects):
            found.append(f"{', '.join(bad)}: {line.strip()[:120]}")
    return found
