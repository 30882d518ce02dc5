"""Provably fair seating's pure steps
(docs/fair-seating.md#everything-that-changes-a-seating-is-recorded), without Django: an
event's seed commitment (`commitment`), and the organizer's changes to a seated round as
steps on a layout (`seat_changes`), which the services make and the verify page replays.
They sit below the models, which commit to the seed when an event is made. The rounds
each format draws again are checked with `tournaments.formats.seat_checks`; the report
the verify page and `manage.py verify_event` show is `tournaments.verify`."""
