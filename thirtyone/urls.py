"""Top-level URLs."""

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.urls import include, path

from accounts.language import set_language
from accounts.staff_mfa import guard_admin
from thirtyone import app, health, metrics_view, privacy, robots


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """/favicon.ico, which browsers and bookmark or feed tools ask for whatever the page
    says: sent to the one icon there is, the SVG of base.html's <link rel=icon>, under
    its plain (unhashed) name, which never moves, so the redirect may be permanent
    (a hashed name would change with the file while browsers kept the old redirect).
    No .ico copy to keep in step with it (no Pillow here to draw one either)."""
    return HttpResponsePermanentRedirect(f"{settings.STATIC_URL}img/favicon.svg")


# The admin has no log-in form of its own: a visitor who is not logged in is sent to the
# site's (allauth's), under the same limits on failed log-ins (ACCOUNT_RATE_LIMITS) and
# with its second step, and back to the admin page they asked for. A logged-in member who
# is not staff is refused, and so is staff without a second factor when
# THIRTYONE_STAFF_MFA is "required" (accounts.staff_mfa, the one place that says so).
guard_admin(admin.site)

urlpatterns = [
    # Answered by thirtyone.health.answer_probes, whatever the Host (docs/monitoring.md).
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics_view.metrics, name="metrics"),
    path("favicon.ico", favicon),
    # Crawlers kept off the pages about people (docs/privacy.md#search-engines).
    path("robots.txt", robots.robots_txt, name="robots_txt"),
    # What the site keeps about people, and who runs it (docs/privacy.md).
    path("privacy/", privacy.privacy, name="privacy"),
    # The installable app (docs/app.md): at the root, so the worker's scope is the site.
    path("manifest.webmanifest", app.manifest, name="web_manifest"),
    path("sw.js", app.service_worker, name="service_worker"),
    path("offline/", app.offline, name="offline"),
    path("admin/", admin.site.urls),
    # The footer's language form (accounts.language): Django's set_language, plus the
    # signed-in person's profile.
    path("language/", set_language, name="set_language"),
    # Ours first, so /accounts/profile/ is not looked up in allauth's URLs.
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    # Before clubs: /clubs/<slug>/events/new/ is the tournaments app's.
    path("", include("tournaments.urls")),
    path("clubs/", include("clubs.urls")),
    path("ratings/", include("ratings.urls")),
    path("notifications/", include("notifications.urls")),
    # Reports, blocks and the moderation queue (docs/fair-play.md).
    path("fairplay/", include("fairplay.urls")),
    path("", include("games.urls")),
]
