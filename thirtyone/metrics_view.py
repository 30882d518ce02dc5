"""/metrics: games.metrics in Prometheus' text format (docs/monitoring.md#metrics).

Served only when METRICS_TOKEN is set and the request says `Authorization: Bearer
<token>`; any other request gets the site's own 404, as for a page that does not
exist. With PROMETHEUS_MULTIPROC_DIR set, the numbers are every process's added up
(prometheus-client's multiprocess collector reads their files); without it, this
process's own.
"""

from __future__ import annotations

import hmac
import logging
import os
import time

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
)

from games import tasks
from games.metrics import SWEEP_LAG

log = logging.getLogger(__name__)

# With no record of a sweep yet, the lag counts from this process's start.
STARTED = time.time()


def authorised(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "")
    return bool(token) and hmac.compare_digest(given.encode(), f"Bearer {token}".encode())


def metrics(request: HttpRequest) -> HttpResponse:
    if not authorised(request):
        raise Http404
    _set_sweep_lag()
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        registry = REGISTRY
    response = HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
    response["Cache-Control"] = "no-store"
    return response


def _set_sweep_lag() -> None:
    """thirtyone_sweep_lag_seconds: the age of the sweep's last run, as the shared cache
    has it (with none yet: since this process started); left as it was when the cache
    does not answer."""
    try:
        swept = tasks.last_sweep()
    except Exception:
        log.warning("the sweep's last run could not be read for /metrics")
        return
    SWEEP_LAG.set(max(0.0, time.time() - (swept if swept is not None else STARTED)))
