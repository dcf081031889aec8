"""Time the leaderboard and the player pages on whatever data the database holds.

Prints, per page, the median and slowest render time (a full request through
Django's test client: middleware, views, templates) and its query count. Make
data first with `make_rating_data`. A program that prints figures, not a test.
"""

import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.models import Count
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Rating, Seat


class Command(BaseCommand):
    help = "Print render times and query counts of the leaderboard and player pages."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=20)

    def handle(self, *args, runs: int, **options):
        User = get_user_model()
        ratings = Rating.objects.filter(bot="")
        if not ratings.exists():
            raise CommandError("No rated players: run make_rating_data first.")
        busiest = (
            Seat.objects.filter(user__isnull=False)
            .values("user_id")
            .annotate(n=Count("pk"))
            .order_by("-n")
            .first()
        )
        median = ratings.order_by("-value")[ratings.count() // 2]
        viewer = User.objects.get(pk=median.user_id)
        heavy = User.objects.get(pk=busiest["user_id"])
        client = Client(HTTP_HOST="localhost")
        client.force_login(viewer)
        pages = [
            ("leaderboard, page 1 (30 days)", "/leaderboard/"),
            ("leaderboard, page 20, all time", "/leaderboard/?period=all&page=20"),
            ("leaderboard, provisional", "/leaderboard/?list=provisional&period=all"),
            (
                "player page, a median player",
                f"/players/{viewer.username}/",
            ),
            (
                f"player page, busiest ({busiest['n']} games)",
                f"/players/{heavy.username}/",
            ),
            (
                "player page, filtered (won, 3 seats), page 2",
                f"/players/{heavy.username}/?result=won&seats=3&page=2",
            ),
            ("player page, sensible bot", "/players/sensible-bot/"),
        ]
        players = User.objects.count()
        games = Seat.objects.values("game_id").distinct().count()
        self.stdout.write(
            f"{connection.vendor}: {players} accounts, {games} games, "
            f"{ratings.count()} rated players; {runs} runs a page"
        )
        self.stdout.write(
            f"{'page':<48} {'median ms':>10} {'max ms':>8} {'queries':>8}"
        )
        for label, url in pages:
            times = []
            for _ in range(runs):
                with CaptureQueriesContext(connection) as queries:
                    began = time.perf_counter()
                    response = client.get(url)
                    times.append((time.perf_counter() - began) * 1000)
                if response.status_code != 200:
                    raise CommandError(f"{url} answered {response.status_code}")
            self.stdout.write(
                f"{label:<48} {statistics.median(times):>10.1f} "
                f"{max(times):>8.1f} {len(queries):>8}"
            )
