"""Production settings pass Django's deployment checklist."""

import os
import secrets
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
