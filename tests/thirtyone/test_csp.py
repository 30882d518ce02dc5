"""The Content-Security-Policy (docs/security.md#content-security-policy): the header on
every response, and no markup it would block — no inline script, event handler or style
attribute, and no htmx feature that evaluates code — in any template of the site."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent.parent
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)

# What the policy blocks, as it is written in a template. A JSON data block (`<script
# type="application/json">`: allauth's settings for its passkey scripts) is not a script
# the browser runs, so the policy does not apply to it (docs/security.md#passkeys).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>", re.I)
HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)
STYLE_ATTRIBUTE = re.compile(r"\sstyle\s*=", re.I)
STYLE_ELEMENT = re.compile(r"<style[\s>]", re.I)
# htmx evaluates these as code (hx-on, "js:" values, trigger filters in brackets).
HTMX_EVAL = re.compile(
    r"hx-on|hx-vars|hx-(?:vals|headers)=[\"']\s*(?:javascript|js):|hx-trigger=\"[^\"]*\[", re.I
)


# Written into a file, never served: the index of a person's data download, opened
# offline from the ZIP, holds its own styles (docs/privacy.md#what-is-in-the-zip).
NOT_SERVED = {ROOT / "templates/accounts/data_export/index.html"}


def templates() -> list[Path]:
    found = [*ROOT.glob("templates/**/*.html")]
    for app in ("games", "accounts", "clubs", "tournaments", "ratings", "calls", "notifications"):
        found += (ROOT / app).glob("templates/**/*.html")
    return sorted(set(found) - NOT_SERVED)


def test_the_policy_is_the_one_the_docs_give() -> None:
    given = settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]
    assert "; ".join(f"{k} {' '.join(v)}" for k, v in given.items()) == POLICY


@pytest.mark.parametrize(
    ("what", "pattern"),
    [
        ("an inline script", INLINE_SCRIPT),
        ("an inline event handler", HANDLER),
        ("a style attribute", STYLE_ATTRIBUTE),
        ("a <style> element", STYLE_ELEMENT),
        ("htmx evaluating code", HTMX_EVAL),
    ],
)
def test_no_template_holds_what_the_policy_blocks(what: str, pattern: re.Pattern[str]) -> None:
    assert len(templates()) > 50, "the templates are found"
    found = [
        f"{path.relative_to(ROOT)}:{text[: m.start()].count(chr(10)) + 1}: {m.group(0)}"
        for path in templates()
        for text in [path.read_text()]
        for m in pattern.finditer(text)
    ]
    assert not found, f"{what}:\n" + "\n".join(found)


def test_the_checks_see_what_they_look_for() -> None:
    assert INLINE_SCRIPT.search("<script>alert(1)</script>")
    assert not INLINE_SCRIPT.search('<script src="/static/js/live.js" defer></script>')
    assert not INLINE_SCRIPT.search('<script type="application/json" data-x="y">{"a": 1}')
    assert INLINE_SCRIPT.search('<script type="module">go()</script>')
    assert HANDLER.search('<button onclick="go()">')
    assert STYLE_ATTRIBUTE.search('<span style="width: 3%">')
    assert HTMX_EVAL.search('hx-trigger="every 5s [!window.thirtyoneLive]"')
    assert not HTMX_EVAL.search('hx-trigger="every 5s" data-poll-unless-live')


@pytest.mark.django_db
def test_every_kind_of_response_carries_the_header(admin_user: Any) -> None:
    client = Client()
    answers = {
        "page": client.get("/"),
        "fragment": client.get("/", headers={"HX-Request": "true"}),
        "not found": client.get("/no-such-page/"),
        "log-in": client.get("/accounts/login/"),
    }
    staff = Client()
    staff.force_login(admin_user)
    answers["admin"] = staff.get("/admin/")
    for what, response in answers.items():
        assert directives(response["Content-Security-Policy"]) == directives(POLICY), what


def directives(policy: str) -> set[str]:
    """A policy's directives, in any order (django-csp writes them in no fixed one)."""
    return {part.strip() for part in policy.split(";")}
