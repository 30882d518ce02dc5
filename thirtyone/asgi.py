"""The ASGI application served by Daphne: Django for HTTP, Channels for WebSockets."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")

# Set Django up before anything imports models (the routing imports consumers).
django_asgi_app = get_asgi_application()

from thirtyone.backups import running  # noqa: E402

# A web process of the site: a restore waits until it has stopped (docs/backups.md#restore).
running.hold()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from thirtyone.routing import websocket_urlpatterns  # noqa: E402
from thirtyone.websocket_origin import SameOriginWebSocket  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Only our own pages (scheme, host and port) may open a socket with a
        # player's cookies: see thirtyone.websocket_origin.
        "websocket": SameOriginWebSocket(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
