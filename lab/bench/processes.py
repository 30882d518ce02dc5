"""Starting and stopping the app's real server processes, as the Procfiles do.

Daphne and Celery each run with their own environment and log file; `start()` returns
once the process serves (a Daphne port answers, a worker says it is ready). Used by
`python -m lab.bench_live` and by tests/integration.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from django.conf import settings

START_TIMEOUT = 60.0  # seconds; a loaded 2-core machine starts Django slowly


def port_answers(port: int) -> bool:
    """Whether something accepts connections on 127.0.0.1:`port`."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_url(settings_dict: Mapping[str, Any]) -> str:
    """A DATABASE_URL for a PostgreSQL connection's settings (e.g. pytest-django's
    test database), so other processes use the same database."""
    user = urllib.parse.quote(settings_dict.get("USER") or "")
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{urllib.parse.quote(password)}@" if password else f"{user}@"
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


def server_env(var_dir: Path, **overrides: str | float | None) -> dict[str, str]:
    """This process's environment for a server, with `overrides` (None removes one)."""
    environ = {
        **os.environ,
        "THIRTYONE_VAR_DIR": str(var_dir),
        "PYTHONUNBUFFERED": "1",
        # The app's settings, never the tests' (whose stand-ins serve one process only).
        "DJANGO_SETTINGS_MODULE": "thirtyone.settings",
    }
    for name, value in overrides.items():
        if value is None:
            environ.pop(name, None)
        else:
            environ[name] = str(value)
    return environ


class Process:
    """One server process, its output in `log_path`. `start()` returns once it serves;
    stop it with `stop()` or `kill()`. It can be started again after it stopped."""

    def __init__(self, name: str, args: list[str], env: Mapping[str, str], log_dir: Path) -> None:
        self.name, self.args, self.env = name, args, dict(env)
        self.log_path = log_dir / f"{name}.log"
        self.popen: subprocess.Popen | None = None
        self._log: IO[bytes] | None = None
        self._log_start = 0  # where this run's output begins in the log

    def launch(self) -> None:
        self._log = open(self.log_path, "ab")  # noqa: SIM115  (closed in stop)
        self._log_start = self._log.tell()
        # A session of its own: a Ctrl+C in the terminal reaches only the test runner
        # or the benchmark, which then stops this process itself.
        self.popen = subprocess.Popen(
            self.args,
            env=self.env,
            cwd=settings.BASE_DIR,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    # A server the others connect to as they start: serving before they are launched.
    serves_the_others = False

    def ready(self) -> bool:
        return True

    def start(self) -> Process:
        self.launch()
        self.wait_for(self.ready, "starting")
        return self

    @property
    def pid(self) -> int:
        assert self.popen is not None
        return self.popen.pid

    def running(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def log(self) -> str:
        """Everything this process printed (all its runs)."""
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.log().splitlines()[-lines:])

    def wait_for(
        self, ready: Callable[[], bool], what: str, timeout: float = START_TIMEOUT
    ) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            if not self.running():
                raise RuntimeError(f"{self.name} exited while {what}:\n{self.tail()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: {what} took over {timeout:.0f} s:\n{self.tail()}")
            time.sleep(0.1)

    def wait_for_log(self, text: str, timeout: float = START_TIMEOUT) -> None:
        """Wait until this run of the process prints `text`."""
        self.wait_for(lambda: text in self._this_run(), f"waiting for {text!r}", timeout)

    def _this_run(self) -> str:
        try:
            with open(self.log_path, "rb") as log:
                log.seek(self._log_start)
                return log.read().decode(errors="replace")
        except FileNotFoundError:
            return ""

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to finish anything."""
        if self.running():
            os.kill(self.pid, signal.SIGKILL)
            self.popen.wait(10)
        self._close_log()

    def stop(self, timeout: float = 10) -> None:
        """SIGTERM (a warm shutdown for Celery), then SIGKILL if it lingers."""
        if self.running():
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_log()

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None


class Daphne(Process):
    def __init__(
        self, name: str, env: Mapping[str, str], log_dir: Path, port: int | None = None
    ) -> None:
        self.port = port or free_port()
        super().__init__(
            name,
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "thirtyone.asgi:application",
            ],
            env,
            log_dir,
        )

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def ready(self) -> bool:
        return port_answers(self.port)


class Valkey(Process):
    """The embedded profile's Valkey server on its socket in `var_dir` (as
    Procfile.embedded runs it)."""

    serves_the_others = True

    def __init__(self, name: str, env: Mapping[str, str], log_dir: Path, var_dir: Path) -> None:
        from thirtyone import embedded

        self.var_dir = var_dir
        super().__init__(name, embedded.server_command(var_dir), env, log_dir)

    def ready(self) -> bool:
        from thirtyone import embedded

        return embedded.answers(self.var_dir)


CELERY = [sys.executable, "-m", "celery", "-A", "thirtyone"]


class Worker(Process):
    """A Celery worker: on threads as Procfile.embedded runs it (optionally with beat
    inside), or with Celery's default pool of forked processes as the production
    Procfile does."""

    def __init__(
        self,
        name: str,
        env: Mapping[str, str],
        log_dir: Path,
        *,
        beat: bool = False,
        pool: str = "threads",
        concurrency: int = 2,
    ) -> None:
        args = [
            *CELERY,
            "worker",
            "--pool",
            pool,
            "-c",
            str(concurrency),
            "--loglevel",
            "INFO",
            "-n",
            f"{name}-{secrets.token_hex(3)}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
        if beat:
            args += ["--beat", "--schedule", str(log_dir / f"{name}-beat-schedule")]
        # As the Procfile: a persistent database connection, no pool (thirtyone.env).
        env = {"CONN_MAX_AGE": "600", **env}
        super().__init__(name, args, env, log_dir)

    def ready(self) -> bool:
        return " ready." in self._this_run()


class Beat(Process):
    """Celery beat on its own (the production Procfile's `beat`)."""

    def __init__(self, name: str, env: Mapping[str, str], log_dir: Path) -> None:
        super().__init__(
            name,
            [
                *CELERY,
                "beat",
                "--loglevel",
                "INFO",
                "--schedule",
                str(log_dir / f"{name}-schedule"),
            ],
            env,
            log_dir,
        )

    def ready(self) -> bool:
        return "beat: Starting" in self._this_run()


@contextlib.contextmanager
def running(*processes: Process) -> Iterator[tuple[Process, ...]]:
    """Start `processes` side by side, return once all serve, and always stop them, in
    reverse order, at the end."""
    launched: list[Process] = []
    try:
        for process in processes:
            launched.append(process)
            process.launch()
            if process.serves_the_others:
                process.wait_for(process.ready, "starting")
        for process in processes:
            process.wait_for(process.ready, "starting")
        yield processes
    finally:
        for process in reversed(launched):
            process.stop()
