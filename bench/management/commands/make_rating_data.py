"""Fill the database with players and finished rated games, fast, for benchmarks.

Bulk inserts users, finished games (2 to 5 seats, some with a bot, some with a
resignation or a timeout, a few drawn) and their seats, then rates them all with
`ratings_rebuild`. The games have no events: they exist for the leaderboard and
the player pages, not to be replayed.
"""

import itertools
import random
import time
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils import timezone

from games import ratings
from games.models import Game, Seat

BATCH = 2000


class Command(BaseCommand):
    help = (
        "Make N players and M finished rated games among them (default 10,000 and "
        "100,000), then rate them. Refuses unless DEBUG is on or --force is given."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=10_000)
        parser.add_argument("--games", type=int, default=100_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--prefix", default="player", help="Usernames: <prefix>00001, ..."
        )
        parser.add_argument(
            "--force", action="store_true", help="Run even with DEBUG off."
        )

    def handle(self, *args, players, games, seed, prefix, force, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "DEBUG is off: this fills the database with made-up players. "
                "Add --force if you mean it."
            )
        if players < 2 or games < 0:
            raise CommandError("At least 2 players, and no negative game count.")
        User = get_user_model()
        if User.objects.filter(username__startswith=prefix).exists():
            raise CommandError(f"Users named {prefix}... exist: pick another --prefix.")
        rng = random.Random(seed)
        started = time.perf_counter()
        with transaction.atomic():
            people = self._users(User, prefix, players)
            self._games(rng, people, games)
            self.stdout.write(
                f"{players} players, {games} games inserted in "
                f"{time.perf_counter() - started:.1f}s; rating them..."
            )
            rated_from = time.perf_counter()
            rebuilt = ratings.ratings_rebuild()
        if connection.vendor == "postgresql":
            # Fresh statistics, or the planner guesses from empty tables.
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        self.stdout.write(
            f"{len(rebuilt.changes)} rating changes written in "
            f"{time.perf_counter() - rated_from:.1f}s "
            f"({time.perf_counter() - started:.1f}s in all)."
        )

    def _users(self, User, prefix: str, count: int) -> list[int]:
        width = len(str(count))
        User.objects.bulk_create(
            (
                User(
                    username=f"{prefix}{i:0{width}d}",
                    email=f"{prefix}{i:0{width}d}@example.invalid",
                    display_name=f"Player {i}",
                    password="!",
                )
                for i in range(1, count + 1)
            ),
            batch_size=BATCH,
        )
        return list(
            User.objects.filter(username__startswith=prefix)
            .order_by("pk")
            .values_list("pk", flat=True)
        )

    def _games(self, rng: random.Random, people: list[int], count: int) -> None:
        now = timezone.now()
        # Finish times spread over the last year, in order, the last few today.
        span = timedelta(days=365).total_seconds()
        # Some players play much more than others (a long tail).
        weights = list(
            itertools.accumulate(1 / (1 + i % 50) for i in range(len(people)))
        )
        for start in range(0, count, BATCH):
            n = min(BATCH, count - start)
            tables = []
            for i in range(start, start + n):
                finished_at = now - timedelta(seconds=span * (1 - (i + 1) / count))
                size = rng.choice((2, 2, 3, 3, 4, 5))
                bot_seats = (
                    rng.choice((0, 0, 0, 1, 2)) if size > 2 else rng.choice((0, 0, 1))
                )
                humans = size - bot_seats
                chosen = _sample(rng, people, weights, humans)
                tables.append((finished_at, size, chosen, bot_seats))
            rows = Game.objects.bulk_create(
                Game(
                    created_by_id=chosen[0],
                    seat_count=size,
                    status=Game.Status.FINISHED,
                    public=rng.random() > 0.05,
                    rated=rng.random() > 0.03,
                    version=100,
                    started_at=finished_at - timedelta(days=2),
                    finished_at=finished_at,
                )
                for finished_at, size, chosen, _ in tables
            )
            seats, winners = [], []
            for game, (_, _, chosen, bot_seats) in zip(rows, tables, strict=True):
                bot = rng.choice((Seat.Bot.SENSIBLE, Seat.Bot.RANDOM))
                table = [
                    Seat(game=game, position=p, user_id=user_id)
                    for p, user_id in enumerate(chosen)
                ] + [
                    Seat(game=game, position=len(chosen) + b, bot=bot)
                    for b in range(bot_seats)
                ]
                for seat in table:
                    roll = rng.random()
                    if seat.user_id and roll < 0.04:
                        seat.status = Seat.Status.RESIGNED
                    elif seat.user_id and roll < 0.06:
                        seat.status = Seat.Status.TIMED_OUT
                playing = [s for s in table if s.status == Seat.Status.PLAYING]
                winners.append(
                    rng.choice(playing) if playing and rng.random() > 0.02 else None
                )
                seats += table
            Seat.objects.bulk_create(seats, batch_size=BATCH)
            for game, winner in zip(rows, winners, strict=True):
                game.winner = winner
            Game.objects.bulk_update(rows, ["winner"], batch_size=BATCH)


def _sample(rng: random.Random, people: list[int], weights: list[float], k: int):
    chosen: list[int] = []
    while len(chosen) < k:
        pick = rng.choices(people, cum_weights=weights)[0]
        if pick not in chosen:
            chosen.append(pick)
    return chosen
