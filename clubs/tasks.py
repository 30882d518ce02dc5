"""The clubs' periodic work (docs/celery.md): what beat runs for them."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from clubs.models import ClubInvitation

# An invitation holds the address of someone who may never have agreed to be on the
# site: kept this many days after it was sent, used or not (docs/privacy.md#the-purge).
INVITATION_DAYS = 30


@shared_task(name="clubs.tasks.purge_invitations", ignore_result=True)
def purge_invitations() -> int:
    """Beat's, hourly: the invitations sent over `INVITATION_DAYS` ago deleted, by a
    cutoff, so a late, repeated or doubled run is harmless. Returns how many."""
    cutoff = timezone.now() - timedelta(days=INVITATION_DAYS)
    deleted, _ = ClubInvitation.objects.filter(created_at__lt=cutoff).delete()
    return deleted
