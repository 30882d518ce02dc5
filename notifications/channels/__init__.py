"""The channels a notification reaches a person through: a plug-in each (the site's list,
e-mail, the browser's own notifications while a tab is open), registered here in the
order the preferences page shows them (docs/notifications.md#kinds-channels-and-sources).

A channel marks a new notification it is wanted for (`prepare`, before the row is
written: the site's list shows it, its e-mail waits in the outbox) and hands over the
rows one call made (`deliver`, after they are written)."""

from __future__ import annotations

from typing import Any, Protocol

from django.utils.functional import Promise


class Channel(Protocol):
    name: str

    # Lazy text, translated when shown; read-only, so a channel's class attribute fits.
    @property
    def label(self) -> str | Promise:
        """A column of the preferences page."""

    @property
    def help(self) -> str | Promise: ...

    def prepare(self, notification: Any) -> None:
        """Mark the (not yet saved) notification as wanted on this channel."""

    def deliver(self, notifications: list[Any]) -> None:
        """Hand over the saved notifications that want this channel (a hint where the
        channel is live; the row is the record)."""


_channels: dict[str, Channel] = {}


def register(channel: Channel) -> None:
    _channels[channel.name] = channel


def all_channels() -> list[Channel]:
    return list(_channels.values())


def names() -> list[str]:
    return list(_channels)


def get(name: str) -> Channel | None:
    return _channels.get(name)
