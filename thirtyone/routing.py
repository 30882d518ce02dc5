"""Every app's WebSocket URL patterns, for thirtyone.asgi. games' patterns come last:
they end with the catch-all that refuses any other path (games.consumers.NoSuchSocket).
games never imports the apps built on it, so they are put together here, each
consumer's sockets counted (thirtyone.observe, docs/monitoring.md#metrics)."""

from django.urls import URLPattern

from calls.routing import websocket_urlpatterns as calls_patterns
from games.routing import websocket_urlpatterns as games_patterns
from thirtyone.observe import counted_socket
from tournaments.routing import websocket_urlpatterns as tournaments_patterns

websocket_urlpatterns: list[URLPattern] = [
    URLPattern(
        pattern.pattern, counted_socket(pattern.callback), pattern.default_args, pattern.name
    )
    for pattern in [*calls_patterns, *tournaments_patterns, *games_patterns]
]
