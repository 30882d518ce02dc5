"""The embedded Valkey (thirtyone.embedded) carries the broker's messages, the channel
layer's pushes and the shared cache between processes, as Redis does in production."""

import secrets
from pathlib import Path

from asgiref.sync import async_to_sync
from django.core.cache.backends.redis import RedisCache
from django.utils.module_loading import import_string
from kombu import Connection

from thirtyone import embedded, env
from thirtyone.celery import app


def test_a_message_from_one_connection_reaches_another(valkey_dir: Path) -> None:
    url = embedded.broker_url(valkey_dir)
    queue_name = f"thirtyone-test-{secrets.token_hex(4)}"

    # Two connections, as the web process and the worker have.
    with Connection(url) as producer:
        queue = producer.SimpleQueue(queue_name)
        queue.put({"game": 1, "expected_seq": 7})
        queue.close()
    with Connection(url) as consumer:
        queue = consumer.SimpleQueue(queue_name)
        message = queue.get(timeout=5)
        message.ack()
        queue.close()

    assert message.payload == {"game": 1, "expected_seq": 7}


def test_the_channel_layer_reaches_a_group_member_through_it(valkey_dir: Path) -> None:
    config = env.channel_layers(embedded.redis_url(valkey_dir))["default"]
    layer_class = import_string(config["BACKEND"])
    group = f"game-{secrets.token_hex(4)}"

    async def round_trip() -> dict:
        sender, receiver = layer_class(**config["CONFIG"]), layer_class(**config["CONFIG"])
        channel = await receiver.new_channel()
        await receiver.group_add(group, channel)
        await sender.group_send(group, {"type": "game.view", "seq": 12})
        message = await receiver.receive(channel)
        await receiver.group_discard(group, channel)
        await sender.flush()
        await receiver.flush()
        return message

    assert async_to_sync(round_trip)() == {"type": "game.view", "seq": 12}


def test_the_cache_is_shared_through_it(valkey_dir: Path) -> None:
    config = env.caches(embedded.redis_url(valkey_dir))["default"]
    writer = RedisCache(config["LOCATION"], {"KEY_PREFIX": config["KEY_PREFIX"]})
    reader = RedisCache(config["LOCATION"], {"KEY_PREFIX": config["KEY_PREFIX"]})

    writer.set("presence:1:0", 3, timeout=30)

    assert reader.get("presence:1:0") == 3


def test_it_listens_on_its_socket_only_and_keeps_nothing_on_disk(valkey_dir: Path) -> None:
    command = embedded.server_command(valkey_dir)

    assert command[command.index("--port") + 1] == "0"  # no TCP port at all
    assert command[command.index("--save") + 1] == ""
    assert embedded.answers(valkey_dir)
    assert not list(valkey_dir.glob("*.rdb"))


def test_tasks_are_acknowledged_late_and_prefetched_one_at_a_time() -> None:
    assert app.conf.task_acks_late is True
    assert app.conf.worker_prefetch_multiplier == 1


def test_tasks_run_eagerly_under_test() -> None:
    assert app.conf.task_always_eager is True
