"""What fair play announces, after its commits (`games.signals.send_on_commit`), for the
notifications to tell people (docs/notifications.md#where-they-come-from); this app
never knows who listens.

`moderated`: a moderator acted on a report. Keyword argument: `action_id` (int), the
`ModerationAction` (the audit row), from which the reporter hears the outcome and the
reported person the warning or the sanction.

`rated_paused`: the leavers' rule banned a person from rated play. Keyword argument:
`sanction_id` (int).
"""

from __future__ import annotations

from django.dispatch import Signal

moderated = Signal()
rated_paused = Signal()
