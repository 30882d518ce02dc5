"""Where the whole site's metrics are counted (docs/monitoring.md#metrics): HTTP requests
(`count_requests`, the first middleware), open WebSockets (`counted_socket`, around each
consumer in thirtyone.routing) and Celery tasks (signals, connected by `connect`, from
thirtyone.apps). The metrics themselves are games.metrics'.

With PROMETHEUS_MULTIPROC_DIR set, a process that ends says so (`mark_process_dead`),
so that the sockets it held leave the live sum.
"""

from __future__ import annotations

import atexit
import os
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from celery.signals import task_postrun, worker_process_shutdown, worker_shutdown
from django.http import HttpRequest, HttpResponseBase

from games.metrics import HTTP_REQUESTS, SOCKETS, TASKS

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# The view label of a request no URL pattern took (a 404 from the resolver, a redirect
# or a refusal of a middleware before it).
UNRESOLVED = "unresolved"


def count_requests(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """Count each request by its view's name (never its path: a fixed set of labels)
    and its status code."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        response = get_response(request)
        match = getattr(request, "resolver_match", None)
        view = match.view_name if match is not None else UNRESOLVED
        HTTP_REQUESTS.labels(view, str(response.status_code)).inc()
        return response

    return middleware


def counted_socket(app: ASGIApp) -> ASGIApp:
    """`app` (a consumer's `as_asgi()`), counting its sockets from their acceptance to
    the consumer's end, by the consumer's class name."""
    name = getattr(app, "consumer_class", type(app)).__name__
    gauge = SOCKETS.labels(name)

    async def counted(scope: Scope, receive: Receive, send: Send) -> None:
        accepted = False

        async def sending(message: Message) -> None:
            nonlocal accepted
            if message.get("type") == "websocket.accept" and not accepted:
                accepted = True
                gauge.inc()
            await send(message)

        try:
            await app(scope, receive, sending)
        finally:
            if accepted:
                gauge.dec()

    return counted


def _task_ran(sender: Any = None, state: str | None = None, **kwargs: object) -> None:
    """Every task's end: its name (the tasks are a fixed set) and Celery's state,
    in lower case (success, failure, retry, ...)."""
    name = getattr(sender, "name", None) or "unknown"
    TASKS.labels(name, (state or "unknown").lower()).inc()


def _process_ends(**kwargs: object) -> None:
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


def connect() -> None:
    """Connect the task counter and the end-of-process hooks (once per process)."""
    task_postrun.connect(_task_ran, weak=False, dispatch_uid="thirtyone.observe.tasks")
    # A prefork child ends with os._exit, past atexit: Celery's signal instead.
    worker_process_shutdown.connect(
        _process_ends, weak=False, dispatch_uid="thirtyone.observe.child"
    )
    worker_shutdown.connect(_process_ends, weak=False, dispatch_uid="thirtyone.observe.worker")
    atexit.register(_process_ends)
