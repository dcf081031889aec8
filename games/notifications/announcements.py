"""Telling a tournament's players what happened: their game of a round is
ready (the tournament's start is round 1's), they have a bye, the tournament
was cancelled, or it finished and where they placed.

The tournament's services call these inside the transaction that makes the
event, under the tournament's lock, so each event is told once: one inbox
line per player and tournament (folded: the latest news on top, unread), and
beside it a `Notification` per channel (email with "Email me about my
tournaments", Web Push to a player with a device), unique per (player,
tournament, event, channel). After the grace time `news_send` (and the push
sender) claim them and send what is still news: not a game that is over or
whose table the player opened meanwhile, not a line read in the inbox. A
player who chose the daily digest instead of emails as things happen gets
their email news in the next digest (channel "digest": `digests.digest_send`
claims those, with the same checks), never by itself. Mutes and blocks play
no part: a tournament's players chose to meet.

Texts name tournaments, players and places; never a card.
"""

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games.engines.plumbing import in_words
from games.notifications import (
    claims,
    decisions,
    delivery,
    inbox,
    news,
    push,
    unsubscribe,
)
from games.notifications.models import InboxItem, Notification, Outcome, Presence
from games.tournaments import pairing

logger = logging.getLogger(__name__)

# A delivery of news that is not about a game is worth sending this long.
NEWS_KEPT = timedelta(days=7)


@dataclass(frozen=True)
class Told:
    """One player's news: who, what (the event's key), the sentence, where."""

    user: User
    event: str
    text: str
    url: str
    game_id: int | None = None
    until: datetime | None = None


