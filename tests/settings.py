"""Settings for the test run: the app's own, with in-process stand-ins for the servers.

Without REDIS_URL (the first pass of `make test`), no server runs: Channels' in-memory
layer, a local-memory cache, and Celery tasks run inline (tests/conftest.py). With
REDIS_URL (the `services` pass), the real servers are used as in production. Static
files are served from their folders: the tests do not run `collectstatic` first.
"""

import os

# The services pass sets REDIS_URL, which makes the production profile: it needs a key.
os.environ.setdefault("SECRET_KEY", "tests-only-" + "x" * 50)

from thirtyone.settings import *  # noqa: E402, F403

# The metrics counted in this process, in prometheus-client's own registry (read with
# REGISTRY.get_sample_value): never into a server's folder (the embedded profile's in
# var/, which thirtyone.settings has just named). Nothing has imported it yet.
os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)

# Django's test client speaks plain HTTP.
SECURE_SSL_REDIRECT = False
# The site's address, whatever the shell running the tests says (THIRTYONE_HOST,
# SITE_URL): the test client's host, so links read as the pages' own. Tests of a site
# reached at another address set their own (tests/thirtyone/test_site_address.py).
SITE_URL = "http://testserver"

if not os.environ.get("REDIS_URL"):
    REDIS_URL = None  # tests marked `services` skip: no server
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"

# The test client's sockets have no handshake limit (Daphne's has): a slow run's sockets
# are not refused. A test of the limit sets its own.
THIRTYONE_HANDSHAKE_SECONDS = 0.0

# No backups at round ends or while games are played: a test that wants one asks.
THIRTYONE_AUTO_BACKUPS = False
# No bots' review of every finished game (seconds of CPU each): a test that wants one asks.
THIRTYONE_AUTO_REVIEWS = False

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
