"""Celery tasks of challenges: thin doors onto games.social.services."""

from celery import shared_task

from django.utils import timezone

from games.social import services


@shared_task(ignore_result=True)
def challenge_expire(challenge_id: int) -> bool:
    """Close a challenge whose time ran out (see services.challenge_expire)."""
    return services.challenge_expire(challenge_id=challenge_id)


@shared_task(ignore_result=True)
def challenges_sweep() -> int:
    """Every minute (beat): expire the challenges whose time ran out, the
    backstop for lost or never-queued ETA tasks. Returns how many it queued."""
    due = services.challenges_due(timezone.now())
    for challenge_id in due:
        challenge_expire.delay(challenge_id)
    return len(due)
