"""Web Push's outbox (docs/notifications.md#web-push): each notification wanted by push
is one `PushDelivery` row per browser its person subscribed, and `send_due` — the task
`notifications.tasks.send_pushes` — posts what is due to the browsers' push services.

As the e-mail outbox (`notifications.mail`): a worker claims rows under its own token,
so two workers or a task run twice never send one row twice; a killed worker's claims
come back after STALE_MINUTES (`release_stale`). Per message:

- not sent when it is no longer news, its moment passed, the person turned the kind
  off, or they have that game's table open right now (its page's pop-up tells them);
  held to the end of their quiet hours (`notifications.quiet`);
- the payload is JSON `{"title", "body", "url", "tag"}` in the person's language, the
  notification's own words (which never name a card), encrypted for the browser
  (aes128gcm, RFC 8291) and signed for the push service (VAPID, RFC 8292);
- `TTL` until the news stops being news (`valid_until`), else MAX_TTL (a live call:
  LIVE_TTL); `Urgency: high`
  for a kind marked urgent (your game is ready, your turn); `Topic` per (kind,
  subject), so a newer "your turn" replaces one the service has not delivered yet;
- 201 sent; 404 or 410, the browser unsubscribed: its subscription is deleted; 429, a
  5xx or no answer: tried again RETRY_SECONDS later, doubling (or as `Retry-After`
  says), MAX_ATTEMPTS in all; any other answer fails that message only.

One HTTP connection is kept open per push service within a run (a `requests.Session`
each): a round starting for 200 players makes a few connections, not 200."""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import requests
from django.db.models import Q
from django.utils import timezone, translation
from pywebpush import WebPusher

from games import presence
from games.models import GamePlayer
from notifications import kinds, news, preferences, push_addresses, quiet, speaking, vapid, waking
from notifications.models import PushDelivery, PushSubscription

log = logging.getLogger(__name__)

SEND_TASK = "notifications.tasks.send_pushes"
WAKE_KEY = "notifications:push-wake"
WAKE_SECONDS = 0.0  # a push is for now: a burst is what has come in when the task starts
CHUNK = 100
PER_RUN = 2000
MAX_ATTEMPTS = 5
RETRY_SECONDS = 20
MAX_TTL = 28 * 24 * 3600  # what push services keep at most
LIVE_TTL = 3600  # a call to a live event's table
TIMEOUT = 10.0  # seconds a push service may take to answer
STALE_MINUTES = 10
GONE = {404, 410}


@dataclass
class Tally:
    sent: int = 0
    retried: int = 0
    failed: int = 0
    skipped: int = 0
    gone: int = 0
    held: int = 0  # to the end of the person's quiet hours
    connections: int = 0


def enqueue(notifications: list[Any]) -> int:
    """An outbox row for each of these notifications and each browser its person
    subscribed; a later version of a subject (its row rewritten) is due again. How many
    are due; the sender is woken if any."""
    by_user: dict[int, list[int]] = {}
    for sub_id, user_id in PushSubscription.objects.filter(
        user_id__in={n.user_id for n in notifications}
    ).values_list("pk", "user_id"):
        by_user.setdefault(user_id, []).append(sub_id)
    rows = [
        PushDelivery(notification_id=n.pk, subscription_id=sub_id)
        for n in notifications
        for sub_id in by_user.get(n.user_id, [])
    ]
    if not rows:
        return 0
    PushDelivery.objects.bulk_create(rows, ignore_conflicts=True)
    # A subject's row rewritten with newer news (services._update) is news again.
    PushDelivery.objects.filter(notification__in=[n.pk for n in notifications]).exclude(
        state=PushDelivery.PENDING
    ).update(state=PushDelivery.PENDING, attempts=0, next_try=None, claim="", note="")
    wake()
    return len(rows)


def wake(countdown: float = WAKE_SECONDS) -> None:
    waking.wake(SEND_TASK, WAKE_KEY, countdown)


def due(now: datetime) -> Q:
    return Q(state=PushDelivery.PENDING) & (Q(next_try__isnull=True) | Q(next_try__lte=now))


