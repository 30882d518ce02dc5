"""Two-factor log-in (docs/security.md#two-factor-log-in): the authenticator app set up
with its code, the log-in's second step, recovery codes, and THIRTYONE_STAFF_MFA in front
of the admin."""

from __future__ import annotations

from typing import Any

import pytest
from allauth.mfa.models import Authenticator
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.accounts.two_factor import (
    PASSWORD,
    code_now,
    log_in,
    recovery_codes,
    set_up_app,
    wrong_code,
)

pytestmark = pytest.mark.django_db

STAFF_SENTENCE = "Two-factor log-in is required for the admin"


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice", password=PASSWORD)


@pytest.fixture
def alice_with_app(alice: User) -> str:
    """alice with the authenticator app on; its key. The codes used so far are forgotten,
    so a test may log in with the code of this half-minute."""
    client = Client()
    log_in(client, "alice")
    secret = set_up_app(client)
    cache.clear()
    return secret


def logged_in_as(client: Client) -> str | None:
    return client.session.get("_auth_user_id")


def test_the_profile_links_two_factor_log_in_and_devices_for_its_owner_only(
    client: Client, alice: User
) -> None:
    User.objects.create_user("bob", password=PASSWORD)
    client.force_login(alice)
    own = client.get(reverse("my_profile")).content.decode()
    assert f'href="{reverse("mfa_index")}"' in own and "Two-factor log-in" in own
    assert f'href="{reverse("usersessions_list")}"' in own and "Signed-in devices" in own
    other = client.get(reverse("profile", args=["bob"])).content.decode()
    assert reverse("mfa_index") not in other and reverse("usersessions_list") not in other


def test_the_app_is_set_up_with_a_code_it_shows(client: Client, alice: User) -> None:
    log_in(client, "alice")
    index = client.get(reverse("mfa_index")).content.decode()
    assert "Set up an authenticator app" in index

    secret = set_up_app(client)

    totp = Authenticator.objects.get(user=alice, type=Authenticator.Type.TOTP)
    assert totp.wrap().instance.data["secret"] == secret
    assert len(recovery_codes(alice)) == 10, "recovery codes come with it"
    index = client.get(reverse("mfa_index")).content.decode()
    assert "Turn off the authenticator app" in index
    assert "10 codes left of 10." in index


def test_a_wrong_code_does_not_turn_the_app_on(client: Client, alice: User) -> None:
    log_in(client, "alice")
    client.get(reverse("mfa_activate_totp"))
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
    client.get(reverse("mfa_activate_totp"))
    secret = client.session["mfa.totp.secret"]

    page = client.post(reverse("mfa_activate_totp"), {"code": wrong_code(secret)})

    assert page.status_code == 200
    assert "That code is not right: type the one your app shows now" in page.content.decode()
    assert not Authenticator.objects.filter(user=alice).exists()


def test_the_log_in_then_asks_for_the_code(alice: User, alice_with_app: str) -> None:
    client = Client()
    response = log_in(client, "alice")

    assert response.status_code == 302
    assert response["Location"] == reverse("mfa_authenticate")
    assert logged_in_as(client) is None, "the password alone does not log in"
    step = client.get(reverse("mfa_authenticate")).content.decode()
    assert "The code from your authenticator app, or a recovery code" in step
    assert 'inputmode="numeric"' in step and 'autocomplete="one-time-code"' in step
    assert "Use a passkey instead" not in step, "she has no passkey"

    done = client.post(reverse("mfa_authenticate"), {"code": code_now(alice_with_app)})

    assert done.status_code == 302 and done["Location"] == "/"
    assert logged_in_as(client) == str(alice.pk)


def test_a_wrong_code_is_refused_with_a_sentence(alice: User, alice_with_app: str) -> None:
    client = Client()
    log_in(client, "alice")

    refused = client.post(reverse("mfa_authenticate"), {"code": wrong_code(alice_with_app)})

    assert refused.status_code == 200
    page = refused.content.decode()
    assert "That code is not right: type the one your app shows now" in page
    assert 'aria-invalid="true"' in page
    assert logged_in_as(client) is None


def test_a_code_is_taken_once(alice: User, alice_with_app: str) -> None:
    code = code_now(alice_with_app)
    first = Client()
    log_in(first, "alice")
    first.post(reverse("mfa_authenticate"), {"code": code})
    assert logged_in_as(first) == str(alice.pk)

    again = Client()
    log_in(again, "alice")
    again.post(reverse("mfa_authenticate"), {"code": code})
    assert logged_in_as(again) is None, "someone who saw the code cannot use it again"


def test_too_many_wrong_codes_say_how_long_to_wait(alice: User, alice_with_app: str) -> None:
    client = Client()
    log_in(client, "alice")
    for _ in range(5):
        client.post(reverse("mfa_authenticate"), {"code": wrong_code(alice_with_app)})

    refused = client.post(reverse("mfa_authenticate"), {"code": code_now(alice_with_app)})

    assert "Too many wrong codes: try again in 5 minutes." in refused.content.decode()
    assert logged_in_as(client) is None


