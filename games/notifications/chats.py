"""Emails of the players' chat, for players who asked for them (opt-in).

Off by default: `User.chat_emails` ("Email me chat messages in my games" on
the profile). A message in the players' room of a game writes, in the same
transaction, one `Notification` (kind "chat") for each other player of that
game who asked, unless one is already waiting to go out for them and that
game: that row stands for the whole batch. After the grace time the sender
claims all of a user's due chat rows and sends one email with every message
written since each batch began, leaving out those the player saw at the
table (presence), their own, those of users they muted and deleted ones.
"""

import re
from dataclasses import dataclass, field
from functools import partial

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games.models import Seat
from games.notifications import claims, delivery, emails, inbox, unsubscribe
from games.notifications.decisions import grace_time
from games.notifications.models import InboxItem, Notification, Outcome, Presence

# The most recent messages of one game an email quotes.
QUOTED = 20


def chat_emails_record(*, game, message, now) -> None:
    """Write the chat notifications a new players' message calls for: two
    queries, and for players who want them, their inbox lines (one more) and
    the email rows of those with no batch waiting (one more)."""
    from games.chat.models import Mute

    wanting = dict(
        Seat.objects.filter(game=game, user__chat_emails=True, user__is_active=True)
        .exclude(user_id=message.author_id)
        .exclude(
            user_id__in=Mute.objects.filter(muted_id=message.author_id).values("user")
        )
        .values_list("user_id", "position")
    )
    if not wanting:
        return
    waiting = set(
        Notification.objects.filter(
            kind=Notification.Kind.CHAT,
            game=game,
            user_id__in=wanting,
            done_at=None,
            claimed_at=None,
        ).values_list("user_id", flat=True)
    )
    rows = [
        Notification(
            user_id=user_id,
            game=game,
            position=position,
            kind=Notification.Kind.CHAT,
            channel=Notification.Channel.EMAIL,
            decision="chat",
            deadline_at=message.created_at,
            due_at=now + grace_time(),
            created_at=now,
        )
        for user_id, position in wanting.items()
        if user_id not in waiting
    ]
    # Every reader's line, unread again (a batch already waiting too: its
    # email is then not held back by a line read before this message).
    items = inbox.items_record(
        [
            inbox.Entry(
                user_id=user_id,
                kind=InboxItem.Kind.CHAT,
                key=inbox.game_key(game.pk),
                text="New chat messages in "
                f"{emails.game_title(game, _seat_of(game, user_id))}.",
                url=reverse("games:table", args=[game.pk]) + "#chat",
                game_id=game.pk,
            )
            for user_id in wanting
        ],
        now=now,
    )
    if not rows:
        return
    for row in rows:
        row.item_id = items.get(
            (row.user_id, InboxItem.Kind.CHAT, inbox.game_key(game.pk))
        )
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    users = sorted(row.user_id for row in rows)
    transaction.on_commit(partial(_queue, users), robust=True)


def _seat_of(game, user_id: int):
    return next((s for s in game.seats.all() if s.user_id == user_id), None)


# "@bea" in a message: a username after an @ that starts no word of its own.
MENTION = re.compile(r"(?<![\w@])@([\w.@+-]+)")
QUOTE = 120


def mentions_record(*, game, message, now) -> None:
    """Tell each player of `game` named in `message` ("@bea") in their inbox,
    if they read its room and neither muted nor blocked its author. Nothing
    to do (no query) for a message that names nobody at the table."""
    from games.chat.models import Mute
    from games.chat.selectors import readable_rooms
    from games.social.models import Block

    named = {m.rstrip(".").lower() for m in MENTION.findall(message.text)}
    if not named:
        return
    readers = [
        seat.user
        for seat in game.seats.all()
        if seat.user_id is not None
        and seat.user_id != message.author_id
        and seat.user.username.lower() in named
        and message.room in readable_rooms(game, seat.user)
    ]
    if not readers:
        return
    ids = [user.pk for user in readers]
    shut = set(
        Mute.objects.filter(user_id__in=ids, muted_id=message.author_id).values_list(
            "user_id", flat=True
        )
    ) | set(
        Block.objects.filter(user_id__in=ids, blocked_id=message.author_id).values_list(
            "user_id", flat=True
        )
    )
    text = " ".join(message.text.split())
    quoted = text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"
    author = message.author.name
    inbox.items_record(
        [
            inbox.Entry(
                user_id=user.pk,
                kind=InboxItem.Kind.MENTION,
                key=inbox.game_key(game.pk),
                text=f"{author} mentioned you in the chat of "
                f"{emails.game_title(game, game.seat_for(user))}: “{quoted}”",
                url=reverse("games:table", args=[game.pk]) + "#chat",
                game_id=game.pk,
            )
            for user in readers
            if user.pk not in shut
        ],
        now=now,
    )


