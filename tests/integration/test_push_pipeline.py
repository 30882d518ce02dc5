"""A push's group sends go to Redis in one pipeline (games.realtime,
docs/realtime.md#the-channel-layer): every group's subscribers get their own message, as
with a `group_send` each, and the layer's one-PUBLISH-a-send path is not taken."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection

from games import realtime

pytestmark = pytest.mark.services


def test_a_pushs_group_sends_reach_every_group_in_one_pipeline(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    published: list[str] = []
    publish = RedisSingleShardConnection.publish

    async def one_by_one(self: Any, channel: str, message: bytes) -> None:
        published.append(channel)
        await publish(self, channel, message)

    monkeypatch.setattr(RedisSingleShardConnection, "publish", one_by_one)
    sender = RedisPubSubChannelLayer(hosts=[redis_url], prefix="pipeline-test")
    receiver = RedisPubSubChannelLayer(hosts=[redis_url], prefix="pipeline-test")
    groups = [realtime.seat_group(1, seat) for seat in range(4)] + [realtime.watch_group(1)]

    async def listen() -> dict[str, dict[str, Any]]:
        channels = {}
        for group in groups:
            channel = await receiver.new_channel()
            await receiver.group_add(group, channel)
            channels[group] = channel
        await asyncio.sleep(0.2)  # the subscriptions are in place
        messages = [
            (group, {"type": "game.view", "seq": 5, "html": f"<p>{group}</p>"}) for group in groups
        ]
        await asyncio.to_thread(realtime.send_all, sender, messages)
        got = {
            group: await asyncio.wait_for(receiver.receive(channel), 5)
            for group, channel in channels.items()
        }
        await receiver.flush()
        return got

    got = asyncio.run(listen())
    assert {group: message["html"] for group, message in got.items()} == {
        group: f"<p>{group}</p>" for group in groups
    }
    assert published == [], "no group_send of its own: one pipeline"
