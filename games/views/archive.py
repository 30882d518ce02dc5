"""A game's permanent page, its replay and its transcript; importing a transcript.

Thin views over `games.archive`. Anyone who may watch a game's table may see its
page, replay and transcript (`access.may_watch`, else 404 as for the table), each
showing only what is public as of the game's seq; the sides a replay may be seen from
are `access.replay_sides`. An imported transcript is stored under its hash and
replayed from every side: it holds only what its writer knew. It is shown as this
site's game only if this site's signature on it checks (`games.signatures`); any other
is shown as unverified, uploaded by its member.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from games import access, archive, engine, ratelimit, signatures
from games.archive.reviews import page_review, step_review
from games.engine.replay import Step
from games.engine.transcript import TranscriptError, read
from games.models import Game, ImportedTranscript
from games.rule_text import differences, rule_sections, rule_summary
from games.wording import refusal
from games.wording.names import shown_name


def _visible_game(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    if not access.may_watch(request.user, game.table, game=game):
        raise Http404("No such game.")
    return game


def _replayable_game(request: HttpRequest, pk: int) -> Game:
    """As `_visible_game`, but a sealed game (a duplicate board still played at other
    tables) is not replayed or exported to anyone yet: its log holds the deck."""
    game = _visible_game(request, pk)
    if game.sealed:
        raise Http404("This deal is still being played at other tables.")
    return game


@require_safe
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Players, rules, result and places, and every round: its hands as shown at its
    end, and its shuffle proofs."""
    game = _visible_game(request, pk)
    events = [row.to_engine() for row in archive.log(game)]
    start = events[0].data if events else {"names": (), "rules": game.table.rules}
    names = [shown_name(name) for name in start["names"]]
    rules = engine.Rules.from_dict(start["rules"])
    context = {
        "game": game,
        "table": game.table,
        "players": archive.players(game),
        "result": archive.result_text(game, events, names),
        "rounds": archive.rounds(game, events, names),
        "summary": rule_summary(rules),
        "house_rules": differences(game.table.preset_rules(), rules),
        "sections": rule_sections(rules),
        "scoring": rules.scoring,
        "review": page_review(game, request.user, names),
    }
    return render(request, "games/game.html", context)


@require_safe
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    """One step of the replay: ?side=watch|all|<seat>&step=<n> (from 0)."""
    game = _replayable_game(request, pk)
    found = archive.replay_steps(game)  # made from kept states: docs/tables.md#replays
    if not found:
        raise Http404("This game has no moves yet.")
    names = found.names
    context = archive.replay_context(
        found,
        names,
        access.replay_sides(game, len(names)),
        request.GET.get("side", ""),
        _step(request),
        ended=found.public,
    )
    public = context["board"]["obs"].round_no in found.public
    review = step_review(game, request.user, names, context["side"], context["step"], public)
    context.update({"game": game, "table": game.table, "title": game.table.title, "review": review})
    return render(request, "games/replay.html", context)


