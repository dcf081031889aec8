"""Replay every finished rated game and write the ratings again from scratch."""

from django.core.management.base import BaseCommand, CommandError

from games import ratings


class Command(BaseCommand):
    help = (
        "Recompute every rating from the finished rated games, in the order they "
        "were rated. With --check, write nothing and report any difference from "
        "the stored figures (exit status 1 if there is one)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="Compare with the stored ratings instead of rewriting them.",
        )

    def handle(self, *args, check: bool = False, **options):
        if check:
            rebuilt = ratings.ratings_compute()
            problems = ratings.ratings_differences(rebuilt)
            for line in problems:
                self.stderr.write(line)
            if problems:
                raise CommandError("The stored ratings differ from the replay.")
            self.stdout.write(
                f"{rebuilt.games} rated games replayed: the stored ratings match."
            )
            return
        rebuilt = ratings.ratings_rebuild()
        self.stdout.write(
            f"{rebuilt.games} rated games replayed: {len(rebuilt.changes)} rating "
            f"changes for {sum(map(len, rebuilt.standings.values()))} ratings written."
        )
