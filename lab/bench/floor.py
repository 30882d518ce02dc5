"""The floor of the live benchmark: a bare channel-layer send of a fixed fragment to a
socket, the least any push can cost on the same path."""

from __future__ import annotations

import asyncio
import re
import time

from channels.layers import get_channel_layer

from games import realtime

FIRST_SEQ = 10**9  # floor fragments count up from here: far past any real view
INTERVAL = 0.05  # a floor send every 50 ms


# Where a view says its seq: the game area, and #game-meta, which a push of the parts
# that changed carries (games.view_parts); not the log lines' seqs.
VIEW_SEQ = re.compile(r'(id="game-(?:area|meta)"[^>]*?)data-seq="\d+"')


def fragment(game_id: int) -> str:
    """A real view's HTML (so the writer hands the layer the same bytes, and each
    socket's consumer sends what changed: the seq), seq left as {seq}."""
    _, html = realtime.render_for(game_id, 0)
    escaped = html.replace("{", "{{").replace("}", "}}")
    return VIEW_SEQ.sub(r'\1data-seq="{seq}"', escaped)


async def through_daphne(
    groups: list[str], html: str, until: float, sent: dict[int, float]
) -> None:
    """From this process through the channel layer (Redis, or the embedded Valkey) to
    sockets on each web process: the same path as a push, minus the query and the rendering."""
    layer = get_channel_layer()
    seq = FIRST_SEQ
    while time.time() < until:
        for group in groups:
            seq += 1
            sent[seq] = time.time()
            await layer.group_send(
                group,
                {
                    "type": "game.view",
                    "seq": seq,
                    "html": html.format(seq=seq),
                    "sent_at": sent[seq],
                },
            )
        await asyncio.sleep(INTERVAL)
