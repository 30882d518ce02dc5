"""`{% fairplay_profile player is_me %}`: fair play on a profile. Your own: the sanctions
on you now ("You may not play rated games until …: you left 3 rated games in a week":
shown to you alone), and links to the people you blocked and, for a moderator, the
queue. Another's: Report, and Block or Unblock. A template tag, so `accounts` (the
profile page) needs no import of this app."""

from __future__ import annotations

from typing import Any

from django import template

from fairplay import blocks, moderation, sanctions
from fairplay.models import Report

register = template.Library()


@register.inclusion_tag("fairplay/_profile.html", takes_context=True)
def fairplay_profile(context: dict[str, Any], player: Any, is_me: bool = False) -> dict[str, Any]:
    viewer = context["request"].user
    if not viewer.is_authenticated or getattr(player, "is_guest", False):
        return {"shown": False}
    if is_me:
        moderator = moderation.is_moderator(viewer)
        return {
            "shown": True,
            "is_me": True,
            "restrictions": [sanctions.sentence(s) for s in sanctions.all_in_force(viewer.pk)],
            "moderator": moderator,
            "open_reports": moderation.queue(viewer).filter(status=Report.OPEN).count()
            if moderator
            else 0,
        }
    return {
        "shown": True,
        "is_me": False,
        "player": player,
        "blocked": blocks.blocks(viewer.pk, player.pk),
        "here": context["request"].path,
    }
