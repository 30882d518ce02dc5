"""The embedded Celery broker (kombu's filesystem transport) carries messages."""

from pathlib import Path

from kombu import Connection

from thirtyone import env
from thirtyone.celery import app


def test_a_message_from_one_connection_reaches_another(tmp_path: Path) -> None:
    url, options = env.celery_broker(None, tmp_path)

    # Two connections, as the web process and the worker have.
    with Connection(url, transport_options=options) as producer:
        queue = producer.SimpleQueue("thirtyone-test")
        queue.put({"game": 1, "expected_seq": 7})
        queue.close()
    with Connection(url, transport_options=options) as consumer:
        queue = consumer.SimpleQueue("thirtyone-test")
        message = queue.get(timeout=5)
        message.ack()
        queue.close()

    assert message.payload == {"game": 1, "expected_seq": 7}


def test_tasks_are_acknowledged_late_and_prefetched_one_at_a_time() -> None:
    assert app.conf.task_acks_late is True
    assert app.conf.worker_prefetch_multiplier == 1


def test_tasks_run_eagerly_under_test() -> None:
    assert app.conf.task_always_eager is True
