"""The game socket: forwards each viewer their pushed view (docs/realtime.md#consumers-forward).

Consumers do no game logic and, on the hot path (a pushed view, or a move's parts put
into the view last sent: `games.area_parts`), no database work: the writer already
rendered this viewer's HTML. Database work happens only when a socket opens, when a
client says it is behind (one cheap query for the game's seq; a render only if the
client is in fact behind), when a move's parts cannot be put into the view last sent
(none sent yet, or one from before their base: the whole view is rendered), and in the
per-process catch-up check.

What a client may send: ``{"seq": <the seq its page shows>}``, a JSON object of at
most MAX_MESSAGE_LENGTH bytes whose seq is an integer from -1 (no game area shown) to
MAX_SEQ, at most `ratelimit.SOCKET_MESSAGES` times per window and user (per socket for
a spectator who is not logged in). It may add ``"chat": <the newest chat line its page
shows>`` (an integer from 0, no line, to MAX_CHAT_ID): if the table's chat has changed
since, the socket sends it. A chat line reaches a socket by push only once the socket
has joined the chat group; until then the page polled the chat. A line said between
the page's last poll and the join -- which is every time a socket opens, and the table
page opens a new one whenever it swaps in its body (seated, then playing; a game over)
-- would show nowhere until the next line, so the page says on opening what it shows.
The close codes:

- 4400: a message that is not that (binary, too long, not JSON, a seq that is a float,
  a boolean, a string or out of range): the socket is closed, never with 1011.
- 4403: no such game, or a private game the viewer may not watch (at the handshake;
  later if the game is deleted while the socket is open).
- 4404: a path that is not a game's socket, e.g. ``/ws/games/abc/`` (at the handshake).
- 4429: more messages than `ratelimit.SOCKET_MESSAGES` allows.
- 4408: the handshake waited past Daphne's limit (`THIRTYONE_HANDSHAKE_SECONDS`) for
  the database thread: refused by Daphne already, it does nothing.
- 4503: the channel layer is down (`games.layer_watch`, docs/realtime.md#when-the-layer-is-down):
  at the handshake, or later for an open socket; the page polls and tries again.

Codes sent at the handshake reach the server and tests; a browser sees the handshake
refused (HTTP 403), as for any socket refused before it is accepted.

A socket reads one language (chosen at the handshake as a page's would be:
`games.sockets.language_of_scope`): it joins its language's groups
(`realtime.viewer_group`, `chat.chat_group`), its presence names the language, and what
it is sent on opening or catching up is rendered in it.

This process's sockets are counted and caught up by `games.socket_watch`.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, NamedTuple

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from games import (
    access,
    area_parts,
    chat,
    chat_hiding,
    kept_reads,
    presence,
    ratelimit,
    realtime,
    services,
    view_parts,
)
from games.layer_watch import LayerWatched, leave
from games.models import Game
from games.socket_watch import arrivals, watcher
from games.sockets import SkipsDatabaseHop, language_of_scope

MAX_MESSAGE_LENGTH = 200  # bytes: {"seq": ...} needs a few dozen
MAX_SEQ = 10**9  # a game has a few thousand events; anything near this is not a seq
MAX_CHAT_ID = 2**63 - 1  # a chat line's id (a 64-bit key)
PUSH_GRACE_SECONDS = 1.0  # for a presence push's view to come back through the layer
BAD_MESSAGE, NOT_ALLOWED, NOT_FOUND, TOO_MANY = 4400, 4403, 4404, 4429
TOO_LATE = 4408


class GameConsumer(LayerWatched, SkipsDatabaseHop, AsyncWebsocketConsumer):
    # Pushes (a view, the chat's lines) touch no database: no hop to its thread first.
    no_database = frozenset({"game.view", "chat.lines"})
    game_id: int
    seat: int | None
    language: str  # the language its viewer reads (`games.sockets.language_of_scope`)
    group: str
    chat_group: str | None = None
    chat_table: int | None = None  # the table whose chat it joined (None: it joined none)
    # The authors whose lines its viewer hides (games.chat_hiding), and the group of the
    # viewer's own copy of the chat, which it joins when they hide anyone.
    chat_hidden: frozenset[int] = frozenset()
    reader_group: str | None = None
    last_seq: int
    # The last view sent to this client: the next push sends only what changed since.
    shown: view_parts.View | None = None
    unless_pushed: asyncio.Task[None] | None = None  # `_view_unless_pushed`, waiting

    async def connect(self) -> None:
        # The route's pattern admits at most 18 digits: any such id fits the database's
        # integers (a longer one was an overflow and a traceback at the handshake).
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.last_seq = -1
        limit = settings.THIRTYONE_HANDSHAKE_SECONDS
        late = _clock() + limit if limit else None
        arrived = await database_sync_to_async(_arrive)(self.game_id, self.scope, late)
        if arrived is None:  # Daphne has refused it already
            await self.close(code=TOO_LATE)
            return
        viewer, self.chat_table, self.language, self.chat_hidden = arrived
        self.chat_group = (
            None if self.chat_table is None else chat.chat_group(self.chat_table, self.language)
        )
        user = self.scope.get("user")
        if self.chat_table is not None and self.chat_hidden and user is not None:
            self.reader_group = chat.reader_group(self.chat_table, self.language, user.pk)
        self.seat = viewer.seat
        if not viewer.allowed:
            await self.close(code=NOT_ALLOWED)
            return
        self.group = realtime.viewer_group(self.game_id, self.seat, self.language)
        await self.channel_layer.group_add(self.group, self.channel_name)
        if self.chat_group is not None:
            await self.channel_layer.group_add(self.chat_group, self.channel_name)
        if self.reader_group is not None:
            await self.channel_layer.group_add(self.reader_group, self.channel_name)
        await self.accept()
        watcher.add(self.game_id, self.seat, self.language)
        if self.seat is not None:
            # Not awaited: the socket answers its client's seq at once, and the seats
            # of a table that open together (a tournament round starting) share one
            # push of who is connected.
            arrivals.changed(self.game_id)

    async def disconnect(self, code: int) -> None:
        if self.unless_pushed is not None:
            self.unless_pushed.cancel()
        if not hasattr(self, "group"):
            return
        await leave(self.channel_layer, self.group, self.channel_name)
        if self.chat_group is not None:
            await leave(self.channel_layer, self.chat_group, self.channel_name)
        if self.reader_group is not None:
            await leave(self.channel_layer, self.reader_group, self.channel_name)
        watcher.remove(self.game_id, self.seat, self.language)
        if self.seat is not None and not watcher.has(self.game_id, self.seat, self.language):
            user = self.scope.get("user")
            user_id = user.pk if user is not None and user.is_authenticated else None
            await database_sync_to_async(presence.mark_absent)(
                self.game_id, self.seat, user_id, self.language
            )
            await database_sync_to_async(realtime.presence_changed)(self.game_id)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A client says which seq (and chat line) it shows (on open and reconnect): send
        the current view if it is behind, and the chat if it changed. Bad or too many
        messages close the socket (see above)."""
        said = parse_message(text_data) if bytes_data is None else None
        if said is None:
            await self.close(code=BAD_MESSAGE)
            return
        seq, chat_shown = said
        # A seat's socket that has just opened is sent its view by its arrival's
        # presence push, which has yet to read who is present (`Arrivals.coming`):
        # rendered here too, the same view would be rendered twice.
        coming = None
        if self.seat is not None and self.last_seq == -1:
            coming = arrivals.coming(self.game_id)
        user = self.scope.get("user")
        who = f"user:{user.pk}" if user is not None and user.is_authenticated else self.channel_name
        # One trip to the database thread: the cache's count, the game's seq, the view
        # only if the client is behind, the chat only if it changed.
        answer = await database_sync_to_async(_answer)(
            who,
            self.game_id,
            self.seat,
            seq,
            self.last_seq,
            self.chat_table,
            chat_shown,
            self.language,
            self.chat_hidden,
            render=coming is None,
        )
        if answer.limited:
            await self.close(code=TOO_MANY)
            return
        if answer.current is None:  # the game was deleted
            await self.close(code=NOT_ALLOWED)
            return
        if answer.view is not None:  # behind, and not sent it already
            await self._send_view(*answer.view)
        elif coming is not None and answer.current not in (seq, self.last_seq):
            self.unless_pushed = asyncio.create_task(
                self._view_unless_pushed(coming, answer.current)
            )
        if answer.chat is not None:
            await self.send(text_data=answer.chat)

    async def _view_unless_pushed(self, push: asyncio.Task[None], seq: int) -> None:
        """The view at `seq` if the presence push did not bring it after all (it failed,
        or it could not read who is present and rendered English only)."""
        await asyncio.wait([push])
        await asyncio.sleep(PUSH_GRACE_SECONDS)  # its views come back through the layer
        if self.last_seq >= seq:
            return
        view = await database_sync_to_async(_view)(self.game_id, self.seat, self.language)
        if view is not None:
            await self._send_view(*view)

    async def game_view(self, message: dict[str, Any]) -> None:
        seq, refresh = message["seq"], message.get("refresh", False)
        watcher.seen(self.game_id, self.language, seq)
        if self._stale(seq, refresh):
            return  # before any work: a move's parts may need a render
        html = message.get("html")
        if html is None:  # a move's parts (games.area_parts)
            html = area_parts.apply(self.shown, self.last_seq, message)
        if html is None:  # too far behind for them, or no view sent yet: the whole view
            view = await database_sync_to_async(_view)(self.game_id, self.seat, self.language)
            if view is None:
                return
            seq, html = view
        await self._send_view(seq, html, refresh)

    async def chat_lines(self, message: dict[str, Any]) -> None:
        """The table's chat, rendered once by the writer after the line was stored: the
        shared copy, unless it carries a line of an author this viewer hides (their own
        copy, from their reader group, comes instead: games.chat.push)."""
        if "reader" not in message and self.chat_hidden.intersection(message.get("authors", ())):
            return
        await self.send(text_data=message["html"])

    def _stale(self, seq: int, refresh: bool) -> bool:
        """An older or repeated push: the client already has newer (a refresh of the
        seq shown says who is connected, and is taken)."""
        return seq < self.last_seq or (seq == self.last_seq and not refresh)

    async def _send_view(self, seq: int, html: str, refresh: bool = False) -> None:
        """Send the view at `seq`: the parts that changed since the last view sent, or
        the whole area (the first view, or one that changed shape)."""
        if self._stale(seq, refresh):
            return
        self.last_seq = seq
        view = view_parts.View(html)
        changed = view_parts.delta(self.shown, view)
        self.shown = view
        if changed == "":
            return  # a refresh that changed nothing this client shows
        await self.send(text_data=view_parts.strip(html) if changed is None else changed)


