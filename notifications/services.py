"""Making notifications, and reading them (docs/notifications.md#once).

`notify` is the one writer of new notifications: given drafts (a kind, a person, what
it is about, its words), it keeps those whose moment has not passed, asks each
person's choices, writes one row per (kind, person, subject) — the unique constraint
drops a second copy however many workers or repeated tasks make it — and hands the rows
it wrote itself, and only those, to the channels. So a notification is made and
delivered once. A subject with versions (`Draft.revision`: an event's "your game is
ready", deal after deal) keeps its one row: a later version rewrites it, as new news
(unread, on top, delivered again), and the same version twice changes nothing."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db.models import Case, F, Q, QuerySet, Value, When
from django.utils import timezone

from notifications import channels, news, preferences, push, unread
from notifications.models import Notification

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Draft:
    kind: str
    user_id: int
    key: str  # what it is about: the same news made twice has the same key
    text: str  # one line, in the second person
    url: str = ""  # a path on this site
    body: str = ""  # more, for an announcement
    valid_until: datetime | None = None  # not made, nor mailed, from then on
    # The subject's version (0: none): a higher one updates the row made for a lower.
    revision: int = 0


def notify(drafts: Sequence[Draft], now: datetime | None = None) -> list[Notification]:
    """Make the notifications of `drafts` that are still news and not made before, on
    the channels each person wants; return those this call made."""
    now = now or timezone.now()
    drafts = [d for d in drafts if d.valid_until is None or now < d.valid_until]
    drafts = _not_made_yet(_to_active_people(drafts))
    if not drafts:
        return []
    batch = uuid.uuid4().hex
    rows = _rows(drafts, batch, now)
    mine = _written(rows, batch, now)
    _deliver(mine, {(r.kind, r.key, r.user_id): r.channels_wanted for r in rows})
    return mine


def _rows(drafts: list[Draft], batch: str, now: datetime) -> list[Notification]:
    """A row for each draft its person wants somewhere, prepared for those channels
    (`channels_wanted`, for `_deliver`: not a column)."""
    wanted = preferences.wanted({d.user_id for d in drafts}, {d.kind for d in drafts})
    rows = []
    for draft in drafts:
        on = wanted[(draft.user_id, draft.kind)]
        if not on:
            continue  # the person wants this kind nowhere
        row = Notification(
            user_id=draft.user_id,
            kind=draft.kind,
            key=draft.key,
            text=draft.text[:300],
            body=draft.body,
            url=draft.url,
            valid_until=draft.valid_until,
            revision=draft.revision,
            batch=batch,
            on_site=False,
            created_at=now,
        )
        for channel in channels.all_channels():
            if channel.name in on:
                channel.prepare(row)
        row.channels_wanted = on  # for deliver; not a column
        rows.append(row)
    return rows


def _written(rows: list[Notification], batch: str, now: datetime) -> list[Notification]:
    """Write `rows` (a second copy of a subject is dropped by the unique constraint, a
    later version rewrites the row of an earlier one): the rows this call wrote."""
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    mine = list(Notification.objects.filter(batch=batch))
    made = {(n.kind, n.key, n.user_id) for n in mine}
    later = [r for r in rows if r.revision and (r.kind, r.key, r.user_id) not in made]
    if later and sum(_update(row, now) for row in later):
        mine = list(Notification.objects.filter(batch=batch))
    return mine


def _deliver(mine: list[Notification], wanted_by: dict[tuple[str, str, int], set[str]]) -> None:
    """Hand each channel the rows written whose person wants them there."""
    for channel in channels.all_channels():
        theirs = [n for n in mine if channel.name in wanted_by[(n.kind, n.key, n.user_id)]]
        if theirs:
            try:
                channel.deliver(theirs)
            except Exception:  # one channel's trouble stops no other: the rows are kept
                log.exception("notifications: the %s channel failed", channel.name)


def _update(row: Notification, now: datetime) -> int:
    """Rewrite the person's row of `row`'s subject with this later version, unless a
    version as late is in already (a task run twice, or two at once: the WHERE on the
    revision lets one through). It is news again: unread, on top, and this call's to
    deliver. Its e-mail: one per news not yet seen — a row still unread keeps its mail
    (a mail waiting goes with the new words; one sent is not sent again), a row read
    since is new news and its mail, if wanted, waits again."""
    mail = Notification.PENDING if row.email_state == Notification.PENDING else Notification.NO_MAIL
    return Notification.objects.filter(
        kind=row.kind, key=row.key, user_id=row.user_id, revision__lt=row.revision
    ).update(
        text=row.text,
        body=row.body,
        url=row.url,
        valid_until=row.valid_until,
        revision=row.revision,
        batch=row.batch,
        on_site=row.on_site,
        created_at=now,
        read_at=None,  # SET reads the row as it was: the Cases below see the old read_at
        email_state=_if_read(mail, "email_state"),
        email_attempts=_if_read(0, "email_attempts"),
        email_next_try=_if_read(None, "email_next_try"),
        email_claim=_if_read("", "email_claim"),
        email_note=_if_read("", "email_note"),
    )


def _if_read(value: object, name: str) -> Case:
    """In an UPDATE: `value` where the row had been read, else the column as it was."""
    field = Notification._meta.get_field(name)
    return Case(
        When(read_at__isnull=False, then=Value(value, output_field=field)),
        default=F(name),
        output_field=field,
    )


def _to_active_people(drafts: list[Draft]) -> list[Draft]:
    """Only people who can log in are told: not a guest an organizer entered
    (docs/club-night.md#guests), nor a closed account."""
    if not drafts:
        return []
    active = set(
        get_user_model()
        .objects.filter(pk__in={d.user_id for d in drafts}, is_active=True)
        .values_list("pk", flat=True)
    )
    return [d for d in drafts if d.user_id in active]


def _not_made_yet(drafts: list[Draft]) -> list[Draft]:
    """Drop drafts already made (a sweep every few seconds proposes the same reminder
    until its moment passes), or made in a version as late: one read instead of a write
    that would be refused."""
    if not drafts:
        return []
    subjects = Q()
    for kind, key in {(d.kind, d.key) for d in drafts}:
        subjects |= Q(kind=kind, key=key)
    made = {
        (kind, key, user_id): revision
        for kind, key, user_id, revision in Notification.objects.filter(
            subjects, user_id__in={d.user_id for d in drafts}
        ).values_list("kind", "key", "user_id", "revision")
    }
    unique: dict[tuple[str, str, int], Draft] = {}
    for d in drafts:
        subject = (d.kind, d.key, d.user_id)
        if made.get(subject, -1) >= d.revision:
            continue
        if subject not in unique or unique[subject].revision < d.revision:
            unique[subject] = d  # the latest version of the subject in these drafts
    return list(unique.values())


# ---- reading ---------------------------------------------------------------------------


def shown_to(user_id: int) -> QuerySet[Notification]:
    """A person's list: the notifications on the site, newest first."""
    return Notification.objects.filter(user_id=user_id, on_site=True)


def mark_all_read(user_id: int) -> int:
    """Everything in the person's list is read; how many were not."""
    marked = shown_to(user_id).filter(read_at__isnull=True).update(read_at=timezone.now())
    _counted(user_id)
    return marked


def open_one(user_id: int, pk: int) -> Notification | None:
    """The person's notification `pk`, marked read (None: not theirs, or gone)."""
    found = shown_to(user_id).filter(pk=pk).first()
    if found is not None and found.read_at is None:
        shown_to(user_id).filter(pk=pk, read_at__isnull=True).update(read_at=timezone.now())
        _counted(user_id)
    return found


def seen(user_ids: Sequence[int], kinds: Sequence[str], *, key: str = "", revision: int = 0) -> int:
    """Mark read these people's unread notifications of `kinds` (about `key`, of
    `revision`, when given): what they tell of was seen elsewhere (the table opened,
    every request answered). How many; the counts are recounted if any."""
    about = Q(user_id__in=list(user_ids), kind__in=list(kinds), read_at__isnull=True)
    if key:
        about &= Q(key=key)
    if revision:
        about &= Q(revision=revision)
    marked = Notification.objects.filter(about).update(read_at=timezone.now())
    if marked:
        unread.recount(user_ids)
        push.counts(user_ids)
    return marked


def tidied(user_id: int) -> int | None:
    """Before the person's list is drawn: what is no longer news is marked read
    (`news.settle`); their new unread count if that changed any, else None."""
    if not news.settle([user_id]):
        return None
    unread.recount([user_id], settled=True)
    push.counts([user_id])
    return (
        get_user_model()
        .objects.filter(pk=user_id)
        .values_list("unread_notifications", flat=True)[0]
    )


def _counted(user_id: int) -> None:
    unread.recount([user_id])
    push.counts([user_id])
