"""/healthz: is this process able to serve? 200 or 503.

Everyone gets the bare status. Operators also get which part failed: staff
signed in, or a request bearing HEALTHZ_TOKEN (`Authorization: Bearer <token>`).
A failure is named by its exception class only: error texts can carry host
names and ports.
"""

import asyncio
import contextlib
import logging
import secrets
import tempfile
import uuid
from pathlib import Path

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from django.conf import settings
from django.db import connection
from django.http import JsonResponse

logger = logging.getLogger(__name__)

TIMEOUT = 3.0


def check_database() -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close_if_unusable_or_obsolete()


def check_redis() -> None:
    import redis

    client = redis.Redis.from_url(
        settings.REDIS_URL, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT
    )
    try:
        if not client.ping():
            raise RuntimeError("Redis did not answer PING")
    finally:
        client.close()


def check_broker_folder() -> None:
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    for key in ("data_folder_in", "processed_folder"):
        folder = Path(options[key])
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".healthz-"):
            pass


async def check_channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    channel = await layer.new_channel("healthz.")
    try:
        token = uuid.uuid4().hex
        await layer.send(channel, {"type": "healthz.ping", "token": token})
        message = await asyncio.wait_for(layer.receive(channel), TIMEOUT)
        if message.get("token") != token:
            raise RuntimeError("channel layer returned a different message")
    finally:
        await forget(layer, channel)


async def forget(layer, channel: str) -> None:
    """Let the layer drop `channel`. The pub/sub layer stays subscribed to a
    channel until a receive on it is cancelled, as a consumer's is when its
    socket closes; Channels has no other way to say a channel is done. Each
    check's channel would otherwise be kept for the process's life."""
    waiter = asyncio.ensure_future(layer.receive(channel))
    await asyncio.sleep(0)  # the receive now waits on the channel
    waiter.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await waiter


def broker_check():
    return check_redis if settings.REDIS_URL else check_broker_folder


async def for_operators(request) -> bool:
    token = settings.HEALTHZ_TOKEN
    offered = request.headers.get("Authorization", "").removeprefix("Bearer ")
    if token and secrets.compare_digest(offered.encode(), token.encode()):
        return True
    user = await request.auser()
    return user.is_active and user.is_staff


async def healthz(request):
    checks = {
        "database": sync_to_async(check_database),
        "broker": sync_to_async(broker_check()),
        "channel_layer": check_channel_layer,
    }
    results = {}
    for name, check in checks.items():
        try:
            await asyncio.wait_for(check(), TIMEOUT + 1)
        except Exception as error:  # Report any failure, by the part that failed.
            results[name] = f"failed: {type(error).__name__}"
            logger.warning("healthz: %s failed: %r", name, error)
        else:
            results[name] = "ok"
    healthy = all(result == "ok" for result in results.values())
    body = {"status": "ok" if healthy else "failed"}
    if await for_operators(request):
        body["checks"] = results
    return JsonResponse(
        body,
        status=200 if healthy else 503,
        headers={"Cache-Control": "no-store"},
    )
