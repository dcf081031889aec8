"""Time a replay step at events 10, 100 and 1000 of a long game.

Builds a two-player game whose players play the timeout's default move (which
never wins, so the game runs as long as wanted) through the services, inside
a transaction that is rolled back at the end: nothing is left in the database.
"""

import platform
import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext

from games import services
from games.engines import deal as engine
from games.models import Game, GameCheckpoint
from games.replay import replay_context, state_at
from games.selectors import game_for_viewer

STEPS = (10, 100, 1000)


class Command(BaseCommand):
    help = "Print the time of one replay step at events 10, 100 and 1000."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=30, help="Timed runs a step.")

    def handle(self, *args, runs: int = 30, **options):
        with transaction.atomic():
            self._bench(runs)
            transaction.set_rollback(True)

    def _bench(self, runs: int) -> None:
        users = [
            get_user_model().objects.create_user(
                username=f"replay-bench-{i}", email=f"bench{i}@example.invalid"
            )
            for i in range(2)
        ]
        game = services.game_create(
            creator=users[0], seat_count=2, seconds_per_decision=3600
        )
        services.game_join(game_id=game.pk, user=users[1])
        started = time.perf_counter()
        game = self._play(game.pk, until=max(STEPS) + 5)
        built = time.perf_counter() - started
        self.stdout.write(
            f"{platform.python_implementation()} {platform.python_version()} on "
            f"{platform.machine()}, {connection.vendor}; a game of "
            f"{game.version} events built in {built:.1f} s, checkpoints every "
            f"{GameCheckpoint.EVERY}; median of {runs} runs"
        )
        self.stdout.write(
            f"{'step':>6} {'state ms':>9} {'page ms':>8} {'queries':>8} {'replayed':>9}"
        )
        for step in STEPS:
            game, seat = game_for_viewer(game_id=game.pk, user=users[0])
            states, pages = [], []
            with CaptureQueriesContext(connection) as queries:
                context = replay_context(
                    game=game, seat=seat, step=str(step), asked_seat=None
                )
            for _ in range(runs):
                t0 = time.perf_counter()
                state_at(game=game, step=step)
                t1 = time.perf_counter()
                context = replay_context(
                    game=game, seat=seat, step=str(step), asked_seat=None
                )
                render_to_string("games/replay.html#replay", context)
                t2 = time.perf_counter()
                states.append(t1 - t0)
                pages.append(t2 - t1)
            replayed = (step - 1) % GameCheckpoint.EVERY + 1
            self.stdout.write(
                f"{step:>6} {statistics.median(states) * 1000:>9.2f} "
                f"{statistics.median(pages) * 1000:>8.2f} {len(queries):>8} "
                f"{replayed:>9}"
            )

    def _play(self, game_id: int, *, until: int) -> Game:
        while True:
            game = Game.objects.get(pk=game_id)
            if game.version >= until:
                return game
            state = game.state()
            seat = engine.awaiting(state)[0].seat
            user = game.seats.get(position=seat).user
            services.move_submit(
                game_id=game_id,
                user=user,
                move=engine.default_move(state, seat),
                version=game.version,
            )
