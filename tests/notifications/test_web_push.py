"""Web Push, honest without a push service (docs/notifications.md#web-push): the test makes
a browser's P-256 keys itself, points its subscription at an HTTP server on this machine,
and reads what the site posted there — a VAPID token that verifies (aud, exp, sub), an
aes128gcm body that decrypts to the payload, the TTL, Urgency and Topic headers — and
what the site does with a 410, a 429 and a table already open."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games import presence
from notifications import kinds, push_addresses, services, vapid, webpush
from notifications.models import PushDelivery, PushSubscription
from notifications.services import Draft
from tests.games.test_lobby import open_table, start_a_game
from tests.notifications.push_service import Browser, PushService, b64, unb64

pytestmark = pytest.mark.django_db


@pytest.fixture
def urgent_kind() -> Iterator[str]:
    """A kind someone waits on, about a game (as "your game is ready"), without its
    still-news check: the test decides the game."""
    name = "test_urgent"
    kinds.register(
        kinds.Kind(
            name,
            "Your game is ready",
            "",
            {"site": True, "push": True},
            urgent=True,
            game_of=lambda n: int(n.revision) or None,
        )
    )
    yield name
    kinds._kinds.pop(name, None)


def announce(user: Any, key: str = "news-1", **more: Any) -> list[Any]:
    return services.notify(
        [Draft("announcement", user.pk, key, "The club meets on Thursday", "/clubs/", **more)]
    )


def verify_vapid(header: str, audience: str) -> dict[str, Any]:
    """The claims of a `vapid t=<jwt>,k=<key>` header, once its signature verifies with
    the key it names (which must be the site's)."""
    scheme, _space, rest = header.partition(" ")
    assert scheme == "vapid"
    parts = dict(item.split("=", 1) for item in rest.split(","))
    assert parts["k"] == vapid.public_key()
    head, claims, signature = parts["t"].split(".")
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(parts["k"]))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if not
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    said: dict[str, Any] = json.loads(unb64(claims))
    assert said["aud"] == audience
    return said


def test_a_push_carries_a_valid_vapid_token_and_content_that_decrypts(
    push_service: PushService, ann: Any
) -> None:
    browser = Browser()
    push_service.subscribe(ann, browser)
    announce(ann, valid_until=timezone.now() + timedelta(hours=2))

    (sent,) = push_service.requests
    headers = sent["headers"]
    claims = verify_vapid(headers["authorization"], push_service.origin)
    assert claims["sub"] == "mailto:push@club.example"
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600  # RFC 8292: a day at most
    assert headers["content-encoding"] == "aes128gcm"
    assert browser.read(sent["body"]) == {
        "title": "Announcements",
        "body": "The club meets on Thursday",
        "url": "/clubs/",
        "tag": "announcement:news-1",
    }
    assert 7100 <= int(headers["ttl"]) <= 7200  # until it stops being news
    assert headers["urgency"] == "normal"
    assert len(headers["topic"]) <= 32 and headers["topic"] == webpush.topic(
        PushDelivery.objects.get().notification
    )
    assert PushDelivery.objects.get().state == PushDelivery.SENT


def test_a_kind_someone_waits_on_is_urgent_and_a_newer_one_replaces_the_older(
    push_service: PushService, ann: Any, urgent_kind: str
) -> None:
    browser = Browser()
    push_service.subscribe(ann, browser)
    for revision in (1, 2):  # deal after deal: one row, a newer version of its subject
        services.notify(
            [Draft(urgent_kind, ann.pk, "event-4", f"Deal {revision}", "/t/", revision=revision)]
        )
    first, second = push_service.requests
    assert first["headers"]["urgency"] == second["headers"]["urgency"] == "high"
    # The same Topic: a push service holding the first for an offline phone replaces it.
    assert first["headers"]["topic"] == second["headers"]["topic"]
    assert [browser.read(r["body"])["body"] for r in (first, second)] == ["Deal 1", "Deal 2"]
    assert int(first["headers"]["ttl"]) == webpush.MAX_TTL


def test_the_language_of_the_payload_is_the_persons(push_service: PushService, ann: Any) -> None:
    ann.language = "da"
    ann.save()
    browser = Browser()
    push_service.subscribe(ann, browser)
    announce(ann)
    title = browser.read(push_service.requests[0]["body"])["title"]
    with translation.override("da"):
        danish = str(kinds.get("announcement").label)
    assert title == danish != "Announcements"


