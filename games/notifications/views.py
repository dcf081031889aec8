"""One-click unsubscribe, and the doors of Web Push.

Unsubscribe works without signing in, by its signed token alone. GET shows
what the link turns off and a button; POST turns it off, including the mail
client's RFC 8058 one-click POST (body `List-Unsubscribe=One-Click`, no
session, no CSRF token: the token in the link is the authority). The page
then offers to turn it back on.

Web Push: the page posts this device's subscription, or asks to forget it
(signed in, with the CSRF token); the service worker is served at /sw.js.
"""

import functools
import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core import signing
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse
from django.http.request import RawPostDataException
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.notifications import push, vapid
from games.notifications import unsubscribe as subscriptions

WORKER = "notifications/sw.js"


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    try:
        user, kind = subscriptions.token_read(token)
    except signing.BadSignature:
        return HttpResponseBadRequest("This unsubscribe link is not valid.")
    if request.method == "POST":
        if request.POST.get("action") == "resubscribe":
            subscriptions.turn_on(user, kind)
        else:
            subscriptions.turn_off(user, kind)
    return render(
        request,
        "notifications/unsubscribe.html",
        {
            "label": subscriptions.LABELS[kind],
            "subscribed": subscriptions.subscribed(user, kind),
            "done": request.method == "POST",
        },
    )


@login_required
@require_POST
def push_subscribe(request):
    """Keep this device for Web Push: the body is `PushSubscription.toJSON()`."""
    if vapid.server_key() is None:
        return JsonResponse({"error": "Web Push is off on this site."}, status=503)
    try:
        data = _json_body(request)
    except ValueError:
        return JsonResponse({"error": "Send the subscription as JSON."}, status=400)
    try:
        push.subscription_save(
            user=request.user,
            data=data,
            user_agent=request.headers.get("User-Agent", "").replace("\x00", ""),
        )
    except push.InvalidSubscription as invalid:
        return JsonResponse({"error": str(invalid)}, status=400)
    return JsonResponse({"subscribed": True}, status=201)


@login_required
@require_POST
def push_unsubscribe(request):
    """Forget this device: the body is {"endpoint": ...}."""
    try:
        data = _json_body(request)
    except ValueError:
        data = None
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    if not isinstance(endpoint, str) or not endpoint or "\x00" in endpoint:
        return JsonResponse({"error": 'Send {"endpoint": ...} as JSON.'}, status=400)
    deleted = push.subscription_delete(user=request.user, endpoint=endpoint)
    return JsonResponse({"subscribed": False, "deleted": deleted})


def _json_body(request):
    """The request's body as JSON; ValueError when it is not JSON, not UTF-8,
    nested deeper than the parser goes (RecursionError), or a multipart form
    already read as one (RawPostDataException)."""
    try:
        return json.loads(request.body)
    except (
        ValueError,
        UnicodeDecodeError,
        RecursionError,
        RawPostDataException,
    ) as error:
        raise ValueError("not JSON") from error


@require_GET
def service_worker(request):
    """The service worker, from the site's root so that its scope is the site."""
    return HttpResponse(
        _read_worker() if settings.DEBUG else _worker_source(),
        content_type="application/javascript; charset=utf-8",
        headers={"Cache-Control": "no-cache"},
    )


def _read_worker() -> bytes:
    return Path(finders.find(WORKER)).read_bytes()


_worker_source = functools.cache(_read_worker)
