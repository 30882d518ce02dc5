"""A small DOM for tests: parse a fragment, apply a push's out-of-band swaps as htmx's
WebSocket extension does (each top-level element replaces the element of its id, or
with ``hx-swap-oob="afterbegin"`` puts its children at the top of it), and compare two
trees by what a browser shows (comments dropped, runs of white space as one space)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
SPACE = re.compile(r"\s+")


@dataclass
class Node:
    tag: str  # "" for text
    attrs: dict[str, str | None] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def find(self, element_id: str) -> tuple[Node, int] | None:
        """(parent, index) of the element with `element_id` under this node."""
        for index, child in enumerate(self.children):
            if child.attrs.get("id") == element_id:
                return self, index
            found = child.find(element_id)
            if found:
                return found
        return None

    def html(self) -> str:
        """The tree as markup again (text and values escaped)."""
        if not self.tag:
            return escape(self.text, quote=False)
        attrs = "".join(
            f" {k}" if v is None else f' {k}="{escape(v)}"' for k, v in self.attrs.items()
        )
        inner = "".join(child.html() for child in self.children)
        if self.tag == "#root":
            return inner
        return (
            f"<{self.tag}{attrs}>"
            if self.tag in VOID
            else f"<{self.tag}{attrs}>{inner}</{self.tag}>"
        )

    def shown(self) -> str:
        if not self.tag:
            return SPACE.sub(" ", self.text)
        attrs = "".join(f" {k}={v!r}" for k, v in sorted(self.attrs.items()))
        inner = "".join(child.shown() for child in self.children)
        return f"<{self.tag}{attrs}>{SPACE.sub(' ', inner)}</{self.tag}>"


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(Node("", text=data))


def parse(html: str) -> Node:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def apply_push(page: Node, message: str) -> list[str]:
    """Swap `message`'s top-level elements into `page`; the ids that had no target."""
    missing = []
    for element in parse(message).children:
        if not element.tag:
            continue  # white space between the elements
        how = element.attrs.pop("hx-swap-oob", None) or "true"
        found = page.find(str(element.attrs.get("id")))
        if found is None:
            missing.append(str(element.attrs.get("id")))
            continue
        parent, index = found
        if how == "true":
            parent.children[index] = element
        elif how == "afterbegin":
            target = parent.children[index]
            target.children[:0] = element.children
        else:
            raise AssertionError(f"unexpected swap {how}")
    return missing


# The game area's own attributes that a push of parts leaves as they were: the poll's
# address and interval, used only while the socket is closed (the poll then answers
# the whole current view, since the seq it names is behind).
POLL_ATTRIBUTES = ("hx-get", "hx-trigger")


def show(page: Node | None, message: str) -> Node:
    """The page a client shows after `message`: a whole game area replaces it, the
    parts of one are swapped in (and live.js's work done)."""
    if page is None or message.lstrip().startswith('<section id="game-area"'):
        return parse(message)
    assert apply_push(page, message) == [], "every part sent has its place"
    sync_meta(page)
    return page


def sync_meta(page: Node) -> None:
    """What static/js/live.js does after a push: #game-meta's seq and turn onto
    #game-area, each log line once, and the log cut to the length the server shows."""
    area, meta, log = (
        _element(page, name) for name in ("game-area", "game-meta", "game-log-lines")
    )
    area.attrs["data-seq"] = meta.attrs["data-seq"]
    area.attrs.pop("data-my-turn", None)
    if "data-my-turn" in meta.attrs:
        area.attrs["data-my-turn"] = None
    items, seen = [], set()
    for child in log.children:
        if child.tag == "li" and child.attrs.get("data-seq") not in seen:
            seen.add(child.attrs.get("data-seq"))
            items.append(child)
    log.children = items[: int(str(log.attrs["data-keep"]))]


def game_area_shown(page: Node) -> str:
    """What the page shows, without the poll's attributes."""
    area = _element(page, "game-area")
    saved = {name: area.attrs.pop(name, None) for name in POLL_ATTRIBUTES}
    try:
        return page.shown()
    finally:
        area.attrs.update(saved)


def _element(page: Node, element_id: str) -> Node:
    found = page.find(element_id)
    assert found is not None, f"no #{element_id}"
    parent, index = found
    return parent.children[index]


def forms_without_their_own_swap(page: Node) -> list[str]:
    """htmx forms whose answer's target and swap come from #game-area itself: a push that
    replaces the part around such a form while its request is out would leave it
    nothing to inherit (see the moves-swap partial in games/table.html)."""
    found: list[str] = []

    def walk(node: Node, swap_from: str | None) -> None:
        if "hx-swap" in node.attrs:
            swap_from = str(node.attrs.get("id"))
        if node.tag == "form" and "hx-post" in node.attrs and swap_from in (None, "game-area"):
            found.append(str(node.attrs.get("action")))
        for child in node.children:
            walk(child, swap_from)

    walk(page, None)
    return found


# The one kind of condition on a `load` trigger the table page uses: whether an element
# of an id has an attribute (`data-load-if="#table-body[data-playing]"`, which
# static/js/htmx-guards.js reads: htmx's own filters need eval, which the
# Content-Security-Policy forbids).
LOAD_IF = re.compile(r"#([\w-]+)\[([\w-]+)\]")


def fired_on_load(page: Node) -> list[Node]:
    """The elements htmx would fetch for as they come into `page` (hx-trigger="load"
    with a `data-load-if` that holds in it), as static/js/htmx-guards.js reads it."""
    found: list[Node] = []

    def walk(node: Node) -> None:
        trigger = str(node.attrs.get("hx-trigger") or "")
        if trigger.startswith("load"):
            condition = str(node.attrs.get("data-load-if") or "")
            matched = LOAD_IF.fullmatch(condition)
            assert trigger == "load" and matched, f"a load trigger this DOM cannot read: {trigger}"
            holder = page.find(matched.group(1))
            if holder is not None:
                parent, index = holder
                if matched.group(2) in parent.children[index].attrs:
                    found.append(node)
        for child in node.children:
            walk(child)

    walk(page)
    return found


def element(page: Node, element_id: str) -> Node:
    """The element of `element_id` in `page` (it must be there)."""
    return _element(page, element_id)


def swap_outer(page: Node, element_id: str, html: str) -> None:
    """hx-swap="outerHTML" of the element of `element_id` with `html`'s element."""
    found = page.find(element_id)
    assert found is not None, f"no #{element_id}"
    parent, index = found
    new = [child for child in parse(html).children if child.tag]
    assert len(new) == 1 and new[0].attrs.get("id") == element_id, "one element, same id"
    parent.children[index] = new[0]
