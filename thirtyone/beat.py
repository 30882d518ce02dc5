"""What Celery beat runs, and how often (docs/celery.md): every task here is safe to run
late, twice, or on two workers at once."""

from __future__ import annotations

from typing import Any

HOURLY = 3600.0


def schedule(
    *, sweep: float, series: float, notify_sweep: float, backup_minutes: float | None
) -> dict[str, dict[str, Any]]:
    """Beat's schedule; `backup_minutes` None: no automatic backups (production's
    database has its own)."""
    tasks: dict[str, dict[str, Any]] = {
        "sweep-timers-and-bots": {"task": "games.tasks.sweep", "schedule": sweep},
        # Events whose start time has come, scheduled rounds, and tables whose finish was
        # not delivered (tournaments.services.sweep).
        "sweep-events": {"task": "tournaments.tasks.sweep", "schedule": sweep},
        # Each weekly series' next event, made once (tournaments.schedule.series.sweep).
        "repeat-events": {"task": "tournaments.tasks.repeat_events", "schedule": series},
        # Rated games of the last day whose rating task was lost (ratings.services.sweep).
        "sweep-ratings": {"task": "ratings.tasks.sweep", "schedule": 60.0},
        # Finished games of the last week whose review task was lost, or that ended
        # before reviews were made (games.services.reviews.sweep).
        "sweep-reviews": {"task": "games.tasks.sweep_reviews", "schedule": HOURLY},
        # Reminders whose time has come, and e-mails due (notifications.sweep).
        "sweep-notifications": {"task": "notifications.tasks.sweep", "schedule": notify_sweep},
        # Account deletions whose grace period is over (accounts.deletion.erase_due).
        "erase-deleted-accounts": {"task": "accounts.tasks.erase_due", "schedule": HOURLY},
        # Deletes by a cutoff of what is kept for a time only (docs/privacy.md#the-purge).
        "purge-notifications": {"task": "notifications.tasks.purge", "schedule": HOURLY},
        "purge-sessions": {"task": "accounts.tasks.purge_expired", "schedule": HOURLY},
        "purge-networks": {"task": "accounts.tasks.purge_networks", "schedule": HOURLY},
        "purge-invitations": {"task": "clubs.tasks.purge_invitations", "schedule": HOURLY},
        # Downloads of people's data past their days (accounts.data_export.purging).
        "purge-data-exports": {"task": "accounts.data_export.purge", "schedule": HOURLY},
    }
    if backup_minutes is not None:
        tasks["backup-while-live"] = {
            "task": "thirtyone.tasks.backup_while_live",
            "schedule": backup_minutes * 60,
        }
    return tasks
