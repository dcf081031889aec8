"""ASGI entry point: HTTP (Django) and WebSockets (Channels), served by uvicorn."""

import os

from mdeal_site.handlers import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mdeal_site.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402

from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402

http_app = django_asgi_app
if settings.SERVE_STATIC_FROM_ASGI:
    http_app = ASGIStaticFilesHandler(django_asgi_app)

application = ProtocolTypeRouter(
    {
        "http": http_app,
        # The session only: the consumer reads its user along with the game
        # (games.consumers.watching), in one trip to a thread.
        "websocket": AllowedHostsOriginValidator(
            SessionMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
