"""Template filter for pages that would otherwise say a mail was sent when it was not."""

from collections.abc import Iterable

from django import template
from django.contrib.messages.storage.base import Message

from accounts.adapter import MAIL_FAILED_TAG

register = template.Library()


@register.filter
def mail_failed(messages: Iterable[Message]) -> bool:
    """Whether this request's messages say a mail could not be sent (accounts.adapter)."""
    return any(MAIL_FAILED_TAG in message.extra_tags.split() for message in messages)
