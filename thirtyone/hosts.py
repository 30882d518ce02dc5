"""What a listening address says about who can reach it: shared by `make run`'s
processes (thirtyone.embedded) and the site-address check (thirtyone.checks), which
import it rather than each other."""

from __future__ import annotations

LOOPBACK = ("127.0.0.1", "localhost", "::1")
# A bind to these listens on every address of the machine.
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def loopback(host: str) -> bool:
    """Whether a server bound to `host` is reached from this machine only."""
    return host in LOOPBACK or host.startswith("127.")
