"""Text no database column can hold is refused with a 400 before any view
(thirtyone.unstorable, docs/security.md#refused-at-the-door)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Table
from tests.games.conftest import ann, presets  # noqa: F401  (shared fixtures)
from tests.games.test_rule_forms import table_data
from thirtyone.unstorable import REFUSAL, unstorable

pytestmark = pytest.mark.django_db


def test_a_nul_or_a_lone_surrogate_is_unstorable_and_other_text_is_not() -> None:
    assert unstorable("a\x00b")
    assert unstorable("\ud800") and unstorable("x\udfff")
    assert not unstorable("Ann \u202e\u2028 e\u0301 \U0001f0cf <b>'\"")


@pytest.mark.parametrize(
    "url",
    [
        "/accounts/profile/%00/",
        "/tournaments/1/join/%00/",
        "/join/a%00b/",
        "/?page=%00",
        "/replays/import/?x%00=1",
    ],
)
def test_a_nul_in_a_path_or_query_is_a_400_with_a_sentence(client: Client, url: str) -> None:
    response = client.get(url)

    assert response.status_code == 400
    assert response.content.decode() == REFUSAL


def test_a_nul_in_a_form_field_or_a_cookie_is_a_400_and_changes_nothing(
    client: Client,
    ann: Any,  # noqa: F811
    presets: None,  # noqa: F811
) -> None:
    client.force_login(ann)

    posted = client.post("/tables/new/", table_data(rules_from="1\x00"))
    assert (posted.status_code, posted.content.decode()) == (400, REFUSAL)
    assert not Table.objects.exists()
    assert client.post("/tables/new/", table_data()).status_code == 302, "without the NUL"

    client.cookies["sessionid"] = "abcdefgh\x00ijk"
    assert client.get("/").status_code == 400


def test_ordinary_requests_pass(client: Client) -> None:
    assert client.get("/", {"page": "2"}).status_code == 200
    assert client.get("/accounts/profile/n%C3%B8body/").status_code == 404
