"""Production settings pass Django's deployment checklist."""

import os
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

from django.conf import settings


def test_check_deploy_passes_with_production_settings(tmp_path: Path) -> None:
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "SECURE_SSL_REDIRECT", "DJANGO_SETTINGS_MODULE"}
    }
    environ.update(
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(64),
        ALLOWED_HOSTS="example.com",
        THIRTYONE_VAR_DIR=str(tmp_path),
    )

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_daphne_in_the_procfile_does_not_take_the_client_address_from_forwarded_headers() -> None:
    """With --proxy-headers Daphne sets the client's address (REMOTE_ADDR) from the first
    X-Forwarded-For entry, which the client writes itself: every log-in could claim a new
    address and escape the per-address limit. TRUSTED_PROXY_COUNT handles proxies."""
    from daphne.cli import CommandLineInterface

    procfile = (Path(settings.BASE_DIR) / "Procfile").read_text()
    [web] = [line for line in procfile.splitlines() if line.startswith("web:")]
    command = shlex.split(web.removeprefix("web:").replace("$PORT", "8000"))
    assert command[:2] == ["exec", "daphne"]

    args = CommandLineInterface().parser.parse_args(command[2:])

    assert not args.proxy_headers
    assert args.application == "thirtyone.asgi:application"
