"""Which pages the upgrade check reads, as whom, and the text it compares.

A page is compared as the text a person reads: the tags stripped (block elements end
a line), entities decoded, whitespace collapsed. A person with a screen reader also
reads an element's `aria-label` and an image's `alt` — on a table's page the cards are
named only there ("ace of clubs") — so they are kept, each on a line of its own in
brackets. What is dropped, and why:

- `<script>` and `<style>` contents: code, not text anyone reads;
- the CSRF token: new for every session and masked anew on every page. Today it is
  only in attributes (a form's `csrfmiddlewaretoken` input, htmx's `X-CSRFToken`
  header), which go with the tags; it is blanked there first all the same
  (`CSRF_TOKEN`), so that a page that moves it into text does not fail for it;
- the other attributes (links, classes, `data-version`…): not read as text;
- nothing else: every other value on these pages comes from the database or the clock
  (stood still, tests/tournaments/upgrade/clock.py), so it must read the same.

The standings CSV is compared as it is, byte for byte (as text).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from html.parser import HTMLParser
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

# Elements that end a line of text where they start or end; every other tag (a link,
# <strong>, <time>…) is read as part of its sentence.
# fmt: off
BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "br", "button", "caption", "dd", "details",
    "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
    "h4", "h5", "h6", "header", "hr", "label", "legend", "li", "main", "nav", "ol", "option",
    "p", "pre", "section", "select", "summary", "table", "tbody", "td", "textarea", "tfoot",
    "th", "thead", "tr", "ul",
})
# fmt: on
UNREAD = frozenset({"script", "style", "template"})
# The CSRF token where today's pages put it: a form's hidden input and htmx's header.
CSRF_TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]*')


@dataclass(frozen=True)
class Page:
    """One reading: `viewer` (a username, None for an anonymous visitor) asks for `url`;
    `kind` is "page" (compared as text) or "csv" (compared as it is)."""

    what: str
    viewer: str | None
    url: str
    kind: str = "page"


@dataclass(frozen=True)
class Reading:
    page: Page
    status: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self.page), "status": self.status, "text": self.text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Reading:
        page = Page(data["what"], data["viewer"], data["url"], data["kind"])
        return cls(page, data["status"], data["text"])


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.unread = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in UNREAD:
            self.unread += 1
            return
        if tag in BLOCKS:
            self.parts.append("\n")
        named = dict(attrs)
        label = named.get("aria-label") or (named.get("alt") if tag == "img" else None)
        if label and not self.unread:
            self.parts.append(f"\n[{label}]\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in UNREAD:
            self.unread = max(0, self.unread - 1)
        elif tag in BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.unread:
            self.parts.append(data)


def page_text(html: str) -> str:
    """What a person reads on `html`, one line per block."""
    html = CSRF_TOKEN.sub(r"\1", html)
    parser = _Text()
    parser.feed(html)
    parser.close()
    text = "".join(parser.parts)  # entities decoded by the parser
    lines = (" ".join(line.split()) for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


class Readers:
    """A test client per viewer, logged in on first use, so that every page of one
    viewer is read in one session, as a person browsing them would."""

    def __init__(self) -> None:
        self.clients: dict[str | None, Client] = {}

    def _client(self, viewer: str | None) -> Client:
        client = self.clients.get(viewer)
        if client is None:
            client = self.clients[viewer] = Client()
            if viewer is not None:
                client.force_login(get_user_model().objects.get_by_natural_key(viewer))
        return client

    def read(self, page: Page) -> Reading:
        response = self._client(page.viewer).get(page.url)
        body = response.content.decode()
        text = body if page.kind == "csv" else page_text(body)
        return Reading(page, response.status_code, text)


def event_pages(event: Any, organizer: str, player: str, table_id: int) -> list[Page]:
    """An event's pages: its page as an anonymous visitor, `player` and the organizer
    read it; the organizer's manage page; the standings CSV; one of its tables' page
    as an anonymous visitor and as `player`, seated there."""
    page = reverse("tournaments:detail", args=[event.pk])
    table = reverse("table", args=[table_id])
    name = event.name
    return [
        Page(f"{name}: event page, anonymous", None, page),
        Page(f"{name}: event page, {player}", player, page),
        Page(f"{name}: event page, organizer", organizer, page),
        Page(f"{name}: manage page", organizer, reverse("tournaments:manage", args=[event.pk])),
        Page(
            f"{name}: standings CSV",
            None,
            reverse("tournaments:standings_csv", args=[event.pk]),
            kind="csv",
        ),
        Page(f"{name}: table page, anonymous", None, table),
        Page(f"{name}: table page, {player}", player, table),
    ]


def club_pages(slug: str, organizer: str, member: str) -> list[Page]:
    club = reverse("clubs:detail", args=[slug])
    return [
        Page("club page, anonymous", None, club),
        Page(f"club page, {member}", member, club),
        Page("club page, organizer", organizer, club),
    ]
