"""A PostgreSQL database dumped and restored with its own tools
(docs/backups.md#postgresql): `pg_dump --format=custom` (one consistent snapshot while the
site runs) and `pg_restore --clean --if-exists --single-transaction` (all of it or
nothing). Both must be on the PATH, in a version no older than the server's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from thirtyone.backups import migrations
from thirtyone.backups.sqlite import owner_only_file

TIMEOUT = 3600.0  # seconds: a club's database dumps in seconds; a stuck server is an error


class ToolMissing(Exception):
    """pg_dump or pg_restore is not on the PATH (the message says which)."""


class ToolFailed(Exception):
    """pg_dump or pg_restore failed; the message is its own."""


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise ToolMissing(
            f"{name} is not on the PATH: install PostgreSQL's client tools "
            f"(Debian: apt-get install postgresql-client) to back up or restore PostgreSQL."
        )
    return found


def connection_args(settings_dict: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
    """The tools' arguments and environment for the database Django connects to."""
    args = ["--dbname", str(settings_dict["NAME"])]
    if settings_dict.get("HOST"):
        args += ["--host", str(settings_dict["HOST"])]
    if settings_dict.get("PORT"):
        args += ["--port", str(settings_dict["PORT"])]
    if settings_dict.get("USER"):
        args += ["--username", str(settings_dict["USER"])]
    environ = {**os.environ}
    if settings_dict.get("PASSWORD"):
        environ["PGPASSWORD"] = str(settings_dict["PASSWORD"])
    sslmode = (settings_dict.get("OPTIONS") or {}).get("sslmode")
    if sslmode:
        environ["PGSSLMODE"] = str(sslmode)
    return args, environ


def run(args: list[str], environ: Mapping[str, str]) -> str:
    done = subprocess.run(
        args, env=dict(environ), capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    if done.returncode != 0:
        raise ToolFailed(f"{Path(args[0]).name} failed: {done.stderr.strip() or done.returncode}")
    return done.stdout


def dump(settings_dict: Mapping[str, Any], target: Path) -> None:
    """The database into the new file `target` (owner-only), pg_dump's custom format."""
    args, environ = connection_args(settings_dict)
    owner_only_file(target)
    run([tool("pg_dump"), "--format=custom", "--file", str(target), *args], environ)


def integrity(path: Path) -> str:
    """ "ok" when pg_restore reads the archive's table of contents and it holds the
    django_migrations table's data, else what is wrong."""
    try:
        listing = run([tool("pg_restore"), "--list", str(path)], os.environ)
    except ToolFailed as error:
        return str(error)
    if "TABLE DATA public django_migrations" not in listing:
        return "the archive holds no django_migrations table"
    return "ok"


def state(path: Path) -> migrations.State:
    """The migrations the dump's database had applied: its django_migrations rows, as
    pg_restore writes them (a COPY of tab-separated id, app, name, applied)."""
    script = run(
        [tool("pg_restore"), "--data-only", "--table=django_migrations", "--file=-", str(path)],
        os.environ,
    )
    rows, copying = [], False
    for line in script.splitlines():
        if line.startswith("COPY ") and "django_migrations" in line:
            copying = True
        elif copying and line == "\\.":
            break
        elif copying:
            fields = line.split("\t")
            rows.append((int(fields[0]), fields[1], fields[2]))
    return migrations.state_of((app, name) for _, app, name in sorted(rows))


def restore(settings_dict: Mapping[str, Any], path: Path) -> None:
    """The dump in `path` replaces the database's tables, in one transaction."""
    args, environ = connection_args(settings_dict)
    run(
        [tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--single-transaction"]
        + [*args, str(path)],
        environ,
    )
