"""`make run`'s processes: honcho's manager on Procfile.embedded, saying which one died.

honcho starts every Procfile line in a process group of its own, and when one ends it
sends SIGTERM to the others' groups, then SIGKILL after five seconds. It prints only
"worker.1 stopped (rc=-9)" among the lines that follow, so this says it in a sentence
first: "The worker (Celery, with beat) died (killed by SIGKILL): stopping Thirty-One."
A stop that Ctrl+C (or SIGTERM to honcho) began is no death and is not reported.

Where to open the site (`python -m thirtyone.embedded urls`) is printed once Daphne says
it listens, not before: a newcomer who opens the address at once finds it answering.

honcho notices an end when the process's output pipe closes, so a child that outlived
its process would hide the death: beat, forked by `celery worker --beat`, dies with its
worker (thirtyone/celery.py), the Valkey server with its supervisor (thirtyone/embedded.py).
See docs/deployment.md#make-run-watches-its-processes.

Run as `python -m thirtyone.run` (the Makefile), from the project's folder.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from honcho.environ import expand_processes, parse, parse_procfile
from honcho.manager import Manager
from honcho.printer import Message, Printer

PROCFILE = "Procfile.embedded"
# What each Procfile.embedded line is, for the sentence.
WHAT = {
    "valkey": "Valkey (broker, channel layer and cache)",
    "web": "web process (Daphne)",
    "worker": "worker (Celery, with beat)",
}
STOPPED = re.compile(r"^(?P<name>\S+)\.\d+ stopped \(rc=(?P<rc>-?\d+)\)$")
RECEIVED = re.compile(r"^SIG\w+ received$")
# Daphne's log line once its socket is bound (daphne/server.py).
LISTENING = "Listening on TCP address"


def how(returncode: int) -> str:
    """'killed by SIGKILL', 'exited with status 1'."""
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exited with status {returncode}"


def death_sentence(name: str, returncode: int) -> str:
    what = WHAT.get(name, f"process {name!r}")
    return f"The {what} died ({how(returncode)}): stopping Thirty-One."


class Reporter(Printer):
    """honcho's printer, which also sees its own lines ('system'): the first process to
    stop while nobody asked for a stop gets its sentence; the web process's first
    "listening" line is followed by `greeting`, where to open the site."""

    def __init__(self, *args: Any, greeting: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.settled = False  # a stop was asked for, or a death already reported
        self.greeting = greeting  # printed once, then emptied

    def write(self, message: Message) -> None:
        super().write(message)
        if self.greeting and message.name.startswith("web") and LISTENING in str(message.data):
            self.output.write(self.greeting)  # unprefixed: the block stands out
            self.output.flush()
            self.greeting = ""
        if message.name != "system" or self.settled or not isinstance(message.data, str):
            return
        text = message.data.strip()
        if RECEIVED.match(text):
            self.settled = True
        elif found := STOPPED.match(text):
            self.settled = True
            sentence = death_sentence(found["name"], int(found["rc"]))
            super().write(message._replace(data=sentence + "\n"))
            self.output.flush()


def main(root: Path) -> int:
    procfile = parse_procfile((root / PROCFILE).read_text())
    dotenv = root / ".env"  # honcho's own default, kept
    app_env = parse(dotenv.read_text()) if dotenv.exists() else {}
    greeting = subprocess.run(
        [sys.executable, "-m", "thirtyone.embedded", "urls"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    manager = Manager(Reporter(sys.stdout, greeting=greeting))
    for process in expand_processes(procfile.processes, env=app_env, port=5000):
        manager.add_process(process.name, process.cmd, env={**os.environ, **process.env})
    manager.loop()
    return int(manager.returncode or 0)


if __name__ == "__main__":
    sys.exit(main(Path.cwd()))
