"""Test set-up shared by every test directory."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache

from tests.valkey import embedded_valkey
from thirtyone.celery import app as celery_app

# Tasks run inline, as if a worker had taken them at once (what CELERY_EAGER=1
# does for a server). Set on the Celery app because pytest-django has already
# loaded the Django settings before any conftest is imported.
celery_app.conf.update(task_always_eager=True, task_eager_propagates=True)


@pytest.fixture(autouse=True, scope="session")
def _tasks_inline() -> Iterator[None]:
    """Tasks a change calls for run inline, one after another (tests/eager.py)."""
    from games import notify
    from tests import eager

    notify.enqueue = eager.enqueue
    yield
    notify.enqueue = eager.send_to_broker


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Each test starts with an empty cache: log-in throttling counts live there."""
    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    """A deliberately slow hash protects real passwords; tests need no such protection."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def valkey_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A running embedded Valkey (as `make run` has), on a socket in the folder given."""
    with embedded_valkey(tmp_path_factory.mktemp("valkey")) as var_dir:
        yield var_dir
