"""The pages of "Download my data" (docs/privacy.md#download-my-data), without
JavaScript: the profile's link, the page before, while and after a download is built,
the download for its owner only (someone else's: 404), an expired or replaced one
refused with a sentence that changes nothing, the notification that it is ready, and
beat's purge deleting only the downloads past their days, safely twice."""

from __future__ import annotations

import os
import time
from datetime import timedelta
from typing import Any

import pytest
from django.template.defaultfilters import filesizeformat
from django.test import Client
from django.urls import reverse
from django.utils import dateformat, timezone

from accounts.data_export import purging, storage
from accounts.models import DataExport
from games import services
from notifications import preferences
from notifications.models import Notification
from tests.accounts.exports import files_in, ready_export
from tests.i18n.english_left import english_in, page_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("export_dir")]


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_profile_links_to_the_data_page_which_needs_a_log_in(ann: Any) -> None:
    page = _client(ann).get(reverse("my_profile")).content.decode()
    assert f'href="{reverse("data_export")}"' in page
    response = _client().get(reverse("data_export"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_page_offers_to_prepare_then_shows_the_download_with_its_size_and_expiry(
    ann: Any,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
) -> None:
    settings.THIRTYONE_DATA_EXPORT_DAYS = 3
    client = _client(ann)
    before = client.get(reverse("data_export")).content.decode()
    assert "Prepare my data" in before and "profile.json" in before
    assert "You have not asked for your data yet." in before
    with django_capture_on_commit_callbacks(execute=True):  # the worker builds it
        asked = client.post(reverse("data_export"))
    assert asked.status_code == 302 and asked["Location"] == reverse("data_export")
    page = client.get(reverse("data_export")).content.decode()
    assert "Your data is being prepared. You will get a notification" in page  # the message
    export = DataExport.objects.get(user=ann)
    assert export.expires_at == export.ready_at + timedelta(days=3)
    assert reverse("data_export_download", args=[export.pk]) in page
    assert f"Download the ZIP ({filesizeformat(export.size)})" in page
    assert f"{dateformat.format(export.expires_at, 'D j M Y, H:i')} UTC" in page  # until then
    assert "Prepare a new download" in page


def test_asking_while_one_is_being_built_says_so_and_starts_no_second(
    ann: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    client = _client(ann)
    with django_capture_on_commit_callbacks(execute=False):  # no worker has it yet
        client.post(reverse("data_export"))
        page = client.post(reverse("data_export"), follow=True).content.decode()
    assert "already being prepared" in page
    assert "Your data is being prepared" in page and "Prepare my data" not in page
    assert DataExport.objects.filter(user=ann).count() == 1


def test_only_its_owner_downloads_it_and_someone_elses_is_not_found(
    ann: Any,
    bob: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    export = ready_export(ann, django_capture_on_commit_callbacks)
    url = reverse("data_export_download", args=[export.pk])
    response = _client(ann).get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "attachment" in response["Content-Disposition"]
    assert "thirty-one-ann-" in response["Content-Disposition"]
    assert response["Cache-Control"] == "private, no-store"
    assert b"".join(response.streaming_content) == storage.path_of(export).read_bytes()
    assert _client(bob).get(url).status_code == 404
    anonymous = _client().get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    missing = reverse("data_export_download", args=[export.pk + 1])
    assert _client(ann).get(missing).status_code == 404


def test_an_expired_download_is_refused_with_a_sentence_and_nothing_changes(
    ann: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    export = ready_export(ann, django_capture_on_commit_callbacks)
    DataExport.objects.filter(pk=export.pk).update(expires_at=timezone.now() - timedelta(hours=1))
    response = _client(ann).get(reverse("data_export_download", args=[export.pk]))
    assert response.status_code == 410
    page = response.content.decode()
    assert "This download expired on" in page and "and was deleted." in page
    assert reverse("data_export") in page
    export.refresh_from_db()
    assert export.status == DataExport.READY and storage.path_of(export).exists()
    page = _client(ann).get(reverse("data_export")).content.decode()
    assert "Your last download expired on" in page


def test_a_replaced_download_is_refused_with_a_sentence(
    ann: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    first = ready_export(ann, django_capture_on_commit_callbacks)
    ready_export(ann, django_capture_on_commit_callbacks)
    response = _client(ann).get(reverse("data_export_download", args=[first.pk]))
    assert response.status_code == 410
    assert "replaced by a newer one" in response.content.decode()


def test_its_owner_is_notified_with_a_link_to_the_download_as_they_chose(
    ann: Any,
    bob: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    export = ready_export(ann, django_capture_on_commit_callbacks)
    (told,) = Notification.objects.filter(kind="data_ready")
    assert told.user == ann and told.url == reverse("data_export_download", args=[export.pk])
    assert told.text == "Your data is ready: download it within 7 days."
    assert told.valid_until == export.expires_at
    for channel in ("site", "email", "browser", "push"):
        preferences.set_choice(bob.pk, "data_ready", channel, False)
    ready_export(bob, django_capture_on_commit_callbacks)
    assert not Notification.objects.filter(user=bob).exists()  # wanted nowhere


def test_the_purge_deletes_only_the_downloads_past_their_days_and_is_safe_twice(
    ann: Any,
    bob: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    old = ready_export(ann, django_capture_on_commit_callbacks)
    fresh = ready_export(bob, django_capture_on_commit_callbacks)
    DataExport.objects.filter(pk=old.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    leftover = storage.folder() / ".99-abc.partial"  # a worker killed while writing, days ago
    leftover.write_bytes(b"half a zip")
    two_days_ago = time.time() - 2 * 24 * 3600
    os.utime(leftover, (two_days_ago, two_days_ago))
    writing = storage.folder() / ".98-def.partial"  # being written now
    writing.write_bytes(b"a zip being written")
    assert purging.purge() == 1
    assert purging.purge() == 0  # again (or on a second worker): nothing more
    old.refresh_from_db()
    fresh.refresh_from_db()
    assert old.status == DataExport.EXPIRED and not storage.path_of(old).exists()
    assert fresh.status == DataExport.READY and storage.path_of(fresh).exists()
    assert not leftover.exists() and writing.exists()


@pytest.mark.parametrize("language", ["da", "de", "fr"])
def test_the_data_page_and_the_index_are_in_the_persons_language(
    language: str, ann: Any, bob: Any, scat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    services.start_game(table=table, by=ann)
    ann.language = language
    ann.save(update_fields=["language"])
    export = ready_export(ann, django_capture_on_commit_callbacks)
    page = _client(ann).get(reverse("data_export")).content.decode()
    gone = timezone.now() - timedelta(days=1)
    DataExport.objects.filter(pk=export.pk).update(expires_at=gone)
    refusal = _client(ann).get(reverse("data_export_download", args=[export.pk])).content.decode()
    index = files_in(export)["index.html"].decode()
    found = {}
    for name, html in (("page", page), ("refusal", refusal), ("index.html", index)):
        lang, text = page_text(html, language)
        assert lang == language, name
        found[name] = english_in(text, language, ("Kitchen", "ZIP", "JSON"))
    assert found == {"page": [], "refusal": [], "index.html": []}


def test_asking_more_than_five_times_an_hour_is_refused_with_a_sentence(
    ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = _client(ann)
    for _ask in range(5):
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(reverse("data_export")).status_code == 302
    made = DataExport.objects.filter(user=ann).count()
    refused = client.post(reverse("data_export"))
    assert refused.status_code == 429
    assert "You asked for your data 5 times in the last hour: wait" in refused.content.decode()
    assert DataExport.objects.filter(user=ann).count() == made == 5
