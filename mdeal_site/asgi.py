"""ASGI entry point: HTTP (Django) and WebSockets (Channels), served by uvicorn.

Once everything is loaded (Django's setup, the URLs, the table's templates),
`gc.freeze()` moves the objects made so far out of the garbage collector's
sight: they live as long as the process, and each full collection no longer
walks them (docs/load.md, "A move for a third of the cost").
"""

import gc
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


def warm_up() -> None:
    """Load what the first requests would (the URL resolver, the table's
    templates), then freeze what exists: it lives as long as the process."""
    from django.template.loader import get_template
    from django.urls import reverse

    reverse("games:lobby")
    for name in ("games/table.html", "base.html"):
        get_template(name)
    gc.freeze()


if settings.WARM_UP_AND_FREEZE:
    warm_up()