@require_safe
def transcript(request: HttpRequest, pk: int) -> HttpResponse:
    """The game as text, one line per event: what a spectator may know now."""
    game = _replayable_game(request, pk)
    response = HttpResponse(archive.transcript(game), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="thirty-one-game-{game.pk}.txt"'
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def import_transcript(request: HttpRequest) -> HttpResponse:
    """A paste box and an upload: a transcript that folds is kept and its replay shown."""
    error = ""
    text = ""
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if wait := ratelimit.throttled(ratelimit.ACTIONS, f"user:{request.user.pk}"):
            context = _import_context({"error": ratelimit.too_fast(wait)})
            return render(request, "games/import.html", context, status=429)
        text, error = _posted_text(request)
        if not error:
            error = _check(text)
        if not error:
            key = hashlib.sha256(text.encode()).hexdigest()
            ImportedTranscript.objects.get_or_create(
                key=key, defaults={"text": text, "created_by": request.user}
            )
            return redirect("imported_replay", key=key)
    context = _import_context({"error": error, "text": text})
    return render(request, "games/import.html", context, status=400 if error else 200)


def _import_context(context: dict[str, Any]) -> dict[str, Any]:
    keys = signatures.public_keys()
    context.update(
        {
            "max_bytes": ImportedTranscript.MAX_BYTES,
            "key_id": signatures.key_id(keys[0]),
            "former_keys": [signatures.key_id(key) for key in keys[1:]],
        }
    )
    return context


def _posted_text(request: HttpRequest) -> tuple[str, str]:
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size is None or upload.size > ImportedTranscript.MAX_BYTES:
            return "", _("That file is too big for a transcript.")
        try:
            return upload.read().decode("utf-8"), ""
        except UnicodeDecodeError:
            return "", _("That file is not text (UTF-8).")
    text = request.POST.get("text", "")
    if not text.strip():
        return "", _("Paste a transcript, or choose a file.")
    if len(text.encode()) > ImportedTranscript.MAX_BYTES:
        return "", _("That is too long for a transcript.")
    return text, ""


class _Refused(Exception):
    """Why a text cannot be replayed, in a sentence for the person who gave it."""


def _replayable(text: str) -> tuple[list[tuple[str, str]], list[engine.Event], list[Step]]:
    """The headers, events and replay steps of `text`; `_Refused` if it is no transcript
    of a game whose every round ended (docs/tables.md#transcripts,
    docs/security.md#what-a-transcript-may-hold)."""
    try:
        headers, lines = read(text)
        events = [line.event for line in lines]
        missing = next(
            (e.data.get("round_no") for e in events if e.kind == "round_started" and not e.secret),
            None,
        )
        if missing is not None:
            raise _Refused(
                _(
                    "This transcript lacks the deck of round %(round)s: it was written while "
                    "that round was played (or the game was ended during it), when the deck "
                    "was still secret. Only a game whose every round ended can be replayed."
                )
                % {"round": missing}
            )
        return headers, events, archive.fold(events)
    except TranscriptError as error:
        raise _Refused(refusal(error)) from error
    except engine.EngineError as error:
        raise _Refused(
            _("The transcript was changed: %(reason)s") % {"reason": refusal(error)}
        ) from error
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        AttributeError,
        OverflowError,
        RecursionError,
    ) as error:
        raise _Refused(
            _("The events do not make a game of 31: the transcript was changed.")
        ) from error


def _check(text: str) -> str:
    """Why `text` cannot be replayed, or ""."""
    try:
        _replayable(text)
    except _Refused as refused:
        return str(refused)
    return ""


@require_safe
def imported_replay(request: HttpRequest, key: str) -> HttpResponse:
    """An imported transcript's replay, from every side, and what it is: a game this
    site recorded (its signature checks) or a file a member uploaded, whose names and
    headers are theirs (docs/security.md#signed-transcripts)."""
    imported = get_object_or_404(ImportedTranscript.objects.select_related("created_by"), key=key)
    try:
        # Checked again: a transcript kept before a check was added is refused now.
        headers, events, found = _replayable(imported.text)
    except _Refused as refused:
        raise Http404("This transcript cannot be replayed.") from refused
    names = events[0].data["names"]
    sides = [access.WATCH, access.FACE_UP, *(str(seat) for seat in range(len(names)))]
    context = archive.replay_context(
        found, names, sides, request.GET.get("side", ""), _step(request)
    )
    verdict = signatures.verify(imported.text)
    told = dict(headers)
    game_pk = told.get("Game", "")
    if verdict.valid:
        title = _("Game %(game)s at %(table)s") % {"game": game_pk, "table": told.get("Table", "")}
    else:
        title = _("An unverified transcript")
    context.update(
        {
            "imported": imported,
            "verdict": verdict,
            # The game's page, for a transcript this site signed (its Game is a pk).
            "site_game": game_pk if verdict.valid and re.fullmatch(r"[0-9]+", game_pk) else "",
            "headers": [(k, v) for k, v in headers if k != signatures.HEADER],
            "checks": archive.deck_checks(headers, events),
            "title": title,
        }
    )
    return render(request, "games/replay.html", context)


@require_safe
def signing_key(request: HttpRequest) -> HttpResponse:
    """The public keys this site's transcripts are signed with (PEM): the one in use
    first (the one `openssl -inkey` reads), then former ones still recognised."""
    pem = "".join(signatures.public_key_pem(key) for key in signatures.public_keys())
    response = HttpResponse(pem, content_type="application/x-pem-file")
    response["Content-Disposition"] = 'inline; filename="thirty-one-transcripts.pem"'
    return response


def _step(request: HttpRequest) -> int:
    try:
        return int(request.GET.get("step", "0"))
    except ValueError:
        return 0
