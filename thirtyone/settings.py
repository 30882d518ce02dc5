"""Settings for Thirty-One.

One code base, two profiles, chosen by the environment (see README.md):

- embedded (no REDIS_URL; `make run`): SQLite in var/, and a Valkey server from the
  venv on a Unix socket in var/ (thirtyone/embedded.py) as the Celery broker, the
  channel layer and the cache; no TLS (a LAN), a secret key kept in var/;
- production (REDIS_URL set): SECRET_KEY, ALLOWED_HOSTS, usually DATABASE_URL
  (PostgreSQL); HTTPS assumed.

Both run the same code. DEBUG is off unless DEBUG=true. The tests' settings
(tests/settings.py) replace the servers with in-process stand-ins.
"""

from __future__ import annotations

import os
from pathlib import Path

from thirtyone import beat, embedded, env

BASE_DIR = Path(__file__).resolve().parent.parent
# Run-time data (SQLite database, secret key, Valkey's socket, beat schedule, backups);
# not in git. The owner's only: the database holds every password hash and every hand.
VAR_DIR = Path(os.environ.get("THIRTYONE_VAR_DIR", BASE_DIR / "var"))
env.owner_only_dir(VAR_DIR)

DEBUG = env.get_bool("DEBUG", default=False)
EMBEDDED = not os.environ.get("REDIS_URL")
if EMBEDDED:
    SECRET_KEY = os.environ.get("SECRET_KEY") or embedded.secret_key(VAR_DIR)
    ALLOWED_HOSTS = [*embedded.allowed_hosts(), *env.get_list("ALLOWED_HOSTS", "")]
    REDIS_URL = embedded.redis_url(VAR_DIR)
    CELERY_BROKER_URL = embedded.broker_url(VAR_DIR)
    # Where `make run` serves the site (it passes HOST and PORT to every process).
    THIRTYONE_HOST: str | None = os.environ.get("THIRTYONE_HOST", embedded.DEFAULT_HOST)
    THIRTYONE_PORT: str | None = os.environ.get("THIRTYONE_PORT", embedded.DEFAULT_PORT)
    # Where people open the site: the address `make run` prints (the LAN's when it
    # listens there), unless SITE_URL says otherwise (games.site).
    SITE_URL = embedded.site_address(os.environ)
else:
    SECRET_KEY = env.secret_key(DEBUG)
    ALLOWED_HOSTS = env.get_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
    REDIS_URL = os.environ["REDIS_URL"]
    CELERY_BROKER_URL = REDIS_URL
    # A proxy or a container platform decides where the web processes listen.
    THIRTYONE_HOST = THIRTYONE_PORT = None
    # Where people open the site, set by hand: `manage.py check` warns while it
    # leads to this machine only (thirtyone.checks).
    SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")
# Prometheus' metrics of every process are kept in files in this folder and added up
# by /metrics (docs/monitoring.md#many-processes). Set here, before anything imports
# prometheus-client, in every process: each loads these settings first. `make run`
# empties it at each start (thirtyone.embedded); in production set it yourself.
if EMBEDDED:
    os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", str(VAR_DIR / "metrics"))
if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    Path(os.environ["PROMETHEUS_MULTIPROC_DIR"]).mkdir(mode=0o700, parents=True, exist_ok=True)
# /metrics is served only to a request with `Authorization: Bearer <this>`; unset: 404.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
# Former secret keys, still accepted while sessions and signed transcripts made with
# them age out (Django's key rotation; games.signatures).
SECRET_KEY_FALLBACKS = env.get_list("SECRET_KEY_FALLBACKS", "")
# Production is served over HTTPS (by a proxy in front); the embedded profile on a
# LAN has no certificate, so it sets none of the HTTPS-only protections below.
HTTPS = not EMBEDDED and not DEBUG
CSRF_TRUSTED_ORIGINS = env.get_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    # Daphne first: its runserver replaces Django's with an ASGI one.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    # Two-factor log-in and signed-in devices (docs/security.md#two-factor-log-in).
    "allauth.mfa",
    "allauth.usersessions",
    "django_htmx",
    # The loader is configured by hand in TEMPLATES below.
    "template_partials.apps.SimpleAppConfig",
    "channels",
    "thirtyone.apps.SiteConfig",
    "accounts",
    "games",
    "calls",
    "clubs",
    "tournaments",
    "ratings",
    "fairplay",
    "notifications",
]

MIDDLEWARE = [
    # Every request counted by view and status, the probes' too (docs/monitoring.md#metrics).
    "thirtyone.observe.count_requests",
    # /healthz, /readyz (and /metrics with its token) answered before the HTTPS redirect
    # and the Host header's check: a load balancer probes by address over plain HTTP
    # (docs/monitoring.md#health).
    "thirtyone.health.answer_probes",
    "django.middleware.security.SecurityMiddleware",
    # The Content-Security-Policy header on every response (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and fragments gzipped, after every other middleware's work on the response
    # (static files are answered above, compressed ahead): docs/web.md#compressed-pages.
    "thirtyone.compression.CompressedPages",
    # Before anything that reads the database: a NUL in a path, a field or a cookie is
    # a 400 here rather than a 500 from PostgreSQL in a view (docs/security.md#refused-at-the-door).
    "thirtyone.unstorable.refuse_unstorable_text",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of a request: the footer's choice (a cookie), else the browser's
    # Accept-Language; a signed-in person's saved choice overrides both below.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # noindex on the pages about people (docs/privacy.md#search-engines).
    "thirtyone.robots.KeepCrawlersOff",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.language.use_saved_language",
    # Names read as the viewer may read them (docs/privacy.md#my-name-off-public-pages).
    "games.wording.readers.ReaderMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Signed-in devices' last visits, written every few minutes, not at every request
    # as allauth's UserSessionsMiddleware does (accounts.devices).
    "accounts.devices.track_devices",
]