def _clock() -> float:
    """The handshake's clock (a test sets its own)."""
    return time.monotonic()


def parse_seq(text: str | None) -> int | None:
    """The seq in a client's message, or None if the message is not a valid one."""
    said = parse_message(text)
    return None if said is None else said[0]


def parse_message(text: str | None) -> tuple[int, int | None] | None:
    """(seq, the chat line shown or None if the client did not say) in a client's
    message, or None if the message is not a valid one."""
    if text is None or len(text) > MAX_MESSAGE_LENGTH:
        return None
    if len(text.encode()) > MAX_MESSAGE_LENGTH:
        return None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict):
        return None
    seq, shown = message.get("seq"), message.get("chat")
    # bool is a subclass of int: true is not a seq.
    if type(seq) is not int or not -1 <= seq <= MAX_SEQ:
        return None
    if shown is not None and (type(shown) is not int or not 0 <= shown <= MAX_CHAT_ID):
        return None
    return seq, shown


def _arrive(
    game_id: int, scope: dict[str, Any], late: float | None = None
) -> tuple[access.Viewer, int | None, str, frozenset[int]] | None:
    """A socket's handshake, in one trip to the database thread (each trip takes a
    pooled connection and checks it): how its user sees the game and, if they may,
    their presence marked (before the socket joins its group: a writer renders only for
    viewers present), the table whose chat it joins, unless they hid the chat, the
    language it reads, and whose lines its viewer hides (games.chat_hiding). None,
    doing nothing, once `late` (monotonic) has passed: the handshake was refused while
    it waited (a round start's sockets queue here), and its presence, arrival and the
    push of its close would be work for nothing."""
    if late is not None and _clock() > late:
        return None
    user, session = scope.get("user"), scope.get("session")
    # A player's seat from the game as this process read it for its sockets (the
    # players of a seq never change); anyone else is checked afresh (the table's
    # privacy may have changed without a move).
    with kept_reads.game(game_id) as game:
        seat = None if game is None else access.seat_at(game, user)
        table_id = None if game is None else game.table_id
    viewer = access.Viewer(True, seat) if seat is not None else access.viewer_of(game_id, user)
    if not viewer.allowed:
        return viewer, None, presence.ENGLISH, frozenset()
    language = language_of_scope(scope)
    presence.mark_present(game_id, viewer.seat, language)
    if viewer.seat is not None:
        services.arrive(game_id=game_id, user=user)  # their turn's timer may start now
    table_id = chat.socket_table(game_id, session, table_id)
    reader = None
    if table_id is not None and user is not None and user.is_authenticated:
        reader = user.pk
    return viewer, table_id, language, chat_hiding.hidden_by(reader)


