"""What accounts announces, for the apps that listen (docs/architecture.md#apps-depend-one-way):
it never knows who does. Sent after the commit (`games.signals.send_on_commit`)."""

from __future__ import annotations

from django.dispatch import Signal

# A person's data download is ready (docs/privacy.md#download-my-data): export_id, user_id.
data_export_ready = Signal()
