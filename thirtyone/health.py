"""/healthz and /readyz (docs/monitoring.md#health): for a load balancer and a monitor.

- /healthz: 200 "ok" from any live web process; it reads nothing.
- /readyz: the checks below, side by side, each given at most CHECK_SECONDS (a dead
  Redis must not hang the probe): 200 with every check "ok", else 503 naming the
  failed ones. Nothing else is said: no error's text, no address, no version.

Neither needs a log-in, and both are answered by `answer_probes`, the first middleware,
before the HTTPS redirect and the Host header's check: a load balancer probes a
process by its address, over plain HTTP. /metrics is answered there too when its token
matches (thirtyone.metrics_view). A result of /readyz is reused for CACHE_SECONDS in a
process (in its memory: the shared cache may be what is down).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait

from celery import current_app
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.urls import resolve

from games import realtime, tasks

log = logging.getLogger(__name__)

CHECK_SECONDS = 2.0
# How long /readyz waits for the first worker to answer its ping.
PING_SECONDS = 5.0
CACHE_SECONDS = 2.0
# beat's sweep may be this many of its intervals old (THIRTYONE_SWEEP_SECONDS).
SWEEP_INTERVALS = 3

PROBE_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})


def answer_probes(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """The first middleware: /healthz and /readyz (and /metrics with its token) are
    answered here, whatever the Host header and the scheme."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        if request.path_info in PROBE_PATHS:
            from thirtyone.metrics_view import authorised

            if request.path_info != "/metrics" or authorised(request):
                match = resolve(request.path_info)
                request.resolver_match = match  # for the request counter
                return match.func(request, *match.args, **match.kwargs)
        return get_response(request)

    return middleware


def _probe_only(request: HttpRequest) -> HttpResponse | None:
    if request.method not in ("GET", "HEAD"):
        response = HttpResponse(status=405)
        response["Allow"] = "GET, HEAD"
        return response
    return None


def healthz(request: HttpRequest) -> HttpResponse:
    refused = _probe_only(request)
    if refused is not None:
        return refused
    response = HttpResponse("ok", content_type="text/plain")
    response["Cache-Control"] = "no-store"
    return response


def readyz(request: HttpRequest) -> HttpResponse:
    refused = _probe_only(request)
    if refused is not None:
        return refused
    checks = results()
    ready = all(result == "ok" for result in checks.values())
    body = {"status": "ok" if ready else "failed", "checks": checks}
    response = HttpResponse(
        json.dumps(body), content_type="application/json", status=200 if ready else 503
    )
    response["Cache-Control"] = "no-store"
    # Not Django's "Service Unavailable" error at every probe: `results` logs a change.
    response._has_been_logged = True
    return response


# ---- the checks: each returns when it passed, raises (or times out) when not -------


def database() -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()  # a thread of the pool: give the connection back


def shared_cache() -> None:
    key, value = f"readyz:{secrets.token_hex(8)}", secrets.token_hex(8)
    cache.set(key, value, timeout=10)
    if cache.get(key) != value:
        raise RuntimeError("the cache did not give back what it was given")
    cache.delete(key)


_probe_channels: dict[int, str] = {}


async def _round_trip(layer: object) -> None:
    """Send a message to a channel of this process's own and receive it back. One
    channel for the process's life (a new one each time would be a new subscription
    each time); a late answer to an earlier probe is passed over."""
    channel = _probe_channels.get(id(layer))
    if channel is None:
        channel = await layer.new_channel("readyz.")  # type: ignore[attr-defined]
        _probe_channels[id(layer)] = channel
    nonce = secrets.token_hex(8)
    try:
        await layer.send(channel, {"type": "readyz.probe", "nonce": nonce})  # type: ignore[attr-defined]
        while (await layer.receive(channel)).get("nonce") != nonce:  # type: ignore[attr-defined]
            pass
    except BaseException:
        # A receive given up on leaves the channel (channels-redis unsubscribes it).
        _probe_channels.pop(id(layer), None)
        raise


def channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer")
    realtime.on_push_loop(asyncio.wait_for(_round_trip(layer), CHECK_SECONDS), CHECK_SECONDS)


def broker() -> None:
    with current_app.connection_for_write(connect_timeout=CHECK_SECONDS) as conn:
        conn.ensure_connection(
            max_retries=1, interval_start=0, interval_step=0, timeout=CHECK_SECONDS
        )


def worker() -> None:
    if not current_app.control.ping(timeout=PING_SECONDS, limit=1):
        raise RuntimeError("no worker answered")


def beat() -> None:
    swept = tasks.last_sweep()
    if swept is None or time.time() - swept > SWEEP_INTERVALS * settings.THIRTYONE_SWEEP_SECONDS:
        raise RuntimeError("the sweep has not run lately")


CHECKS: dict[str, Callable[[], None]] = {
    "database": database,
    "cache": shared_cache,
    "channel_layer": channel_layer,
    "broker": broker,
    "worker": worker,
    "beat": beat,
}

# Threads for the checks: a hung check keeps its thread, so there is room for a few.
_pool = ThreadPoolExecutor(max_workers=4 * len(CHECKS), thread_name_prefix="readyz")
_lock = threading.Lock()
_last: tuple[float, dict[str, str]] | None = None


def run_checks() -> dict[str, str]:
    """Every check side by side: "ok" or "failed" each, within PING_SECONDS and a bit."""
    futures = {name: _pool.submit(check) for name, check in CHECKS.items()}
    wait(futures.values(), timeout=PING_SECONDS + 0.5)
    return {
        name: "ok" if future.done() and future.exception() is None else "failed"
        for name, future in futures.items()
    }


def results() -> dict[str, str]:
    """The checks' results, at most CACHE_SECONDS old (one run at a time per process)."""
    global _last
    with _lock:
        if _last is None or time.monotonic() - _last[0] > CACHE_SECONDS:
            found = run_checks()
            if _last is None or found != _last[1]:
                failed = [name for name, result in found.items() if result != "ok"]
                if failed:
                    log.warning("readyz: failed checks: %s", ", ".join(failed))
                elif _last is not None:
                    log.info("readyz: every check passes again")
            _last = (time.monotonic(), found)
        return _last[1]


def forget() -> None:
    """Drop the kept result (the tests)."""
    global _last
    with _lock:
        _last = None
