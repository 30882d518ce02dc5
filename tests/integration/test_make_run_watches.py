"""`make run`'s processes are watched: one killed with SIGKILL stops the whole run, which
says in a sentence which one died; beat's child process (inside the worker) and the
Valkey server (inside its supervisor) go too, so nothing serves half a site
(docs/deployment.md#make-run-watches-its-processes); where to open the site is printed
once Daphne listens. Runs thirtyone.run on Procfile.embedded, as the Makefile does, in
a temp var folder on a free port."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings

from lab.bench.processes import free_port, server_env

# A generous liveness bound: honcho gives the others five seconds after SIGTERM.
STOP_SECONDS = 15.0
WHAT = {"valkey": "python", "web": "daphne", "worker": "celery"}


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def tree(pid: int) -> list[int]:
    return [pid, *(each for child in children(pid) for each in tree(child))]


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def command_line(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def serves(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
            return True
    except urllib.error.HTTPError:
        return True  # it answered
    except OSError:
        return False


def started_pids(output: str) -> dict[str, int]:
    """honcho's "web.1 started (pid=123)" lines."""
    pids = {}
    for line in output.splitlines():
        if " started (pid=" in line:
            name = line.split("|", 1)[1].split()[0].split(".")[0]
            pids[name] = int(line.rsplit("pid=", 1)[1].rstrip(")"))
    return pids


def kill_groups(pids: list[int]) -> None:
    for pid in pids:
        for kill, target in ((os.killpg, pid), (os.kill, pid)):
            with contextlib.suppress(OSError):
                kill(target, signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux)")
@pytest.mark.parametrize("victim", ["valkey", "web", "worker"])
def test_a_process_killed_stops_the_run_saying_which(
    victim: str, migrated_database: Callable[[Path], None]
) -> None:
    with tempfile.TemporaryDirectory(prefix="w", dir="/tmp") as folder:
        var_dir = Path(folder) / "var"
        var_dir.mkdir()
        migrated_database(var_dir)
        port = free_port()
        environ = server_env(
            var_dir, REDIS_URL=None, DATABASE_URL=None, THIRTYONE_PORT=port, TMPDIR=folder
        )
        environ |= {
            "THIRTYONE_HOST": "127.0.0.1",
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{environ['PATH']}",
        }
        log_path = Path(folder) / "run.log"
        every: list[int] = []
        with open(log_path, "wb") as log:
            run = subprocess.Popen(
                [sys.executable, "-m", "thirtyone.run"],
                cwd=settings.BASE_DIR,
                env=environ,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            try:
                deadline = time.monotonic() + 60
                while "ready." not in log_path.read_text() or not serves(port):
                    assert run.poll() is None, log_path.read_text()
                    assert time.monotonic() < deadline, log_path.read_text()
                    time.sleep(0.2)
                pids = started_pids(log_path.read_text())
                every = tree(run.pid)
                target = pids[victim]
                assert WHAT[victim] in command_line(target)
                beat = [pid for pid in children(pids["worker"]) if alive(pid)]
                server = [pid for pid in children(pids["valkey"]) if alive(pid)]
                assert len(beat) == 1 and len(server) == 1, log_path.read_text()

                os.kill(target, signal.SIGKILL)
                killed = time.monotonic()
                run.wait(STOP_SECONDS)
                took = time.monotonic() - killed
                left = [pid for pid in every if alive(pid)]
            finally:
                kill_groups([run.pid, *every, *tree(run.pid)])
                run.wait(5)
        output = log_path.read_text()

    print(f"\n{victim}: SIGKILL -> everything stopped in {took:.1f} s")
    sentence = {
        "valkey": "The Valkey (broker, channel layer and cache) died (killed by SIGKILL)",
        "web": "The web process (Daphne) died (killed by SIGKILL)",
        "worker": "The worker (Celery, with beat) died (killed by SIGKILL)",
    }[victim]
    assert f"{sentence}: stopping Thirty-One." in output, output
    assert output.count("stopping Thirty-One.") == 1, output
    assert left == [], (left, output)
    assert run.returncode != 0
    # Where to open the site is printed once, after Daphne listens (not before).
    greeting = f"Thirty-One is running at http://127.0.0.1:{port}/"
    assert output.count(greeting) == 1, output
    assert output.index("Listening on TCP address") < output.index(greeting), output
