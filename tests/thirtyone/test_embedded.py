"""The embedded profile's helpers (thirtyone.embedded): where Valkey listens, the
names and addresses a club's players use on the LAN, and Valkey stopping last."""

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings

from thirtyone import embedded


def test_valkey_is_reached_on_a_unix_socket_in_var(tmp_path: Path) -> None:
    assert embedded.redis_url(tmp_path) == f"unix://{tmp_path}/valkey.sock?db=0"
    assert embedded.broker_url(tmp_path) == f"redis+socket://{tmp_path}/valkey.sock"


def test_a_var_folder_too_deep_for_a_socket_is_refused_with_a_clear_message() -> None:
    deep = Path("/tmp") / ("x" * 120)

    with pytest.raises(RuntimeError, match="THIRTYONE_VAR_DIR"):
        embedded.socket_path(deep)


def test_the_site_answers_to_the_machines_names_and_addresses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(embedded.socket, "gethostname", lambda: "clubhouse")
    monkeypatch.setattr(embedded, "machine_addresses", lambda: ["192.0.2.7"])

    hosts = embedded.allowed_hosts()

    assert {"localhost", "127.0.0.1", "clubhouse", "clubhouse.local", "192.0.2.7"} <= set(hosts)


def test_the_lan_urls_are_printed_only_when_listening_beyond_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(embedded, "machine_addresses", lambda: ["192.0.2.7"])

    assert embedded.urls("127.0.0.1", "8000") == ["http://127.0.0.1:8000/"]
    assert embedded.urls("0.0.0.0", "8080") == [
        "http://127.0.0.1:8080/",
        "http://192.0.2.7:8080/",
    ]


def test_machine_addresses_leave_out_loopback() -> None:
    assert not [address for address in embedded.machine_addresses() if address.startswith("127.")]


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A folder short enough for a Unix socket path (pytest's tmp_path may not be)."""
    with tempfile.TemporaryDirectory(prefix="v", dir="/tmp") as folder:
        yield Path(folder)


def start_supervisor(var_dir: Path) -> subprocess.Popen[bytes]:
    environ = {**os.environ, "THIRTYONE_VAR_DIR": str(var_dir)}
    environ.pop("DJANGO_SETTINGS_MODULE", None)
    supervisor = subprocess.Popen(
        [sys.executable, "-m", "thirtyone.embedded", "valkey"],
        cwd=settings.BASE_DIR,
        env=environ,
        start_new_session=True,  # as honcho starts it: a signal to its group is to it alone
    )
    embedded.wait_until_up(var_dir)
    return supervisor


def test_valkey_stops_only_after_its_clients_have_gone(short_dir: Path) -> None:
    supervisor = start_supervisor(short_dir)
    client = redis.Redis(unix_socket_path=str(embedded.socket_path(short_dir)))
    try:
        client.ping()
        # What honcho does on Ctrl+C: SIGTERM to the supervisor's process group.
        os.killpg(supervisor.pid, signal.SIGTERM)
        time.sleep(1.0)
        # A worker still stopping can still give its messages back.
        assert supervisor.poll() is None
        assert client.rpush("a-stopping-workers-message", "1") == 1
    finally:
        client.close()

    assert supervisor.wait(embedded.STOP_GRACE_SECONDS + 5) == 0
    assert not embedded.answers(short_dir)
    # No dump file (the settings name the metrics' folder: docs/monitoring.md#many-processes).
    assert {path.name for path in short_dir.iterdir()} <= {
        "secret_key",
        "vapid_private_key.pem",
        "metrics",
    }


def test_valkey_without_clients_stops_at_once(short_dir: Path) -> None:
    supervisor = start_supervisor(short_dir)
    started = time.monotonic()

    os.killpg(supervisor.pid, signal.SIGTERM)

    assert supervisor.wait(embedded.STOP_GRACE_SECONDS + 5) == 0
    assert time.monotonic() - started < embedded.STOP_GRACE_SECONDS
    assert not embedded.answers(short_dir)
