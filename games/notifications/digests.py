"""The daily digest, for players who chose it instead of "your move" emails.

Beat runs `digests_start` every 15 minutes: each such player whose own clock
has passed 08:00 gets one `Digest` row for their local date (unique), and a
task sends it. The digest lists the games awaiting them with the time left
(rematch offers and challenges to answer among them), the games finished
since the last digest with their result, their open tables still waiting
for players (the open games they sit at are what waits on others joining),
and their tournaments' news (`announcements`: a game of a round ready, a bye,
a cancellation, the end and their place) with "Email me about my
tournaments" on. With nothing to say, no email.

Tournament news for a digest reader is recorded on the "digest" channel, never
sent by itself; each digest claims the reader's pending news under its own
claim (so a retry, a second worker or the next day's digest tells it once) and
tells what is still news, as the news email would: not a game that is over or
whose table they opened since, nor a game where they owe a decision (listed
among the games awaiting them), not a bye of a round gone by, not a line read
in the inbox. News sent at once by email (recorded before the player chose
the digest) is not on that channel, so no digest repeats it; news kept for a
digest the player no longer takes (they chose emails as things happen since)
goes by the news email (`announcements.news_send`), claimed the same way.
"""

from datetime import datetime, time, timedelta

from django.db.models import Prefetch
from django.utils import timezone

from accounts.models import User
from games.models import Game, Rematch, Seat
from games.notifications import (
    announcements,
    claims,
    delivery,
    emails,
    unsubscribe,
)
from games.notifications.models import Digest, Notification, Outcome
from games.social.models import Challenge, Invitee

DIGEST_TIME = time(8, 0)
FIRST_DIGEST_LOOKBACK = timedelta(days=1)


def digests_start() -> int:
    """Make today's digest rows for users past 08:00 local; queue the unsent."""
    from games.notifications import tasks

    now = timezone.now()
    rows = []
    users = User.objects.filter(
        notify=User.Notify.DAILY_DIGEST, is_active=True
    ).exclude(away_until__gt=now)
    for user in users.only("pk", "time_zone"):
        local = now.astimezone(emails.user_zone(user))
        if local.time() >= DIGEST_TIME:
            rows.append(Digest(user=user, day=local.date(), created_at=now))
    Digest.objects.bulk_create(rows, ignore_conflicts=True)
    pending = list(
        claims.claimable(Digest.objects.all(), now).values_list("pk", flat=True)
    )
    for pk in pending:
        delivery.queue(tasks.send_digest, pk)
    return len(pending)


def digest_send(*, digest_id: int, claim=None, last_try: bool = False) -> int:
    """Send one digest if it still has something to say (once: claimed)."""
    now = timezone.now()
    token = claims.claim(Digest.objects.filter(pk=digest_id), now, held=claim)
    if token is None:
        return 0
    mine = Digest.objects.filter(claim=token, done_at=None)
    digest = mine.select_related("user").first()
    if digest is None:
        return 0
    user = digest.user
    if user.notify != User.Notify.DAILY_DIGEST:
        claims.finish(mine, Outcome.OPTED_OUT, now)
        return 0
    previous = (
        Digest.objects.filter(user=user, day__lt=digest.day)
        .order_by("-day")
        .values_list("created_at", flat=True)
        .first()
    )
    content = digest_content(user, since=previous or now - FIRST_DIGEST_LOOKBACK)
    content["tournaments"], news = _tournament_news(user, token, claim, now)
    if not any(content.values()):
        claims.finish(mine, Outcome.EMPTY, now)
        return 0
    waiting = len(content["awaiting"])
    if waiting:
        about = f"{waiting} game{'s' * (waiting != 1)} await{'s' * (waiting == 1)} you"
    elif content["finished"] or content["open_tables"]:
        about = "what happened at your tables"
    else:
        about = "news from your tournaments"
    return delivery.send_claimed(
        user=user,
        kind=unsubscribe.Kind.DIGEST,
        subject=f"Your mdeal digest: {about}",
        template="digest",
        context=content,
        records=[mine, news],
        token=token,
        now=now,
        last_try=last_try,
    )


def _tournament_news(user, token, held, now):
    """(the briefs, the records they tell) of the reader's tournament news
    pending for the digest, claimed under the digest's claim `token` (a retry
    takes back the ones its failed try `held`). News no longer worth telling
    is finished here; the rest is finished with the digest."""
    pending = Notification.objects.filter(
        user=user,
        kind=Notification.Kind.TOURNAMENT,
        channel=Notification.Channel.DIGEST,
    )
    if not claims.claim(pending, now, held=held, token=token):
        return [], Notification.objects.none()
    mine = Notification.objects.filter(
        claim=token, done_at=None, channel=Notification.Channel.DIGEST
    )
    if not user.tournament_emails:
        claims.finish(mine, Outcome.OPTED_OUT, now)
        return [], Notification.objects.none()
    claims.finish(mine.filter(deadline_at__lte=now), Outcome.MOVED, now)
    records = list(mine.select_related("item").order_by("created_at", "pk"))
    briefs, told = announcements.news_still_due(records, mine, now, moves_told=True)
    return briefs, mine.filter(pk__in=told)


def digest_content(user, *, since: datetime) -> dict[str, list]:
    """Awaiting (soonest deadline first), finished since `since`, open tables."""
    now = timezone.now()
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))
    games = Game.objects.filter(seats__user=user).prefetch_related(seats)
    awaiting = []
    for game in games.filter(status=Game.Status.ACTIVE):
        seat = game.seat_for(user)
        if seat.is_active_player and str(seat.position) in (game.deadlines or {}):
            awaiting.append(emails.owed_brief(game, seat, now, recent=False))
    asked = Rematch.objects.filter(
        game__seats__user=user, status=Rematch.Status.ASKED, expires_at__gt=now
    ).prefetch_related(Prefetch("game__seats", queryset=seats.queryset))
    for rematch in asked:
        if rematch.asks(user.pk, now):
            game = rematch.game
            awaiting.append(
                emails.rematch_brief(game, game.seat_for(user), rematch, now)
            )
    asking = (
        Challenge.objects.filter(
            status=Challenge.Status.OPEN,
            expires_at__gt=now,
            invitees__user=user,
            invitees__answer=Invitee.Answer.PENDING,
            invitees__muted=False,
        )
        .select_related("challenger")
        .prefetch_related(
            Prefetch("invitees", queryset=Invitee.objects.select_related("user"))
        )
    )
    awaiting += [emails.challenge_brief(c, user, now) for c in asking]
    awaiting.sort(key=lambda brief: brief.deadline)
    finished = [
        emails.result_brief(game, game.seat_for(user))
        for game in games.filter(
            status__in=[Game.Status.FINISHED, Game.Status.ABANDONED],
            finished_at__gte=since,
        ).order_by("-finished_at")
    ]
    open_tables = [
        emails.GameBrief(
            game=game,
            url=emails.absolute(game.get_absolute_url()),
            title=emails.game_title(game, game.seat_for(user)),
            result=f"{len(game.seats.all())} of {game.seat_count} seats taken.",
        )
        for game in games.filter(status=Game.Status.OPEN).order_by("created_at")
    ]
    return {"awaiting": awaiting, "finished": finished, "open_tables": open_tables}
