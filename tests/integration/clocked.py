"""`python -m tests.integration.clocked MODULE ARGS...`: run MODULE as `python -m` would,
with this process's clock moved by THIRTYONE_TEST_CLOCK_OFFSET seconds and running on
from there (time-machine patches time.time and datetime, not the monotonic clock that
timeouts use). tests/integration/test_notification_worker.py starts its Celery workers
this way, all with one offset, so they share a clock set just before a daylight-saving
change. Tests only: nothing in the product imports it."""

from __future__ import annotations

import os
import runpy
import sys
import time

import time_machine


def main() -> None:
    offset = float(os.environ["THIRTYONE_TEST_CLOCK_OFFSET"])
    time_machine.travel(time.time() + offset, tick=True).start()
    module = sys.argv[1]
    sys.argv = sys.argv[1:]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
