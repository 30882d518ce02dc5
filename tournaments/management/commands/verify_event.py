"""`manage.py verify_event <pk>`: an event's seating checked against its revealed seed,
round by round, as its verify page shows it
(docs/fair-seating.md#the-verify-page-and-the-command, docs/verify-event.md). Exits 0
when everything matches, 1 when anything differs, 2 when the seating cannot be checked
(the event is not over, has no commitment, or was seated by an algorithm this version
cannot draw)."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import verify
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Draw every round of a finished event again from its revealed seed and the recorded "
        "results, and say round by round whether it matches what was played. Exit status: "
        "0 all match, 1 something differs, 2 cannot be checked."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("pk", type=int, help="the event's id (its page's /tournaments/<id>/)")

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.select_related("club").filter(pk=options["pk"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['pk']}.")
        found = verify.report(event)
        self.stdout.write(verify.as_text(found), ending="")
        if found.exit_code:
            sys.exit(found.exit_code)
