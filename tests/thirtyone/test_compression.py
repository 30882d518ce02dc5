"""Pages and fragments are gzipped for a browser that asks, with `Vary: Accept-Encoding`;
small responses, streaming ones and types that are not text are not
(thirtyone.compression, docs/web.md#compressed-pages)."""

from __future__ import annotations

import gzip
from typing import Any

import pytest
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from thirtyone.compression import CompressedPages


@pytest.mark.django_db
def test_a_page_is_gzipped_for_a_browser_that_asks_with_the_vary_header(
    django_user_model: Any,
) -> None:
    client = Client()
    client.force_login(django_user_model.objects.create_user("ann", password="x" * 12))
    plain = client.get(reverse("lobby"))
    assert plain.status_code == 200 and not plain.has_header("Content-Encoding")
    asked = client.get(reverse("lobby"), headers={"Accept-Encoding": "gzip, deflate, br"})
    assert asked.status_code == 200
    assert asked["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in asked["Vary"]
    page = gzip.decompress(asked.content).decode()
    assert page.lstrip().lower().startswith("<!doctype html>")
    assert len(asked.content) < len(plain.content) / 2
    # The CSRF token is masked anew in each response (BREACH): never the same text.
    tokens = [
        part.split('"', 1)[0]
        for part in (page, plain.content.decode())
        for part in part.split('name="csrfmiddlewaretoken" value="')[1:2]
    ]
    assert len(tokens) == 2 and tokens[0] != tokens[1]


def _through(response: HttpResponse | StreamingHttpResponse) -> Any:
    request = RequestFactory().get("/", headers={"Accept-Encoding": "gzip"})
    return CompressedPages(lambda request: response)(request)


def test_a_small_response_is_not_gzipped() -> None:
    answered = _through(HttpResponse("<p>Moved on.</p>"))
    assert not answered.has_header("Content-Encoding")
    assert answered.content == b"<p>Moved on.</p>"


def test_a_long_text_response_is_gzipped_and_a_long_image_is_not() -> None:
    text = "<li>A line of the log.</li>" * 50
    answered = _through(HttpResponse(text))
    assert answered["Content-Encoding"] == "gzip"
    assert gzip.decompress(answered.content).decode() == text
    image = _through(HttpResponse(b"\x89PNG" + bytes(range(256)) * 4, content_type="image/png"))
    assert not image.has_header("Content-Encoding")


def test_a_streaming_response_is_not_gzipped() -> None:
    answered = _through(StreamingHttpResponse(iter(["<p>x</p>" * 100])))
    assert not answered.has_header("Content-Encoding")