ROOT_URLCONF = "thirtyone.urls"
ASGI_APPLICATION = "thirtyone.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "calls.bar.context",
                "games.turn_based.context",
            ],
            # django-template-partials on Django 5.2: its loader wraps the cached
            # loader so "page.html#partial" names render one partial.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    }
]

DATABASES = {"default": env.database(os.environ.get("DATABASE_URL"), VAR_DIR)}
# Where `manage.py backup` and the worker write backups (docs/backups.md#the-files).
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR") or VAR_DIR / "backups")
# The worker's own backups while a game or event is live, embedded profile only
# (docs/backups.md#automatic-backups); beat asks every this many minutes.
THIRTYONE_AUTO_BACKUPS = EMBEDDED
THIRTYONE_BACKUP_MINUTES = float(os.environ.get("THIRTYONE_BACKUP_MINUTES", "15"))
# "Download my data" (docs/privacy.md#download-my-data): the ZIPs' folder, which workers
# write and web processes read (shared in production), and the days a download is kept.
DATA_EXPORT_DIR = Path(os.environ.get("DATA_EXPORT_DIR") or VAR_DIR / "data-exports")
THIRTYONE_DATA_EXPORT_DAYS = int(os.environ.get("THIRTYONE_DATA_EXPORT_DAYS", "7"))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
CACHES = env.caches(REDIS_URL)
CHANNEL_LAYERS = env.channel_layers(REDIS_URL)

# Accounts (django-allauth): username sign-up, e-mail optional.
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
# Mail sent from a Celery task; usernames normalised; log-in throttling (accounts.adapter).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# ASCII letters, digits and . _ -, no reserved words ("You"): see accounts.usernames.
ACCOUNT_USERNAME_VALIDATORS = "accounts.usernames.USERNAME_VALIDATORS"
# Log-in throttling: at most 10 failed log-ins a minute from one address, and 5 in
# 5 minutes for one username from one address (accounts.adapter: a guesser cannot
# lock the member out). Counted in CACHES, so Redis shares the count between
# processes in production.
ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip,5/5m/key"}
# The client's address is REMOTE_ADDR, the peer of the connection: Daphne runs
# without --proxy-headers, which would take it from the X-Forwarded-For entry that
# the client itself writes. Behind a load balancer, set this to the number of
# proxies in front: allauth then takes the entry the nearest one appended.
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

# Two-factor log-in for whoever wants it (docs/security.md#two-factor-log-in): an
# authenticator app with recovery codes, passkeys (alone too); the code of the 30 s
# before and after is taken as well (typed as it changed, a phone's clock a little off).
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes", "webauthn"]
MFA_PASSKEY_LOGIN_ENABLED = True
MFA_TOTP_ISSUER = "Thirty-One"
MFA_TOTP_TOLERANCE = 1
MFA_ADAPTER = "accounts.two_factor.MFAAdapter"
MFA_FORMS = {"authenticate": "accounts.two_factor.AuthenticateForm"}
# "required": the admin refuses a staff member without a second factor (accounts.staff_mfa).
THIRTYONE_STAFF_MFA = env.get_choice("THIRTYONE_STAFF_MFA", ("optional", "required"), "optional")
# Signed-in devices: a session's address and last visit written at most this often.
USERSESSIONS_TRACK_ACTIVITY = True
THIRTYONE_DEVICE_SEEN_SECONDS = 300

# Outgoing mail (password reset, e-mail confirmation), sent by the Celery worker
# (accounts.tasks). With DEBUG off, `manage.py check` (and migrate) warns while
# EMAIL_HOST or DEFAULT_FROM_EMAIL are left at their localhost defaults (accounts.checks).
# The embedded profile prints mail on the console (`make run`'s terminal) unless told.
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG or EMBEDDED
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env.get_bool("EMAIL_USE_TLS", default=False)
EMAIL_USE_SSL = env.get_bool("EMAIL_USE_SSL", default=False)
# Seconds an SMTP connection may hang; without a limit a silent server holds a worker.
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Thirty-One <noreply@localhost>")
# SITE_URL (set with the profile above) is where people open the site: every absolute
# link — mail, calendars, QR codes, invitations — starts with it (games.site).

