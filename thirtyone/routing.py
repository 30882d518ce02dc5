"""Every app's WebSocket URL patterns, for thirtyone.asgi. games' patterns come last:
they end with the catch-all that refuses any other path (games.consumers.NoSuchSocket).
games never imports the apps built on it, so they are put together here."""

from django.urls import URLPattern

from calls.routing import websocket_urlpatterns as calls_patterns
from games.routing import websocket_urlpatterns as games_patterns
from tournaments.routing import websocket_urlpatterns as tournaments_patterns

websocket_urlpatterns: list[URLPattern] = [
    *calls_patterns,
    *tournaments_patterns,
    *games_patterns,
]
