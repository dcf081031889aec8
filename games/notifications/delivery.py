"""Sending "your move" emails and reminders: claim, check, compose, send.

Each sender claims its records first (`claims.claim`), so the task queued on
commit, a retry and the beat sweep can all run and one email goes out. Then
it checks the record still stands at send time: the seat owes the very same
decision (its entry in `Game.deadlines`), the player still wants this kind of
email, has an address that works, and (for "your move") was not at the table
since the decision became theirs nor read its line in the inbox
(`inbox.delivered_elsewhere`). A record not yet due is left for later: in
tests Celery runs tasks at once, ignoring their countdown.

Challenges (games.social) go the same way (`challenges_send`): still open,
still unanswered by the player, its inbox line not read.
"""

import logging
from datetime import datetime

from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games.models import Game, Rematch, Seat
from games.notifications import addresses, claims, emails, inbox, news, unsubscribe
from games.notifications.models import InboxItem, Notification, Outcome, Presence
from games.social.models import Challenge, Invitee

logger = logging.getLogger(__name__)


class SendFailed(Exception):
    """The mail server failed. The records stay claimed by `claim` for the
    retry (or, on the last try, are marked failed)."""

    def __init__(self, message: str, claim):
        super().__init__(message)
        self.claim = claim


def moves_send(*, user_id: int, claim=None, last_try: bool = False) -> int:
    """Send `user` one email about every decision of theirs now due.

    Decisions that became theirs while the first one's grace time ran go in
    the same email ("It is your move in 3 games"). Returns emails sent (0/1).
    """
    now = timezone.now()
    taken = emails_claim(user_id, Notification.Kind.MOVE, now, claim)
    if taken is None:
        return 0
    token, mine = taken
    records = list(mine.select_related("item").order_by("created_at"))
    user = User.objects.get(pk=user_id)
    if user.notify != User.Notify.EACH_MOVE:
        claims.finish(mine, Outcome.OPTED_OUT, now)
        return 0
    games = _games({r.game_id for r in records})
    seen = dict(
        Presence.objects.filter(user_id=user_id, game_id__in=games).values_list(
            "game_id", "seen_at"
        )
    )
    briefs, told = [], []
    for record in records:
        brief = owed_brief(games.get(record.game_id), record, now)
        if brief is None:
            claims.finish(mine.filter(pk=record.pk), Outcome.MOVED, now)
        elif (
            seen.get(record.game_id) and seen[record.game_id] >= record.created_at
        ) or inbox.delivered_elsewhere(record.item, record.created_at):
            claims.finish(mine.filter(pk=record.pk), Outcome.SEEN, now)
        else:
            briefs.append(brief)
            told.append(record.pk)
    if not briefs:
        return 0
    if len(briefs) > 1:
        subject = f"It is your move in {len(briefs)} games"
    else:
        subject = briefs[0].headline or f"It is your move in {briefs[0].title}"
    return send_claimed(
        user=user,
        kind=unsubscribe.Kind.MOVE,
        subject=subject,
        template="move",
        context={"briefs": briefs},
        records=mine.filter(pk__in=told),
        token=token,
        now=now,
        last_try=last_try,
    )


def emails_claim(
    user_id: int, kind: str, now, claim=None, *, channels=(Notification.Channel.EMAIL,)
):
    """Claim every pending email of `kind` to the user, once one is due.

    (the claim, its records), or None when nothing is due or another
    sender holds them. A retry passes the `claim` it already holds.
    `channels`: the records' channels this email delivers (a tournament's
    news kept for a digest the player no longer takes goes by email too).
    """
    pending = Notification.objects.filter(
        user_id=user_id, kind=kind, channel__in=channels
    )
    due = claims.claimable(pending, now).filter(due_at__lte=now)
    if claim is None and not due.exists():
        return None
    token = claims.claim(pending, now, held=claim)
    if token is None:
        return None
    return token, Notification.objects.filter(claim=token, done_at=None)


