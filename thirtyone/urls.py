"""Top-level URLs."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    # Ours first, so /accounts/profile/ is not looked up in allauth's URLs.
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    # Before clubs: /clubs/<slug>/events/new/ is the tournaments app's.
    path("", include("tournaments.urls")),
    path("clubs/", include("clubs.urls")),
    path("ratings/", include("ratings.urls")),
    path("", include("games.urls")),
]
