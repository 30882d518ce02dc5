"""The "Rated game" switch: a checkbox on the forms that open a table (no JavaScript
needed), stored on the table and shown on its page."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client
from django.urls import reverse

from games.models import Table
from tests.games.test_rule_forms import table_data


def test_the_forms_that_open_a_table_offer_the_switch(
    client: Client, ann: Any, presets: None
) -> None:
    client.force_login(ann)
    for url in (reverse("create_table"), reverse("lobby")):
        page = client.get(url).content.decode()
        assert 'type="checkbox" name="rated"' in page
        assert "Rated game" in page


def test_a_table_opened_as_rated_says_so_on_its_page(
    client: Client, ann: Any, presets: None
) -> None:
    client.force_login(ann)
    client.post(reverse("create_table"), table_data(rated="on"))
    client.post(reverse("create_table"), table_data(name="Casual"))
    rated, casual = Table.objects.order_by("pk")
    assert (rated.rated, casual.rated) == (True, False)
    assert (
        '<span class="table-header__rated">rated</span>'
        in client.get(rated.get_absolute_url()).content.decode()
    )
    assert "table-header__rated" not in client.get(casual.get_absolute_url()).content.decode()


def test_customising_the_rules_keeps_the_switch(client: Client, ann: Any, presets: None) -> None:
    client.force_login(ann)
    response = client.post(reverse("create_table"), table_data(rated="on", action="customise"))
    assert "rated=on" in response["Location"]
    page = client.get(response["Location"]).content.decode()
    (checkbox,) = re.findall(r'<input type="checkbox" name="rated"[^>]*>', page)
    assert " checked" in checkbox
