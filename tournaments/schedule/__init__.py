"""Calendars and weekly series (docs/calendars.md): the weekly series beat makes events
of (`series`, their dates by `recurrence`, without Django), and the calendar files
(`calendars` chooses what they show and to whom, `ical` writes them). When an event's
registration opens is `tournaments.registration`, which the formats read too."""
