"""A table's chat (issue 26): the players write, everyone who may watch reads.

- Who: `access.may_chat` (the people seated at the table) write,
  less those the host (or staff) muted (`TableMute`); spectators read only.
- What: the text as typed (one line, at most `ChatMessage.MAX_LENGTH` characters) or
  one of the `QUICK_PHRASES` (games.phrases), stored by its key and shown in each
  reader's language. Templates escape it like any text. The server never
  writes a line of its own, so it can never name a card in chat. It does not filter
  card-like text either: people may say what they like of their own cards, as at a
  real table, a filter would be trivial to get round ("seven of hearts", "7h", "7 ♡")
  and would mangle ordinary words ("AS", "KC"), and the only cards a player can name
  are ones they were shown.
- How fast: `ratelimit.CHAT` per user (the views count it).
- How it travels: stored first; after the commit the table's last lines are rendered
  once per language (they are the same for everyone who reads it) and pushed to the
  table's chat group of that language, which every game socket of the table reading
  it joins (`consumers.GameConsumer`) unless its viewer hid the chat. Without a
  socket, the chat polls; without JavaScript, a form post and the page's reload.
- Hiding: a viewer may hide the chat (kept in their session, per table): the page
  then shows no lines, and their socket does not join the chat group.
- Another app may refuse a writer (`games.gates.CHAT`: a moderator's mute) and hide
  authors from a reader (`games.chat_hiding`: people they blocked), whose lines that
  reader reads as "A message from someone you blocked" -- on the page, in the poll and
  in a push: a reader who hides someone has a group of their own beside their
  language's, the push renders their copy there, and their socket skips the shared
  copy whenever it carries a line of someone they hide (docs/fair-play.md#blocks).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from channels.layers import get_channel_layer
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from games import access, chat_hiding, gates, realtime
from games.errors import ServiceError
from games.models import ChatMessage, Game, Seat, Table, TableMute
from games.phrases import QUICK_PHRASES, in_english
from games.presence import ENGLISH, LANGUAGES
from games.wording.names import table_name

log = logging.getLogger(__name__)

SHOWN = 50  # lines a chat shows
HIDDEN_KEY = "chat_hidden_tables"  # the session's list of tables whose chat is hidden
LINES_TEMPLATE = "games/chat.html#chat-lines"

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]+")


def chat_group(table_id: int, language: str = ENGLISH) -> str:
    """The group of the table's chat sockets that read `language`."""
    group = f"table-{table_id}-chat"
    return group if language == ENGLISH else f"{group}-{language}"


def reader_group(table_id: int, language: str, reader_id: int) -> str:
    """The group of one reader's chat sockets in `language`: a reader who hides an
    author gets their own copy of each push there (`games.chat_hiding`)."""
    return f"{chat_group(table_id, language)}-reader-{reader_id}"


def clean(text: str) -> str:
    """One line of text as typed: control characters and line breaks become spaces;
    ServiceError if nothing is left or it is too long."""
    line = " ".join(_CONTROL.sub(" ", text).split())
    if not line:
        raise ServiceError(_("Write something first."))
    if len(line) > ChatMessage.MAX_LENGTH:
        raise ServiceError(
            _("A chat line holds at most %(count)s characters.") % {"count": ChatMessage.MAX_LENGTH}
        )
    return line


def post(*, table: Table, user: Any, text: str = "", phrase: str = "") -> ChatMessage:
    """Store what `user` typed at `table` (or the quick phrase `phrase`, by its key),
    then push the chat to the table's sockets (after the commit: no one hears of a line
    before it is stored)."""
    if phrase not in QUICK_PHRASES:
        phrase = ""
    line = clean(in_english(phrase) if phrase else text)
    with transaction.atomic():
        if not access.may_chat(user, table):
            raise ServiceError(_("Only the players at this table write in its chat."))
        if TableMute.objects.filter(table=table, user=user).exists():
            raise ServiceError(_("The host muted you at this table: you can read its chat only."))
        gates.require(gates.CHAT, user, table)
        message = ChatMessage.objects.create(
            table=table, user=user, name=table_name(user.get_username()), text=line, phrase=phrase
        )
        transaction.on_commit(lambda: push(table.pk))
    return message


def set_muted(*, table: Table, by: Any, user_id: int, muted: bool) -> None:
    """The host (or staff) mutes a player at `table`, which takes down what they said
    there, or lets them write again."""
    if not access.may_mute(by, table):
        raise ServiceError(_("Only the host mutes players in this table's chat."))
    if user_id == by.pk:
        raise ServiceError(_("You cannot mute yourself."))
    # `user__pk`, not `user_id`: the user's id column says of a number it cannot hold
    # that it matches no one (docs/security.md#numbers-no-column-holds); the foreign key
    # would send it.
    if muted and not table.seats.filter(user__pk=user_id).exists():
        # The controls are offered for the seated players only (`panel`); any other id
        # would mute someone who is not there, or no one (a foreign key to no row).
        raise ServiceError(_("Choose a player at this table."))
    with transaction.atomic():
        if muted:
            TableMute.objects.get_or_create(table=table, user_id=user_id, defaults={"muted_by": by})
            ChatMessage.objects.filter(table=table, user_id=user_id).update(hidden=True)
        else:
            TableMute.objects.filter(table=table, user__pk=user_id).delete()
        transaction.on_commit(lambda: push(table.pk))


