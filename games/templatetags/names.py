"""`{{ name|profile_link }}`: a member's name linked to their profile, unless their
name is not theirs to show here: a deleted member's, or one read as a pseudonym
(docs/privacy.md#my-name-off-public-pages), is the words alone -- the link would
carry the name it hides."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html

from games.wording.names import ShownName

register = template.Library()


@register.filter
def profile_link(name: str) -> str:
    if isinstance(name, ShownName):
        return format_html("{}", name)
    return format_html('<a href="{}">{}</a>', reverse("profile", args=[name]), name)
