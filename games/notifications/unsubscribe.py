"""One-click unsubscribe (RFC 8058): a signed token names the user and the kind.

The token never expires (an old email's link must still work) and carries no
secret: it only lets its holder turn one kind of email off and on again.
"""

from django.conf import settings
from django.core import signing
from django.urls import reverse

from accounts.models import User

SALT = "notifications.unsubscribe"


class Kind:
    MOVE = "move"
    REMINDER = "reminder"
    DIGEST = "digest"
    CHAT = "chat"
    CHALLENGE = "challenge"
    TOURNAMENT = "tournament"


LABELS = {
    Kind.MOVE: "“Your move” emails",
    Kind.REMINDER: "reminders before time runs out",
    Kind.DIGEST: "the daily digest",
    Kind.CHAT: "emails of chat messages in your games",
    Kind.CHALLENGE: "emails of challenges from other players",
    Kind.TOURNAMENT: "emails about your tournaments",
}


def token_make(user, kind: str) -> str:
    return signing.dumps({"u": user.pk, "k": kind}, salt=SALT)


def token_read(token: str) -> tuple[User, str]:
    """The user and kind a token names; BadSignature if it was not ours."""
    data = signing.loads(token, salt=SALT)
    if not isinstance(data, dict) or data.get("k") not in LABELS:
        raise signing.BadSignature("Unknown kind.")
    user = User.objects.filter(pk=data.get("u")).first()
    if user is None:
        raise signing.BadSignature("No such user.")
    return user, data["k"]


def link(user, kind: str) -> str:
    """The absolute link for the List-Unsubscribe header and the email's footer."""
    path = reverse("notifications:unsubscribe", args=[token_make(user, kind)])
    return settings.SITE_URL.rstrip("/") + path


# The kinds that are a yes/no field of their own on the user.
FLAGS = {
    Kind.REMINDER: "reminders",
    Kind.CHAT: "chat_emails",
    Kind.CHALLENGE: "challenge_emails",
    Kind.TOURNAMENT: "tournament_emails",
}


def subscribed(user, kind: str) -> bool:
    if kind in FLAGS:
        return getattr(user, FLAGS[kind])
    wanted = User.Notify.EACH_MOVE if kind == Kind.MOVE else User.Notify.DAILY_DIGEST
    return user.notify == wanted


def turn_off(user, kind: str) -> None:
    if kind in FLAGS:
        setattr(user, FLAGS[kind], False)
        user.save(update_fields=[FLAGS[kind]])
    elif subscribed(user, kind):
        user.notify = User.Notify.NONE
        user.save(update_fields=["notify"])


def turn_on(user, kind: str) -> None:
    if kind in FLAGS:
        setattr(user, FLAGS[kind], True)
        user.save(update_fields=[FLAGS[kind]])
    else:
        wanted = kind == Kind.MOVE
        user.notify = User.Notify.EACH_MOVE if wanted else User.Notify.DAILY_DIGEST
        user.save(update_fields=["notify"])
