"""The chat part of the download (docs/privacy.md#download-my-data): every line the
person wrote at a table, with the lines around it there (`AROUND` before and after, from
the same table), so that what they said reads in its conversation.

The others' lines are as the table's chat shows them to everyone who may watch it
(games.chat: the writer's name at the table then, a quick phrase in the reader's
language); a line the host took down when muting its writer is shown to no one, so it
is left out, unless it is the person's own: theirs are all in it, those taken down
marked so."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext_lazy

from accounts.data_export.parts import one_file
from games.models import ChatMessage, Table

AROUND = 5  # lines of the others' before and after each of the person's


def chat(user: Any) -> list[dict[str, Any]]:
    """A table each, in the order they first wrote there: its passages, each a run of
    lines in order (theirs marked `yours`), the runs apart where lines were left out."""
    table_ids = list(
        dict.fromkeys(
            ChatMessage.objects.filter(user=user).order_by("pk").values_list("table_id", flat=True)
        )
    )
    tables = Table.objects.in_bulk(table_ids)
    return [
        {
            "table": table_id,
            "table_name": tables[table_id].title,
            "passages": _passages(table_id, user.pk),
        }
        for table_id in table_ids
    ]


def _passages(table_id: int, user_id: int) -> list[list[dict[str, Any]]]:
    lines = list(
        ChatMessage.objects.filter(Q(hidden=False) | Q(user_id=user_id), table_id=table_id)
        .order_by("pk")
        .only("pk", "user_id", "name", "text", "phrase", "created_at", "hidden")
    )
    kept = _around([line.user_id == user_id for line in lines])
    passages: list[list[dict[str, Any]]] = []
    previous = None
    for index in kept:
        if previous is None or index != previous + 1:
            passages.append([])
        passages[-1].append(_line(lines[index], user_id))
        previous = index
    return passages


def _around(mine: Sequence[bool]) -> list[int]:
    """The indexes of the lines to keep: each of the person's and AROUND on either side."""
    keep: set[int] = set()
    for index, own in enumerate(mine):
        if own:
            keep.update(range(max(0, index - AROUND), min(len(mine), index + AROUND + 1)))
    return sorted(keep)


def _line(line: ChatMessage, user_id: int) -> dict[str, Any]:
    found: dict[str, Any] = {
        "at": line.created_at,
        "name": line.name,
        "text": line.shown,
        "yours": line.user_id == user_id,
    }
    if line.hidden:
        found["taken_down"] = True  # the host muted you at that table
    return found


def register() -> None:
    one_file(
        "chat.json",
        gettext_lazy(
            "Every line you wrote in a table's chat, with the five lines before and after it "
            "at the same table as its players read them; your own lines are marked."
        ),
        chat,
        order=70,
    )
