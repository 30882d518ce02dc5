"""A weekly series' next event, made by real Celery workers (docs/calendars.md#weekly-series) on the
embedded profile's Valkey and SQLite: two workers, each given beat's task twice at the
same moment, make the week's event exactly once; and a worker with beat inside it, as
`make run` has, makes the next series' week by itself, once, though beat sends the task
every second. (On PostgreSQL, with its row locks: test_concurrent_series.py.) Needs no
installed server."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import zoneinfo
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

from celery import Celery
from django.conf import settings

from lab.bench.processes import Valkey, Worker, running, server_env
from thirtyone import embedded

TASK = "tournaments.tasks.repeat_events"

# Run in the servers' own settings (the embedded profile): a club in Copenhagen, an
# event that started an hour ago, repeated every week with registration opening as soon
# as each is made; the week after it is due now. `make_due` is held back while the
# series is set up (repeating makes a due week at once): the workers are to make it.
SET_UP = """
from datetime import timedelta
from django.utils import timezone
from accounts.models import User
from clubs.models import Club, Membership
from games.models import RuleSet
from tournaments import services
from tournaments.schedule import series
ann, _ = User.objects.get_or_create(username="ann")
club, made = Club.objects.get_or_create(
    name="Kitchen Club", slug="kitchen", time_zone="Europe/Copenhagen"
)
if made:
    Membership.objects.create(club=club, user=ann, role="owner")
event = services.create_event(
    club=club, by=ann, name="{name}", rule_set=RuleSet.on_offer().first(),
    starts_at=timezone.now() - timedelta(hours=1), turn_timer=0,
)
make_due, series.make_due = series.make_due, lambda **_: []
made = series.repeat_weekly(event=event, by=ann, registration_days=0)
print(made.pk)
"""

READ = """
import json
from tournaments.models import Event, EventSeries
made = EventSeries.objects.get(pk={pk})
events = made.occurrences.order_by("occurrence")
print(json.dumps([[e.occurrence.isoformat(), e.starts_at.isoformat()] for e in events]))
"""


def shell(environ: dict[str, str], code: str) -> str:
    """What `code` printed last, run by `manage.py shell` in the servers' settings."""
    return manage(environ, "shell", "-c", code).strip().splitlines()[-1]


def manage(environ: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_two_workers_each_given_the_task_twice_make_the_next_week_once(
    migrated_database: Callable[[Path], None],
) -> None:
    # A short folder: the Valkey socket's path has a length limit.
    with tempfile.TemporaryDirectory(prefix="s", dir="/tmp") as folder:
        var_dir = Path(folder)
        migrated_database(var_dir)  # `migrate` below finds nothing to do
        environ = server_env(var_dir, REDIS_URL=None, DATABASE_URL=None)
        manage(environ, "migrate", "--noinput", "--verbosity", "0")
        manage(environ, "load_presets")
        series_id = int(shell(environ, SET_UP.format(name="Thursday Scat")))
        (before,) = json.loads(shell(environ, READ.format(pk=series_id)))

        workers = [Worker(f"w{n}", environ, var_dir, concurrency=2) for n in (1, 2)]
        for worker in workers:
            worker.args += ["--queues", worker.name]  # each its own: both surely run it
        with running(Valkey("valkey", environ, var_dir, var_dir), *workers):
            # Not the current app: the tasks this process sends later stay eager.
            broker = Celery(broker=embedded.broker_url(var_dir), set_as_current=False)
            # Twice to each worker at once: two workers at the same moment, and a task
            # that runs again (a beat that fired twice, a redelivery).
            for _ in range(2):
                for worker in workers:
                    broker.send_task(TASK, queue=worker.name)
            for worker in workers:
                worker.wait_for(
                    lambda w=worker: w.log().count("succeeded in") >= 2, "running the task twice"
                )
            logs = [worker.log() for worker in workers]
        after = json.loads(shell(environ, READ.format(pk=series_id)))

        # Beat inside a worker, as Procfile.embedded runs it, sending the task every second.
        next_id = int(shell(environ, SET_UP.format(name="Friday Scat")))
        beating = server_env(var_dir, REDIS_URL=None, DATABASE_URL=None, THIRTYONE_SERIES_SECONDS=1)
        beat = Worker("beat", beating, var_dir, beat=True)
        with running(Valkey("valkey", environ, var_dir, var_dir), beat):
            beat.wait_for(lambda: "made event" in beat.log(), "making the week by itself")
            done = beat.log().count(f"Task {TASK}[")
            # Three more runs of the task after the one that made it.
            beat.wait_for(lambda: beat.log().count(f"Task {TASK}[") >= done + 6, "three more runs")
            beat_log = beat.log()
        by_beat = json.loads(shell(environ, READ.format(pk=next_id)))
        still = json.loads(shell(environ, READ.format(pk=series_id)))

    for log in logs:
        assert log.count("succeeded in") == 2, log
        assert "Traceback" not in log, log
    made = [log.count("made event") for log in logs]
    assert sum(made) == 1, logs
    assert after[0] == before
    assert len(after) == 2, after
    (first_day, first_start), (next_day, next_start) = after
    assert (date.fromisoformat(next_day) - date.fromisoformat(first_day)).days == 7
    # The same time on the club's clock (the series keeps hours and minutes).
    here = zoneinfo.ZoneInfo("Europe/Copenhagen")
    first_clock = datetime.fromisoformat(first_start).astimezone(here).time()
    next_clock = datetime.fromisoformat(next_start).astimezone(here).time()
    assert first_clock.replace(second=0, microsecond=0) == next_clock

    assert beat_log.count("made event") == 1, beat_log
    assert "Traceback" not in beat_log, beat_log
    assert len(by_beat) == 2, by_beat
    assert still == after  # the first series' week was not made again
