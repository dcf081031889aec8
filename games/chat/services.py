"""The only code that writes chat messages, reports, mutes and suspensions.

Messages are written by people only: `message_post` needs a signed-in
author, and nothing in the site (services, tasks, bots) calls it for them.
Each refusal raises a `games.errors.GameError` subclass with a sentence and
an HTTP status; nothing is written then.
"""

import math
import re
from datetime import timedelta
from functools import partial

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.chat import selectors
from games.chat.errors import (
    BadReport,
    BadRoom,
    CannotMute,
    ChatClosed,
    ChatSuspended,
    EmptyMessage,
    MessageTooLong,
    MutedInviter,
    NoSuchMessage,
    NoSuchPlayer,
    NotInRoom,
    TooFast,
)
from games.chat.models import Message, Mute, Report, Room, Suspension
from games.errors import GameNotFound
from mdeal_site.broadcast import group_send

# At most RATE_COUNT messages in RATE_WINDOW per user, across all games.
RATE_COUNT = 5
RATE_WINDOW = timedelta(seconds=10)

# Control characters other than tab and newline (C0, DEL, C1), and the
# bidirectional overrides that can make a message read backwards.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def clean_text(text) -> str:
    """The text as it is kept: newlines as \\n, no control characters,
    no blank lines around it."""
    if not isinstance(text, str):
        return ""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("", text).strip()


def message_post(*, game_id: int, user, room: str, text: str, now=None) -> Message:
    """Write `text` in `room` of the game, as `user`.

    A player writes in the players' room, anyone else who may see a public
    game in the spectators' room, once the game has started. Refused when
    empty or longer than Message.MAX_LENGTH, when the user's chat is
    suspended, and past RATE_COUNT messages in RATE_WINDOW (429: the
    sentence says how long to wait).
    """
    if not getattr(user, "is_authenticated", False):
        raise NotInRoom("Sign in to chat.")
    if room not in Room.values:
        raise BadRoom()
    text = clean_text(text)
    if not text:
        raise EmptyMessage()
    if len(text) > Message.MAX_LENGTH:
        raise MessageTooLong(
            f"A message has at most {Message.MAX_LENGTH} characters; "
            f"yours has {len(text)}."
        )
    game = selectors.game_for_chat(game_id=game_id, user=user)
    if not selectors.is_open(game):
        raise ChatClosed()
    own = selectors.room_of(game, user)
    if room != own:
        if room == Room.PLAYERS:
            raise NotInRoom()
        raise NotInRoom(
            "Players write in the players' chat: the spectators' chat is theirs."
        )
    now = now or timezone.now()
    _require_not_suspended(user, now)
    with transaction.atomic():
        # One post at a time per user: the count below is then exact.
        User.objects.select_for_update().filter(pk=user.pk).first()
        recent = list(
            Message.objects.filter(author=user, created_at__gt=now - RATE_WINDOW)
            .order_by("-created_at")
            .values_list("created_at", flat=True)[:RATE_COUNT]
        )
        if len(recent) >= RATE_COUNT:
            wait = math.ceil((recent[-1] + RATE_WINDOW - now).total_seconds())
            raise TooFast(
                f"You are sending messages too fast: at most {RATE_COUNT} in "
                f"{RATE_WINDOW.seconds} seconds. Wait {max(wait, 1)} "
                f"second{'s' if wait > 1 else ''} and send it again."
            )
        message = Message.objects.create(
            game=game, room=room, author=user, text=text, created_at=now
        )
        from games.notifications.chats import chat_emails_record, mentions_record

        if room == Room.PLAYERS:
            chat_emails_record(game=game, message=message, now=now)
        mentions_record(game=game, message=message, now=now)
        transaction.on_commit(
            partial(announce, game.pk, rooms=_told(game, room)), robust=True
        )
    return message


def _told(game, room: str) -> tuple[str, ...]:
    """Who hears of a new message: its room, or everyone once the game is over."""
    return tuple(Room.values) if game.is_over else (room,)


def group_name(game_id: int, room: str) -> str:
    """The channel layer group of one room's readers (games.consumers)."""
    return f"game-{game_id}-chat-{room}"


def announce(game_id: int, *, rooms) -> None:
    """Tell the rooms' open tables that something new was written: nothing more."""
    for room in rooms:
        group_send(group_name(game_id, room), {"type": "chat.posted"})


