"""Signals `accounts` sends for the apps that import it (tournaments, ratings,
notifications), which connect to them in their `AppConfig.ready`: it never knows who
listens (docs/architecture.md#apps-depend-one-way).

`account_erased`: a member's deletion took effect (`accounts.deletion.erase`), sent
inside its transaction, so a receiver's failure undoes the whole erasure and the next
sweep tries again. Each app removes or renames its own rows of them
(docs/privacy.md#deleting-an-account). Keyword arguments (`sender` is the user model):
`user` (the member, already renamed), `old_username` (str: what they were called, to
find copies of it in text written for others).

`data_export_ready`: a person's data download is ready (docs/privacy.md#download-my-data),
sent after the commit (`games.signals.send_on_commit`): `export_id`, `user_id`.
"""

from __future__ import annotations

from django.dispatch import Signal

account_erased = Signal()
data_export_ready = Signal()
