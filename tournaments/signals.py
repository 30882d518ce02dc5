"""Signals `tournaments` sends for other apps (the `notifications` app tells people), each
after the commit of the change it announces (`games.signals.send_on_commit`), so a
receiver reads what was committed. The sender is `tournaments.models.Event`; a receiver
connects in its `AppConfig.ready` (tournaments imports none of them).

`registration_opened`: players may now register for an event: it was made with
registration open at once, an organizer opened it early, or beat's sweep saw its opening
time pass (`tournaments.registration.announce`: once per event,
docs/calendars.md#registration-opening-at-a-time). Keyword argument: `event` (the
`Event`).

`round_finished`: a round of a running event is over, every table of it recorded
(`progress.finish_round`), whether or not the event goes on. Keyword arguments:
`event_id` and `round_id` (int). The project backs the database up then on the embedded
profile (docs/backups.md#automatic-backups).

`event_finished`: an event is over and its standings are final (its last round recorded,
or the organizer finished it). Keyword argument: `event_id` (int).

`check_in_missed`: an event with check-in started, and withdrew the registered players
who had not checked in (`services.start_event`; their entries are marked
`missed_check_in`). Keyword argument: `event_id` (int).

`announced`: an organizer wrote an announcement to an event's players
(`services.announce`). Keyword argument: `announcement_id` (int).

`organizer_called`: the players at a table called the organizer
(`services.organizer_calls.call_organizer`, docs/club-night.md#calling-the-organizer).
Keyword argument: `call_id` (int).

`organizer_call_answered`: an organizer marked that call answered
(`services.organizer_calls.answer_call`). Keyword argument: `call_id` (int).
"""

from __future__ import annotations

from django.dispatch import Signal

registration_opened = Signal()
round_finished = Signal()
event_finished = Signal()
announced = Signal()
check_in_missed = Signal()
organizer_called = Signal()
organizer_call_answered = Signal()
