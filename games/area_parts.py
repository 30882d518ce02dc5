"""A move's push: only the parts of the game area a move may change
(docs/realtime.md#a-move-pushes-its-parts).

A move (a draw, a discard, a knock: the events of `MOVE_KINDS`) changes a few things: the
piles, the seats (cards held, the turn, who knocked, the clock), the mover's hand and
everyone's controls and words of whose turn it is, and a line or two of the log. After
such a commit the writer renders, for each viewer, only those parts -- the same named
partials of `games/table.html` the area is made of, from one context built without the
rest (the whole log, the deals' panel) -- and the seats once for everyone; the log
brings only its new lines. A push of anything else (a new round, the end, who is
connected, someone away) sends the whole area, as before.

A move's parts are complete for the push's seq and hold all that changed since
`base`: the seq of the last event that was not a move, or at most `MOST_BEHIND` events
back. The socket's consumer keeps the last view it sent its client; if that view is at
`base` or after, it puts the parts into it (`apply`) -- which gives, character for
character, the whole area a fresh render would (tests/games/test_area_parts.py plays
whole games of several rule sets to check it for every seat, the spectators and every
language) -- and sends its client what changed, as for a whole view
(`games.view_parts.delta`). Otherwise (further behind, or no view sent yet) it renders
the whole view itself.
"""

from __future__ import annotations

from typing import Any

from games import engine, name_scope, rendering, view_parts
from games.engine.events import MOVE_KINDS
from games.models import Game
from games.wording.names import with_shown_names

MOST_BEHIND = 4  # events: a socket further behind than this is sent its whole view
LOG = "game-log-lines"
SEATS = "felt-others"
# The partials of the area a move may change, in the order they appear (a spectator
# has no controls or away notice, but the same partials).
UNITS = (
    "area-meta",
    "area-flash",
    "area-away",
    "area-news",
    "area-center",
    "area-me",
    "area-levels",
    "area-last-round",
)
PAGE = "games/table.html"


def base_of(game: Game) -> int | None:
    """The seq a push of `game`'s parts holds all changes since: before the moves that
    end its log, at most `MOST_BEHIND` of them; None if its last event is no move (or
    the game is over): that push sends the whole area."""
    if not game.in_play:
        return None
    events = rendering.rows(game).events  # newest first
    base = None
    for seq, event, _by_bot in events[:MOST_BEHIND]:
        if event.kind not in MOVE_KINDS:
            break
        base = seq - 1
    if base is None or not events or events[0][0] != game.seq:
        return None
    return base


def render(game: Game, state: engine.GameState, seat: int | None, base: int) -> dict[str, Any]:
    """`seat`'s parts (None: the spectators') after the moves since `base`, in the active
    language: {"parts": [marked html of each partial], "lines": [[seq, marked html of
    its log line], ...] newest first}."""
    with name_scope.reading_seat(game, seat):
        shown = with_shown_names(state)
        context = rendering.game_context(game, shown, seat, since=base)
    parts = [_marked(rendering.render_partial(f"{PAGE}#{name}", context)) for name in _units(context)]
    parts += [_marked(html) for html in context["others_html"]]
    lines = [
        [seq, _marked(rendering.log_line(seq, kind, text, mine, seq in context["bot_seqs"]))]
        for seq, kind, text, mine in context["log"]
    ]
    return {"parts": parts, "lines": lines}


def _units(context: dict[str, Any]) -> list[str]:
    """The partials to render: the levels only at a table that adds them, the round's
    news and hands only while a move may change how they are shown."""
    skip = set()
    if context["levels"] is None:
        skip.add("area-levels")
    if context["last_round"] is None:
        skip |= {"area-news", "area-last-round"}
    return [name for name in UNITS if name not in skip]


def _marked(html: str) -> str:
    """The partial from its first part marker to its last (white space around it is the
    area's, between the parts), its indentation dropped as the area's is."""
    html = rendering.compact(html)
    start = html.find("<!--p")
    end = html.rfind("<!--/p-->")
    return html[start : end + len("<!--/p-->")]


def apply(shown: view_parts.View | None, last_seq: int, message: dict[str, Any]) -> str | None:
    """The whole area at the message's seq: its parts put into `shown`, the view at
    `last_seq` that the consumer sent last; None if they cannot be (no view, one from
    before the message's base, or a part the view does not have)."""
    if shown is None or shown.root is None:
        return None
    if not message["base"] <= last_seq < message["seq"]:
        return None
    found = _by_key(shown.root)
    text = shown.text
    edits: list[tuple[int, int, str]] = []
    for html in message["parts"]:
        key = view_parts.MARKER.match(html)
        part = found.get(key.group(2)) if key else None
        if part is None:
            return None
        edits.append((part.begin, part.finish, html))
    log = found.get(LOG)
    if log is None or not log.children:  # a game in play has logged its start
        return None
    fresh = [html for seq, html in message["lines"] if seq > last_seq]
    kept = log.children[: max(0, rendering.LOG_LENGTH - len(fresh))]
    lines = "".join(fresh) + "".join(text[c.begin : c.finish] for c in kept)
    edits.append((log.children[0].begin, log.children[-1].finish, lines))
    for begin, finish, html in sorted(edits, reverse=True):
        text = text[:begin] + html + text[finish:]
    return text


def _by_key(root: view_parts.Part) -> dict[str, view_parts.Part]:
    """The area's parts by key: its own, and the seats inside the players' list."""
    found = {part.key: part for part in root.children}
    seats = found.get(SEATS)
    if seats is not None:
        found.update((part.key, part) for part in seats.children)
    return found