def test_a_410_deletes_the_subscription_and_a_429_is_tried_again_later(
    push_service: PushService, ann: Any, bob: Any
) -> None:
    gone = push_service.subscribe(ann, Browser(), "gone")
    push_service.answers = [(410, {})]
    announce(ann)
    assert not PushSubscription.objects.filter(pk=gone.pk).exists()

    push_service.subscribe(bob, Browser(), "busy")
    push_service.answers = [(429, {"Retry-After": "120"})]
    announce(bob)
    row = PushDelivery.objects.get(subscription__user=bob)
    assert row.state == PushDelivery.PENDING and row.attempts == 1 and row.note == "HTTP 429"
    assert row.next_try is not None and row.next_try > timezone.now() + timedelta(seconds=110)
    # Its time come, it goes: once.
    tally = webpush.send_due(now=row.next_try + timedelta(seconds=1))
    assert tally.sent == 1
    assert PushDelivery.objects.get(pk=row.pk).state == PushDelivery.SENT
    assert webpush.send_due(now=row.next_try + timedelta(seconds=2)).sent == 0


def test_a_push_service_that_fails_for_good_is_given_up_on(
    push_service: PushService, ann: Any
) -> None:
    push_service.subscribe(ann, Browser())
    push_service.answers = [(503, {})] * webpush.MAX_ATTEMPTS
    announce(ann)
    later = timezone.now()
    for _ in range(webpush.MAX_ATTEMPTS):
        later += timedelta(hours=1)
        webpush.send_due(now=later)
    row = PushDelivery.objects.get()
    assert row.state == PushDelivery.FAILED and row.attempts == webpush.MAX_ATTEMPTS
    assert len(push_service.requests) == webpush.MAX_ATTEMPTS


def test_one_connection_carries_a_batch_to_one_push_service(
    push_service: PushService, ann: Any, bob: Any, django_user_model: Any
) -> None:
    people = [ann, bob, *(django_user_model.objects.create_user(f"p{k}") for k in range(8))]
    for number, person in enumerate(people):
        push_service.subscribe(person, Browser(), f"d{number}")
    services.notify([Draft("announcement", p.pk, "n", "News", "/clubs/") for p in people])
    assert len(push_service.requests) == 10
    assert len(push_service.connections) == 1


def test_no_push_while_the_person_has_the_table_open(
    push_service: PushService, ann: Any, urgent_kind: str, scat: Any
) -> None:
    game = start_a_game(open_table(ann, "Kitchen"))
    seat = game.players.get(user=ann).position
    push_service.subscribe(ann, Browser())
    presence.mark_present(game.pk, seat)
    services.notify([Draft(urgent_kind, ann.pk, "event-1", "Your game", "/t/", revision=game.pk)])
    assert push_service.requests == []
    assert PushDelivery.objects.get().note == "at the table"


def test_a_kind_turned_off_for_push_is_not_pushed(push_service: PushService, ann: Any) -> None:
    from notifications import preferences

    push_service.subscribe(ann, Browser())
    preferences.set_choice(ann.pk, "announcement", "push", False)
    announce(ann)
    assert push_service.requests == []


# ---- which addresses the site will post to ---------------------------------------------


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://push.example.com/x",  # not https
        "https://127.0.0.1/x",
        "https://10.1.2.3/x",
        "https://192.168.0.7/x",
        "https://169.254.169.254/latest/meta-data",  # a cloud's metadata service
        "https://[::1]/x",
        "https://[fe80::1]/x",
        "https://localhost/x",
        "ftp://push.example.com/x",
    ],
)
def test_a_private_or_plain_address_is_refused(endpoint: str, settings: Any) -> None:
    settings.THIRTYONE_PUSH_ALLOW_INSECURE = False
    assert push_addresses.refusal(endpoint) is not None


def test_a_public_https_address_is_taken(settings: Any, monkeypatch: Any) -> None:
    settings.THIRTYONE_PUSH_ALLOW_INSECURE = False
    # No DNS on the test machine: the service's name resolves to a public address here.
    monkeypatch.setattr(
        push_addresses.socket,
        "getaddrinfo",
        lambda *a, **k: [(2, 1, 6, "", ("142.250.74.10", 443))],
    )
    assert push_addresses.refusal("https://fcm.googleapis.com/fcm/send/abc") is None


# ---- subscribing and removing a device ----------------------------------------------------


def signed_in(user: Any) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("notifications:preferences"))  # the CSRF cookie, as a page sets it
    return client


def post_subscription(client: Client, body: Any) -> Any:
    return client.post(
        reverse("notifications:push_subscribe"),
        json.dumps(body),
        content_type="application/json",
        HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value,
        HTTP_USER_AGENT="Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0",
    )


def test_a_browser_subscribes_and_is_listed_and_removed(
    push_service: PushService, ann: Any
) -> None:
    client = signed_in(ann)
    endpoint = f"{push_service.origin}/push/phone"
    answer = post_subscription(client, {"endpoint": endpoint, "keys": Browser().keys()})
    assert answer.status_code == 201
    device = PushSubscription.objects.get(user=ann)
    assert device.browser == "Firefox on Android" and device.session_key
    page = client.get(reverse("notifications:preferences")).content.decode()
    assert "Firefox on Android, added" in page and "Notify this device" in page
    # Subscribed again (the same browser), it is still one device.
    assert (
        post_subscription(client, {"endpoint": endpoint, "keys": Browser().keys()}).status_code
        == 200
    )
    assert PushSubscription.objects.filter(user=ann).count() == 1
    remove = reverse("notifications:push_remove", args=[device.pk])
    answer = client.post(remove, {"csrfmiddlewaretoken": client.cookies["csrftoken"].value})
    assert answer.status_code == 302 and not PushSubscription.objects.exists()


