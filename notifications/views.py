"""One-click unsubscribe: works without signing in, by its signed token alone.

GET shows what the link turns off and a button; POST turns it off, including
the mail client's RFC 8058 one-click POST (body `List-Unsubscribe=One-Click`,
no session, no CSRF token: the token in the link is the authority). The page
then offers to turn it back on.
"""

from django.core import signing
from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from notifications import unsubscribe as subscriptions


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
