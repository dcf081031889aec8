"""Celery tasks: thin doors onto the tournament services. Each may run twice
or late: `tournament_advance` re-reads the tournament under its lock."""

from celery import shared_task

from django.utils import timezone

from games.tournaments import services


@shared_task(ignore_result=True)
def tournament_advance(tournament_id: int) -> bool:
    """Move the tournament on if its round is over (services.tournament_advance)."""
    return services.tournament_advance(tournament_id=tournament_id)


@shared_task(ignore_result=True)
def tournament_game_over(game_id: int) -> bool:
    """A game ended: move its tournament on, if it was played for one."""
    tournament_id = services.tournament_of_game(game_id)
    if tournament_id is None:
        return False
    return services.tournament_advance(tournament_id=tournament_id)


@shared_task(ignore_result=True)
def tournaments_sweep() -> int:
    """The beat's backstop: start tournaments due, close rounds whose task was
    lost or whose hard end passed. Returns how many moved on."""
    now = timezone.now()
    return sum(
        services.tournament_advance(tournament_id=pk, now=now)
        for pk in services.tournaments_due(now)
    )