def lines(table_id: int) -> list[ChatMessage]:
    """The last SHOWN lines of a table's chat, oldest first."""
    found = ChatMessage.objects.filter(table_id=table_id, hidden=False).order_by("-pk")[:SHOWN]
    return list(reversed(found))


def render_lines(
    table_id: int, shown: list[ChatMessage] | None = None, hidden: frozenset[int] = frozenset()
) -> str:
    """The chat's lines as pushed and polled, in the active language: the same for
    every viewer who reads it (no form, no per-user control), so one rendering serves
    the whole table -- but for a reader who hides some authors (`hidden`), whose lines
    of theirs read "A message from someone you blocked"."""
    if shown is None:
        shown = lines(table_id)
    context = {
        "chat_lines": shown,
        "chat_last": last_id(shown),
        "table_id": table_id,
        "chat_hidden": hidden,
    }
    return render_to_string(LINES_TEMPLATE, context)


def last_id(shown: list[ChatMessage]) -> int:
    """The id of the newest of the lines shown; 0 for none."""
    return shown[-1].pk if shown else 0


def newest(table_id: int) -> int:
    """The id of the newest line a table's chat shows; 0 for none. The chat's lines
    carry it (`data-last`): a socket opening asks whether it changed since."""
    found = (
        ChatMessage.objects.filter(table_id=table_id, hidden=False)
        .order_by("-pk")
        .values_list("pk", flat=True)
        .first()
    )
    return found or 0


def lines_since(table_id: int, shown: int, hidden: frozenset[int] = frozenset()) -> str | None:
    """The chat's lines if the newest one is not `shown` (a line came, or one was
    taken down) -- one query when it is, the rendering only when it is not."""
    return None if newest(table_id) == shown else render_lines(table_id, hidden=hidden)


def push(table_id: int) -> None:
    """Send the table's chat to its chat groups, each in its language (the lines read
    once). A push is a hint, like a game view's: a failure is logged, and the poll or
    the next line brings the chat up to date."""
    layer = get_channel_layer()
    if layer is None:
        return
    reaches = realtime.reachable(layer)
    shown = lines(table_id)
    authors = sorted({m.user_id for m in shown if m.user_id is not None})
    hiding = chat_hiding.readers_hiding(authors)
    messages: list[tuple[str, dict[str, Any]]] = []
    for language in LANGUAGES:
        group = chat_group(table_id, language)
        if reaches is None or reaches(group):
            with translation.override(language):
                html = render_lines(table_id, shown)
            messages.append((group, {"type": "chat.lines", "html": html, "authors": authors}))
        for reader, hidden in hiding.items():
            own = reader_group(table_id, language, reader)
            if reaches is not None and not reaches(own):
                continue
            with translation.override(language):
                html = render_lines(table_id, shown, hidden)
            messages.append((own, {"type": "chat.lines", "html": html, "reader": reader}))
    if not messages:
        return
    try:
        realtime.send_all(layer, messages)
    except Exception:
        log.warning("chat push for table %s failed", table_id, exc_info=True)


def is_hidden(session: Any, table_id: int) -> bool:
    """Whether the viewer with this session hid the chat of `table_id`."""
    return table_id in session.get(HIDDEN_KEY, [])


def set_hidden(session: Any, table_id: int, hidden: bool) -> None:
    tables = [t for t in session.get(HIDDEN_KEY, []) if t != table_id]
    session[HIDDEN_KEY] = [*tables, table_id] if hidden else tables


def socket_table(game_id: int, session: Any, table_id: int | None = None) -> int | None:
    """The table whose chat group a game socket joins: its game's (`table_id`, when the
    caller read the game), unless its viewer hid the chat (or the game is gone). Called
    at the socket's handshake."""
    if table_id is None:
        table_id = Game.objects.filter(pk=game_id).values_list("table_id", flat=True).first()
    if table_id is None or (session is not None and is_hidden(session, table_id)):
        return None
    return table_id


def panel(request: Any, table: Table, seats: list[Seat] | None = None) -> dict[str, Any]:
    """What the chat panel shows `request`'s viewer: the lines (unless they hid the
    chat), the form if they may write, and the host's mute controls. Two queries (the
    mutes, the lines) when the caller has the table's `seats`."""
    user = request.user
    hidden = is_hidden(request.session, table.pk)
    shown = [] if hidden else lines(table.pk)
    authors_hidden = chat_hiding.hidden_by(user.pk if user.is_authenticated else None)
    refused = gates.refusal(gates.CHAT, user, table)
    if seats is None:
        seats = list(table.seats.select_related("user"))
    muted_ids = (
        set(TableMute.objects.filter(table=table).values_list("user_id", flat=True))
        if user.is_authenticated
        else set()
    )
    muted = user.is_authenticated and user.pk in muted_ids
    seated = access.may_chat(user, table, seats)
    mutable = [
        (seat.user_id, seat.display_name, seat.user_id in muted_ids)
        for seat in seats
        if seat.user_id and seat.user_id != user.pk
    ]
    return {
        "table_id": table.pk,
        "hidden": hidden,
        "chat_lines": shown,
        "chat_last": last_id(shown),
        "chat_hidden": authors_hidden,
        "may_post": not hidden and not muted and refused is None and seated,
        "muted": muted,
        # Why a moderator's restriction keeps them from writing (games.gates.CHAT).
        "refused": refused if seated else None,
        "phrases": [(key, str(text)) for key, text in QUICK_PHRASES.items()],
        "max_length": ChatMessage.MAX_LENGTH,
        "mutable": mutable if access.may_mute(user, table) else [],
    }
