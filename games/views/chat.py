"""A table's chat: read (the poll), write, mute, hide (games.chat).

Plain forms that redirect back to the table (they work without JavaScript); an htmx
post gets the chat panel back, with the reason inside it when refused. Every post
counts against `ratelimit.CHAT` (writing) or `ratelimit.ACTIONS` (the rest) first.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games import chat as chats
from games import chat_hiding, ratelimit, services
from games.models import Table
from games.views.posting import too_many, visible_table


def _back(table: Table) -> HttpResponse:
    return redirect(table.get_absolute_url() + "#chat")


@require_http_methods(["GET", "HEAD", "POST"])
def chat(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the lines (what the poll swaps in). POST text=… or phrase=<key>: write."""
    table = visible_table(request, pk)
    if request.method != "POST":
        if chats.is_hidden(request.session, table.pk):
            return HttpResponse(status=204)
        reader = request.user.pk if request.user.is_authenticated else None
        return HttpResponse(chats.render_lines(table.pk, hidden=chat_hiding.hidden_by(reader)))
    if not request.user.is_authenticated:
        return _back(table)
    error = ""
    if wait := ratelimit.throttled(ratelimit.CHAT, f"user:{request.user.pk}"):
        if not request.htmx:
            return too_many(request, wait, table)
        error = ratelimit.too_fast(wait)
    else:
        phrase = request.POST.get("phrase")
        # A quick phrase is stored by its key: each reader reads it in their language.
        try:
            if phrase is not None:
                chats.post(table=table, user=request.user, phrase=phrase)
            else:
                chats.post(table=table, user=request.user, text=request.POST.get("text", ""))
        except services.ServiceError as refused:
            error = refused.message
    if not request.htmx:
        if error:
            messages.error(request, error)
        return _back(table)
    context = {"chat": chats.panel(request, table), "error": error}
    return render(request, "games/chat.html#chat-panel", context)


@login_required
@require_POST
def mute(request: HttpRequest, pk: int) -> HttpResponse:
    """The host's: action=mute|unmute with user=<their id>."""
    table = visible_table(request, pk)
    if wait := ratelimit.throttled(ratelimit.ACTIONS, f"user:{request.user.pk}"):
        return too_many(request, wait, table)
    try:
        user_id = int(request.POST.get("user", ""))
        chats.set_muted(
            table=table,
            by=request.user,
            user_id=user_id,
            muted=request.POST.get("action") == "mute",
        )
    except ValueError:
        messages.error(request, _("Choose a player."))
    except services.ServiceError as refused:
        messages.error(request, refused.message)
    return _back(table)


@require_POST
def hide(request: HttpRequest, pk: int) -> HttpResponse:
    """hidden=1 hides the table's chat for this browser, hidden=0 shows it again."""
    table = visible_table(request, pk)
    chats.set_hidden(request.session, table.pk, request.POST.get("hidden") == "1")
    return _back(table)
