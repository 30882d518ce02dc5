"""The embedded profile's helpers (thirtyone.embedded): where Valkey listens, and the
names and addresses a club's players use on the LAN."""

from pathlib import Path

import pytest

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
