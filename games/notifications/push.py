"""Web Push: the devices a player asked to be told on, and telling them.

A `PushSubscription` is one browser on one device ("Notify me on this
device"), kept by its endpoint. A player with one gets `Notification` rows
with channel "push" beside the email ones (`decisions.decisions_record`):
"your move" whatever their email choice, reminders when reminders are on.
`pushes_send` claims the due rows and checks each at send time as the email
senders do (still owed, not seen at the table since), then sends one
encrypted message per game to each device with pywebpush. A device the push
service no longer knows (404, 410) is deleted. When no device takes a message
the records stay claimed for the task's retry; one device that took it is
enough (the player was told).

The message says only what the email says: the game's title, what the seat
owes from the engine's view for that seat, the time left, the table's URL.
"""

import base64
import binascii
import json
import logging
import re
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from pywebpush import WebPushException, webpush

from django.conf import settings
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import User
from games.notifications import claims, delivery, emails, inbox, news, vapid
from games.notifications.models import Notification, Outcome, Presence, PushSubscription

logger = logging.getLogger(__name__)

# Decoded lengths of the subscription's keys (RFC 8291): an uncompressed P-256
# point and a 16-byte auth secret.
KEY_LENGTHS = {"p256dh": 65, "auth": 16}
MAX_DEVICES = 10
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
SEND_TIMEOUT = 10  # seconds, per device
GONE = {404, 410}
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")
REMINDER_NOTE = "When time runs out, the game makes the simplest move for you."


class InvalidSubscription(ValueError):
    """The page sent something that is not a push subscription we accept."""


def subscription_save(*, user, data, user_agent: str = "") -> PushSubscription:
    """Keep `user`'s device, from the page's `PushSubscription.toJSON()`.

    The same endpoint again (the same browser) updates its row, whoever had
    it. A player keeps their `MAX_DEVICES` most recent devices.
    """
    endpoint, keys = _subscription_read(data)
    device, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"user": user, **keys, "user_agent": user_agent[:300]},
    )
    devices = PushSubscription.objects.filter(user=user)
    oldest = devices.order_by("-created_at", "-pk").values_list("pk", flat=True)
    devices.filter(pk__in=list(oldest[MAX_DEVICES:])).delete()
    return device


def subscription_delete(*, user, endpoint: str) -> bool:
    """Forget `user`'s device with this endpoint; whether there was one."""
    deleted, _ = PushSubscription.objects.filter(
        user=user, endpoint=str(endpoint)
    ).delete()
    return bool(deleted)


DEVICE_FLAG = "user_has_device"


def with_device_flag(seats):
    """A Seat queryset whose rows say whether their user has a device for Web
    Push, read in the same query: `users_with_devices` then asks nothing."""
    devices = PushSubscription.objects.filter(user_id=OuterRef("user_id"))
    return seats.annotate(**{DEVICE_FLAG: Exists(devices)})


def users_with_devices(user_ids, *, seats=None) -> set[int]:
    """Which of these users have a device for Web Push: one query, or none
    when their `seats` were read `with_device_flag`."""
    if not user_ids or vapid.server_key() is None:
        return set()
    if seats is not None and all(hasattr(seat, DEVICE_FLAG) for seat in seats):
        return {
            seat.user_id
            for seat in seats
            if seat.user_id in user_ids and getattr(seat, DEVICE_FLAG)
        }
    return set(
        PushSubscription.objects.filter(user_id__in=user_ids)
        .values_list("user_id", flat=True)
        .distinct()
    )


def _subscription_read(data) -> tuple[str, dict[str, str]]:
    if not isinstance(data, dict):
        raise InvalidSubscription("Send the subscription as a JSON object.")
    endpoint = data.get("endpoint")
    if not isinstance(endpoint, str) or not endpoint_allowed(endpoint):
        raise InvalidSubscription(
            "The endpoint must be an https:// URL of a push service."
        )
    given = data.get("keys")
    if not isinstance(given, dict):
        raise InvalidSubscription("The subscription has no keys.")
    keys = {}
    for name, length in KEY_LENGTHS.items():
        value = given.get(name)
        if not isinstance(value, str) or _decoded_length(value) != length:
            raise InvalidSubscription(
                f"keys.{name} must be {length} bytes in base64url."
            )
        keys[name] = value.rstrip("=")
    return endpoint, keys


def endpoint_allowed(endpoint: str) -> bool:
    """An https URL of a push service (`PUSH_SERVICE_HOSTS`), or with DEBUG on
    or `PUSH_ALLOW_LOCAL_ENDPOINTS`, an http URL on this machine."""
    if len(endpoint) > PushSubscription._meta.get_field("endpoint").max_length:
        return False
    if not endpoint.isprintable():  # a NUL or other control character
        return False
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018 (raises on a port that is not a number)
    except ValueError:
        return False
    if not host or parts.username or parts.password:
        return False
    local = settings.DEBUG or settings.PUSH_ALLOW_LOCAL_ENDPOINTS
    if local and parts.scheme in {"http", "https"} and host in LOCAL_HOSTS:
        return True
    return parts.scheme == "https" and any(
        host == known or host.endswith("." + known)
        for known in settings.PUSH_SERVICE_HOSTS
    )


