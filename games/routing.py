"""WebSocket URL patterns, served by thirtyone.asgi behind the origin and auth checks."""

from django.urls import URLPattern, re_path

from games.consumers import GameConsumer, NoSuchSocket

websocket_urlpatterns: list[URLPattern] = [
    # At most 18 digits: every such id fits a 64-bit integer (see GameConsumer.connect).
    re_path(r"^ws/games/(?P<game_id>[0-9]{1,18})/$", GameConsumer.as_asgi()),
    # Anything else is refused cleanly, not with "No route found" and a traceback.
    re_path(r"^", NoSuchSocket.as_asgi()),
]
