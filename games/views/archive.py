"""A game's permanent page, its replay and its transcript; importing a transcript.

Thin views over `games.archive`. Anyone who may watch a game's table may see its
page, replay and transcript (`access.may_watch`, else 404 as for the table), each
showing only what is public as of the game's seq; the sides a replay may be seen from
are `access.replay_sides`. An imported transcript is stored under its hash and
replayed from every side: it holds only what its writer knew.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from games import access, archive, engine, ratelimit
from games.engine.transcript import TranscriptError, read
from games.models import Game, ImportedTranscript
from games.rule_text import differences, rule_sections, rule_summary


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
    names = start["names"]
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
    }
    return render(request, "games/game.html", context)


@require_safe
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    """One step of the replay: ?side=watch|all|<seat>&step=<n> (from 0)."""
    game = _replayable_game(request, pk)
    events = [row.to_engine() for row in archive.log(game)]
    if not events:
        raise Http404("This game has no moves yet.")
    names = events[0].data["names"]
    context = archive.replay_context(
        archive.fold(events),
        names,
        access.replay_sides(game, len(names)),
        request.GET.get("side", ""),
        _step(request),
    )
    context.update({"game": game, "table": game.table, "title": game.table.name})
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
            context = {"error": ratelimit.too_fast(wait), "max_bytes": ImportedTranscript.MAX_BYTES}
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
    context = {"error": error, "text": text, "max_bytes": ImportedTranscript.MAX_BYTES}
    return render(request, "games/import.html", context, status=400 if error else 200)


def _posted_text(request: HttpRequest) -> tuple[str, str]:
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > ImportedTranscript.MAX_BYTES:
            return "", "That file is too big for a transcript."
        try:
            return upload.read().decode("utf-8"), ""
        except UnicodeDecodeError:
            return "", "That file is not text (UTF-8)."
    text = request.POST.get("text", "")
    if not text.strip():
        return "", "Paste a transcript, or choose a file."
    if len(text.encode()) > ImportedTranscript.MAX_BYTES:
        return "", "That is too long for a transcript."
    return text, ""


def _check(text: str) -> str:
    """Why `text` cannot be replayed, or ""."""
    try:
        _, lines = read(text)
        events = [line.event for line in lines]
        missing = next(
            (e.data.get("round_no") for e in events if e.kind == "round_started" and not e.secret),
            None,
        )
        if missing is not None:
            return (
                f"This transcript lacks the deck of round {missing}: it was written while "
                "that round was played (or the game was ended during it), when the deck was "
                "still secret. Only a game whose every round ended can be replayed."
            )
        archive.fold(events)
    except TranscriptError as error:
        return str(error)
    except engine.EngineError as error:
        return f"The transcript was changed: {error}"
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return "The events do not make a game of 31: the transcript was changed."
    return ""


@require_safe
def imported_replay(request: HttpRequest, key: str) -> HttpResponse:
    imported = get_object_or_404(ImportedTranscript, key=key)
    headers, lines = read(imported.text)
    events = [line.event for line in lines]
    names = events[0].data["names"]
    sides = [access.WATCH, access.FACE_UP, *(str(seat) for seat in range(len(names)))]
    context = archive.replay_context(
        archive.fold(events), names, sides, request.GET.get("side", ""), _step(request)
    )
    title = dict(headers).get("Table", "An imported game")
    context.update({"headers": headers, "checks": archive.deck_checks(headers), "title": title})
    return render(request, "games/replay.html", context)


def _step(request: HttpRequest) -> int:
    try:
        return int(request.GET.get("step", "0"))
    except ValueError:
        return 0
