"""The event socket's URL pattern (combined with games' in thirtyone.routing)."""

from django.urls import URLPattern, re_path

from tournaments.consumers import EventConsumer

websocket_urlpatterns: list[URLPattern] = [
    re_path(r"^ws/tournaments/(?P<event_id>[0-9]{1,18})/$", EventConsumer.as_asgi()),
]
