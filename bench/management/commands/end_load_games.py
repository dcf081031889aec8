"""End what earlier load runs left in play, before a run measures anything.

A run stops its players mid-game: their tables stay in play, their clocks
run, and their "your move" emails and reminders fall due. The next run's
worker then played their timeouts and sent their emails, and the beat's
sweep queued every one still unsent each minute (3,200 reminders a minute
after a day of runs): up to a core of the worker's and PostgreSQL's CPU for
seconds at a time, inside the window being measured. This ends the games
of the load players (<prefix>...) still open or in play, with no deadline
left, and closes their unsent notifications. For a load-test database only:
it refuses unless DEBUG is on or --force is given, as make_players does.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from games.models import Game
from games.notifications.models import Notification, Outcome


def load_games_end(*, prefix: str) -> tuple[int, int]:
    """(games ended, notifications closed) of the players named <prefix>..."""
    now = timezone.now()
    with transaction.atomic():
        ended = Game.objects.filter(
            status__in=[Game.Status.OPEN, Game.Status.ACTIVE],
            seats__user__username__startswith=prefix,
        ).update(status=Game.Status.ABANDONED, deadlines={}, deadline_at=None)
        closed = Notification.objects.filter(
            user__username__startswith=prefix, done_at__isnull=True
        ).update(done_at=now, outcome=Outcome.MOVED)
    return ended, closed


class Command(BaseCommand):
    help = (
        "End the games load players <prefix>... left open or in play, and close "
        "their unsent notifications. Refuses unless DEBUG is on or --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("--prefix", default="load")
        parser.add_argument(
            "--force", action="store_true", help="Run even with DEBUG off."
        )

    def handle(self, *args, prefix, force, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "DEBUG is off: this ends games. Add --force if you mean it "
                "(a load-test database)."
            )
        if not prefix:
            raise CommandError("A prefix is needed: every player would match.")
        ended, closed = load_games_end(prefix=prefix)
        self.stdout.write(
            f"{ended} games of {prefix}... players ended, "
            f"{closed} unsent notifications closed."
        )