# The privacy page (docs/privacy.md): who runs the site (warned in production while unset,
# thirtyone.W002), and the days a read notification and a data download are kept, which
# the purges read too; sessions last SESSION_COOKIE_AGE, Django's two weeks.
THIRTYONE_OPERATOR = os.environ.get("THIRTYONE_OPERATOR", "").strip()
THIRTYONE_CONTACT_EMAIL = os.environ.get("THIRTYONE_CONTACT_EMAIL", "").strip()
THIRTYONE_NOTIFICATION_DAYS = int(os.environ.get("THIRTYONE_NOTIFICATION_DAYS", "90"))
# Web Push (docs/notifications.md#web-push): the site's VAPID key (made once in var/ when
# embedded; warned in production while unset, notifications.W001) and the address push
# services may write to. Plain-HTTP and private endpoints only for tests and a LAN's
# trial: a subscription's address is a URL someone else chose.
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "") or (
    embedded.vapid_private_key(VAR_DIR) if EMBEDDED else ""
)
VAPID_CONTACT = os.environ.get("VAPID_CONTACT", "")
THIRTYONE_PUSH_ALLOW_INSECURE = env.get_bool("THIRTYONE_PUSH_ALLOW_INSECURE", default=False)

# The languages of the site (docs/i18n.md): English is the source text and the fallback.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("da", "Dansk"), ("de", "Deutsch"), ("fr", "Français")]
# One catalogue per language for the whole site, built by `manage.py makemessages` and
# compiled by `make` (thirtyone/catalogues.py): the .mo files are not committed.
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Static files, served by WhiteNoise from every web process. Hashed and
# compressed names only in production: they need `collectstatic` first.
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns on every start if it is missing
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Celery. Tasks take ids and an expected seq and are harmless when repeated.
# kombu's Redis transport emulates acknowledgements by keeping every delivered message
# in an "unacked" hash; when the broker goes away with such messages in hand (bot turns
# and timers waiting for their countdown, always, on a live site), the worker's attempt
# to put them back crashes it for good ("Unrecoverable error: AttributeError: 'NoneType'
# object has no attribute 'hostname'", kombu 5.6 and 5.7; tests/integration/
# test_broker_outage.py). Without the emulation a worker rides out a broker restart and
# keeps the messages it holds; what a killed worker held is found again by the sweep
# (stalled bot turns, overdue timers), as it already was for countdown tasks.
CELERY_BROKER_TRANSPORT_OPTIONS = {"ack_emulation": False}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = env.get_bool("CELERY_EAGER", default=False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
# The bots' review of a finished game takes seconds of CPU and is never urgent: it has
# a queue of its own, which every worker also takes (Procfile, Procfile.embedded, the
# systemd unit: `--queues celery,reviews`), and a worker of its own may take alone
# (docs/celery.md#the-review-of-a-finished-game).
CELERY_TASK_ROUTES = {
    "games.tasks.review_game": {"queue": "reviews"},
    "fairplay.collusion.tasks.record_pair_signals": {"queue": "reviews"},
}
# Celery closes every database connection before and after each task unless this is
# set, and a new PostgreSQL connection is a new server process: keep them for this
# many tasks (Django's CONN_MAX_AGE and health checks still apply).
CELERY_DB_REUSE_MAX = 1000
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# Production hardening (`manage.py check --deploy` passes in production; README lists
# the warnings left in the embedded profile, which has no TLS).
SECURE_SSL_REDIRECT = env.get_bool("SECURE_SSL_REDIRECT", default=HTTPS)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000")) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
if env.get_bool("BEHIND_HTTPS_PROXY", default=False):
    # Only when a proxy in front sets X-Forwarded-Proto and strips the client's.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Content-Security-Policy (django-csp; Django 5.2 has none of its own): scripts, styles,
# images, fonts and sockets from the site itself only, no inline script or style
# attribute, no eval (htmx's is off: templates/base.html's htmx-config), no framing, forms
# posted only here (docs/security.md#content-security-policy). `'self'` covers the
# pages' WebSockets to the same host and port (ws: and wss:, CSP Level 3).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").upper()
LOGGING = env.logging(LOG_LEVEL)

# Error reports (sentry-sdk), only when SENTRY_DSN is set: no personal data, no frame's
# variables, no request body, and cards, salts, tokens and addresses scrubbed from what
# is left (thirtyone/error_reports.py, docs/security.md#error-reports).
if SENTRY_DSN := os.environ.get("SENTRY_DSN", ""):
    from thirtyone import error_reports

    error_reports.start(
        SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "embedded" if EMBEDDED else "production"),
        release=os.environ.get("SENTRY_RELEASE") or None,
    )

# ---- the game ----------------------------------------------------------------------
# Bots' pace, sweeps, reminders, calendar UIDs, deletions: thirtyone/game_settings.py.
from thirtyone.game_settings import *  # noqa: E402, F403

CELERY_BEAT_SCHEDULE = beat.schedule(
    sweep=THIRTYONE_SWEEP_SECONDS,  # noqa: F405
    series=THIRTYONE_SERIES_SECONDS,  # noqa: F405
    notify_sweep=THIRTYONE_NOTIFY_SWEEP_SECONDS,  # noqa: F405
    backup_minutes=THIRTYONE_BACKUP_MINUTES if THIRTYONE_AUTO_BACKUPS else None,
)
