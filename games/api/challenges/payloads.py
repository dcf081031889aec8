"""What the Bot API says of a challenge, and the challenge events of a
player's event stream (reads only)."""

from datetime import datetime

from django.db.models import Q

from games.social import selectors
from games.social.models import Challenge, Invitee

# The event told when a challenge the stream has seen closes, by its status.
CLOSED_EVENTS = {
    Challenge.Status.STARTED: "challenge_started",
    Challenge.Status.DECLINED: "challenge_declined",
    Challenge.Status.WITHDRAWN: "challenge_withdrawn",
    Challenge.Status.EXPIRED: "challenge_expired",
}


def _person(user) -> dict:
    return {"username": user.username, "name": user.name, "bot": user.is_bot}


def challenge_json(challenge: Challenge, *, reader, now: datetime) -> dict:
    """The challenge as `reader`, its challenger or one it reached, sees it:
    its settings, its people and their answers (one who muted the challenger
    is 'pending' to the others, as on the site)."""
    return {
        "id": challenge.pk,
        "status": selectors.status_of(challenge, now),
        "direction": "out" if challenge.challenger_id == reader.pk else "in",
        "challenger": _person(challenge.challenger),
        "players": [
            {**_person(invitee.user), "answer": invitee.answer}
            for invitee in challenge.invitees.all()
        ],
        "kind": challenge.kind,
        "seats": challenge.seat_count,
        "seconds_per_decision": challenge.seconds_per_decision,
        "options": challenge.options,
        "public": challenge.public,
        "rated": challenge.rated,
        "bot": challenge.bot,
        "leaver_bot": challenge.leaver_bot,
        "expires_at": challenge.expires_at.isoformat(),
        "game": challenge.game_id,
        "summary": selectors.challenge_summary(challenge),
    }


def challenges_json(*, user, now: datetime) -> dict[str, list[dict]]:
    """The user's challenges as the site lists them: received (waiting for
    their answer), sent (or accepted) and open, and the latest closed."""
    lists = selectors.challenges_of(user=user, now=now)
    return {
        name: [challenge_json(c, reader=user, now=now) for c in challenges]
        for name, challenges in lists.items()
    }


def challenge_events(
    *, user, told: dict[int, str], since: datetime, now: datetime
) -> tuple[list[dict], dict[int, str]]:
    """The challenge events since the stream last looked (`told`: each
    challenge's status it told), and what it has told now.

    A challenge reaching the user or made by them: {"type": "challenge",
    "challenge": {...}}; one closing: {"type": "challenge_started" (its
    "game" set), "challenge_declined", "challenge_withdrawn" or
    "challenge_expired", "challenge": {...}}. Only challenges open now or
    closed since the stream began (`since`); never one the user muted the
    challenger of (a mute is silent). Two queries.
    """
    reached = Invitee.objects.filter(user=user, muted=False).values("challenge")
    rows = selectors.with_people(
        Challenge.objects.filter(Q(challenger=user) | Q(pk__in=reached)).filter(
            Q(status=Challenge.Status.OPEN) | Q(decided_at__gte=since)
        )
    ).order_by("pk")
    events, now_told = [], {}
    for challenge in rows:
        status = selectors.status_of(challenge, now)
        if status == Challenge.Status.EXPIRED and challenge.expires_at < since:
            continue  # expired before the stream began, the sweep not by yet
        now_told[challenge.pk] = status
        if told.get(challenge.pk) == status:
            continue
        # One closed before the stream saw it open is told as its outcome.
        kind = "challenge" if status == Challenge.Status.OPEN else CLOSED_EVENTS[status]
        events.append(
            {"type": kind, "challenge": challenge_json(challenge, reader=user, now=now)}
        )
    return events, now_told
