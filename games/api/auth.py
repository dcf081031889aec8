"""Who calls: a personal token in `Authorization: Bearer ...`, its scopes,
and its rate limit (per token, a fixed window a minute, counted in the
cache; every answer says where the caller stands in its headers)."""

import time

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from games.api.models import ApiToken, Scope, digest

# Answers a minute per token, unless settings.API_RATE_PER_MINUTE says.
RATE_PER_MINUTE = 120
# last_used_at is written at most this often (seconds): not a write a request.
TOUCH_EVERY = 60


class ApiRefusal(Exception):
    """A refused call: HTTP `status` and a sentence."""

    def __init__(self, status: int, message: str, headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def token_for(request, scope: str) -> tuple[ApiToken, dict[str, str]]:
    """The caller's live token holding `scope`, and the rate headers."""
    header = request.headers.get("Authorization", "")
    kind, _, secret = header.partition(" ")
    if kind.lower() != "bearer" or not secret.strip():
        raise ApiRefusal(
            401,
            "Send a personal API token: Authorization: Bearer <token>.",
            {"WWW-Authenticate": 'Bearer realm="mdeal"'},
        )
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=digest(secret.strip()))
        .first()
    )
    if token is None or not token.user.is_active:
        raise ApiRefusal(401, "That token is not known.")
    if token.revoked_at is not None:
        raise ApiRefusal(401, "That token was revoked.")
    if scope not in token.scopes:
        raise ApiRefusal(403, f"This token may not {Scope(scope).label.lower()}.")
    headers = _rate(token)
    now = timezone.now()
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > (
        TOUCH_EVERY
    ):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token, headers


def _rate(token: ApiToken) -> dict[str, str]:
    limit = getattr(settings, "API_RATE_PER_MINUTE", RATE_PER_MINUTE)
    window = int(time.time() // 60)
    key = f"api-rate:{token.pk}:{window}"
    reset = (window + 1) * 60
    try:
        cache.add(key, 0, timeout=120)
        try:
            used = cache.incr(key)
        except ValueError:  # evicted between add and incr
            cache.set(key, 1, timeout=120)
            used = 1
    except Exception:  # the cache (Redis) away: no count, as the site's limits
        return {"X-RateLimit-Limit": str(limit)}
    headers = {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(max(0, limit - used)),
        "X-RateLimit-Reset": str(reset),
    }
    if used > limit:
        wait = max(1, reset - int(time.time()))
        raise ApiRefusal(
            429,
            f"Too many calls with this token: wait {wait} s.",
            {**headers, "Retry-After": str(wait)},
        )
    return headers
