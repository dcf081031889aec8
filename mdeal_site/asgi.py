"""ASGI entry point: HTTP (Django) and WebSockets (Channels), served by uvicorn."""

import os

from mdeal_site.handlers import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mdeal_site.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import CookieMiddleware, SessionMiddleware  # noqa: E402

from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from mdeal_site.middleware import NulCookiesDropped  # noqa: E402

http_app = django_asgi_app
if settings.SERVE_STATIC_FROM_ASGI:
    http_app = ASGIStaticFilesHandler(django_asgi_app)

application = ProtocolTypeRouter(
    {
        "http": http_app,
        # The session only: the consumer reads its user along with the game
        # (games.consumers.watching), in one trip to a thread. Channels'
        # session stack, with a cookie holding a NUL byte dropped before the
        # session is looked up (PostgreSQL refuses NUL in text).
        "websocket": AllowedHostsOriginValidator(
            CookieMiddleware(
                NulCookiesDropped(SessionMiddleware(URLRouter(websocket_urlpatterns)))
            )
        ),
    }
)
