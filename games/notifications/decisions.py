"""Which notifications a change at the table calls for, written with it.

`decisions_record` runs inside `games.services.table.Table.save()`, in the same
transaction that makes decisions due: a decision is a seat's entry in
`Game.deadlines` ({"kind", "at"}), so a decision that stays owed keeps its
entry and its records, and a fresh one gets fresh records. Only when some
human seat owes a new decision: the game's line in each such player's inbox
("your move", one line per game however many moves), one look for their Web
Push devices, and one bulk insert of the deliveries by email and push.

A challenge to answer (games.social) is written the same way, with no game
yet (`challenge_asks_record`).
"""

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction

from games.notifications import emails, inbox, push
from games.notifications.models import InboxItem, Notification
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
    _record(game=game, seats=seats, owed=owed, movers=movers, now=now)


def rematch_asks_record(
    *,
    game,
    seats,
    deadline: datetime,
    now,
    proposer: str = "A player",
    table: list | None = None,
) -> None:
    """Write the notifications of the humans asked to answer a rematch offer.

    A pending answer is a decision like a move: `decision` "rematch", due by
    the offer's deadline, at the finished `game`, for each of `seats` (users
    loaded), by email and Web Push as their "your move" choices say, and in
    their inbox ("Bea wants a rematch of game 41"), made by `proposer`;
    `table` is every seat of the game (to name the others), `seats` if None.
    """
    entry = {"kind": Rematch.DECISION, "at": deadline.isoformat()}
    _record(
        game=game,
        seats=table or seats,
        owed=[(seat, entry) for seat in seats],
        movers=set(),
        now=now,
        proposer=proposer,
    )


def _told(game, seats, owed: list, movers: set[int], now, proposer: str) -> dict:
    """The inbox lines of the decisions owed (the movers are at the table):
    {(user id, kind, key): item id}."""
    names = {seat.position: seat.name for seat in seats}
    entries = []
    for seat, entry in owed:
        if seat.position in movers:
            continue
        others = [name for p, name in sorted(names.items()) if p != seat.position]
        title = emails.title_with(game, others)
        if entry["kind"] == Rematch.DECISION:
            kind = InboxItem.Kind.REMATCH
            text = f"{proposer} wants a rematch of {title}: accept or decline."
        else:
            kind = InboxItem.Kind.MOVE
            text = f"Your move in {title}."
        entries.append(
            inbox.Entry(
                user_id=seat.user_id,
                kind=kind,
                key=inbox.game_key(game.pk),
                text=text,
                url=game.get_absolute_url(),
                game_id=game.pk,
            )
        )
    return inbox.items_record(entries, now=now)


def item_kind(decision: str) -> str:
    """The inbox line a decision of this kind is told on."""
    return (
        InboxItem.Kind.REMATCH if decision == Rematch.DECISION else InboxItem.Kind.MOVE
    )


def _record(
    *, game, seats, owed: list, movers: set[int], now, proposer: str = ""
) -> None:
    """The inbox lines and the rows for each (seat, {"kind", "at"}) owed
    (`seats`: all of the game's, for the others' names)."""
    if not owed:
        return
    items = _told(game, seats, owed, movers, now, proposer)
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
            item = items.get(
                (user.pk, item_kind(entry["kind"]), inbox.game_key(game.pk))
            )
            rows += [
                Notification(
                    kind=Notification.Kind.MOVE,
                    channel=channel,
                    due_at=start + grace_time(),
                    item_id=item,
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


def _queue_moves(to_tell: dict[str, list[int]], *, email: str = "send_moves") -> None:
    """After the grace time, send each user what is due by email (the task
    `email` of games.notifications.tasks) and to their devices (reminders:
    the sweep)."""
    from games.notifications import tasks

    senders = {
        Notification.Channel.EMAIL: getattr(tasks, email),
        Notification.Channel.PUSH: tasks.send_pushes,
    }
    countdown = grace_time().total_seconds()
    for channel, user_ids in to_tell.items():
        for user_id in user_ids:
            senders[channel].apply_async((user_id,), countdown=countdown)


def challenge_asks_record(*, challenge, users, items: dict[int, int], now) -> None:
    """Write the deliveries of a challenge to the players it names: by email
    (with "Email me when a player challenges me") and to their Web Push
    devices, after the grace time (or their return from vacation), each
    pointing at the player's inbox line (`items`: user id -> item id). One
    query for the devices, one insert."""
    pushed = push.users_with_devices({user.pk for user in users})
    rows = []
    for user in users:
        start = max(now, user.away_until or now)
        channels = [Notification.Channel.EMAIL] if user.challenge_emails else []
        channels += [Notification.Channel.PUSH] if user.pk in pushed else []
        rows += [
            Notification(
                user_id=user.pk,
                challenge=challenge,
                kind=Notification.Kind.CHALLENGE,
                channel=channel,
                decision=challenge.DECISION,
                deadline_at=challenge.expires_at,
                due_at=start + grace_time(),
                created_at=now,
                item_id=items.get(user.pk),
            )
            for channel in channels
        ]
    if not rows:
        return
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    to_tell = {
        channel: sorted({row.user_id for row in rows if row.channel == channel})
        for channel in Notification.Channel
    }
    transaction.on_commit(
        partial(_queue_moves, to_tell, email="send_challenges"), robust=True
    )