def _queue(user_ids: list[int]) -> None:
    from games.notifications import tasks

    for user_id in user_ids:
        tasks.send_chats.apply_async((user_id,), countdown=grace_time().total_seconds())


@dataclass
class ChatBrief:
    """One game's new messages as one player may read them."""

    title: str
    url: str
    lines: list[dict] = field(default_factory=list)
    more: int = 0


def chats_send(*, user_id: int, claim=None, last_try: bool = False) -> int:
    """Send `user` one email of the chat messages of all their due batches."""
    from games.chat.models import Message, Mute, Room

    now = timezone.now()
    taken = delivery.emails_claim(user_id, Notification.Kind.CHAT, now, claim)
    if taken is None:
        return 0
    token, mine = taken
    records = list(mine.select_related("item"))
    user = User.objects.get(pk=user_id)
    if not user.chat_emails or not user.is_active or user.away_at(now):
        claims.finish(mine, Outcome.OPTED_OUT, now)
        return 0
    # A batch whose line was read in the inbox since: read on the site.
    read = [r.pk for r in records if inbox.delivered_elsewhere(r.item, r.created_at)]
    if read:
        claims.finish(mine.filter(pk__in=read), Outcome.SEEN, now)
        records = [r for r in records if r.pk not in read]
    if not records:
        return 0
    since: dict[int, object] = {}
    for record in records:
        first = since.get(record.game_id)
        since[record.game_id] = (
            min(first, record.deadline_at) if first else record.deadline_at
        )
    seen = dict(
        Presence.objects.filter(user_id=user_id, game_id__in=since).values_list(
            "game_id", "seen_at"
        )
    )
    games = delivery._games(set(since))
    messages = (
        Message.objects.filter(game_id__in=since, room=Room.PLAYERS, deleted_at=None)
        .exclude(author_id=user_id)
        .exclude(author__in=Mute.objects.filter(user_id=user_id).values("muted"))
        .select_related("author")
        .order_by("pk")
    )
    by_game: dict[int, list] = {}
    for message in messages.filter(created_at__gte=min(since.values())):
        looked = seen.get(message.game_id)
        if message.created_at < since[message.game_id] or (
            looked is not None and looked >= message.created_at
        ):
            continue  # before the batch, or read at the table
        by_game.setdefault(message.game_id, []).append(message)
    briefs = []
    zone = emails.user_zone(user)
    for game_id, found in sorted(by_game.items()):
        game = games.get(game_id)
        if game is None:
            continue
        seat = game.seat_for(user)
        briefs.append(
            ChatBrief(
                title=emails.game_title(game, seat),
                url=emails.absolute(game.get_absolute_url()) + "#chat",
                lines=[
                    {
                        "name": m.author.name,
                        "text": m.text,
                        "at": m.created_at.astimezone(zone),
                    }
                    for m in found[-QUOTED:]
                ],
                more=max(len(found) - QUOTED, 0),
            )
        )
    if not briefs:
        claims.finish(mine, Outcome.SEEN, now)
        return 0
    count = sum(len(b.lines) + b.more for b in briefs)
    subject = (
        f"{count} new chat message{'s' if count != 1 else ''} in {briefs[0].title}"
        if len(briefs) == 1
        else f"{count} new chat messages in {len(briefs)} games"
    )
    return delivery.send_claimed(
        user=user,
        kind=unsubscribe.Kind.CHAT,
        subject=subject,
        template="chat",
        context={"briefs": briefs},
        records=mine,
        token=token,
        now=now,
        last_try=last_try,
    )
