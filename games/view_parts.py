"""What changed between two renders of one viewer's game area
(docs/realtime.md#a-push-sends-what-changed).

The game area's template marks the parts a move may change with comments:
``<!--p:KEY-->`` … ``<!--/p-->`` around an element whose id is KEY. Parts nest (a
seat inside the other players' list). A socket's consumer keeps the last view it sent
its client and, for the next push, sends only the parts that changed, each an element
with its id, which htmx's WebSocket extension swaps in out of band: a move's push is a
seat or two, a pile and a log line, not the whole area (~17 KB).

Two flags after the ``p``:
- ``!`` always sent (the flash messages: the mover's own htmx answer may show one that
  no push had, so "unchanged since the last push" says nothing about the client);
- ``*`` a list whose children only ever come in at the top (the game log): new
  children are sent alone, to be put at the top (``hx-swap-oob="afterbegin"``); the
  page's script keeps as many lines as the server shows.

A part whose own markup changed apart from its child parts is sent whole. The region
``game-root`` holds every part: if its own markup changed (the view changed shape),
there is no delta and the whole area is sent, as before.

The client may hold a newer view than the consumer last sent (the mover's answer):
every part sent is complete at the push's seq, and a part not sent is the same at both
seqs, so applying a delta to any view at or after the consumer's last one gives the
push's view — given that the page's script keeps each log line once (a line put on
top may be one the answer brought). The script also drops a push or an answer older
than what it shows (static/js/live.js).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ROOT = "game-root"
MARKER = re.compile(r"<!--p([!*]?):([\w-]+)-->|<!--/p-->")
OPEN_TAG = re.compile(r"\s*<([a-z][a-z0-9]*)\b")


@dataclass
class Part:
    key: str
    flag: str  # "", "!" (always sent) or "*" (a list growing at the top)
    begin: int  # where its opening marker starts
    start: int  # where the part's content starts (after its opening marker)
    end: int = 0  # where its closing marker starts
    finish: int = 0  # where its closing marker ends
    children: list[Part] = field(default_factory=list)
    own: str | None = None  # the skeleton, once made (a view is diffed twice: new, then old)

    def html(self, text: str) -> str:
        return strip(text[self.start : self.end])

    def skeleton(self, text: str) -> str:
        """The part's own markup: its children replaced by their keys."""
        if self.own is not None:
            return self.own
        pieces, at = [], self.start
        for child in self.children:
            pieces += [text[at : child.begin], child.key]
            at = child.finish
        pieces.append(text[at : self.end])
        self.own = "".join(pieces)
        return self.own


class View:
    """One render of a game area, split into its parts."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.root = _parse(text)


def strip(text: str) -> str:
    """The markup without the part markers (what a client is sent)."""
    return MARKER.sub("", text)


def delta(old: View | None, new: View) -> str | None:
    """The parts of `new` that differ from `old`, each a top-level element for an
    out-of-band swap; None if there is no delta to send (no old view, or the view
    changed shape): send all of `new`."""
    if old is None or old.root is None or new.root is None:
        return None
    if old.root.skeleton(old.text) != new.root.skeleton(new.text):
        return None
    out: list[str] = []
    _changed(old, old.root, new, new.root, out)
    return "".join(out)


def _changed(old: View, was: Part, new: View, now: Part, out: list[str]) -> None:
    before = {child.key: child for child in was.children}
    for child in now.children:
        prior = before.get(child.key)
        if child.flag == "!" or prior is None:
            out.append(child.html(new.text))
        elif prior.skeleton(old.text) != child.skeleton(new.text):
            out.append(_list_top(old, prior, new, child) or child.html(new.text))
        elif child.flag == "*":  # a list's items have no ids: a changed one resends the list
            # (the same skeleton: the same items, so as many of them)
            pairs = zip(prior.children, child.children, strict=True)
            if any(_raw(old, a) != _raw(new, b) for a, b in pairs):
                out.append(child.html(new.text))
        else:
            _changed(old, prior, new, child, out)


def _raw(view: View, part: Part) -> str:
    return view.text[part.start : part.end]


def _list_top(old: View, was: Part, new: View, now: Part) -> str | None:
    """For a list part (flag *) whose new children only came in at the top, an element
    that puts them there; None if the list changed otherwise."""
    if now.flag != "*":
        return None
    keys, old_keys = [c.key for c in now.children], [c.key for c in was.children]
    known = set(old_keys)
    fresh = 0
    while fresh < len(keys) and keys[fresh] not in known:
        fresh += 1
    kept = keys[fresh:]
    if not fresh or kept != old_keys[: len(kept)]:
        return None
    same = zip(now.children[fresh:], was.children, strict=False)
    if any(_raw(new, a) != _raw(old, b) for a, b in same):
        return None  # a line already shown changed: send the list whole
    # Above the first child and below the last, the list's own markup must be as it was.
    if _outside(old, was) != _outside(new, now):
        return None
    tag = OPEN_TAG.match(new.text, now.start)
    if tag is None:
        return None
    items = "".join(child.html(new.text) for child in now.children[:fresh])
    return on_top(tag.group(1), now.key, items)


def on_top(tag: str, key: str, items: str) -> str:
    """An element that puts `items` at the top of the list part `key` (out of band)."""
    return f'<{tag} id="{key}" hx-swap-oob="afterbegin">{items}</{tag}>'


def _outside(view: View, part: Part) -> tuple[str, str]:
    if not part.children:
        return view.text[part.start : part.end], ""
    return (
        view.text[part.start : part.children[0].begin],
        view.text[part.children[-1].finish : part.end],
    )


def _parse(text: str) -> Part | None:
    """The `game-root` part with its tree of parts; None if there is none or the
    markers do not nest (a template mistake: the caller then sends whole views)."""
    stack: list[Part] = []
    root: Part | None = None
    for found in MARKER.finditer(text):
        if found.group(2) is not None:
            part = Part(found.group(2), found.group(1), found.start(), found.end())
            if stack:
                stack[-1].children.append(part)
            elif part.key == ROOT and root is None:
                root = part
            else:
                return None
            stack.append(part)
        else:
            if not stack:
                return None
            closed = stack.pop()
            closed.end, closed.finish = found.start(), found.end()
    return root if not stack else None
