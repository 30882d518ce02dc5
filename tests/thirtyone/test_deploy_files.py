"""deploy/'s systemd units and nginx site are what their tools accept
(docs/deployment.md#checking-the-files): `systemd-analyze verify` and `nginx -t` on copies
whose machine-specific paths (the venv in /srv, the thirtyone user, the certificates)
are rewritten to ones that exist here, so what is checked is our syntax, not this
machine. Each check skips, saying why, where its command is not installed (Debian:
systemd, nginx-light)."""

from __future__ import annotations

import datetime
import getpass
import grp
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

DEPLOY = Path(settings.BASE_DIR) / "deploy"
UNITS = ["thirtyone-web@.service", "thirtyone-worker.service", "thirtyone-beat.service"]


def command(name: str, *fallbacks: str) -> str:
    found = shutil.which(name) or next(
        (path for path in fallbacks if os.access(path, os.X_OK)), None
    )
    if found is None:
        pytest.skip(
            f"{name} is not installed (Debian: {'systemd' if 'systemd' in name else 'nginx-light'})"
        )
    return found


def unit(name: str) -> str:
    return (DEPLOY / "systemd" / name).read_text()


def test_the_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = command("systemd-analyze", "/usr/bin/systemd-analyze")
    env_file = tmp_path / "env"
    env_file.write_text((DEPLOY / "env.example").read_text())
    user, group = getpass.getuser(), grp.getgrgid(os.getgid()).gr_name
    for name in [*UNITS, "thirtyone.target"]:
        text = unit(name)
        text = text.replace("/srv/thirtyone/.venv/bin/", f"{Path(sys.prefix) / 'bin'}/")
        text = text.replace(
            "WorkingDirectory=/srv/thirtyone", f"WorkingDirectory={settings.BASE_DIR}"
        )
        text = text.replace("EnvironmentFile=/etc/thirtyone/env", f"EnvironmentFile={env_file}")
        text = text.replace("User=thirtyone", f"User={user}").replace(
            "Group=thirtyone", f"Group={group}"
        )
        (tmp_path / name).write_text(text)
    names = [
        "thirtyone-web@8001.service",
        "thirtyone-web@8002.service",
        *UNITS[1:],
        "thirtyone.target",
    ]

    result = subprocess.run(
        [analyze, "verify", *(str(tmp_path / name) for name in names)],
        capture_output=True,
        text=True,
        timeout=60,
    )

    # systemd-analyze reports an unknown key or a bad value as a warning and exits 0.
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == "", result.stdout + result.stderr


def test_every_unit_restarts_always_hardened_as_its_own_user() -> None:
    for name in UNITS:
        text = unit(name)
        for line in [
            "User=thirtyone",
            "Restart=always",
            "ProtectSystem=strict",
            "ProtectHome=yes",
            "PrivateTmp=yes",
            "PrivateDevices=yes",
            "NoNewPrivileges=yes",
            "ReadWritePaths=/var/lib/thirtyone",
            "EnvironmentFile=/etc/thirtyone/env",
        ]:
            assert line in text.splitlines(), (name, line)
    # Exactly one beat: only its own unit runs it, and no worker carries one inside.
    assert " beat " in unit("thirtyone-beat.service")
    assert "--beat" not in unit("thirtyone-worker.service") + unit("thirtyone-web@.service")
    assert "--port %i" in unit("thirtyone-web@.service")


def self_signed(folder: Path) -> tuple[Path, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "31.example.org")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now)
        .not_valid_after(now + datetime.timedelta(days=1))
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "fullchain.pem", folder / "privkey.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


def test_the_nginx_site_passes_nginx_t(tmp_path: Path) -> None:
    nginx = command("nginx", "/usr/sbin/nginx")
    cert_path, key_path = self_signed(tmp_path)
    site = (DEPLOY / "nginx" / "thirtyone.conf").read_text()
    site = site.replace("/etc/letsencrypt/live/31.example.org/fullchain.pem", str(cert_path))
    site = site.replace("/etc/letsencrypt/live/31.example.org/privkey.pem", str(key_path))
    (tmp_path / "thirtyone.conf").write_text(site)
    temp = "\n".join(
        f"    {kind}_temp_path {tmp_path / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path / 'nginx.pid'};\n"
        f"error_log {tmp_path / 'error.log'};\n"
        "events {}\n"
        "http {\n"
        f"    access_log {tmp_path / 'access.log'};\n"
        f"{temp}\n"
        f"    include {tmp_path / 'thirtyone.conf'};\n"
        "}\n"
    )

    result = subprocess.run(
        [
            nginx,
            "-t",
            "-p",
            str(tmp_path),
            "-e",
            str(tmp_path / "error.log"),
            "-c",
            str(tmp_path / "nginx.conf"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr, result.stderr
    assert "[warn]" not in result.stderr and "[emerg]" not in result.stderr, result.stderr


def test_the_nginx_site_forwards_what_the_settings_trust() -> None:
    """TRUSTED_PROXY_COUNT=1 takes the entry nginx appends; BEHIND_HTTPS_PROXY trusts the
    X-Forwarded-Proto nginx sets; sockets are upgraded; /metrics is not public."""
    site = (DEPLOY / "nginx" / "thirtyone.conf").read_text()
    env = (DEPLOY / "env.example").read_text().splitlines()

    assert "TRUSTED_PROXY_COUNT=1" in env and "BEHIND_HTTPS_PROXY=true" in env
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in site
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in site
    sockets = site.split("location /ws/ {", 1)[1].split("}", 1)[0]
    assert "proxy_set_header Upgrade $http_upgrade;" in sockets
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in sockets
    metrics = site.split("location = /metrics {", 1)[1].split("}", 1)[0]
    assert "deny all;" in metrics
    ports = re.findall(r"server 127\.0\.0\.1:(\d+);", site)
    assert ports == ["8001", "8002"]


def test_the_env_template_lists_every_variable_the_readme_documents() -> None:
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    production = readme.split("## Production", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)`", production, re.MULTILINE))
    documented |= set(re.findall(r"`(EMAIL_[A-Z_]+|DEFAULT_FROM_EMAIL)`", production))
    listed = set(
        re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", (DEPLOY / "env.example").read_text(), re.MULTILINE)
    )
    wanted = {"PROMETHEUS_MULTIPROC_DIR", "METRICS_TOKEN", "SENTRY_DSN", "BACKUP_DIR"}

    assert len(documented) > 15
    assert documented | wanted <= listed, sorted((documented | wanted) - listed)


def test_the_env_template_reads_the_same_in_sh_as_in_systemd() -> None:
    """deploy/manage sources the env file in sh; systemd strips the same double quotes."""
    result = subprocess.run(
        ["sh", "-c", 'set -a; . "$0"; printf "%s|%s" "$DEFAULT_FROM_EMAIL" "$TRUSTED_PROXY_COUNT"']
        + [str(DEPLOY / "env.example")],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    assert result.stdout == "Thirty-One <noreply@31.example.org>|1"
    assert subprocess.run(["sh", "-n", str(DEPLOY / "manage")], timeout=30).returncode == 0
