"""Quiet hours (docs/notifications.md#quiet-hours): a push or an e-mail of a kind that can
wait (`Kind.can_wait`) is held to the end of the person's quiet hours, read on their own
clock, so the end is the same wall-clock time across a daylight-saving change. Never held:
a kind someone waits on now ("your game is ready" at a live event). A notification with
a deadline (`valid_until`: a turn-based move's alarms) is held at most to the start of its
deadline's last hour, so it still comes in time to act on."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from clubs import zones
from notifications import kinds
from notifications.models import QuietHours

LAST_HOUR = timedelta(hours=1)


@dataclass(frozen=True)
class Window:
    starts: time
    ends: time
    time_zone: str

    def end_if_inside(self, now: datetime) -> datetime | None:
        """When the quiet hours `now` falls in end (aware), or None: not quiet now."""
        if self.starts == self.ends:
            return None
        zone = zones.zone(self.time_zone)
        local = now.astimezone(zone)
        clock = local.time().replace(tzinfo=None)
        if self.starts < self.ends:  # 13:00-15:00: within one day
            inside = self.starts <= clock < self.ends
            end_day = local.date()
        else:  # 22:00-07:00: past midnight
            inside = clock >= self.starts or clock < self.ends
            end_day = local.date() + timedelta(days=1 if clock >= self.starts else 0)
        if not inside:
            return None
        # The wall-clock end on that day; a time a spring-forward skips reads as the
        # hour after (zoneinfo's fold 0), never before `now`.
        end = datetime.combine(end_day, self.ends, tzinfo=zone)
        return max(end.astimezone(now.tzinfo), now)


def windows(user_ids: Iterable[int]) -> dict[int, Window]:
    """The quiet hours of those of `user_ids` who set them (one query)."""
    return {
        user_id: Window(starts, ends, time_zone)
        for user_id, starts, ends, time_zone in QuietHours.objects.filter(
            user_id__in=set(user_ids)
        ).values_list("user_id", "starts", "ends", "time_zone")
    }


def held_until(window: Window | None, notification: object, now: datetime) -> datetime | None:
    """Until when `notification` waits (None: it goes now)."""
    if window is None:
        return None
    kind = kinds.get(getattr(notification, "kind", ""))
    if kind is not None and not kind.can_wait:
        return None
    end = window.end_if_inside(now)
    if end is None:
        return None
    valid_until = getattr(notification, "valid_until", None)
    if valid_until is not None:
        end = min(end, valid_until - LAST_HOUR)
    return end if end > now else None
