"""Blocks (docs/fair-play.md#blocks): a person blocks another, whose chat lines they then
read as "A message from someone you blocked" (games.chat_hiding), and who can no longer
take a seat at a casual table where they sit (games.gates.JOIN), refused with a neutral
sentence that does not say why. An event's seating is the organizers' (keep-apart
pairs), never changed by a block."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from fairplay.models import Block
from games import access
from games.errors import ServiceError
from games.models import Table


def block(*, by: Any, user_id: int) -> Block:
    """`by` blocks the person `user_id` (a no-op when they already do)."""
    if user_id == by.pk:
        raise ServiceError(_("You cannot block yourself."))
    if not get_user_model().objects.filter(pk=user_id, is_active=True).exists():
        raise ServiceError(_("There is no such person."))
    with transaction.atomic():
        found, _created = Block.objects.get_or_create(blocker=by, blocked_id=user_id)
    return found


def unblock(*, by: Any, user_id: int) -> bool:
    """`by` no longer blocks `user_id`; whether they did."""
    deleted, _kinds = Block.objects.filter(blocker=by, blocked__pk=user_id).delete()
    return bool(deleted)


def blocks(blocker_id: int, blocked_id: int) -> bool:
    return Block.objects.filter(blocker_id=blocker_id, blocked_id=blocked_id).exists()


def hidden_by(reader_id: int) -> set[int]:
    """Those `reader_id` blocked: their lines are hidden for them."""
    return set(Block.objects.filter(blocker_id=reader_id).values_list("blocked_id", flat=True))


def readers_hiding(author_ids: set[int]) -> dict[int, set[int]]:
    """reader -> the authors among `author_ids` they blocked."""
    found: dict[int, set[int]] = {}
    rows = Block.objects.filter(blocked_id__in=author_ids).values_list("blocker_id", "blocked_id")
    for blocker, blocked in rows:
        found.setdefault(blocker, set()).add(blocked)
    return found


def join_refusal(user: Any, table: Table | None) -> str | None:
    """Someone seated at `table`, a casual one (it seats itself), blocked `user`."""
    if table is None or table.pk is None or not access.seats_itself(table):
        return None
    seated = table.seats.filter(user__isnull=False).values_list("user_id", flat=True)
    if Block.objects.filter(blocker_id__in=list(seated), blocked_id=user.pk).exists():
        return _("You cannot join this table.")
    return None


def blockers_of(user: Any) -> Any:
    """Who blocked `user`, as a lazy queryset of ids (the lobby's subquery)."""
    return Block.objects.filter(blocked_id=user.pk).values("blocker_id")
