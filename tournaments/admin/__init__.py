"""The admin for events: a view of everything, and the few changes staff make go
through `tournaments.services`, so the admin checks what the pages check.

Adding an event: the form's `clean()` runs `services.create_event` as a dry run (in a
savepoint rolled back), so its refusal shows on the field it names; saving runs it for
real. After that, only the schedule and entry options can be changed, and only while
the event is upcoming (the rules, tables and scoring are the event's terms). Withdrawing
an entry and correcting a seat's place are the services' `withdraw` and
`correct_result`. Rounds, tables, seats, byes and corrections are read-only.
"""

from tournaments.admin import events, rounds  # noqa: F401  (each registers its models)