def test_bad_subscriptions_are_refused_with_a_sentence(
    push_service: PushService, ann: Any, settings: Any
) -> None:
    client = signed_in(ann)
    good = Browser().keys()
    for body in (
        None,
        {"endpoint": f"{push_service.origin}/x"},
        {"endpoint": f"{push_service.origin}/x", "keys": {**good, "p256dh": "AAAA"}},
        {"endpoint": f"{push_service.origin}/x", "keys": {**good, "auth": b64(b"short")}},
        {"endpoint": 7, "keys": good},
    ):
        answer = post_subscription(client, body)
        assert answer.status_code == 400 and answer.json()["error"].endswith(".")
    settings.THIRTYONE_PUSH_ALLOW_INSECURE = False
    answer = post_subscription(client, {"endpoint": "https://10.0.0.5/push", "keys": good})
    assert (
        answer.json()["error"]
        == "A push service must be on the internet, not on a private network."
    )
    assert not PushSubscription.objects.exists()


def test_at_most_ten_devices(push_service: PushService, ann: Any) -> None:
    for k in range(10):
        push_service.subscribe(ann, Browser(), f"d{k}")
    answer = post_subscription(
        signed_in(ann), {"endpoint": f"{push_service.origin}/11", "keys": Browser().keys()}
    )
    assert answer.status_code == 400 and "remove one" in answer.json()["error"]
    assert PushSubscription.objects.filter(user=ann).count() == 10


def test_logging_out_removes_that_browsers_subscription(
    push_service: PushService, ann: Any
) -> None:
    client = signed_in(ann)
    post_subscription(client, {"endpoint": f"{push_service.origin}/here", "keys": Browser().keys()})
    kept = push_service.subscribe(ann, Browser(), "another-device")
    client.post(
        reverse("account_logout"), {"csrfmiddlewaretoken": client.cookies["csrftoken"].value}
    )
    assert list(PushSubscription.objects.all()) == [kept]


def test_without_javascript_there_is_nothing_to_press(push_service: PushService, ann: Any) -> None:
    page = signed_in(ann).get(reverse("notifications:preferences")).content.decode()
    # The box is hidden until static/js/push.js finds the browser can subscribe.
    assert "data-push hidden" in page and "No device is notified yet." in page


# ---- the keys, and what `manage.py check` says --------------------------------------------


def test_the_vapid_contact_is_always_a_mailto_or_https_address(settings: Any) -> None:
    settings.VAPID_CONTACT, settings.THIRTYONE_CONTACT_EMAIL = "", "data@club.example"
    assert vapid.contact() == "mailto:data@club.example"
    settings.THIRTYONE_CONTACT_EMAIL, settings.SITE_URL = "", "https://cards.club.example"
    assert vapid.contact() == "https://cards.club.example/privacy/"
    settings.SITE_URL, settings.DEFAULT_FROM_EMAIL = (
        "http://192.168.1.20:8000",
        "Club <no@club.example>",
    )
    assert vapid.contact() == "mailto:no@club.example"  # a LAN's site: never its http address


def test_production_without_a_vapid_key_is_warned(settings: Any) -> None:
    from notifications import checks

    settings.EMBEDDED, settings.VAPID_PRIVATE_KEY = False, ""
    settings.THIRTYONE_PUSH_ALLOW_INSECURE = True
    found = {warning.id for warning in checks.vapid_key_set()}
    assert found == {"notifications.W001", "notifications.W003"}
    settings.EMBEDDED = True
    settings.THIRTYONE_PUSH_ALLOW_INSECURE = False
    assert checks.vapid_key_set() == []


def test_the_embedded_key_is_made_once_and_kept_owner_only(tmp_path: Any) -> None:
    from thirtyone import embedded

    made = embedded.vapid_private_key(tmp_path)
    assert "BEGIN PRIVATE KEY" in made and embedded.vapid_private_key(tmp_path) == made
    assert (tmp_path / "vapid_private_key.pem").stat().st_mode & 0o777 == 0o600


def test_a_push_is_kept_for_an_offline_device_only_while_it_is_news() -> None:
    from notifications.models import Notification

    now = timezone.now()
    assert webpush.ttl(Notification(kind="announcement"), now) == webpush.MAX_TTL
    # A call to a live event's table: its game is played meanwhile.
    assert webpush.ttl(Notification(kind="game_ready"), now) == webpush.LIVE_TTL
    soon = Notification(kind="your_turn", valid_until=now + timedelta(minutes=10))
    assert webpush.ttl(soon, now) == 600
