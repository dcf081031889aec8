"""Which notifications a change at the table calls for, written with it.

`decisions_record` runs inside `games.services._Table.save()`, in the same
transaction that makes decisions due: a decision is a seat's entry in
`Game.deadlines` ({"kind", "at"}), so a decision that stays owed keeps its
entry and its records, and a fresh one gets fresh records. One bulk insert,
only when some human seat owes a new decision.
"""

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction

from notifications.models import Notification

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
    moved, who are at the table and get no "your move" email (a reminder
    still). Sending is queued for after commit.
    """
    before = before or {}
    rows = []
    for key, entry in (game.deadlines or {}).items():
        if before.get(key) == entry:
            continue
        seat = seats[int(key)]
        user = seat.user
        if user is None or not seat.is_active_player:
            continue
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
        if user.notify == user.Notify.EACH_MOVE and seat.position not in movers:
            rows.append(
                Notification(
                    kind=Notification.Kind.MOVE, due_at=start + grace_time(), **decision
                )
            )
        remind_at = reminder_time(start, deadline)
        if user.reminders and remind_at is not None:
            rows.append(
                Notification(
                    kind=Notification.Kind.REMINDER, due_at=remind_at, **decision
                )
            )
    if not rows:
        return
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    movers_to_tell = sorted(
        {row.user_id for row in rows if row.kind == Notification.Kind.MOVE}
    )
    if movers_to_tell:
        transaction.on_commit(partial(_queue_moves, movers_to_tell), robust=True)


def _queue_moves(user_ids: list[int]) -> None:
    """After the grace time, send each user what is due (reminders: the sweep)."""
    from notifications import tasks

    countdown = grace_time().total_seconds()
    for user_id in user_ids:
        tasks.send_moves.apply_async((user_id,), countdown=countdown)
