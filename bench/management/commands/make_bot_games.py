"""Start N games in which every seat is a bot, for the load harness.

The site has no door for this (a game's creator sits at it), so the seats are
written here and the game started through the services' own start, which deals
and queues the bots' first task on commit: from then on Celery plays them.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from bench.management.commands.make_players import LOAD_PASSWORD, players_make
from games.models import Game, Seat
from games.services.lobby import game_begin
from games.services.table import game_lock, game_seats

ONE_HOUR = 60 * 60


def bot_game_make(*, creator, seats: int, bot: str = Seat.Bot.SENSIBLE) -> Game:
    with transaction.atomic():
        game = Game.objects.create(
            created_by=creator,
            seat_count=seats,
            seconds_per_decision=ONE_HOUR,
            rated=False,
        )
        Seat.objects.bulk_create(
            Seat(game=game, position=p, bot=bot) for p in range(seats)
        )
        game = game_lock(game.pk)
        game_begin(game, game_seats(game))
    return game


class Command(BaseCommand):
    help = (
        "Start N games of 2 and 3 bot seats (Celery plays them). "
        "Refuses unless DEBUG is on or --force is given."
    )

    def add_arguments(self, parser):
        parser.add_argument("count", type=int)
        parser.add_argument("--prefix", default="load")
        parser.add_argument("--bot", default=Seat.Bot.SENSIBLE)
        parser.add_argument(
            "--force", action="store_true", help="Run even with DEBUG off."
        )

    def handle(self, *args, count, prefix, bot, force, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "DEBUG is off: this fills the database with bot games. "
                "Add --force if you mean it (a load-test database)."
            )
        host = f"{prefix}bothost"
        players_make(names=[host], password=LOAD_PASSWORD)
        creator = get_user_model().objects.get(username=host)
        ids = [
            bot_game_make(creator=creator, seats=2 + n % 2, bot=bot).pk
            for n in range(count)
        ]
        self.stdout.write(f"{count} bot games started: {ids[0]}..{ids[-1]}.")
