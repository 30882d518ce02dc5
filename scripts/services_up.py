"""Exit 0 when PostgreSQL and Redis answer at the given URLs (used by `make test`)."""

from __future__ import annotations

import socket
import sys
from urllib.parse import urlparse


def answers(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=2
        ):
            return True
    except OSError:
        return False


if __name__ == "__main__":
    database_url, redis_url = sys.argv[1], sys.argv[2]
    sys.exit(0 if answers(database_url, 5432) and answers(redis_url, 6379) else 1)
