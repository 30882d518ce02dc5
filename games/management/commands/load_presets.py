"""Create or update the built-in rule sets (Scat, Blitz, Ride the Bus …).

`make run` calls this on every start, so it must be idempotent. Until the games
app has a RuleSet model with `sync_presets()`, it only says so.
"""

from typing import Any

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create or update the built-in rule set presets."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            from games.engine import PRESETS  # noqa: F401  (the presets must exist)
            from games.models import RuleSet
        except ImportError:
            RuleSet = None
        sync_presets = getattr(RuleSet, "sync_presets", None)
        if sync_presets is None:
            self.stdout.write("load_presets: the games app has no rule sets yet")
            return
        result = sync_presets()
        self.stdout.write(f"load_presets: {result if result is not None else 'done'}")
