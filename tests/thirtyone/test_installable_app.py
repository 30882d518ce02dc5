"""The installable app (docs/app.md): a manifest in the reader's language with the icons
at the sizes it says, a service worker at the root that may control the whole site and is
checked for updates on each visit, and an offline page that names no one."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_says_what_an_installed_app_needs() -> None:
    answer = Client().get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    said = json.loads(answer.content)
    assert (said["start_url"], said["scope"], said["display"]) == ("/", "/", "standalone")
    assert said["name"] == "Thirty-One" and said["lang"] == "en"
    assert said["theme_color"].startswith("#") and said["background_color"].startswith("#")
    purposes = {(icon["sizes"], icon["purpose"]) for icon in said["icons"]}
    assert purposes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in said["icons"]:
        name = icon["src"].removeprefix(settings.STATIC_URL)
        width, height = png_size(Path(settings.BASE_DIR, "static", name))
        assert f"{width}x{height}" == icon["sizes"], icon["src"]
    assert png_size(Path(settings.BASE_DIR, "static/img/app-180.png")) == (180, 180)


def test_the_manifest_is_in_the_readers_language() -> None:
    english = json.loads(Client().get("/manifest.webmanifest").content)
    danish = json.loads(
        Client().get("/manifest.webmanifest", headers={"accept-language": "da"}).content
    )
    assert danish["lang"] == "da" and danish["description"] != english["description"]


def test_every_page_links_the_manifest_and_loads_the_worker_only_by_script() -> None:
    page = Client().get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon"' in page and "js/app.js" in page
    assert "serviceWorker" not in page  # registered by static/js/app.js, never inline


def test_the_worker_is_served_at_the_root_and_checked_each_visit() -> None:
    answer = Client().get("/sw.js")
    assert answer["Content-Type"] == "application/javascript"
    assert answer["Cache-Control"] == "no-cache" and answer["Service-Worker-Allowed"] == "/"
    body = answer.content.decode()
    for handler in ("install", "activate", "fetch", "push", "notificationclick"):
        assert f'addEventListener("{handler}"' in body
    # It caches the offline page and its files, nothing else.
    assert "cache.put" not in body and "/offline/" in body


def test_the_offline_page_names_no_one_even_when_fetched_signed_in(django_user_model: Any) -> None:
    ann = django_user_model.objects.create_user("annabel-lee")
    client = Client()
    client.force_login(ann)
    answer = client.get("/offline/", headers={"accept-language": "fr"})
    page = answer.content.decode()
    assert answer.status_code == 200 and ann.username not in page
    assert '<html lang="fr">' in page and "csrfmiddlewaretoken" not in page