def _require_not_suspended(user, now) -> None:
    suspension = selectors.suspension_of(user, now)
    if suspension is None:
        return
    if suspension.until is None:
        raise ChatSuspended(
            "The moderators have suspended your chat: you cannot write messages."
        )
    from games.notifications.emails import user_zone

    until = suspension.until.astimezone(user_zone(user))
    raise ChatSuspended(
        "The moderators have suspended your chat until "
        f"{until.day} {until:%B %Y, %H:%M} ({user.time_zone})."
    )


def message_report(
    *, game_id: int, message_id: int, user, reason: str
) -> tuple[Report, bool]:
    """Report a message `user` can read to the moderators (once each).

    Returns the report and whether it is new.
    """
    if reason not in Report.Reason.values:
        raise BadReport("Choose why you report this message.")
    message = _readable_message(game_id=game_id, message_id=message_id, user=user)
    if message.author_id == user.pk:
        raise BadReport("You cannot report your own message.")
    return Report.objects.get_or_create(
        message=message, reporter=user, defaults={"reason": reason}
    )


# The largest id a row can have (PostgreSQL's integer): a larger one is no row,
# and SQLite raises on one past its own integers rather than finding nothing.
LARGEST_ID = 2**31 - 1


def _readable_message(*, game_id: int, message_id: int, user) -> Message:
    if not (0 < game_id <= LARGEST_ID and 0 < message_id <= LARGEST_ID):
        raise NoSuchMessage()
    message = Message.objects.filter(
        pk=message_id, game_id=game_id, deleted_at=None
    ).first()
    if message is None:
        raise NoSuchMessage()
    try:
        game = selectors.game_for_chat(game_id=message.game_id, user=user)
    except GameNotFound:
        raise NoSuchMessage() from None
    if message.room not in selectors.readable_rooms(game, user):
        raise NoSuchMessage()
    return message


def user_mute(*, user, muted_id) -> User:
    """`user` stops seeing `muted_id`'s messages everywhere, and their invitations."""
    muted = _other_user(user, muted_id)
    Mute.objects.get_or_create(user=user, muted=muted)
    return muted


def user_unmute(*, user, muted_id) -> User:
    muted = _other_user(user, muted_id)
    Mute.objects.filter(user=user, muted=muted).delete()
    return muted


def _other_user(user, user_id) -> User:
    try:
        other = User.objects.filter(pk=int(user_id)).first()
    except (TypeError, ValueError):
        other = None
    if other is None:
        raise NoSuchPlayer()
    if other.pk == user.pk:
        raise CannotMute()
    return other


def invitation_check(*, inviter, invitee) -> None:
    """Refuse an invitation from someone the invitee muted (MutedInviter).

    Joining a table through its invitation link is accepting the host's
    invitation (games.services.game_join).
    """
    if inviter is None or invitee is None or inviter.pk == invitee.pk:
        return
    if selectors.mutes(muter_id=invitee.pk, muted_id=inviter.pk):
        raise MutedInviter(
            f"You muted {inviter.name}, so their invitations are refused. "
            "Unmute them on your profile to take this seat."
        )


# -- moderation (the Django admin's actions) -----------------------------------


def messages_delete(*, messages, by) -> int:
    """Hide messages from everyone; their open reports are handled by it."""
    now = timezone.now()
    ids = list(messages.filter(deleted_at=None).values_list("pk", flat=True))
    Message.objects.filter(pk__in=ids).update(deleted_at=now, deleted_by=by)
    Report.objects.filter(message_id__in=ids, outcome=Report.Outcome.OPEN).update(
        outcome=Report.Outcome.DELETED, handled_at=now, handled_by=by
    )
    return len(ids)


def chat_suspend(*, user_ids, by, until=None, reason: str = "") -> int:
    """Take chat away from these users (until `until`, or until lifted)."""
    now = timezone.now()
    user_ids = sorted(set(user_ids))
    Suspension.objects.bulk_create(
        Suspension(user_id=pk, until=until, reason=reason, created_by=by)
        for pk in user_ids
    )
    Report.objects.filter(
        message__author_id__in=user_ids, outcome=Report.Outcome.OPEN
    ).update(outcome=Report.Outcome.SUSPENDED, handled_at=now, handled_by=by)
    return len(user_ids)


def reports_dismiss(*, reports, by) -> int:
    return reports.filter(outcome=Report.Outcome.OPEN).update(
        outcome=Report.Outcome.DISMISSED, handled_at=timezone.now(), handled_by=by
    )
