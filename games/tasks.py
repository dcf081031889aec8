"""Celery tasks: thin doors onto the services.

Each takes ids and the version it was queued for, loads fresh state and does
nothing when the table has moved on, so it may run twice or late and still be
right.
"""

from celery import shared_task

from django.core.cache import cache
from django.utils import timezone

from games import services
from games.models import Game
from games.rematch import services as rematches
from games.reviews import services as reviews

# The queue of bot moves a human waits for, which workers read before the
# default one (settings.CELERY_TASK_QUEUES): games of bots only, emails and
# sweeps go to the default queue and never hold such a move up.
MOVES_QUEUE = "moves"


@shared_task(ignore_result=True)
def bots_play(game_id: int, version: int) -> bool:
    """Make the moves the bots at this table owe (see services.bots_play)."""
    return services.bots_play(game_id=game_id, version=version)


def bots_play_queue(game_id: int, version: int, *, urgent: bool) -> None:
    """Queue the bots' moves: `urgent` when a human at the table waits for them."""
    bots_play.apply_async((game_id, version), queue=MOVES_QUEUE if urgent else None)


# One review at a time per site: it holds one worker thread, the others stay
# free for moves. A review finding another under way comes back later.
REVIEW_LOCK = "mdeal:review-running"
REVIEW_LOCK_SECONDS = 30 * 60
REVIEW_RETRY_SECONDS = 60


@shared_task(ignore_result=True)
def game_review(game_id: int) -> bool:
    """Review a finished game by its kind's expert (see reviews.review_make),
    on the default queue, behind the moves; once: a review already made stays."""
    if not cache.add(REVIEW_LOCK, game_id, REVIEW_LOCK_SECONDS):
        game_review.apply_async((game_id,), countdown=REVIEW_RETRY_SECONDS)
        return False
    try:
        return reviews.review_make(game_id=game_id) is not None
    finally:
        cache.delete(REVIEW_LOCK)


@shared_task(ignore_result=True)
def deadline_expire(game_id: int, version: int) -> bool:
    """Decide for whoever let their deadline pass (see services.deadline_expire)."""
    return services.deadline_expire(game_id=game_id, version=version)


@shared_task(ignore_result=True)
def rematch_expire(rematch_id: int) -> bool:
    """Close a rematch offer whose time ran out (see rematches.rematch_expire)."""
    return rematches.rematch_expire(rematch_id=rematch_id)


@shared_task(ignore_result=True)
def deadlines_sweep() -> int:
    """Every minute (beat): queue a timeout for every game whose deadline passed,
    and an expiry for every rematch offer whose time ran out.

    The backstop for lost or never-queued ETA tasks; returns how many it queued.
    """
    now = timezone.now()
    due = Game.objects.filter(
        status=Game.Status.ACTIVE, deadline_at__lte=now
    ).values_list("pk", "version")
    count = 0
    for game_id, version in due.iterator():
        deadline_expire.delay(game_id, version)
        count += 1
    for rematch_id in rematches.rematches_due(now):
        rematch_expire.delay(rematch_id)
        count += 1
    return count
