"""Create or update the built-in rule sets (Scat, Blitz, Ride the Bus …).

`make run` calls this on every start, so it must be idempotent: `RuleSet.sync_presets`
updates the rule set of each engine preset in place.
"""

from typing import Any

from django.core.management.base import BaseCommand

from games.models import RuleSet


class Command(BaseCommand):
    help = "Create or update the built-in rule set presets."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"load_presets: {RuleSet.sync_presets()}")
