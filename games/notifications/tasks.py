"""Celery tasks: thin doors onto delivery, push and digests.

A send that fails at the mail server (or at every push service) is retried
with exponential backoff (30 s, 1, 2, 4, 8 minutes, jittered); the retry
takes over the failed try's claim, so neither the sweep nor another worker
sends those records meanwhile, and the last try marks them failed. Every
sender claims before sending, so a task may run twice or late and still send
once.
"""

from celery import shared_task
from celery.utils.time import get_exponential_backoff_interval

from django.utils import timezone

from games.notifications import announcements, chats, delivery, digests, inbox, push

MAX_RETRIES = 4
BACKOFF_FACTOR = 30
# Below claims.STALE: a retry finds its rows still held for it.
BACKOFF_MAX = 8 * 60


def _send(task, send, **kwargs) -> int:
    last_try = task.request.retries >= MAX_RETRIES
    try:
        return send(last_try=last_try, **kwargs)
    except delivery.SendFailed as failed:
        if last_try:
            raise
        countdown = get_exponential_backoff_interval(
            factor=BACKOFF_FACTOR,
            retries=task.request.retries,
            maximum=BACKOFF_MAX,
            full_jitter=True,
        )
        raise task.retry(
            args=(),
            kwargs={**kwargs, "claim": str(failed.claim)},
            countdown=countdown,
            exc=failed,
            max_retries=MAX_RETRIES,
        ) from failed


@shared_task(bind=True, ignore_result=True)
def send_moves(self, user_id: int, claim: str | None = None) -> int:
    """Send a user's due "your move" email (see delivery.moves_send)."""
    return _send(self, delivery.moves_send, user_id=user_id, claim=claim)


@shared_task(bind=True, ignore_result=True)
def send_reminder(self, notification_id: int, claim: str | None = None) -> int:
    """Send one reminder if its decision is still owed."""
    return _send(
        self, delivery.reminder_send, notification_id=notification_id, claim=claim
    )


@shared_task(bind=True, ignore_result=True)
def send_pushes(self, user_id: int, claim: str | None = None) -> int:
    """Push a user's due "your move" and reminders to their devices."""
    return _send(self, push.pushes_send, user_id=user_id, claim=claim)


@shared_task(bind=True, ignore_result=True)
def send_chats(self, user_id: int, claim: str | None = None) -> int:
    """Email a user the chat messages of their due batches (opt-in)."""
    return _send(self, chats.chats_send, user_id=user_id, claim=claim)


@shared_task(bind=True, ignore_result=True)
def send_digest(self, digest_id: int, claim: str | None = None) -> int:
    """Send one daily digest if it has something to say."""
    return _send(self, digests.digest_send, digest_id=digest_id, claim=claim)


@shared_task(ignore_result=True)
def notifications_sweep() -> dict[str, int]:
    """Every minute (beat): queue whatever is due and was not sent."""
    return delivery.due_sweep()


@shared_task(ignore_result=True)
def digests_start() -> int:
    """Every 15 minutes (beat): start the digests of users past 08:00 local."""
    return digests.digests_start()


@shared_task(bind=True, ignore_result=True)
def send_challenges(self, user_id: int, claim: str | None = None) -> int:
    """Email a user the challenges waiting for their answer."""
    return _send(self, delivery.challenges_send, user_id=user_id, claim=claim)


@shared_task(bind=True, ignore_result=True)
def send_tournament_news(self, user_id: int, claim: str | None = None) -> int:
    """Email a user their tournaments' news (a game ready, the end...)."""
    return _send(self, announcements.news_send, user_id=user_id, claim=claim)


@shared_task(ignore_result=True)
def inbox_prune() -> int:
    """Every day (beat): forget inbox lines untouched for 90 days."""
    return inbox.items_prune(timezone.now())
