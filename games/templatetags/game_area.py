"""The game area on a Django page: its templates are Jinja2's (games/area_templates.py)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games import area_templates

register = template.Library()


@register.simple_tag(takes_context=True)
def game_area(context: template.Context) -> SafeString:
    """The viewer's game area, from the page's context; its forms carry the page's CSRF
    token."""
    return area_templates.render("game_area", context.flatten(), request=context.get("request"))


@register.simple_tag
def dealer_chip() -> SafeString:
    """The dealer's chip, as the area shows it (the replay's seats)."""
    return SafeString(area_templates.macro("dealer_chip")())
