"""Each person's say (docs/notifications.md#preferences): a kind is on or off per
channel, the kind's default unless they chose otherwise (`Preference`, kept only where
it differs)."""

from __future__ import annotations

from collections.abc import Iterable

from notifications import channels, kinds
from notifications.models import Preference

Choice = tuple[str, str]  # (kind, channel)


def wanted(user_ids: Iterable[int], kind_names: Iterable[str]) -> dict[tuple[int, str], set[str]]:
    """(person, kind) -> the channels on, for each of `user_ids` and `kind_names` (one
    query)."""
    user_ids, kind_names = set(user_ids), set(kind_names)
    found: dict[tuple[int, str], set[str]] = {}
    for name in kind_names:
        kind = kinds.get(name)
        on = {c for c in channels.names() if kind is not None and kind.default(c)}
        for user_id in user_ids:
            found[(user_id, name)] = set(on)
    for user_id, kind, channel, enabled in Preference.objects.filter(
        user_id__in=user_ids, kind__in=kind_names
    ).values_list("user_id", "kind", "channel", "enabled"):
        (found[(user_id, kind)].add if enabled else found[(user_id, kind)].discard)(channel)
    return found


def choices(user_id: int) -> dict[Choice, bool]:
    """Every (kind, channel) for the preferences page: on or off for this person."""
    chosen = dict(
        ((kind, channel), enabled)
        for kind, channel, enabled in Preference.objects.filter(user_id=user_id).values_list(
            "kind", "channel", "enabled"
        )
    )
    return {
        (kind.name, channel): chosen.get((kind.name, channel), kind.default(channel))
        for kind in kinds.all_kinds()
        for channel in channels.names()
    }


def save(user_id: int, on: set[Choice]) -> None:
    """The page's form: exactly the pairs in `on` are on. Only differences from the
    defaults are kept."""
    for (kind_name, channel), _ in choices(user_id).items():
        set_choice(user_id, kind_name, channel, (kind_name, channel) in on)


def set_choice(user_id: int, kind_name: str, channel: str, enabled: bool) -> None:
    kind = kinds.get(kind_name)
    if kind is None or channel not in channels.names():
        return
    if enabled == kind.default(channel):
        Preference.objects.filter(user_id=user_id, kind=kind_name, channel=channel).delete()
    else:
        Preference.objects.update_or_create(
            user_id=user_id, kind=kind_name, channel=channel, defaults={"enabled": enabled}
        )
