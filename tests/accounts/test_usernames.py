"""Usernames at sign-up: no reserved words, no look-alikes (accounts.usernames)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games import engine, rendering, services
from games.models import GamePlayer, RuleSet
from games.wording import describe

pytestmark = pytest.mark.django_db

PASSWORD = "felt-table-31-blitz"


def sign_up(client: Client, username: str) -> str:
    response = client.post(
        reverse("account_signup"),
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )
    return response.content.decode() if response.status_code == 200 else ""


@pytest.mark.parametrize("username", ["You", "yOu", "you", "Y.o.u", "BOT", "Admin", "dealer"])
def test_reserved_words_are_refused_in_any_case(client: Client, username: str) -> None:
    page = sign_up(client, username)
    assert "is a word the site uses for someone else" in page
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "username",
    [
        "\u0430dmin",  # Cyrillic а: "аdmin"
        "\u042cob",  # Cyrillic Ь: "Ьob"
        "b\u043eb",  # Cyrillic о
        "ann\u200b",  # a zero-width space
        "Zoë",
        "two words",
        ".hidden",
        "ann@home",
    ],
)
def test_names_outside_ascii_letters_digits_and_dot_dash_underscore_are_refused(
    client: Client, username: str
) -> None:
    page = sign_up(client, username)
    assert "Use only the letters a-z and A-Z, digits and . _ -" in page
    assert not User.objects.exists()


def test_full_width_letters_are_read_as_the_plain_ones_they_look_like(client: Client) -> None:
    User.objects.create_user("bob", password=PASSWORD)
    assert "already exists" in sign_up(client, "\uff42\uff4f\uff42")  # "ｂｏｂ"
    assert "a word the site uses" in sign_up(Client(), "\uff41\uff44\uff4d\uff49\uff4e")
    assert User.objects.count() == 1


def test_another_case_of_a_taken_name_is_taken(client: Client) -> None:
    User.objects.create_user("bob", password=PASSWORD)
    assert "already exists" in sign_up(client, "BoB")
    assert User.objects.count() == 1


def test_ordinary_names_are_accepted(client: Client) -> None:
    for username in ["ann", "Bob_2", "c.d-e", "youngster", "botanist"]:
        Client().post(
            reverse("account_signup"),
            {"username": username, "password1": PASSWORD, "password2": PASSWORD},
        )
    assert sorted(User.objects.values_list("username", flat=True)) == sorted(
        ["ann", "Bob_2", "c.d-e", "youngster", "botanist"]
    )


def test_a_member_named_you_from_before_never_reads_as_the_viewer(
    django_user_model: Any,
) -> None:
    RuleSet.sync_presets()
    ann = django_user_model.objects.create_user("ann", password=PASSWORD)
    legacy = django_user_model.objects.create_user("You", password=PASSWORD)  # not changed
    table = services.create_table(
        owner=ann, name="Kitchen", rule_set=RuleSet.objects.get(preset="scat", is_preset=True)
    )
    services.join_table(table=table, user=legacy)
    game = services.start_game(table=table, by=ann)

    assert GamePlayer.objects.get(game=game, user=legacy).name == "You (player)"
    legacy.refresh_from_db()
    assert legacy.username == "You"
    context = rendering.game_context(game, game.engine_state(), 0)
    lines = [text for _, _, text, _ in context["log"]]
    assert "A new game of 31 for ann and You (player)." in lines
    names = game.engine_state().names
    # When they move, ann reads their name and the verb for someone else.
    assert describe(engine.Event("looked", seat=1), names, 0) == "You (player) looks."
    assert describe(engine.Event("looked", seat=0), names, 0) == "You look."
