"""An embedded Valkey server (thirtyone.embedded) of the tests' own, in a temporary
folder: the same server `make run` starts, so no test needs an installed Redis."""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

from thirtyone import embedded


@contextlib.contextmanager
def embedded_valkey(var_dir: Path) -> Iterator[Path]:
    """Start the server on `var_dir`'s socket; stop it at the end."""
    server = subprocess.Popen(embedded.server_command(var_dir), stdout=subprocess.DEVNULL)
    try:
        embedded.wait_until_up(var_dir)
        yield var_dir
    finally:
        server.terminate()
        server.wait(10)
