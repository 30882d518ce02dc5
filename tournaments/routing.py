"""The event sockets' URL patterns, the page's, the projector's and a card table's
result page's (combined with games' in thirtyone.routing)."""

from django.urls import URLPattern, re_path

from tournaments.consumers import EventConsumer, NewsConsumer, ProjectorConsumer

websocket_urlpatterns: list[URLPattern] = [
    re_path(r"^ws/tournaments/(?P<event_id>[0-9]{1,18})/$", EventConsumer.as_asgi()),
    re_path(r"^ws/tournaments/(?P<event_id>[0-9]{1,18})/screen/$", ProjectorConsumer.as_asgi()),
    re_path(r"^ws/tournaments/(?P<event_id>[0-9]{1,18})/news/$", NewsConsumer.as_asgi()),
]
