"""What the tournaments app announces, for other apps to subscribe to in their
`AppConfig.ready` (tournaments imports none of them).

`registration_opened(sender=Event, event=event)`: players may now register for
`event`. Sent once per event (docs/design.md §22), inside the transaction that marks it
(`Event.registration_opened_at`): when the event is made with registration open at
once, when an organizer opens it early, or when beat's sweep sees its opening time
pass. A receiver's own rows are so written with the mark or not at all (a receiver that
fails rolls the mark back, and the next sweep sends it again); anything a receiver does
outside the database (a mail, a push) belongs in `transaction.on_commit`.
"""

from __future__ import annotations

from django.dispatch import Signal

registration_opened = Signal()
