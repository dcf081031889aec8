"""Claim before sending: a conditional UPDATE that only one sender can win.

A claim older than `STALE` (its worker died mid-send) may be taken again;
a retry waits less than that between tries, so it keeps its rows.
"""

import uuid
from datetime import datetime, timedelta

from django.db.models import Q, QuerySet

STALE = timedelta(minutes=10)


def claimable(queryset: QuerySet, now: datetime) -> QuerySet:
    """Rows not done and not held by a live claim."""
    return queryset.filter(done_at=None).filter(
        Q(claimed_at=None) | Q(claimed_at__lt=now - STALE)
    )


def claim(
    queryset: QuerySet,
    now: datetime,
    *,
    held: uuid.UUID | str | None = None,
    token: uuid.UUID | None = None,
) -> uuid.UUID | None:
    """Claim every claimable row of `queryset`; the claim, or None if none.

    `held` is a claim this sender already holds (a retry keeps the rows of
    its failed try, which nobody else may take meanwhile). `token`: claim
    them under that claim (rows of another table sent with them: the
    digest's tournament news), else a new one.
    """
    token = token or uuid.uuid4()
    free = Q(claimed_at=None) | Q(claimed_at__lt=now - STALE)
    if held:
        free |= Q(claim=held)
    count = queryset.filter(free, done_at=None).update(claimed_at=now, claim=token)
    return token if count else None


def finish(queryset: QuerySet, outcome: str, now: datetime) -> None:
    queryset.filter(done_at=None).update(done_at=now, outcome=outcome)
