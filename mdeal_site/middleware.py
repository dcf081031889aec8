"""Middleware of the site: NUL bytes refused, response headers, and the
player's time zone."""

import time
import zoneinfo

from django.conf import settings
from django.db import connection
from django.http import HttpResponseNotFound
from django.utils import timezone
from django.utils.deprecation import MiddlewareMixin

NUL = "\x00"
NUL_IN_PATH = "There is no such page."


class NulBytesMiddleware:
    """Turn away a NUL byte in the path or a cookie before it reaches a query.

    PostgreSQL refuses NUL in text (DataError: /players/%00/ was a 500), so
    a NUL in the path is no page (404), and a cookie holding one is ignored,
    as if not sent (the session cookie is looked up in the database). Fields
    need no such check: forms refuse NUL, the chat strips control
    characters, and tests/test_fuzz_site.py holds every URL to no 5xx; JSON
    bodies are checked by their own views.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if NUL in request.path:
            return HttpResponseNotFound(NUL_IN_PATH, content_type="text/plain")
        for name in [name for name, value in request.COOKIES.items() if NUL in value]:
            del request.COOKIES[name]
        return self.get_response(request)


class NulCookiesDropped:
    """ASGI middleware for the WebSocket (Channels), between its cookie and
    session middleware: a cookie holding a NUL byte is ignored, as
    NulBytesMiddleware ignores it over HTTP."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        cookies = scope.get("cookies") or {}
        if any(NUL in value for value in cookies.values()):
            kept = {name: value for name, value in cookies.items() if NUL not in value}
            scope = {**scope, "cookies": kept}
        return await self.inner(scope, receive, send)


class PermissionsPolicyMiddleware(MiddlewareMixin):
    """Send settings.PERMISSIONS_POLICY as the Permissions-Policy header."""

    def process_response(self, request, response):
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response


class UserTimeZoneMiddleware:
    """Show times in the signed-in player's time zone (their profile's)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # No session cookie, nobody signed in: skip the session and user reads.
        signed_in = settings.SESSION_COOKIE_NAME in request.COOKIES
        user = getattr(request, "user", None) if signed_in else None
        name = getattr(user, "time_zone", "") if user is not None else ""
        try:
            zone = zoneinfo.ZoneInfo(name) if name else None
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            zone = None
        if zone is not None:
            timezone.activate(zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


class RequestCostMiddleware:
    """Say what the request cost: its SQL queries (an `X-Queries` header), the
    CPU time of the thread that handled it and the wall-clock time it took
    inside Django (`Server-Timing: cpu;dur=ms, wall;dur=ms`).

    For the load harness's sequential run (MDEAL_REQUEST_COST_HEADERS=1):
    first in MIDDLEWARE, it counts the session and user reads too. The CPU
    time is this request's own however busy the machine is; a wall-clock
    time is not. Off by default.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        count = 0

        def counted(execute, sql, params, many, context):
            nonlocal count
            count += 1
            return execute(sql, params, many, context)

        started, wall_started = time.thread_time(), time.perf_counter()
        with connection.execute_wrapper(counted):
            response = self.get_response(request)
        cpu = (time.thread_time() - started) * 1000
        wall = (time.perf_counter() - wall_started) * 1000
        response.headers["X-Queries"] = str(count)
        response.headers["Server-Timing"] = f"cpu;dur={cpu:.2f}, wall;dur={wall:.2f}"
        return response
