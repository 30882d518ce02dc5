"""Which language a person is spoken to in (accounts.language, docs/i18n.md): the saved
choice, else the footer's cookie, else the browser's Accept-Language, else English."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from accounts.language import language_of, speaking_to
from accounts.models import User
from games.sockets import language_of_scope

pytestmark = pytest.mark.django_db


def lang_of(response: Any) -> str:
    page = response.content.decode()
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def test_the_browser_chooses_until_the_person_does() -> None:
    client = Client()
    assert lang_of(client.get("/rules/")) == "en"
    assert lang_of(client.get("/rules/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")) == "de"
    assert lang_of(client.get("/rules/", HTTP_ACCEPT_LANGUAGE="fr-CA")) == "fr"
    # A language the site does not speak falls back to English.
    assert lang_of(client.get("/rules/", HTTP_ACCEPT_LANGUAGE="ja")) == "en"


def test_the_footer_choice_is_a_cookie_for_a_visitor() -> None:
    client = Client()
    response = client.post("/language/", {"language": "da", "next": "/rules/"})
    assert response.status_code == 302 and response["Location"] == "/rules/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "da"
    assert lang_of(client.get("/rules/", HTTP_ACCEPT_LANGUAGE="fr")) == "da"


def test_a_signed_in_persons_footer_choice_is_saved_and_beats_the_browser(
    django_user_model: Any,
) -> None:
    ann = django_user_model.objects.create_user("ann", password="x" * 12)
    client = Client()
    client.force_login(ann)
    client.post("/language/", {"language": "fr", "next": "/"})
    ann.refresh_from_db()
    assert ann.language == "fr"
    # Another browser, asking for German, with no cookie: her choice still wins.
    elsewhere = Client()
    elsewhere.force_login(ann)
    assert lang_of(elsewhere.get("/rules/", HTTP_ACCEPT_LANGUAGE="de")) == "fr"


def test_a_language_not_offered_changes_nothing(django_user_model: Any) -> None:
    ann = django_user_model.objects.create_user("ann", password="x" * 12)
    client = Client()
    client.force_login(ann)
    client.post("/language/", {"language": "xx", "next": "/"})
    response = client.post("/accounts/preferences/", {"language": "xx"}, follow=True)
    ann.refresh_from_db()
    assert ann.language == ""
    assert "Choose one of the languages offered." in response.content.decode()


def test_the_profile_saves_the_language_and_blank_follows_the_browser(
    django_user_model: Any,
) -> None:
    ann = django_user_model.objects.create_user("ann", password="x" * 12)
    client = Client()
    client.force_login(ann)
    response = client.post("/accounts/preferences/", {"language": "de"})
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.language == "de"
    assert lang_of(client.get("/rules/", HTTP_ACCEPT_LANGUAGE="fr")) == "de"
    client.post("/accounts/preferences/", {"language": ""})
    ann.refresh_from_db()
    assert ann.language == ""
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    assert lang_of(client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en")) == "en"
    assert lang_of(client.get("/rules/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


def test_mail_follows_the_language_last_read_until_one_is_chosen(
    django_user_model: Any,
) -> None:
    ann = django_user_model.objects.create_user("ann", password="x" * 12)
    client = Client()
    client.force_login(ann)
    assert language_of(ann) == "en"
    client.get("/rules/", HTTP_ACCEPT_LANGUAGE="da")
    ann.refresh_from_db()
    assert (ann.language, language_of(ann)) == ("", "da")
    # Her pages still follow the browser: another one asks for German.
    assert lang_of(client.get("/rules/", HTTP_ACCEPT_LANGUAGE="de")) == "de"
    ann.refresh_from_db()
    assert language_of(ann) == "de"
    # Chosen on her profile: that, whatever she reads.
    client.post("/accounts/preferences/", {"language": "fr"})
    client.get("/rules/", HTTP_ACCEPT_LANGUAGE="da")
    ann.refresh_from_db()
    assert (ann.language, language_of(ann)) == ("fr", "fr")


def test_a_sockets_language_is_found_as_a_pages_is(django_user_model: Any) -> None:
    ann = django_user_model.objects.create_user("ann", language="fr")
    bob = django_user_model.objects.create_user("bob")
    browser = [(b"accept-language", b"ja, de-AT;q=0.8, en;q=0.5")]
    assert language_of_scope({"user": ann, "headers": browser}) == "fr"
    assert language_of_scope({"user": bob, "headers": browser}) == "de"
    cookie = {settings.LANGUAGE_COOKIE_NAME: "da"}
    assert language_of_scope({"user": bob, "headers": browser, "cookies": cookie}) == "da"
    assert language_of_scope({"headers": [(b"accept-language", b"ja")]}) == "en"


def test_sign_up_keeps_the_language_it_was_made_in() -> None:
    client = Client()
    response = client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "password1": "a long passphrase 1",
            "password2": "a long passphrase 1",
        },
        HTTP_ACCEPT_LANGUAGE="da",
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    dora = User.objects.get(username="dora")
    assert (dora.language, dora.reads_in) == ("", "da")  # not chosen: read in
    assert language_of(dora) == "da"


def test_mail_is_written_in_the_saved_language_or_english(django_user_model: Any) -> None:
    from django.utils.translation import get_language

    ann = django_user_model.objects.create_user("ann", language="de")
    bob = django_user_model.objects.create_user("bob")
    with speaking_to(ann):
        assert get_language() == "de"
    with speaking_to(bob):
        assert get_language() == "en"
