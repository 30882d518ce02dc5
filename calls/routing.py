"""The calls socket's URL pattern (combined with the others in thirtyone.routing)."""

from django.urls import URLPattern, re_path

from calls.consumers import CallsConsumer

websocket_urlpatterns: list[URLPattern] = [
    re_path(r"^ws/calls/$", CallsConsumer.as_asgi()),
]
