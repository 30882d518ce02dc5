"""Production settings pass Django's deployment checklist."""

import os
import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

from django.conf import settings

# Inherited settings a developer's shell may hold; each test sets what it needs.
UNSET = {
    "DATABASE_URL",
    "REDIS_URL",
    "SECURE_SSL_REDIRECT",
    "DJANGO_SETTINGS_MODULE",
    "EMAIL_BACKEND",
    "EMAIL_HOST",
    "DEFAULT_FROM_EMAIL",
    "SITE_URL",
    "THIRTYONE_OPERATOR",
    "THIRTYONE_CONTACT_EMAIL",
}


def production_environ(tmp_path: Path, **extra: str) -> dict[str, str]:
    environ = {key: value for key, value in os.environ.items() if key not in UNSET}
    environ.update(
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(64),
        ALLOWED_HOSTS="example.com",
        # REDIS_URL is what makes the production profile (not contacted by the check).
        REDIS_URL="redis://redis.example:6379/0",
        THIRTYONE_VAR_DIR=str(tmp_path),
        **extra,
    )
    return environ


def vapid_key() -> str:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    return (
        ec.generate_private_key(ec.SECP256R1())
        .private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        .decode()
    )


def manage(environ: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_with_production_settings(tmp_path: Path) -> None:
    # A mail server and a sender of one's own are part of production settings
    # (accounts.checks): without them password resets never arrive; and the site's
    # address, which every absolute link starts with, and who runs the site, which the
    # privacy page names (thirtyone.checks).
    environ = production_environ(
        tmp_path,
        EMAIL_HOST="smtp.example.com",
        DEFAULT_FROM_EMAIL="Thirty-One <noreply@example.com>",
        SITE_URL="https://example.com",
        THIRTYONE_OPERATOR="Example Card Club",
        THIRTYONE_CONTACT_EMAIL="privacy@example.com",
        # Web Push's key (notifications.checks): a test-only one, made here.
        VAPID_PRIVATE_KEY=vapid_key(),
    )

    result = manage(environ, "check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_check_warns_when_mail_is_left_at_localhost(tmp_path: Path) -> None:
    result = manage(production_environ(tmp_path), "check")

    # Warnings: they are shown (also by migrate) but do not stop a release.
    assert result.returncode == 0, result.stdout + result.stderr
    output = result.stdout + result.stderr
    assert "(accounts.W001)" in output
    assert "(accounts.W002)" in output
    assert "(thirtyone.W001)" in output  # SITE_URL unset: links lead to localhost
    assert "(thirtyone.W002)" in output  # the privacy page cannot say who runs the site


def _embedded_check(var_dir: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    """`check --deploy` in the embedded profile (`make run`'s: no REDIS_URL, no DEBUG)."""
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in {*UNSET, "DEBUG", "SECRET_KEY", "THIRTYONE_HOST", "THIRTYONE_PORT"}
    }
    environ["THIRTYONE_VAR_DIR"] = str(var_dir)
    return manage({**environ, **extra}, "check", "--deploy")


def test_the_embedded_profile_leaves_only_the_https_warnings(tmp_path: Path) -> None:
    """`make run` on a LAN has no certificate: the four HTTPS-only protections are off
    (README says why); DEBUG is off and nothing else is left."""
    result = _embedded_check(tmp_path)

    warnings = set(re.findall(r"\(security\.(W\d+)\)", result.stdout + result.stderr))
    assert warnings == {"W004", "W008", "W012", "W016"}, result.stdout + result.stderr
    assert "System check identified 4 issues" in result.stdout + result.stderr


def test_the_embedded_profile_on_the_lan_warns_of_loopback_links(tmp_path: Path) -> None:
    """`HOST=0.0.0.0 make run` with SITE_URL left at loopback: mails and QR codes would
    lead the players' phones to themselves (thirtyone.checks)."""
    lan = _embedded_check(
        tmp_path, THIRTYONE_HOST="0.0.0.0", THIRTYONE_PORT="8400", SITE_URL="http://127.0.0.1:8400"
    )
    served_here = _embedded_check(tmp_path, THIRTYONE_HOST="127.0.0.1", THIRTYONE_PORT="8400")

    assert "(thirtyone.W001)" in lan.stdout + lan.stderr
    assert "(thirtyone.W001)" not in served_here.stdout + served_here.stderr


def test_the_embedded_secret_key_is_made_once_and_kept(tmp_path: Path) -> None:
    _embedded_check(tmp_path)
    key = (tmp_path / "secret_key").read_text()
    _embedded_check(tmp_path)

    assert len(key.strip()) >= 50
    assert (tmp_path / "secret_key").read_text() == key
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0  # the owner's only


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