class Answer(NamedTuple):
    limited: bool  # over the socket limit (this message counted)
    current: int | None  # the game's seq (None: no such game, or limited)
    view: tuple[int, str] | None  # (seq, html) of the view, if the client is behind
    chat: str | None  # the chat's lines, if they changed since the line the client shows


def _answer(
    who: str,
    game_id: int,
    seat: int | None,
    seq: int,
    last_seq: int,
    chat_table: int | None,
    chat_shown: int | None,
    language: str = presence.ENGLISH,
    chat_hidden: frozenset[int] = frozenset(),
    *,
    render: bool = True,
) -> Answer:
    """A client's message answered in one trip to the database thread: whether `who` is
    over the socket limit; the game's seq unless they are, a query of one value; the
    current view only if the client is behind and was not sent it already
    (`last_seq`); the chat only if the client said which line it shows, the socket
    joined a chat, and its newest line is another (one query; rendered only then).
    What is rendered is in the socket's `language`. `render` False: no view (a push
    brings it)."""
    if ratelimit.throttled(ratelimit.SOCKET_MESSAGES, who):
        return Answer(True, None, None, None)
    current = realtime.current_seqs([game_id]).get(game_id)
    if current is None:
        return Answer(False, None, None, None)
    with translation.override(language):
        behind = render and current not in (seq, last_seq)
        view = realtime.render_for(game_id, seat) if behind else None
        lines = (
            chat.lines_since(chat_table, chat_shown, chat_hidden)
            if chat_table is not None and chat_shown is not None
            else None
        )
    return Answer(False, current, view, lines)


def _view(game_id: int, seat: int | None, language: str) -> tuple[int, str] | None:
    """(seq, html) of `seat`'s view in `language` (None: the game is gone)."""
    with translation.override(language):
        try:
            return realtime.render_for(game_id, seat)
        except Game.DoesNotExist:
            return None


class NoSuchSocket(LayerWatched, AsyncWebsocketConsumer):
    """Every path that is not a game's socket: refused at the handshake with NOT_FOUND,
    where an unmatched path was an exception (and a traceback in the log)."""

    async def connect(self) -> None:
        await self.close(code=NOT_FOUND)