def test_a_recovery_code_logs_in_once(alice: User, alice_with_app: str) -> None:
    code = recovery_codes(alice)[0]
    client = Client()
    log_in(client, "alice")
    client.post(reverse("mfa_authenticate"), {"code": code})
    assert logged_in_as(client) == str(alice.pk)
    assert code not in recovery_codes(alice)
    client.post(reverse("account_logout"))

    log_in(client, "alice")
    again = client.post(reverse("mfa_authenticate"), {"code": code})

    assert "That code is not right" in again.content.decode()
    assert logged_in_as(client) is None


def test_the_recovery_codes_are_shown_and_downloaded_without_a_script(
    alice: User, alice_with_app: str
) -> None:
    client = Client()
    log_in(client, "alice")
    client.post(reverse("mfa_authenticate"), {"code": code_now(alice_with_app)})
    asked = client.get(reverse("mfa_view_recovery_codes"))
    assert reverse("account_reauthenticate") in asked["Location"], "the password first"
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
    page = client.get(reverse("mfa_view_recovery_codes")).content.decode()
    codes = recovery_codes(alice)
    assert all(f"<code>{code}</code>" in page for code in codes)
    assert "<script" not in page.split("<main", 1)[1].split("</main>", 1)[0]
    download = client.get(reverse("mfa_download_recovery_codes"))
    assert download["Content-Disposition"] == 'attachment; filename="recovery-codes.txt"'
    assert download.content.decode().split() == codes


def test_turning_the_app_off_asks_first(alice: User, alice_with_app: str) -> None:
    client = Client()
    log_in(client, "alice")
    client.post(reverse("mfa_authenticate"), {"code": code_now(alice_with_app)})
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
    page = client.get(reverse("mfa_deactivate_totp")).content.decode()
    assert "The site will no longer ask for its code when you log in." in page

    client.post(reverse("mfa_deactivate_totp"))

    assert not Authenticator.objects.filter(user=alice, type=Authenticator.Type.TOTP).exists()
    client.post(reverse("account_logout"))
    assert log_in(client, "alice")["Location"] == "/", "the password is enough again"


def test_the_passkey_controls_need_javascript_and_say_so(client: Client, alice: User) -> None:
    """Every passkey button or link is hidden in the markup (static/js/passkeys.js shows
    it), with a <noscript> sentence beside it."""
    login = client.get(reverse("account_login")).content.decode()
    client.force_login(alice)
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
    pages = {
        "log-in": login,
        "index": client.get(reverse("mfa_index")).content.decode(),
        "add": client.get(reverse("mfa_add_webauthn")).content.decode(),
        "list": client.get(reverse("mfa_list_webauthn")).content.decode(),
    }
    for name, page in pages.items():
        assert "Passkeys need JavaScript, which is turned off in this browser." in page, name
        assert page.count("data-passkey-control hidden") == 1, name
        assert "js/passkeys.js" in page, name
    assert 'id="passkey_login"' in pages["log-in"]
    assert "Log in with your password instead." in pages["log-in"]


# ---- THIRTYONE_STAFF_MFA --------------------------------------------------------------


@pytest.fixture
def boss() -> User:
    return User.objects.create_user("boss", password=PASSWORD, is_staff=True, is_superuser=True)


def test_required_refuses_staff_without_a_second_factor(settings: Any, boss: User) -> None:
    settings.THIRTYONE_STAFF_MFA = "required"
    client = Client()
    log_in(client, "boss")
    assert logged_in_as(client) == str(boss.pk)

    for path in ("/admin/", "/admin/games/table/", "/admin/accounts/user/"):
        refused = client.get(path, follow=True)
        assert refused.status_code == 403, path
        page = refused.content.decode()
        assert (
            "Two-factor log-in is required for the admin: set up an authenticator app or a "
            "passkey first." in page
        ), path
        assert f'href="{reverse("mfa_index")}"' in page
    posted = client.post("/admin/accounts/user/1/delete/", {"post": "yes"})
    assert posted.status_code == 302 and User.objects.filter(pk=boss.pk).exists()


def test_the_refusal_is_in_the_staff_members_language(settings: Any, boss: User) -> None:
    settings.THIRTYONE_STAFF_MFA = "required"
    boss.language = "de"
    boss.save()
    client = Client()
    client.force_login(boss)
    page = client.get("/admin/", follow=True).content.decode()
    assert '<html lang="de">' in page
    assert STAFF_SENTENCE not in page
    assert "Zwei-Faktor-Anmeldung" in page