def tournament_key(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


def game_ready(
    *, tournament, round: int, game_number: int, game_id: int, others: list[str]
) -> tuple[str, str, str]:
    """(event, sentence, url) of a game of a round made for a player."""
    with_whom = in_words(others)
    if game_number > 1:
        text = (
            f"Round {round} of {tournament.name}: game {game_number} of your "
            f"match with {with_whom} is ready."
        )
    elif round == 1:
        text = (
            f"{tournament.name} has started. Round 1: your game with {with_whom} "
            "is ready."
        )
    else:
        text = (
            f"Round {round} of {tournament.name}: your game with {with_whom} is ready."
        )
    return f"r{round}g{game_number}", text, reverse("games:table", args=[game_id])


def bye(*, tournament, round: int) -> tuple[str, str, str]:
    """(event, sentence, url) of a bye."""
    started = f"{tournament.name} has started. Round 1" if round == 1 else None
    lead = started or f"Round {round} of {tournament.name}"
    return (
        f"bye{round}",
        f"{lead}: you have a bye, and its points.",
        tournament.get_absolute_url(),
    )


def cancelled(*, tournament, players: int) -> tuple[str, str, str]:
    return (
        "cancel",
        f"{tournament.name} was cancelled: {players} of the "
        f"{tournament.min_players} players it needed entered.",
        tournament.get_absolute_url(),
    )


def finished(*, tournament, place: int, players: int) -> tuple[str, str, str]:
    return (
        "finish",
        f"{tournament.name} has finished: you placed "
        f"{pairing.ordinal(place)} of {players}.",
        tournament.get_absolute_url(),
    )


def news_record(*, tournament, told: list[Told], now: datetime) -> None:
    """Write each player's inbox line and its deliveries, and queue the
    senders on commit. One query for the lines, one for the devices, one
    insert (none for no news)."""
    told = [t for t in told if t.user is not None]
    if not told:
        return
    key = tournament_key(tournament.pk)
    items = inbox.items_record(
        [
            inbox.Entry(
                user_id=t.user.pk,
                kind=InboxItem.Kind.TOURNAMENT,
                key=key,
                text=t.text,
                url=t.url,
                game_id=t.game_id,
            )
            for t in told
        ],
        now=now,
    )
    pushed = push.users_with_devices({t.user.pk for t in told})
    due = now + decisions.grace_time()
    rows = []
    for t in told:
        channels = [_email_channel(t.user)] if t.user.tournament_emails else []
        channels += [Notification.Channel.PUSH] if t.user.pk in pushed else []
        rows += [
            Notification(
                user_id=t.user.pk,
                tournament=tournament,
                game_id=t.game_id,
                kind=Notification.Kind.TOURNAMENT,
                channel=channel,
                decision=t.event,
                deadline_at=t.until or now + NEWS_KEPT,
                due_at=due,
                created_at=now,
                item_id=items.get((t.user.pk, InboxItem.Kind.TOURNAMENT, key)),
            )
            for channel in channels
        ]
    if not rows:
        return
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    emailed = sorted({r.user_id for r in rows if r.channel == "email"})
    pushed_to = sorted({r.user_id for r in rows if r.channel == "push"})
    transaction.on_commit(partial(_queue, emailed, pushed_to), robust=True)


def _email_channel(user: User) -> str:
    """Email at once, or in the daily digest for a player who chose it."""
    if user.notify == User.Notify.DAILY_DIGEST:
        return Notification.Channel.DIGEST
    return Notification.Channel.EMAIL


def _queue(emailed: list[int], pushed_to: list[int]) -> None:
    from games.notifications import tasks

    countdown = decisions.grace_time().total_seconds()
    for user_id in emailed:
        _later(tasks.send_tournament_news, user_id, countdown)
    for user_id in pushed_to:
        _later(tasks.send_pushes, user_id, countdown)


def _later(task, user_id: int, countdown: float) -> None:
    try:
        task.apply_async((user_id,), countdown=countdown)
    except Exception:
        logger.exception("Could not queue %s for user %s", task.name, user_id)


def news_send(*, user_id: int, claim=None, last_try: bool = False) -> int:
    """Email `user` their tournament news now due, in one email: with it, the
    news kept for a digest they no longer take (they chose emails as things
    happen since), so it is not lost."""
    now = timezone.now()
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return 0
    channels = [Notification.Channel.EMAIL]
    if user.notify != User.Notify.DAILY_DIGEST:
        channels.append(Notification.Channel.DIGEST)
    taken = delivery.emails_claim(
        user_id, Notification.Kind.TOURNAMENT, now, claim, channels=channels
    )
    if taken is None:
        return 0
    token, mine = taken
    records = list(mine.select_related("item").order_by("created_at", "pk"))
    if not user.tournament_emails:
        claims.finish(mine, Outcome.OPTED_OUT, now)
        return 0
    briefs, told = news_still_due(
        records, mine, now, moves_told=user.notify == User.Notify.EACH_MOVE
    )
    if not briefs:
        return 0
    subject = (
        briefs[0].headline
        if len(briefs) == 1
        else f"{len(briefs)} pieces of news from your tournaments"
    )
    return delivery.send_claimed(
        user=user,
        kind=unsubscribe.Kind.TOURNAMENT,
        subject=subject,
        template="tournament",
        context={"briefs": briefs},
        records=mine.filter(pk__in=told),
        token=token,
        now=now,
        last_try=last_try,
    )


def news_still_due(
    records: list[Notification], mine, now: datetime, *, moves_told: bool
) -> tuple[list, list[int]]:
    """(the briefs, their records' ids) of the claimed `records` still worth
    telling; the others are finished in `mine` (their claim): stale (the game
    over, the round moved on: "moved"), or known already (the table opened or
    the inbox line read since: "seen"). `moves_told`: the same email names
    the games where the player owes a decision ("your move", the digest)."""
    seen = dict(
        Presence.objects.filter(
            user_id__in={r.user_id for r in records},
            game_id__in=[r.game_id for r in records if r.game_id],
        ).values_list("game_id", "seen_at")
    )
    briefs, told = [], []
    for record in records:
        brief = news.tournament_brief(record, now, moves_told=moves_told)
        at_table = seen.get(record.game_id)
        if brief is None:
            claims.finish(mine.filter(pk=record.pk), Outcome.MOVED, now)
        elif (at_table and at_table >= record.created_at) or inbox.delivered_elsewhere(
            record.item, record.created_at
        ):
            claims.finish(mine.filter(pk=record.pk), Outcome.SEEN, now)
        else:
            briefs.append(brief)
            told.append(record.pk)
    return briefs, told