def _decoded_length(value: str) -> int | None:
    if not _BASE64URL.match(value):
        return None
    value = value.rstrip("=")
    try:
        return len(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except (binascii.Error, ValueError):
        return None


def pushes_send(*, user_id: int, claim=None, last_try: bool = False) -> int:
    """Push every due "your move" and reminder of `user` to their devices.

    Returns the messages that reached at least one device. Raises
    `delivery.SendFailed` when no device took some message: those records
    stay claimed for the retry (on the last try they are marked failed).
    """
    now = timezone.now()
    pending = Notification.objects.filter(
        user_id=user_id, channel=Notification.Channel.PUSH, due_at__lte=now
    )
    if claim is None and not claims.claimable(pending, now).exists():
        return 0
    token = claims.claim(pending, now, held=claim)
    if token is None:
        return 0
    mine = Notification.objects.filter(claim=token, done_at=None)
    records = list(mine.select_related("item").order_by("created_at"))
    devices = list(PushSubscription.objects.filter(user_id=user_id))
    key = vapid.server_key()
    if not devices or key is None:
        claims.finish(mine, Outcome.NO_DEVICE, now)
        return 0
    user = User.objects.get(pk=user_id)
    games = delivery._games({r.game_id for r in records if r.game_id})
    seen = dict(
        Presence.objects.filter(user_id=user_id, game_id__in=games).values_list(
            "game_id", "seen_at"
        )
    )
    sent, failed = 0, []
    for record in records:
        this = mine.filter(pk=record.pk)
        brief = delivery.owed_brief(games.get(record.game_id), record, now)
        at_table = seen.get(record.game_id)
        if brief is None or record.deadline_at <= now:
            claims.finish(this, Outcome.MOVED, now)
        elif (
            record.kind in (Notification.Kind.MOVE, Notification.Kind.TOURNAMENT)
            and at_table
            and at_table >= record.created_at
        ) or inbox.delivered_elsewhere(record.item, record.created_at):
            claims.finish(this, Outcome.SEEN, now)
        elif record.kind == Notification.Kind.REMINDER and (
            not user.reminders or user.away_at(now)
        ):
            claims.finish(this, Outcome.OPTED_OUT, now)
        else:
            if record.kind == Notification.Kind.REMINDER:
                delivery.reminder_told(record, brief, now)
            message = push_message(record, brief)
            outcome = _to_devices(devices, message, key, record.deadline_at, now)
            if outcome is None:
                failed.append(record.pk)
                if last_try:
                    claims.finish(this, Outcome.FAILED, now)
            else:
                claims.finish(this, outcome, timezone.now())
                sent += outcome == Outcome.SENT
    if failed:
        raise delivery.SendFailed(f"no device took records {failed}", token)
    return sent


def push_message(record: Notification, brief: emails.GameBrief) -> dict:
    """The notification's title, body and the table's URL (what the email says)."""
    left = f"{brief.time_left} left." if brief.time_left else ""
    if record.kind == Notification.Kind.REMINDER:
        title = f"{brief.time_left} left in {brief.title}"
        note = "" if brief.headline else REMINDER_NOTE
        body = " ".join(filter(None, [brief.owed, note]))
    else:
        title = brief.headline or f"Your move in {brief.title}"
        body = " ".join(filter(None, [brief.owed, left])) or "It is your move."
    if record.tournament_id:
        tag = news.push_tag(record)
    elif record.challenge_id:
        tag = f"mdeal-challenge-{record.challenge_id}"
    else:
        tag = f"mdeal-game-{record.game_id}"
    return {"title": title, "body": body, "url": brief.url, "tag": tag}


def _to_devices(devices, message, key, deadline: datetime, now) -> str | None:
    """Send to every device still there: SENT if one took it, NO_DEVICE if all
    are gone, None if none took it (retry later)."""
    data = json.dumps(message)
    # Undelivered, it is worth nothing once the decision's time is up.
    ttl = max(60, int((deadline - now) / timedelta(seconds=1)))
    took, gone = False, 0
    for device in list(devices):
        try:
            webpush(
                subscription_info={
                    "endpoint": device.endpoint,
                    "keys": {"p256dh": device.p256dh, "auth": device.auth},
                },
                data=data,
                vapid_private_key=key.vapid,
                vapid_claims={"sub": key.subject},
                ttl=ttl,
                headers={"Topic": message["tag"], "Urgency": "normal"},
                timeout=SEND_TIMEOUT,
            )
        except WebPushException as error:
            status = error.status_code
            if status in GONE:
                logger.info("Push endpoint gone (%s): %s", status, device.endpoint)
                device.delete()
                devices.remove(device)
                gone += 1
                continue
            logger.warning("Push to %s failed: %s", device.endpoint, error)
        except Exception as error:
            logger.warning("Push to %s failed: %r", device.endpoint, error)
        else:
            took = True
            PushSubscription.objects.filter(pk=device.pk).update(
                last_success_at=timezone.now()
            )
    if took:
        return Outcome.SENT
    if gone and not devices:
        return Outcome.NO_DEVICE
    return None
