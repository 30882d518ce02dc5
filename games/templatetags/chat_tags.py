"""The table page's chat panel (games.chat), loaded by templates/games/chat.html so the
table page includes it with one line and its view needs no change."""

from __future__ import annotations

from typing import Any

from django import template

from games import chat

register = template.Library()


@register.simple_tag(takes_context=True)
def chat_panel(context: Any) -> dict[str, Any] | None:
    """The chat panel's context for the page's viewer, or None without a table."""
    table = context.get("table")
    request = context.get("request")
    if table is None or request is None:
        return None
    return chat.panel(request, table, context.get("seats"))
