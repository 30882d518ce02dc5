"""The floor of the live benchmark: a bare channel-layer send of a fixed fragment to a
socket, the least any push can cost on the same path."""

from __future__ import annotations

import asyncio
import time

from channels.layers import get_channel_layer

from games import realtime
from lab.bench.stats import SEQ

FIRST_SEQ = 10**9  # floor fragments count up from here: far past any real view
INTERVAL = 0.05  # a floor send every 50 ms


def fragment(game_id: int) -> str:
    """A real view's HTML (so the floor carries the same bytes), seq left as {seq}."""
    _, html = realtime.render_for(game_id, 0)
    return SEQ.sub('data-seq="{seq}"', html.replace("{", "{{").replace("}", "}}"), count=1)


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
