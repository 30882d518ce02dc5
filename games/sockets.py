"""What the sockets' consumers share (docs/design.md §5, §32).

Channels' `AsyncConsumer.dispatch` runs `aclose_old_connections()` before every
message a consumer handles: a hop to the process's one database thread (`sync_to_async`,
thread-sensitive) and back, which queues behind whatever that thread is doing. It is
there so a handler does not use a database connection gone stale. A pushed view touches
no database -- the writer rendered it -- yet paid the hop for each message: in a Daphne
under `make bench-live`, 12.5% of its CPU (issue 39). `SkipsDatabaseHop` dispatches the
message types a consumer names in `no_database` straight to their handler; every other
message (the socket's own connect, receive, disconnect) goes through Channels' dispatch
as before. A handler named there must do no database work: one that needs it goes
through `database_sync_to_async`, which closes old connections itself, before and after.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name


class SkipsDatabaseHop:
    """A consumer mix-in (before the Channels consumer class in the bases)."""

    # The message types ("game.view") whose handlers touch no database.
    no_database: frozenset[str] = frozenset()

    async def dispatch(self, message: dict[str, Any]) -> None:
        if message.get("type") in self.no_database:
            await getattr(self, get_handler_name(message))(message)
            return
        await super().dispatch(message)  # type: ignore[misc]