def reminder_send(*, notification_id: int, claim=None, last_try: bool = False) -> int:
    """Remind of one decision whose time is running out, if still owed."""
    now = timezone.now()
    record = Notification.objects.filter(
        pk=notification_id,
        kind=Notification.Kind.REMINDER,
        channel=Notification.Channel.EMAIL,
        due_at__lte=now,
    )
    token = claims.claim(record, now, held=claim)
    if token is None:
        return 0
    mine = Notification.objects.filter(claim=token, done_at=None)
    reminder = mine.select_related("user").first()
    if reminder is None:
        return 0
    user = reminder.user
    if not user.reminders or user.away_at(now):
        claims.finish(mine, Outcome.OPTED_OUT, now)
        return 0
    game = _games({reminder.game_id}).get(reminder.game_id)
    brief = owed_brief(game, reminder, now)
    if brief is None or reminder.deadline_at <= now:
        claims.finish(mine, Outcome.MOVED, now)
        return 0
    reminder_told(reminder, brief, now)
    what = "to answer the rematch" if brief.headline else "for your move"
    return send_claimed(
        user=user,
        kind=unsubscribe.Kind.REMINDER,
        subject=f"{brief.time_left} left {what} in {brief.title}",
        template="reminder",
        context={"brief": brief},
        records=mine,
        token=token,
        now=now,
        last_try=last_try,
    )


def send_claimed(
    *, user, kind, subject, template, context, records, token, now, last_try
) -> int:
    """Compose and send to `user`'s address, then finish `records` (a
    queryset, or a list of them: the rows of several tables one email tells).

    Raises SendFailed when the mail server fails: the records stay claimed
    for the retry, or on the last try are marked failed.
    """
    every = records if isinstance(records, list) else [records]
    address = addresses.recipient(user)
    if address is None:
        for rows in every:
            claims.finish(rows, Outcome.NO_ADDRESS, now)
        return 0
    message = emails.compose(
        user=user,
        address=address,
        kind=kind,
        subject=subject,
        template=template,
        context=context,
    )
    try:
        message.send()
    except Exception as error:
        logger.warning(
            "Email %r to %s failed%s: %r",
            subject,
            address,
            " for good" if last_try else ", will retry",
            error,
        )
        addresses.failure_record(address, error)
        if last_try:
            for rows in every:
                claims.finish(rows, Outcome.FAILED, now)
        raise SendFailed(str(error), token) from error
    for rows in every:
        claims.finish(rows, Outcome.SENT, timezone.now())
    addresses.failures_clear(address)
    return 1


def due_sweep() -> dict[str, int]:
    """Queue a sender for every record due and not sent (the beat backstop)."""
    from games.notifications import tasks

    now = timezone.now()
    due = claims.claimable(Notification.objects.filter(due_at__lte=now), now)
    email = due.filter(channel=Notification.Channel.EMAIL)
    users = sorted(
        set(email.filter(kind=Notification.Kind.MOVE).values_list("user_id", flat=True))
    )
    chats = sorted(
        set(email.filter(kind=Notification.Kind.CHAT).values_list("user_id", flat=True))
    )
    challenges = sorted(
        set(
            email.filter(kind=Notification.Kind.CHALLENGE).values_list(
                "user_id", flat=True
            )
        )
    )
    # A tournament's news by email, or kept for a digest the player no
    # longer takes (they chose emails as things happen since).
    undigested = due.filter(
        channel=Notification.Channel.DIGEST, kind=Notification.Kind.TOURNAMENT
    ).exclude(user__notify=User.Notify.DAILY_DIGEST)
    news_to = sorted(
        set(
            email.filter(kind=Notification.Kind.TOURNAMENT).values_list(
                "user_id", flat=True
            )
        )
        | set(undigested.values_list("user_id", flat=True))
    )
    reminders = list(
        email.filter(kind=Notification.Kind.REMINDER).values_list("pk", flat=True)
    )
    pushes = sorted(
        set(
            due.filter(channel=Notification.Channel.PUSH).values_list(
                "user_id", flat=True
            )
        )
    )
    for user_id in users:
        queue(tasks.send_moves, user_id)
    for pk in reminders:
        queue(tasks.send_reminder, pk)
    for user_id in pushes:
        queue(tasks.send_pushes, user_id)
    for user_id in chats:
        queue(tasks.send_chats, user_id)
    for user_id in challenges:
        queue(tasks.send_challenges, user_id)
    for user_id in news_to:
        queue(tasks.send_tournament_news, user_id)
    return {
        "moves": len(users),
        "reminders": len(reminders),
        "pushes": len(pushes),
        "chats": len(chats),
        "challenges": len(challenges),
        "tournaments": len(news_to),
    }


def queue(task, *args) -> None:
    """Queue one task; a failure is logged and the next sweep tries again."""
    try:
        task.delay(*args)
    except Exception:
        logger.exception("Could not queue %s%r", task.name, args)


def _games(ids: set[int]) -> dict[int, Game]:
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))
    return Game.objects.prefetch_related(seats).in_bulk(ids)


