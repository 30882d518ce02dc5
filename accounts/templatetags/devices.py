"""The signed-in devices page's words for a session (accounts.devices)."""

from django import template

from accounts import devices

register = template.Library()


@register.filter
def browser_name(user_agent: str) -> str:
    """Which browser on which system a session's User-Agent names."""
    return devices.browser_name(user_agent or "")