def test_required_lets_staff_with_the_app_in_after_the_second_step(
    settings: Any, boss: User
) -> None:
    settings.THIRTYONE_STAFF_MFA = "required"
    setup = Client()
    log_in(setup, "boss")
    secret = set_up_app(setup)
    cache.clear()
    client = Client()

    asked = log_in(client, "boss")
    assert asked["Location"] == reverse("mfa_authenticate"), "allauth's second step, as usual"
    client.post(reverse("mfa_authenticate"), {"code": code_now(secret)})

    assert client.get("/admin/").status_code == 200
    assert client.get("/admin/games/table/").status_code == 200


def test_recovery_codes_alone_are_no_second_factor(settings: Any, boss: User) -> None:
    settings.THIRTYONE_STAFF_MFA = "required"
    client = Client()
    log_in(client, "boss")
    set_up_app(client)
    Authenticator.objects.filter(user=boss, type=Authenticator.Type.TOTP).delete()
    assert client.get("/admin/", follow=True).status_code == 403


def test_optional_is_as_before(settings: Any, boss: User) -> None:
    assert settings.THIRTYONE_STAFF_MFA == "optional", "the default"
    client = Client()
    log_in(client, "boss")
    assert client.get("/admin/").status_code == 200
    plain = Client()
    User.objects.create_user("plain", password=PASSWORD)
    log_in(plain, "plain")
    assert plain.get("/admin/login/").status_code == 403, "not staff: refused, as before"
    assert STAFF_SENTENCE not in plain.get("/admin/login/").content.decode()


def test_the_admins_log_in_address_logs_no_one_in_by_password(client: Client, boss: User) -> None:
    """Django's form there would have logged a signed-in staff member in as another staff
    member with the password alone, past that member's second step."""
    other = User.objects.create_user("other", password=PASSWORD, is_staff=True)
    client.force_login(boss)
    response = client.post(
        "/admin/login/?next=/admin/games/", {"username": "other", "password": PASSWORD}
    )
    assert response.status_code == 302 and response["Location"] == "/admin/games/"
    assert logged_in_as(client) == str(boss.pk) != str(other.pk)
    away = client.get("/admin/login/?next=https://elsewhere.example/")
    assert away["Location"] == reverse("admin:index"), "only to the site's own pages"


def test_the_setting_takes_only_its_two_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from thirtyone import env

    monkeypatch.setenv("THIRTYONE_STAFF_MFA", "Required")
    assert env.get_choice("THIRTYONE_STAFF_MFA", ("optional", "required"), "optional") == (
        "required"
    )
    monkeypatch.setenv("THIRTYONE_STAFF_MFA", "yes")
    with pytest.raises(ValueError, match="THIRTYONE_STAFF_MFA='yes' is not one of"):
        env.get_choice("THIRTYONE_STAFF_MFA", ("optional", "required"), "optional")


def test_a_members_passkeys_are_listed_renamed_and_removed_without_a_script(
    client: Client, alice: User
) -> None:
    """The ceremony itself is tests/e2e/test_passkeys_in_browser.py's; the pages around it
    are plain forms."""
    key = Authenticator.objects.create(
        user=alice,
        type=Authenticator.Type.WEBAUTHN,
        data={
            "name": "Laptop",
            "credential": {"clientExtensionResults": {"credProps": {"rk": True}}},
        },
    )
    client.force_login(alice)
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
    listed = client.get(reverse("mfa_list_webauthn")).content.decode()
    assert 'Laptop <span class="muted">(logs in alone)</span>' in listed
    assert "Never" in listed
    index = client.get(reverse("mfa_index")).content.decode()
    assert "You have 1 passkey." in index and "Your passkeys" in index

    edit = reverse("mfa_edit_webauthn", kwargs={"pk": key.pk})
    assert f'action="{edit}"' in client.get(edit).content.decode()
    client.post(edit, {"name": "Phone"})
    key.refresh_from_db()
    assert key.wrap().name == "Phone"

    remove = reverse("mfa_remove_webauthn", kwargs={"pk": key.pk})
    assert "Remove &ldquo;Phone&rdquo;?" in client.get(remove).content.decode()
    done = client.post(remove, follow=True)
    assert "Passkey removed." in done.content.decode()
    assert not Authenticator.objects.filter(pk=key.pk).exists()


def test_confirming_it_is_you_with_a_passkey_says_it_needs_javascript(rf: Any, alice: User) -> None:
    """The page as allauth's view renders it (a stored passkey it could ask for needs a real
    credential, which tests/e2e/test_passkeys_in_browser.py makes)."""
    from allauth.mfa.webauthn.forms import ReauthenticateWebAuthnForm
    from django.template.loader import render_to_string

    request = rf.get(reverse("mfa_reauthenticate_webauthn"))
    request.user = alice
    page = render_to_string(
        "mfa/webauthn/reauthenticate.html",
        {"form": ReauthenticateWebAuthnForm(user=alice), "js_data": {"request_options": {}}},
        request=request,
    )
    assert "Passkeys need JavaScript, which is turned off in this browser." in page
    assert page.count("data-passkey-control hidden") == 1
    assert 'id="mfa_webauthn_reauthenticate"' in page and "js/passkeys.js" in page
