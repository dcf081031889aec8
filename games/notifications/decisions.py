"""Which notifications a change at the table calls for, written with it.

`decisions_record` runs inside `games.services.table.Table.save()`, in the same
transaction that makes decisions due: a decision is a seat's entry in
`Game.deadlines` ({"kind", "at"}), so a decision that stays owed keeps its
entry and its records, and a fresh one gets fresh records. One bulk insert,
and one look for the players' Web Push devices, only when some human seat
owes a new decision.
"""

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction

from games.notifications import push
from games.notifications.models import Notification
from games.rematch.models import Rematch

# Remind when a quarter of the decision's time is left, and at least this long
# before it runs out.
REMINDER_SHARE = 0.25
REMINDER_AT_LEAST = timedelta(minutes=30)


def grace_time() -> timedelta:
    """How long a decision waits before its "your move" email goes out."""
    return timedelta(seconds=settings.NOTIFY_GRACE_SECONDS)


def reminder_time(start: datetime, deadline: datetime) -> datetime | None:
    """When to remind of a decision owed from `start` to `deadline`.

    None when that would come before the grace time is over: the "your move"
    email says it all then.
    """
    left = max((deadline - start) * REMINDER_SHARE, REMINDER_AT_LEAST)
    at = deadline - left
    return at if at > start + grace_time() else None


def decisions_record(*, game, seats, before: dict, movers: set[int], now) -> None:
    """Write the notifications owed for the decisions that became due now.

    `before` is `game.deadlines` as it was before this change; `seats` are the
    game's seats by position (users loaded); `movers` the seats that just
    moved, who are at the table and get no "your move" email or push (a
    reminder still). Users with a device for Web Push get push rows too (the
    seats say so when read `push.with_device_flag`, else one query, only when
    some human seat owes a new decision). Sending is queued for after commit.
    """
    before = before or {}
    owed = [
        (seats[int(key)], entry)
        for key, entry in (game.deadlines or {}).items()
        if before.get(key) != entry
    ]
    owed = [
        (seat, entry)
        for seat, entry in owed
        if seat.user is not None and seat.is_active_player
    ]
    _record(game=game, owed=owed, movers=movers, now=now)


def rematch_asks_record(*, game, seats, deadline: datetime, now) -> None:
    """Write the notifications of the humans asked to answer a rematch offer.

    A pending answer is a decision like a move: `decision` "rematch", due by
    the offer's deadline, at the finished `game`, for each of `seats` (users
    loaded), by email and Web Push as their "your move" choices say.
    """
    entry = {"kind": Rematch.DECISION, "at": deadline.isoformat()}
    _record(game=game, owed=[(seat, entry) for seat in seats], movers=set(), now=now)


def _record(*, game, owed: list, movers: set[int], now) -> None:
    """Rows for each (seat, {"kind", "at"}) owed, written in one bulk insert."""
    if not owed:
        return
    pushed = push.users_with_devices(
        {seat.user_id for seat, _ in owed}, seats=[seat for seat, _ in owed]
    )
    rows = []
    for seat, entry in owed:
        user = seat.user
        deadline = datetime.fromisoformat(entry["at"])
        # Away on vacation: nothing goes out before they are back.
        start = max(now, user.away_until or now)
        decision = {
            "user_id": user.pk,
            "game_id": game.pk,
            "position": seat.position,
            "decision": entry["kind"],
            "deadline_at": deadline,
            "created_at": now,
        }
        # Web Push is asked for on the device: "your move" whatever the email
        # choice; reminders, as emailed ones, only with reminders on.
        email = [Notification.Channel.EMAIL]
        device = [Notification.Channel.PUSH] if user.pk in pushed else []
        email_moves = email if user.notify == user.Notify.EACH_MOVE else []
        if seat.position not in movers:
            rows += [
                Notification(
                    kind=Notification.Kind.MOVE,
                    channel=channel,
                    due_at=start + grace_time(),
                    **decision,
                )
                for channel in email_moves + device
            ]
        remind_at = reminder_time(start, deadline)
        if user.reminders and remind_at is not None:
            rows += [
                Notification(
                    kind=Notification.Kind.REMINDER,
                    channel=channel,
                    due_at=remind_at,
                    **decision,
                )
                for channel in email + device
            ]
    if not rows:
        return
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    to_tell = {
        channel: sorted(
            {
                row.user_id
                for row in rows
                if row.kind == Notification.Kind.MOVE and row.channel == channel
            }
        )
        for channel in Notification.Channel
    }
    if any(to_tell.values()):
        transaction.on_commit(partial(_queue_moves, to_tell), robust=True)


def _queue_moves(to_tell: dict[str, list[int]]) -> None:
    """After the grace time, send each user what is due by email and to their
    devices (reminders: the sweep)."""
    from games.notifications import tasks

    senders = {
        Notification.Channel.EMAIL: tasks.send_moves,
        Notification.Channel.PUSH: tasks.send_pushes,
    }
    countdown = grace_time().total_seconds()
    for channel, user_ids in to_tell.items():
        for user_id in user_ids:
            senders[channel].apply_async((user_id,), countdown=countdown)
