"""Make games with long histories (past 1,000 events), for the load harness.

Each game is two players, <prefix>long01a and <prefix>long01b (the known load
password, see make_players), created, joined and played through the services:
every move is the one a deadline would make for the awaited seat (end the
turn, pay the least, discard the cheapest), which never wins, so the game
grows as long as asked and stays in play.
"""

import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from bench.management.commands.make_players import LOAD_PASSWORD, players_make
from games import services
from games.engines import deal as engine
from games.models import Game

ONE_HOUR = 60 * 60


def long_game_names(prefix: str, number: int) -> tuple[str, str]:
    return f"{prefix}long{number:02d}a", f"{prefix}long{number:02d}b"


def long_game_make(*, creator, opponent, events: int) -> Game:
    """A started two-player game played with deadline moves past `events`."""
    game = services.game_create(
        creator=creator, seat_count=2, seconds_per_decision=ONE_HOUR
    )
    services.game_join(game_id=game.pk, user=opponent)
    users = {0: creator, 1: opponent}
    game = Game.objects.get(pk=game.pk)
    while game.version < events:
        state = game.state()
        seat = engine.awaiting(state)[0].seat
        services.move_submit(
            game_id=game.pk,
            user=users[seat],
            move=engine.default_move(state, seat),
            version=game.version,
        )
        game = Game.objects.get(pk=game.pk)
    return game


class Command(BaseCommand):
    help = (
        "Make N two-player games past --events events (default 1,000) between "
        "load players <prefix>long01a/b, ... Refuses unless DEBUG is on or --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("count", type=int)
        parser.add_argument("--events", type=int, default=1_000)
        parser.add_argument("--prefix", default="load")
        parser.add_argument("--password", default=LOAD_PASSWORD)
        parser.add_argument(
            "--force", action="store_true", help="Run even with DEBUG off."
        )

    def handle(self, *args, count, events, prefix, password, force, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "DEBUG is off: this makes accounts with a published password. "
                "Add --force if you mean it (a load-test database)."
            )
        User = get_user_model()
        for number in range(1, count + 1):
            names = long_game_names(prefix, number)
            players_make(names=list(names), password=password)
            creator, opponent = (User.objects.get(username=n) for n in names)
            in_play = Game.objects.filter(
                status=Game.Status.ACTIVE,
                seats__user=creator,
                version__gte=events,
            )
            if in_play.exists():
                self.stdout.write(f"{names[0]}: game {in_play.first().pk} in play.")
                continue
            started = time.perf_counter()
            game = long_game_make(creator=creator, opponent=opponent, events=events)
            self.stdout.write(
                f"{names[0]} v {names[1]}: game {game.pk}, {game.version} events "
                f"in {time.perf_counter() - started:.1f}s."
            )
