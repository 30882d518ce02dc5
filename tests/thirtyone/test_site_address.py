"""The site's one address (games.site, docs/profiles.md#the-sites-one-address): how the
embedded profile makes it from where `make run` serves, what `make run` prints, the
helpers every absolute link is built with, and the check that warns when links would
reach this machine only (thirtyone.checks) in both profiles."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import RequestFactory

from games import site
from thirtyone import checks, embedded

LAN = "192.0.2.20"


@pytest.fixture
def on_a_lan(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine whose addresses are LAN's first, then a container bridge's."""
    monkeypatch.setattr(embedded, "machine_addresses", lambda: [LAN, "172.17.0.1"])


# ---- the embedded profile's address --------------------------------------------------


def test_make_run_on_the_lan_makes_the_lan_address_the_sites(on_a_lan: None) -> None:
    environ = {"THIRTYONE_HOST": "0.0.0.0", "THIRTYONE_PORT": "8400"}

    assert embedded.site_address(environ) == f"http://{LAN}:8400/"


def test_make_run_on_loopback_makes_the_loopback_address_the_sites(on_a_lan: None) -> None:
    assert embedded.site_address({"THIRTYONE_PORT": "8400"}) == "http://127.0.0.1:8400/"
    assert embedded.site_address({}) == "http://127.0.0.1:8000/"  # the Makefile's defaults
    localhost = {"THIRTYONE_HOST": "localhost", "THIRTYONE_PORT": "8400"}
    assert embedded.site_address(localhost) == "http://127.0.0.1:8400/"


def test_bound_to_one_address_the_site_is_at_that_address(on_a_lan: None) -> None:
    """Daphne bound to one address answers there alone: loopback is not printed."""
    assert embedded.site_address({"THIRTYONE_HOST": "192.0.2.99"}) == "http://192.0.2.99:8000/"
    assert embedded.urls("192.0.2.99", "8000") == ["http://192.0.2.99:8000/"]
    assert embedded.site_address({"THIRTYONE_HOST": "fd00::7"}) == "http://[fd00::7]:8000/"


def test_an_explicit_site_url_always_wins(on_a_lan: None) -> None:
    environ = {"SITE_URL": "https://31.example.org", "THIRTYONE_HOST": "0.0.0.0"}

    assert embedded.site_address(environ) == "https://31.example.org"


def test_on_the_lan_without_a_lan_address_it_falls_back_to_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(embedded, "machine_addresses", lambda: [])

    assert embedded.site_address({"THIRTYONE_HOST": "0.0.0.0"}) == "http://127.0.0.1:8000/"


def test_the_default_routes_address_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """A laptop with a container bridge: the LAN knows it by the default route's address."""
    monkeypatch.setattr(embedded, "outgoing_address", lambda: LAN)
    monkeypatch.setattr(
        embedded.socket, "getaddrinfo", lambda *a: [(0, 0, 0, "", ("127.0.1.1", 0))]
    )

    class Words:
        stdout = f"172.17.0.1 {LAN} fd00::1"

    monkeypatch.setattr(embedded.subprocess, "run", lambda *a, **k: Words())

    assert embedded.machine_addresses() == [LAN, "172.17.0.1"]


def _urls(**environ: str) -> subprocess.CompletedProcess[str]:
    """`python -m thirtyone.embedded urls` as `make run` runs it."""
    keep = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "DJANGO_SETTINGS_MODULE"}}
    return subprocess.run(
        [sys.executable, "-m", "thirtyone.embedded", "urls"],
        cwd=django_settings.BASE_DIR,
        env={**keep, "REDIS_URL": "", **environ},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )


def test_make_run_prints_the_address_links_lead_to(tmp_path: Any) -> None:
    printed = _urls(
        THIRTYONE_HOST="127.0.0.1", THIRTYONE_PORT="8400", THIRTYONE_VAR_DIR=str(tmp_path)
    )

    assert "Thirty-One is running at http://127.0.0.1:8400/" in printed.stdout
    assert "Links in e-mails, calendars and on QR codes lead to http://127.0.0.1:8400/" in (
        printed.stdout
    )
    assert "Warning" not in printed.stdout