def send_due(now: datetime | None = None) -> Tally:
    """Post every push due now (up to PER_RUN), one connection per push service."""
    now = now or timezone.now()
    tally = Tally()
    sessions: dict[str, requests.Session] = {}
    retry_in: list[float] = []
    try:
        while sum(vars(tally).values()) - tally.connections < PER_RUN:
            rows = _claim(now)
            if rows is None:
                break
            for row, payload in _messages(rows, now, tally):
                if (delay := _send(row, payload, now, sessions, tally)) is not None:
                    retry_in.append(delay)
    finally:
        for session in sessions.values():
            session.close()
    if retry_in:
        waking.wake_for_retry(SEND_TASK, min(retry_in))
    waking.finished(SEND_TASK, WAKE_KEY, anything_due)
    return tally


def _claim(now: datetime) -> list[PushDelivery] | None:
    """The rows this worker claimed of those due (None: none was due)."""
    ids = list(PushDelivery.objects.filter(due(now)).order_by("pk").values_list("pk", flat=True))
    ids = ids[:CHUNK]
    if not ids:
        return None
    token = uuid.uuid4().hex
    PushDelivery.objects.filter(pk__in=ids, state=PushDelivery.PENDING).update(
        state=PushDelivery.SENDING, claim=token, claimed_at=now
    )
    claimed = PushDelivery.objects.filter(claim=token, state=PushDelivery.SENDING)
    return list(claimed.select_related("notification", "subscription").order_by("pk"))


def _messages(
    rows: list[PushDelivery], now: datetime, tally: Tally
) -> list[tuple[PushDelivery, dict[str, str]]]:
    """Each claimed row that must go, with its payload; the others marked skipped."""
    notes = {row.notification_id: row.notification for row in rows}
    still = news.still_news(notes.values())
    user_ids = {n.user_id for n in notes.values()}
    wanted = preferences.wanted(user_ids, {n.kind for n in notes.values()})
    watching = at_the_table(list(notes.values()))
    languages = speaking.languages(user_ids)
    quiet_hours = quiet.windows(user_ids)
    going = []
    for row in rows:
        n = row.notification
        why = ""
        if n.valid_until is not None and now >= n.valid_until:
            why = "its moment passed"
        elif n.pk not in still:
            why = "no longer news"
        elif "push" not in wanted[(n.user_id, n.kind)]:
            why = "turned off"
        elif n.pk in watching:
            why = "at the table"
        elif refused := push_addresses.refusal(row.subscription.endpoint):
            why = f"address refused: {refused}"
        if why:
            _mark(row, PushDelivery.SKIPPED, note=why)
            tally.skipped += 1
        elif (until := quiet.held_until(quiet_hours.get(n.user_id), n, now)) is not None:
            PushDelivery.objects.filter(pk=row.pk, claim=row.claim).update(
                state=PushDelivery.PENDING, next_try=until, claim="", note="quiet hours"
            )
            tally.held += 1
        else:
            going.append((row, payload(n, languages[n.user_id])))
    return going


def payload(notification: Any, language: str) -> dict[str, str]:
    """What the browser's service worker shows (static/sw.js): the kind as the title,
    the notification's own line as the body, where it leads, and a tag by which a newer
    one of the same subject replaces it on the screen."""
    kind = kinds.get(notification.kind)
    with translation.override(language):
        title = str(kind.label) if kind is not None else "Thirty-One"
    return {
        "title": title,
        "body": notification.text,
        "url": notification.url or "/notifications/",
        "tag": f"{notification.kind}:{notification.key}"[:64],
    }


def at_the_table(notifications: list[Any]) -> set[int]:
    """The ids of those whose person has a socket open on the game the news is about
    (`Kind.game_of`): they see it there. Unknown (the cache away) counts as not there."""
    about = {}
    for n in notifications:
        kind = kinds.get(n.kind)
        game_id = kind.game_of(n) if kind is not None and kind.game_of is not None else None
        if game_id is not None:
            about[n.pk] = (game_id, n.user_id)
    if not about:
        return set()
    seats = dict(
        ((game, user), seat)
        for game, user, seat in GamePlayer.objects.filter(
            game_id__in={g for g, _ in about.values()}, user_id__in={u for _, u in about.values()}
        ).values_list("game_id", "user_id", "position")
    )
    return {
        pk
        for pk, pair in about.items()
        if pair in seats and presence.seat_seen(pair[0], seats[pair], None)
    }


def topic(notification: Any) -> str:
    """RFC 8030's Topic: at most 32 characters of the URL-safe base64 alphabet, the same
    for the same (kind, subject)."""
    digest = hashlib.blake2b(f"{notification.kind}:{notification.key}".encode(), digest_size=16)
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()