def reminder_told(record: Notification, brief: emails.GameBrief, now) -> None:
    """The reminder's line in the inbox, when it goes out (by email or push;
    both fold into the game's one reminder line), and the record pointing at
    it as every delivery does."""
    what = "to answer the rematch" if brief.headline else "for your move"
    items = inbox.items_record(
        [
            inbox.Entry(
                user_id=record.user_id,
                kind=InboxItem.Kind.REMINDER,
                key=inbox.game_key(record.game_id),
                text=f"{brief.time_left} left {what} in {brief.title}.",
                url=reverse("games:table", args=[record.game_id]),
                game_id=record.game_id,
            )
        ],
        now=now,
    )
    Notification.objects.filter(pk=record.pk).update(item_id=next(iter(items.values())))


def challenges_send(*, user_id: int, claim=None, last_try: bool = False) -> int:
    """Send `user` one email of the challenges waiting for their answer."""
    now = timezone.now()
    taken = emails_claim(user_id, Notification.Kind.CHALLENGE, now, claim)
    if taken is None:
        return 0
    token, mine = taken
    records = list(mine.select_related("item").order_by("created_at"))
    user = User.objects.get(pk=user_id)
    if not user.challenge_emails or user.away_at(now):
        claims.finish(mine, Outcome.OPTED_OUT, now)
        return 0
    briefs, told = [], []
    for record in records:
        brief = challenge_asked(record, now)
        if brief is None:
            claims.finish(mine.filter(pk=record.pk), Outcome.MOVED, now)
        elif inbox.delivered_elsewhere(record.item, record.created_at):
            claims.finish(mine.filter(pk=record.pk), Outcome.SEEN, now)
        else:
            briefs.append(brief)
            told.append(record.pk)
    if not briefs:
        return 0
    subject = (
        briefs[0].headline
        if len(briefs) == 1
        else f"{len(briefs)} challenges wait for your answer"
    )
    return send_claimed(
        user=user,
        kind=unsubscribe.Kind.CHALLENGE,
        subject=subject,
        template="challenge",
        context={"briefs": briefs},
        records=mine.filter(pk__in=told),
        token=token,
        now=now,
        last_try=last_try,
    )


def challenge_asked(record: Notification, now) -> emails.GameBrief | None:
    """The brief of a challenge the record's user still has to answer; None
    when it was answered, withdrawn, declined, or its time ran out."""
    challenge = (
        Challenge.objects.select_related("challenger")
        .prefetch_related(
            Prefetch("invitees", queryset=Invitee.objects.select_related("user"))
        )
        .filter(pk=record.challenge_id)
        .first()
    )
    if challenge is None or not challenge.is_open(now):
        return None
    invitee = next(
        (i for i in challenge.invitees.all() if i.user_id == record.user_id), None
    )
    if invitee is None or invitee.answer != Invitee.Answer.PENDING or invitee.muted:
        return None
    return emails.challenge_brief(challenge, invitee.user, now)


def owed_brief(
    game: Game | None, record: Notification, now: datetime
) -> emails.GameBrief | None:
    """What the record's seat still owes, as its email says it; None when the
    decision was made or changed since (a move, a rematch offer or a
    challenge answered)."""
    if record.kind == Notification.Kind.CHALLENGE:
        return challenge_asked(record, now)
    if record.kind == Notification.Kind.TOURNAMENT:
        return news.tournament_brief(record, now, game=game)
    if record.decision == Rematch.DECISION:
        return _rematch_asked(game, record, now)
    seat = _owing(game, record)
    return emails.owed_brief(game, seat, now) if seat is not None else None


def _rematch_asked(game: Game | None, record: Notification, now):
    """The brief of a rematch offer the record's user still has to answer."""
    if game is None or game.status != Game.Status.FINISHED:
        return None
    rematch = Rematch.objects.filter(
        game=game, status=Rematch.Status.ASKED, expires_at=record.deadline_at
    ).first()
    seat = next((s for s in game.seats.all() if s.user_id == record.user_id), None)
    if rematch is None or seat is None or not rematch.asks(record.user_id, now):
        return None
    return emails.rematch_brief(game, seat, rematch, now)


def _owing(game: Game | None, record: Notification) -> Seat | None:
    """The record's seat if it still owes exactly that decision, else None."""
    if game is None or game.status != Game.Status.ACTIVE:
        return None
    entry = (game.deadlines or {}).get(str(record.position))
    if (
        entry is None
        or entry["kind"] != record.decision
        or datetime.fromisoformat(entry["at"]) != record.deadline_at
    ):
        return None
    seat = next((s for s in game.seats.all() if s.position == record.position), None)
    if seat is None or seat.user_id != record.user_id or not seat.is_active_player:
        return None
    return seat
