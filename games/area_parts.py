"""A move's push: only the parts of the game area a move may change
(docs/realtime.md#a-move-pushes-its-parts).

A move (a draw, a discard, a knock: the events of `MOVE_KINDS`) changes a few things: the
piles, the seats (cards held, the turn, who knocked, the clock), the mover's hand and
everyone's controls and words of whose turn it is, and a line or two of the log. After
such a commit the writer renders, for each viewer, only those parts -- the blocks of
the area's template (`games.area_templates`) it is made of, from one context built without the
rest (the whole log, the deals' panel) -- and the seats once for everyone; the log
brings only its new lines. A push of anything else (a new round, the end, who is
connected, someone away) sends the whole area, as before.

A move's parts are complete for the push's seq and hold all that changed since
`base`: the seq before the mover's moves that end the log (`base_of`). The socket's
consumer keeps the last view it sent its client; if that view is at `base` or after,
it puts the parts into it (`apply`) -- which gives, character for character, the whole
area a fresh render would (tests/games/test_area_parts.py plays whole games of several
rule sets to check it for every seat, the spectators and every language) -- and sends
its client what changed, as for a whole view (`games.view_parts.delta`). Otherwise
(further behind, or no view sent yet) it renders the whole view itself.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import get_language

from games import area_templates, engine, name_scope, rendering, view_parts
from games.engine.events import MOVE_KINDS
from games.models import Game
from games.wording.names import with_shown_names

MOST_BEHIND = 4  # events: a socket further behind than this is sent its whole view
LOG = "game-log-lines"
# What a move changes for a seat it left as it was: the seq, the piles, whose turn.
STEADY_UNITS = ("area_meta", "area_center", "area_me_turn")


def base_of(game: Game) -> int | None:
    """The seq a push of `game`'s parts holds all changes since: before the moves of one
    seat that end its log (the move just made and the rest of that turn, at most
    `MOST_BEHIND` events), so that every other seat but the one on turn now is steady
    (`_steady`); None if its last event is no move (or the game is over): that push
    sends the whole area."""
    if not game.in_play:
        return None
    events = rendering.rows(game).events  # newest first
    if not events or events[0][0] != game.seq:
        return None
    mover = events[0][1].seat
    base = None
    for seq, event, _by_bot in events[:MOST_BEHIND]:
        if event.kind not in MOVE_KINDS or event.seat != mover:
            break
        base = seq - 1
    return base


def render(game: Game, state: engine.GameState, seat: int | None, base: int) -> dict[str, Any]:
    """`seat`'s parts (None: the spectators') after the moves since `base`, in the active
    language: {"parts": [marked html of each partial], "lines": [[seq, marked html of
    its log line], ...] newest first}. Kept on the instance for its seq: the push
    renders them, and the mover's htmx answer is made of the same (`games.views.moves`)."""
    kept: dict[tuple[int | None, str | None, int], dict[str, Any]] = game.once_per_seq(
        "_area_parts", dict
    )
    key = (seat, get_language(), base)
    if key not in kept:
        kept[key] = _render(game, state, seat, base)
    return kept[key]


def _render(game: Game, state: engine.GameState, seat: int | None, base: int) -> dict[str, Any]:
    if seat is not None and _steady(game, state, seat, base):
        return _steady_parts(game, state, seat, base)
    with name_scope.reading_seat(game, seat):
        context = rendering.game_context(game, with_shown_names(state), seat, since=base)
    parts = [_unit(game, name, context) for name in _units(context, seat)]
    parts += [_marked(html) for html in context["others_html"]]
    return {"parts": parts, "lines": _lines(context)}


def _lines(context: dict[str, Any]) -> list[list[Any]]:
    return [
        [seq, rendering.log_line(seq, kind, text, mine, seq in context["bot_seqs"])]
        for seq, kind, text, mine in context["log"]
    ]


