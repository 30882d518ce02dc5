"""The site's Prometheus metrics (docs/monitoring.md#metrics): defined here, at the bottom
of the apps, so that every app may count; served by thirtyone.metrics_view.

In every process that PROMETHEUS_MULTIPROC_DIR names a folder for (set before
prometheus-client is first imported: thirtyone/settings.py), each value is kept in a
file of that process, and /metrics adds them up across the web processes and the Celery
workers (docs/monitoring.md#many-processes). Labels are a few fixed words each: never
an id, a name, a path or a card.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

# Who made a move: "person" (their own), "bot" (a bot, or a bot for an away player),
# "timeout" (the turn timer ran out: the baseline bot played the turn).
MOVES = Counter("thirtyone_moves_total", "Moves committed, by who made them.", ["kind"])
# From a move's commit to the last of its views handed to the channel layer.
PUSH_SECONDS = Histogram(
    "thirtyone_push_seconds",
    "Seconds from a move's commit to every viewer's push handed to the channel layer.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
# Summed over the live processes only: a dead process's sockets are gone with it.
SOCKETS = Gauge(
    "thirtyone_sockets",
    "WebSockets open, by consumer.",
    ["consumer"],
    multiprocess_mode="livesum",
)
TASKS = Counter(
    "thirtyone_tasks_total", "Celery tasks run, by task and outcome.", ["task", "outcome"]
)
# Set by the process that serves /metrics, from the sweep's own record of its last run.
SWEEP_LAG = Gauge(
    "thirtyone_sweep_lag_seconds",
    "Seconds since beat's sweep (games.tasks.sweep) last ran to its end.",
    multiprocess_mode="mostrecent",
)
# Set by each sweep: how long past its deadline the most overdue turn timer was.
TIMER_OVERDUE = Gauge(
    "thirtyone_timer_overdue_seconds",
    "Seconds the most overdue turn timer was past its deadline at the last sweep.",
    multiprocess_mode="mostrecent",
)
MAIL = Counter(
    "thirtyone_mail_total",
    "Mail handed to the mail server, by sender and outcome (a failed attempt may be retried).",
    ["source", "outcome"],
)
HTTP_REQUESTS = Counter(
    "thirtyone_http_requests_total", "HTTP requests, by view and status.", ["view", "status"]
)