def ttl(notification: Any, now: datetime) -> int:
    """Seconds the push service may keep it for a device that is offline: until it
    stops being news (`valid_until`); a live call ("your game is ready") an hour at most,
    as the game it calls to is played meanwhile; else what services keep."""
    kind = kinds.get(notification.kind)
    most = MAX_TTL if kind is None or kind.can_wait else LIVE_TTL
    if notification.valid_until is None:
        return most
    return max(0, min(most, int((notification.valid_until - now).total_seconds())))


def _send(
    row: PushDelivery,
    message: dict[str, str],
    now: datetime,
    sessions: dict[str, requests.Session],
    tally: Tally,
) -> float | None:
    """Post one push; the seconds until its retry, if it is to be tried again."""
    sub, n = row.subscription, row.notification
    audience = push_addresses.origin(sub.endpoint)
    if audience not in sessions:
        sessions[audience] = requests.Session()
        tally.connections += 1
    kind = kinds.get(n.kind)
    headers = {
        **vapid.headers(audience, int(time.time()) + 12 * 3600),
        "Urgency": "high" if kind is not None and kind.urgent else "normal",
        "Topic": topic(n),
    }
    pusher = WebPusher(
        {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}},
        requests_session=sessions[audience],
    )
    try:
        answer = pusher.send(
            data=json.dumps(message, ensure_ascii=False),
            headers=headers,
            ttl=ttl(n, now),
            content_encoding="aes128gcm",
            timeout=TIMEOUT,
        )
    except requests.RequestException as error:
        sessions.pop(audience).close()  # it may be broken: the next opens anew
        return _retry_or_give_up(row, type(error).__name__, None, now, tally)
    except Exception as error:  # a key or payload the library refused: this row only
        log.exception("web push to %s could not be made", audience)
        return _retry_or_give_up(row, type(error).__name__, None, now, tally)
    status = int(getattr(answer, "status_code", 0))
    if 200 <= status < 300:
        _mark(row, PushDelivery.SENT)
        tally.sent += 1
    elif status in GONE:
        # The browser unsubscribed, or the service forgot it: it will never arrive.
        PushSubscription.objects.filter(pk=sub.pk).delete()
        tally.gone += 1
    elif status == 429 or status >= 500:
        return _retry_or_give_up(row, f"HTTP {status}", _retry_after(answer), now, tally)
    else:
        _mark(row, PushDelivery.FAILED, note=f"HTTP {status}")
        log.warning("web push refused by %s: HTTP %d", audience, status)
        tally.failed += 1
    return None


def _retry_after(answer: Any) -> float | None:
    said = getattr(answer, "headers", {}).get("Retry-After", "")
    return float(said) if said.isdigit() else None


def _retry_or_give_up(
    row: PushDelivery, reason: str, asked: float | None, now: datetime, tally: Tally
) -> float | None:
    attempt = row.attempts + 1
    if attempt >= MAX_ATTEMPTS:
        _mark(row, PushDelivery.FAILED, note=reason, attempts=attempt)
        log.error("web push to %s given up after %d attempts (%s)", _host(row), attempt, reason)
        tally.failed += 1
        return None
    delay = max(asked or 0.0, float(RETRY_SECONDS * 2**row.attempts))
    PushDelivery.objects.filter(pk=row.pk, claim=row.claim).update(
        state=PushDelivery.PENDING,
        attempts=attempt,
        next_try=now + timedelta(seconds=delay),
        note=reason[:80],
    )
    log.warning("web push to %s not sent (%s); retrying in %d s", _host(row), reason, delay)
    tally.retried += 1
    return delay


def _host(row: PushDelivery) -> str:
    return push_addresses.origin(row.subscription.endpoint).split("://", 1)[-1]


def _mark(row: PushDelivery, state: str, note: str = "", attempts: int | None = None) -> None:
    changes: dict[str, Any] = {"state": state, "note": note[:80]}
    if attempts is not None:
        changes["attempts"] = attempts
    PushDelivery.objects.filter(pk=row.pk, claim=row.claim).update(**changes)


def release_stale(now: datetime | None = None) -> int:
    """Rows a worker claimed and never finished (it was killed) are due again."""
    now = now or timezone.now()
    return PushDelivery.objects.filter(
        state=PushDelivery.SENDING, claimed_at__lt=now - timedelta(minutes=STALE_MINUTES)
    ).update(state=PushDelivery.PENDING, next_try=now, claim="")


def anything_due(now: datetime | None = None) -> bool:
    return PushDelivery.objects.filter(due(now or timezone.now())).exists()
