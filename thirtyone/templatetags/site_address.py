"""Absolute links in templates, from the site's address (games.site), never from the
request's host: `{{ path|absolute }}`, `{{ path|webcal }}`."""

from __future__ import annotations

from django import template

from games import site

register = template.Library()


@register.filter
def absolute(path: str) -> str:
    """A path of this site at the site's address."""
    return site.absolute(str(path))


@register.filter
def webcal(path: str) -> str:
    """A calendar feed's path as the webcal:// link that subscribes to it."""
    return site.webcal(site.absolute(str(path)))