def test_make_run_on_the_lan_with_a_loopback_site_url_prints_the_warning(tmp_path: Any) -> None:
    printed = _urls(
        THIRTYONE_HOST="0.0.0.0",
        THIRTYONE_PORT="8400",
        SITE_URL="http://localhost:8400",
        THIRTYONE_VAR_DIR=str(tmp_path),
    )

    assert "lead to http://localhost:8400/" in printed.stdout
    assert "Warning: The site's address (SITE_URL) is http://localhost:8400" in printed.stdout
    assert "SITE_URL is set to it" in printed.stdout


# ---- the helpers -----------------------------------------------------------------------


def test_links_start_with_the_site_address(settings: Any) -> None:
    settings.SITE_URL = f"http://{LAN}:8400"

    assert site.address() == f"http://{LAN}:8400/"
    assert site.absolute("/tables/7/") == f"http://{LAN}:8400/tables/7/"
    assert site.webcal(site.absolute("/c.ics")) == f"webcal://{LAN}:8400/c.ics"
    settings.SITE_URL = "https://31.example.org/"  # a trailing slash makes no double one
    assert site.absolute("/tables/7/") == "https://31.example.org/tables/7/"


def test_a_request_at_another_host_is_told_apart(settings: Any) -> None:
    settings.SITE_URL = f"http://{LAN}:8400/"
    settings.ALLOWED_HOSTS = ["127.0.0.1", LAN]
    factory = RequestFactory()

    assert site.opened_elsewhere(factory.get("/", HTTP_HOST="127.0.0.1:8400"))
    assert site.opened_elsewhere(factory.get("/", HTTP_HOST=f"{LAN}:8000"))
    assert not site.opened_elsewhere(factory.get("/", HTTP_HOST=f"{LAN}:8400"))


@pytest.mark.parametrize(
    ("url", "local"),
    [
        ("http://localhost:8000", True),
        ("http://127.0.0.1:8400/", True),
        ("http://[::1]:8000/", True),
        ("http://0.0.0.0:8000/", True),
        ("http://club.localhost/", True),
        (f"http://{LAN}:8400/", False),
        ("https://31.example.org", False),
        ("http://clubhouse.local:8000/", False),
    ],
)
def test_which_addresses_lead_to_this_machine_only(url: str, local: bool) -> None:
    assert site.local_only(url) is local


# ---- the check, in both profiles ------------------------------------------------------


def ids(settings: Any, **values: Any) -> list[str]:
    for name, value in values.items():
        setattr(settings, name, value)
    return [message.id for message in checks.site_address()]


def test_embedded_on_the_lan_with_loopback_links_is_warned(settings: Any) -> None:
    lan_bind = {"EMBEDDED": True, "DEBUG": False, "THIRTYONE_HOST": "0.0.0.0"}

    assert ids(settings, **lan_bind, SITE_URL="http://127.0.0.1:8000/") == ["thirtyone.W001"]
    assert ids(settings, **lan_bind, SITE_URL="http://localhost:8000") == ["thirtyone.W001"]
    assert ids(settings, **{**lan_bind, "DEBUG": True}, SITE_URL="http://localhost:8000") == [
        "thirtyone.W001"
    ]
    assert ids(settings, **lan_bind, SITE_URL=f"http://{LAN}:8000/") == []
    assert ids(settings, **{**lan_bind, "THIRTYONE_HOST": LAN}, SITE_URL="http://[::1]:8000/") == [
        "thirtyone.W001"
    ]


def test_embedded_on_loopback_is_not_warned(settings: Any) -> None:
    for bind in ("127.0.0.1", "localhost", "::1"):
        assert (
            ids(settings, EMBEDDED=True, THIRTYONE_HOST=bind, SITE_URL="http://127.0.0.1:8000/")
            == []
        )


def test_production_with_its_address_unset_or_loopback_is_warned(settings: Any) -> None:
    production = {"EMBEDDED": False, "DEBUG": False, "THIRTYONE_HOST": None}

    assert ids(settings, **production, SITE_URL="http://localhost:8000") == ["thirtyone.W001"]
    assert ids(settings, **production, SITE_URL="http://127.0.0.1/") == ["thirtyone.W001"]
    assert ids(settings, **production, SITE_URL="https://31.example.org") == []
    assert ids(settings, **{**production, "DEBUG": True}, SITE_URL="http://localhost:8000") == []


def test_the_check_is_registered(settings: Any) -> None:
    from django.core import checks as django_checks

    settings.EMBEDDED, settings.THIRTYONE_HOST = True, "0.0.0.0"
    settings.SITE_URL = "http://127.0.0.1:8000/"

    assert "thirtyone.W001" in [message.id for message in django_checks.run_checks()]
