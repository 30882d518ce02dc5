"""Shared networks (docs/privacy.md#the-network-fingerprint): which people signed in from
the same network lately, as a hint for the organizers and staff who watch over rated and
event tables -- never for the players.

What is kept is a keyed fingerprint of the network, never the address: the client's
address cut to its IPv4 /24 or IPv6 /48 (a home's, an office's or a club room's), put
through Django's `salted_hmac` with a salt of its own and the SECRET_KEY. Without the key
no one can tell from a row which network it was, nor test a guess of an address; with
it, two rows of one network match. One row per person and network (`NetworkSighting`):
when they were first and last seen there.

Where an address is seen: every sign-in (`user_logged_in`), and the signed-in devices'
tracking (`accounts.devices.track_devices`, at most once every
THIRTYONE_DEVICE_SEEN_SECONDS per session), so a session kept for days still says where
its person plays from. Each costs one indexed read; a row's `last_seen` is written at
most once an hour (`REFRESH`), so a table in play writes nothing. The address is the
project's client address (allauth's: REMOTE_ADDR, or behind ALLAUTH_TRUSTED_PROXY_COUNT
proxies the X-Forwarded-For entry the nearest one wrote, docs/security.md#limits).

Kept `KEPT_DAYS` after it was last seen: beat's hourly `accounts.tasks.purge_networks`
deletes older rows (a delete by a cutoff, safe late, twice or on two workers at once);
the account's deletion removes them all (accounts.deletion)."""

from __future__ import annotations

import ipaddress
import logging
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime, timedelta
from itertools import combinations
from typing import Any

from allauth.core.internal.httpkit import get_client_ip
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import ngettext

from accounts.models import NetworkSighting

log = logging.getLogger(__name__)

# The fingerprint's own salt: no other HMAC of the site's key gives the same digest.
SALT = "thirtyone.accounts.networks.fingerprint"
# The prefixes that make a network: a home's or a club's line, not a device.
IPV4_PREFIX = 24
IPV6_PREFIX = 48
# How long a row is kept after it was last seen, and how often `last_seen` is written.
KEPT_DAYS = 30
REFRESH = timedelta(hours=1)


def network_of(address: str) -> str | None:
    """The /24 or /48 an address is in ("203.0.113.0/24"); None for what is no address.
    An IPv4 address written as IPv6 (::ffff:203.0.113.7) is the IPv4 one."""
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return None
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        parsed = parsed.ipv4_mapped
    prefix = IPV4_PREFIX if parsed.version == 4 else IPV6_PREFIX
    return str(ipaddress.ip_network(f"{parsed}/{prefix}", strict=False))


def fingerprint(address: str) -> str | None:
    """The keyed fingerprint of the address's network (64 hex digits), None if none."""
    network = network_of(address)
    if network is None:
        return None
    return salted_hmac(SALT, network, algorithm="sha256").hexdigest()


def client_address(request: HttpRequest) -> str | None:
    """The client's address as the log-in limits read it; None when the request has none
    (a test's force_login) or the proxies' header does not match their count."""
    try:
        return get_client_ip(request)
    except ImproperlyConfigured:
        return None


def record(user_id: int, address: str, now: datetime | None = None) -> bool:
    """Note that `user_id` was seen at `address`'s network; whether a row was written.
    One read; a write only for a new network or a row last seen over `REFRESH` ago."""
    key = fingerprint(address)
    if key is None:
        return False
    now = now or timezone.now()
    rows = NetworkSighting.objects.filter(user_id=user_id, network=key)
    last_seen = rows.values_list("last_seen", flat=True).first()
    if last_seen is None:
        _row, made = NetworkSighting.objects.get_or_create(
            user_id=user_id, network=key, defaults={"first_seen": now, "last_seen": now}
        )
        return made
    if last_seen > now - REFRESH:
        return False
    # Wanting it still old: two processes at once write it once.
    return rows.filter(last_seen__lte=now - REFRESH).update(last_seen=now) > 0


def seen(request: HttpRequest, user: Any) -> None:
    """`user` made `request`: note its network (the devices' tracking calls this)."""
    address = client_address(request)
    if address is not None and user is not None and user.is_authenticated and user.pk:
        record(user.pk, address)


def seen_at_sign_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Django's user_logged_in: every sign-in notes its network."""
    if request is not None:
        seen(request, user)


def cutoff(now: datetime | None = None) -> datetime:
    """Rows last seen before this are past their days."""
    return (now or timezone.now()) - timedelta(days=KEPT_DAYS)


def shared_pairs(user_ids: Iterable[int], now: datetime | None = None) -> set[frozenset[int]]:
    """The pairs among `user_ids` who were seen on one network in the last `KEPT_DAYS`
    days (a row the purge has not reached yet counts no more). One query."""
    wanted = set(user_ids)
    if len(wanted) < 2:
        return set()
    on: defaultdict[str, set[int]] = defaultdict(set)
    for network, user_id in NetworkSighting.objects.filter(
        user_id__in=wanted, last_seen__gte=cutoff(now)
    ).values_list("network", "user_id"):
        on[network].add(user_id)
    return {frozenset(pair) for people in on.values() for pair in combinations(sorted(people), 2)}


def networks_of(user: Any, now: datetime | None = None) -> int:
    """How many networks `user` was seen on in the last `KEPT_DAYS` days (their export)."""
    return NetworkSighting.objects.filter(user=user, last_seen__gte=cutoff(now)).count()


def purge(now: datetime | None = None) -> int:
    """Delete the rows last seen over `KEPT_DAYS` days ago; how many."""
    deleted: int = NetworkSighting.objects.filter(last_seen__lt=cutoff(now)).delete()[0]
    log.info("accounts: %d network fingerprints deleted, older than %d days", deleted, KEPT_DAYS)
    return deleted


def forget(user: Any) -> int:
    """Delete all of `user`'s rows (their account's deletion); how many."""
    deleted: int = NetworkSighting.objects.filter(user=user).delete()[0]
    return deleted


def export_line(user: Any, now: datetime | None = None) -> str:
    """Their download's line: how many networks, never which (the key stays here)."""
    count = networks_of(user, now)
    return ngettext(
        "Networks you signed in from: %(count)d (kept %(days)d days, as a keyed fingerprint)",
        "Networks you signed in from: %(count)d (kept %(days)d days, as a keyed fingerprint)",
        count,
    ) % {"count": count, "days": KEPT_DAYS}
