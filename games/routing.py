"""WebSocket URL patterns, served by thirtyone.asgi behind the origin and auth checks."""

from django.urls import URLPattern, path

from games.consumers import GameConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
]
