"""Signed transcripts (games.signatures, docs/security.md#signed-transcripts): an
exported transcript carries this site's signature; an import whose signature checks is
shown as this site's game; any other as unverified, uploaded by its member, never in
words that say the site checked it, and its forged decks as forged. What no transcript
holds is refused with a 400 and nothing kept."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import archive, engine, ratelimit, services, signatures
from games.models import Game, ImportedTranscript, RuleSet
from games.shuffles import deck_commitment
from tests.games.playing import play_out

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests import many times in a second: past the per-user limit."""
    monkeypatch.setattr(ratelimit, "ACTIONS", ratelimit.Limit("actions", 10_000, 10))


@pytest.fixture
def game(ann: Any, bob: Any, scat: RuleSet) -> Game:
    """ann and bob's game of one life each, played out."""
    table = services.create_table(
        owner=ann, name="Kitchen", rule_set=scat, seat_count=2, changes={"lives": 1}
    )
    services.join_table(table=table, user=bob)
    return play_out(services.start_game(table=table, by=ann))


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _exported(game: Game) -> str:
    response = _client().get(reverse("transcript", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _imported(text: str, user: Any) -> str:
    """The replay page of `text` imported by `user`."""
    response = _client(user).post(reverse("import_transcript"), {"text": text})
    assert response.status_code == 302, response.content.decode()[:500]
    page = _client().get(response["Location"])
    assert page.status_code == 200
    return page.content.decode()


def _unsigned(text: str) -> str:
    return text.split("\n", 1)[1]


# ---- signing ------------------------------------------------------------------------


def test_a_signature_checks_for_the_text_signed_and_for_nothing_else() -> None:
    signed = signatures.sign('[Table "Kitchen"]\n\n1 game_started {}\n')
    key = signatures.key_id(signatures.public_keys()[0])

    assert signed.startswith(f'[Signature "ed25519 {key} ')
    assert signatures.verify(signed) == signatures.Verdict(True, True, True, key)
    # A paste box's line ends, and a lost last newline, change nothing signed.
    assert signatures.verify(signed.replace("\n", "\r\n").rstrip()).valid
    changed = signatures.verify(signed.replace("Kitchen", "Kitchem"))
    assert (changed.signed, changed.valid) == (True, False)
    assert signatures.verify(_unsigned(signed)) == signatures.UNSIGNED


def test_a_former_secret_keys_signature_is_recognised_while_it_is_a_fallback(
    settings: Any,
) -> None:
    signed = signatures.sign("1 game_started {}\n")
    old = settings.SECRET_KEY
    settings.SECRET_KEY = "a-new-secret-" + "y" * 50

    settings.SECRET_KEY_FALLBACKS = [old]
    assert signatures.verify(signed) == (True, True, False, signed.split()[2])
    settings.SECRET_KEY_FALLBACKS = []
    assert not signatures.verify(signed).valid


# ---- exporting and importing ------------------------------------------------------------


def test_an_exported_transcript_is_signed_and_imported_as_this_sites_game(
    game: Game, ann: Any, bob: Any
) -> None:
    text = _exported(game)
    assert signatures.verify(text).valid

    page = _imported(text, bob)

    assert "Recorded by this site" in page
    assert reverse("game_page", args=[game.pk]) in page
    assert f"Replay: Game {game.pk} at Kitchen" in page
    assert "the deck matches its commitment" in page
    assert "Unverified" not in page and "forged" not in page and "proves nothing" not in page


def test_a_transcript_without_the_sites_signature_is_unverified_and_says_who_uploaded_it(
    game: Game, ann: Any, bob: Any
) -> None:
    """A forger's favourite: a real game's moves under other names, its headers
    rewritten, its signature dropped or kept."""
    text = _exported(game).replace("ann", "sam").replace("Kitchen", "World final")
    for forged, said in (
        (_unsigned(text), "It carries no signature of this site."),
        (text, "does not check with this site"),
    ):
        page = _imported(forged, bob)

        assert "Unverified, uploaded by" in page and ">bob</a>" in page
        assert said in page
        assert "Replay: An unverified transcript" in page
        assert "Recorded by this site" not in page
        # No word that the site vouches for a deck: only what is forged is named.
        assert "the deck matches its commitment" not in page
        assert "proves nothing here" in page and ": forged</strong>" not in page


def test_a_deck_that_is_not_the_one_dealt_is_forged_even_with_a_commitment_to_match(
    game: Game, bob: Any
) -> None:
    text = _unsigned(_exported(game))
    revealed = re.search(r'\[Revealed "Round 1 = (\w+):([^"]+)"\]', text)
    assert revealed is not None
    salt, deck = revealed.groups()
    cards = deck.split()
    other = " ".join([cards[1], cards[0], *cards[2:]])  # the top two swapped
    recomputed = text.replace(f"{salt}:{deck}", f"{salt}:{other}").replace(
        deck_commitment(salt, deck), deck_commitment(salt, other)
    )
    mismatched = text.replace(f"{salt}:{deck}", f"{salt}:{other}")

    assert "Round 1: forged</strong> (the deck is not the one the game was dealt from)" in (
        _imported(recomputed, bob)
    )
    assert "Round 1: forged</strong> (the deck does not match its commitment)" in (
        _imported(mismatched, bob)
    )


def test_a_huge_name_or_deeply_nested_data_is_a_400_and_nothing_is_kept(
    game: Game, bob: Any
) -> None:
    text = _unsigned(_exported(game))
    huge_name = text.replace('"bob"', '"' + "b" * 1_000_000 + '"')
    first = text.index('{"seat"')
    nested = text[:first] + '{"x": ' + "[" * 50_000 + "]" * 50_000 + ", " + text[first + 1 :]
    huge_header = text.replace("Kitchen", "K" * 100_000, 1)

    for hostile, said in (
        (huge_name, "longer than 150 characters"),
        (nested, "nested too deeply"),
        (huge_header, "a header longer than 2,000 characters"),
    ):
        response = _client(bob).post(reverse("import_transcript"), {"text": hostile})
        assert response.status_code == 400
        assert said in response.content.decode()
    upload = _client(bob).post(
        reverse("import_transcript"),
        {"file": _upload(text.replace(" ; ", " ; \x00", 1).encode())},
    )
    assert upload.status_code == 400
    assert ImportedTranscript.objects.count() == 0


def _upload(content: bytes) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("game.txt", content, content_type="text/plain")


def test_a_transcript_kept_before_the_checks_is_not_shown(game: Game, ann: Any) -> None:
    text = _unsigned(_exported(game)).replace('"bob"', '"' + "b" * 1_000 + '"')
    key = hashlib.sha256(text.encode()).hexdigest()
    ImportedTranscript.objects.create(key=key, text=text, created_by=ann)

    assert _client().get(reverse("imported_replay", args=[key])).status_code == 404


# ---- checking a signature without the site ----------------------------------------------


@pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("openssl", "sed", "base64", "sh")),
    reason="needs openssl, sed and base64 (the steps the import page gives)",
)
def test_the_published_key_and_the_import_pages_steps_check_a_signature(
    game: Game, tmp_path: Path
) -> None:
    """The steps on the import page, run as a person would, with the key from its link."""
    page = _client().get(reverse("import_transcript")).content.decode()
    steps = re.search(r"<pre[^>]*><code>(.*?)</code></pre>", page, re.S)
    assert steps is not None
    script = steps.group(1).replace("&gt;", ">").replace("&#x27;", "'").replace("&quot;", '"')
    key = _client().get(reverse("transcript_signing_key"))
    (tmp_path / "thirty-one-transcripts.pem").write_bytes(key.content)
    text = _exported(game)

    def run(transcript: str) -> subprocess.CompletedProcess[str]:
        (tmp_path / "game.txt").write_text(transcript)
        return subprocess.run(
            ["sh", "-c", script], cwd=tmp_path, capture_output=True, text=True, check=False
        )

    good = run(text)
    assert good.returncode == 0 and "Signature Verified Successfully" in good.stdout, good
    changed = run(text.replace("Kitchen", "Kitchem"))
    assert changed.returncode != 0 and "Verified Successfully" not in changed.stdout
    assert key["Content-Type"] == "application/x-pem-file"
    assert key.content.decode() == signatures.public_key_pem(signatures.public_keys()[0])


def test_the_import_page_names_the_key(client: Client) -> None:
    page = client.get(reverse("import_transcript")).content.decode()

    assert signatures.key_id(signatures.public_keys()[0]) in page
    assert reverse("transcript_signing_key") in page


def test_archive_transcripts_are_signed(game: Game) -> None:
    assert signatures.verify(archive.transcript(game)).valid
    assert engine.transcript.read(archive.transcript(game))[0][0][0] == signatures.HEADER
