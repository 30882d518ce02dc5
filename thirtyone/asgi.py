"""The ASGI application served by Daphne: Django for HTTP, Channels for WebSockets."""

import os
from typing import Any

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")

# Set Django up before anything imports models (the routing imports consumers).
django_asgi_app = get_asgi_application()

from thirtyone.backups import running  # noqa: E402

# A web process of the site: a restore waits until it has stopped (docs/backups.md#restore).
running.hold()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.socket_limits import SocketLimits  # noqa: E402
from thirtyone.daphne_frames import close_oversized_frames  # noqa: E402
from thirtyone.routing import websocket_urlpatterns  # noqa: E402
from thirtyone.websocket_origin import SameOriginWebSocket  # noqa: E402

# Daphne (autobahn) fails a socket whose frame is over --websocket-max-message-size by
# dropping the TCP connection, with no close frame: the client cannot tell why. Told not
# to drop, it sends the close frame with 1009 ("message too big") first.
close_oversized_frames()

# Only our own pages (scheme, host and port) may open a socket with a player's cookies:
# see thirtyone.websocket_origin. Every socket's frame size and sockets per user are
# limited in one place (docs/security.md#socket-limits).
websocket: Any = SameOriginWebSocket(
    AuthMiddlewareStack(SocketLimits(URLRouter(websocket_urlpatterns)))
)
if settings.SENTRY_DSN:
    # Django's integration reports the pages; this, the consumers' errors
    # (docs/security.md#error-reports).
    from sentry_sdk.integrations.asgi import SentryAsgiMiddleware

    websocket = SentryAsgiMiddleware(websocket)

application = ProtocolTypeRouter({"http": django_asgi_app, "websocket": websocket})
