from pathlib import Path
from typing import Any

from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app, for what belongs to the whole site rather than to
    one app: its lookups (thirtyone.lookups), the checks on its address and its operator
    (thirtyone.checks), the counting of tasks (thirtyone.observe) and the backups at
    round ends (thirtyone.backups)."""

    name = "thirtyone"
    verbose_name = "Thirty-One"

    def ready(self) -> None:
        from django.core import checks

        from thirtyone import lookups, observe  # noqa: F401  (registers them)
        from thirtyone.checks import operator_named, site_address

        checks.register(site_address)
        checks.register(operator_named)
        observe.connect()
        # A backup at every round end, on the embedded profile (docs/backups.md).
        from thirtyone.backups import automatic
        from tournaments.signals import round_finished

        round_finished.connect(automatic.round_finished, dispatch_uid="thirtyone.backups")
        # SQLite files owner-only as soon as they exist (docs/backups.md#file-modes).
        from django.db.backends.signals import connection_created

        connection_created.connect(_owner_only_sqlite, dispatch_uid="thirtyone.file_modes")


def _owner_only_sqlite(sender: Any, connection: Any, **kwargs: Any) -> None:
    from thirtyone import env

    if connection.vendor == "sqlite" and not connection.is_in_memory_db():
        env.owner_only_database(Path(connection.settings_dict["NAME"]))
