"""The two profiles the live benchmark runs, each from nothing
(docs/profiles.md#the-tests-settings).

- embedded: a fresh SQLite file and the embedded Valkey in a temporary
  THIRTYONE_VAR_DIR, as `make run` has it;
- production: a scratch PostgreSQL database (created, then dropped) and a Redis
  database the benchmark may empty, with production settings (DEBUG off).

The driver (lab.bench.live, lab.bench.soak) runs in a child process with the
profile's environment (`python -m lab.<command> --drive ...`), so its Django settings
are exactly the servers'.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings

DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/14"


@contextlib.contextmanager
def scratch_database(admin_url: str, prefix: str = "thirtyone_bench_") -> Iterator[str]:
    """A new, empty PostgreSQL database on `admin_url`'s server (named `prefix` and a
    random tail), dropped afterwards."""
    import psycopg

    name = f"{prefix}{secrets.token_hex(4)}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlsplit(admin_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def empty_redis(url: str) -> None:
    """Start from an empty Redis database: no queued tasks or channel groups left by
    an earlier run (the new database reuses its game ids)."""
    import redis

    redis.Redis.from_url(url).flushdb()


def environment(
    profile: str, var_dir: Path, bot_delay: float, database_url: str | None, redis_url: str | None
) -> dict[str, str]:
    environ = {
        **os.environ,
        "THIRTYONE_VAR_DIR": str(var_dir),
        "THIRTYONE_BOT_DELAY": str(bot_delay),
        "PYTHONUNBUFFERED": "1",
        "DJANGO_SETTINGS_MODULE": "thirtyone.settings",
        # Every server's metrics in one folder of the run's, added up by /metrics (set
        # METRICS_TOKEN to scrape it): as a production deployment has it
        # (docs/monitoring.md#many-processes).
        "PROMETHEUS_MULTIPROC_DIR": str(var_dir / "metrics"),
    }
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_EAGER", "DEBUG"):
        environ.pop(name, None)
    if profile == "production":
        assert database_url and redis_url
        environ.update(
            DATABASE_URL=database_url,
            REDIS_URL=redis_url,
            DEBUG="false",
            SECRET_KEY=secrets.token_urlsafe(40),
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SECURE_SSL_REDIRECT="false",
            # The bench sends no mail: no warnings about an unset mail server.
            EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend",
        )
    return environ


def manage(environ: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args], env=environ, cwd=settings.BASE_DIR, check=True
    )


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of every bench that `run`s in a profile's environment: --keep, and
    the internal ones of its driver, the child process inside that environment."""
    parser.add_argument(
        "--keep", action="store_true", help="keep the temporary folder with the servers' logs"
    )
    parser.add_argument("--drive", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--log-dir", help=argparse.SUPPRESS)


def run(
    *,
    profile: str,
    driver_args: list[str],
    bot_delay: float,
    postgres_url: str,
    redis_url: str,
    keep: bool,
    say: Callable[[str], None],
    command: str = "lab.bench_live",
    database_prefix: str = "thirtyone_bench_",
) -> int:
    """Set the profile up from nothing, run the driver in it, and clean up. Returns
    the driver's exit status."""
    var_dir = Path(tempfile.mkdtemp(prefix=f"thirtyone-bench-{profile}-"))
    try:
        with contextlib.ExitStack() as stack:
            database_url = None
            if profile == "production":
                database_url = stack.enter_context(scratch_database(postgres_url, database_prefix))
                empty_redis(redis_url)
            environ = environment(profile, var_dir, bot_delay, database_url, redis_url)
            say(f"Preparing the {profile} profile in {var_dir} ...")
            manage(environ, "migrate", "--noinput", "--verbosity", "0")
            manage(environ, "load_presets")
            if profile == "production":  # DEBUG off serves hashed static file names
                manage(environ, "collectstatic", "--noinput", "--verbosity", "0")
            return _driver(
                environ, [command, "--drive", *driver_args, "--log-dir", str(var_dir / "logs")]
            )
    finally:
        if keep:
            say(f"Kept the run's database file, broker folders and logs in {var_dir}")
        else:
            shutil.rmtree(var_dir, ignore_errors=True)


def _driver(environ: dict[str, str], args: list[str]) -> int:
    """Run `python -m <args>` (a lab command with --drive) from the repository's root."""
    driver = subprocess.Popen(
        [sys.executable, "-m", *args],
        env=environ,
        cwd=settings.BASE_DIR,
    )
    try:
        return driver.wait()
    except KeyboardInterrupt:
        # Ctrl+C reached the driver too: give it time to stop the servers it started.
        driver.send_signal(signal.SIGINT)
        try:
            driver.wait(60)
        except subprocess.TimeoutExpired:
            driver.kill()
        raise


def say(text: str) -> None:
    """Print a line of the benchmark's progress or report at once."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def fail(message: str) -> int:
    """Print why a command stopped; its exit status."""
    sys.stderr.write(f"Error: {message}\n")
    return 1