def _steady(game: Game, state: engine.GameState, seat: int, base: int) -> bool:
    """Whether the moves since `base` left `seat`'s own place as it was: not theirs,
    not their turn now (so not at `base` either: the first of them was made on turn),
    no move of theirs to make, and nothing else of the area that depends on the viewer
    shown anew (the last round's hands, the levels)."""
    if seat == state.turn or engine.legal_actions(state, seat):
        return False
    # Neither theirs nor with a secret of theirs (which their lines would show them).
    new = rendering.new_events(game, base)
    if any(seat in (event.seat, event.owner) for _seq, event, _ in new):
        return False
    if state.rules.levels_by_agreement:
        return False
    public = rendering.public_observation(game, state)
    return not rendering.last_round_may_change(public, game.seq - base, seat)


def _steady_parts(game: Game, state: engine.GameState, seat: int, base: int) -> dict[str, Any]:
    """A steady seat's parts: what it reads of the turn (whose it is, who knocked) and
    the piles, the same for every steady seat (rendered once per language, and per
    reader where the names read differently), the seats, and its own log lines."""
    reader = seat if name_scope.names_vary(game) else None

    def shared() -> tuple[list[str], list[str], list[list[Any]]]:
        with name_scope.reading_seat(game, seat):
            context = rendering.game_context(game, with_shown_names(state), seat, since=base)
        units = [_unit(game, name, context) for name in STEADY_UNITS]
        return units, [_marked(html) for html in context["seats_html"]], _lines(context)

    # The log's new lines are the same for them too: no move was theirs, so none says
    # "you" or shows a card drawn from the stock.
    units, seats, lines = game.once_per_seq(f"_steady:{get_language()}:{reader}", shared)
    others = [html for at, html in enumerate(seats) if at != seat]
    return {"parts": units + others, "lines": lines}


def _units(context: dict[str, Any], seat: int | None) -> list[str]:
    """The partials a move may have changed for `seat`: the notice of what a bot
    played for them only if one of the moves was their seat's; the levels only at a
    table that adds them; the round's news and hands only while a move may change how
    they are shown. (The flash is never in a push: the consumer's view has it empty.)"""
    wanted = ["area_meta", "area_center", "area_me"]
    if seat is not None and any(mine for *_, mine in context["log"]):
        wanted.append("area_away")
    if context["levels"] is not None:
        wanted.append("area_levels")
    if context["last_round"] is not None:
        wanted += ["area_news", "area_last_round"]
    return wanted


def _unit(game: Game, name: str, context: dict[str, Any]) -> str:
    """One partial, marked. The piles are the same for everyone with no move to make
    (no card or stock to click: the public observation's piles), so rendered once per
    language for all of them."""
    if name == "area_center" and not context["obs"].legal:
        return game.once_per_seq(
            f"_idle_center:{get_language()}",
            lambda: _marked(area_templates.render(name, context)),
        )
    return _marked(area_templates.render(name, context))


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
    """The area's parts by key, at any depth (a seat in the players' list, the turn's
    words in your place at the table), but for the log's lines."""
    found: dict[str, view_parts.Part] = {}
    stack = list(root.children)
    while stack:
        part = stack.pop()
        found[part.key] = part
        if part.key != LOG:
            stack += part.children
    return found


OPENING_TAG = re.compile(r"<([a-z][a-z0-9]*)\b")


def answer(game: Game, seat: int | None, shown_seq: int) -> str | None:
    """The htmx answer to `seat`'s move, made on the view at `shown_seq`: the same parts
    as their push (rendered once for both), each an out-of-band swap, with the flash
    emptied (the page may show a refused move's message) and the log's new lines put
    on top; None if the move's parts do not hold all that changed since `shown_seq`
    (the answer is then the whole area). The client's script keeps each log line
    once and the seq and turn from #game-meta (static/js/live.js), as after a push."""
    base = base_of(game)
    if base is None or not base <= shown_seq < game.seq:
        return None
    body = render(game, game.engine_state(), seat, base)
    flash = area_templates.render("area_flash", {})
    elements = [_out_of_band(html) for html in [_marked(flash), *body["parts"]]]
    lines = "".join(view_parts.strip(html) for seq, html in body["lines"] if seq > shown_seq)
    elements.append(view_parts.on_top("ol", LOG, lines))
    return "".join(elements)


def _out_of_band(html: str) -> str:
    return OPENING_TAG.sub(r'<\1 hx-swap-oob="true"', view_parts.strip(html), count=1)
