"""Signals `clubs` sends for other apps (the `notifications` app tells people), after the
commit of the change each announces (`games.signals.send_on_commit`). The sender is
`clubs.models.Club`; a receiver connects in its `AppConfig.ready` (clubs imports none of
them).

`join_requested`: someone asked to join a club whose organizers accept members (its
policy "request"). Keyword arguments: `club_id` (int), `user_id` (int: who asked) and
`request_id` (int: the new request's id).

`join_request_answered`: an organizer answered someone's request to join a club.
Keyword arguments: `club_id` (int), `user_id` (int: who asked), `request_id` (int: the
request's id, gone now: a request is deleted when answered) and `accepted` (bool).
"""

from __future__ import annotations

from django.dispatch import Signal

join_requested = Signal()
join_request_answered = Signal()
