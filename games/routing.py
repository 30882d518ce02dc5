"""WebSocket URL patterns, served by thirtyone.asgi behind the origin and auth checks."""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
