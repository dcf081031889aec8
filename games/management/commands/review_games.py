"""Make (or make again) the expert's reviews of finished games, for operators:
after a change of the judge or its budget, or for games that ended before
reviews were made."""

from django.core.management.base import BaseCommand

from games.models import Game
from games.reviews.judging import Budget
from games.reviews.services import review_budget, review_make


class Command(BaseCommand):
    help = (
        "Review finished games by their kind's expert: the games named, or every "
        "finished game without a review; --again makes existing reviews anew."
    )

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", type=int, help="Only these game ids.")
        parser.add_argument(
            "--again", action="store_true", help="Review again games already reviewed."
        )
        parser.add_argument(
            "--seed", type=int, help="The judge's seed (the game's id)."
        )
        parser.add_argument(
            "--guesses", type=int, help="Guesses a decision (REVIEW_GUESSES)."
        )

    def handle(self, *args, games=(), again=False, seed=None, guesses=None, **options):
        budget = review_budget()
        if guesses is not None:
            budget = Budget(guesses=guesses, decisions=budget.decisions)
        finished = Game.objects.filter(status=Game.Status.FINISHED).order_by("pk")
        if games:
            finished = finished.filter(pk__in=games)
        elif not again:
            finished = finished.filter(review__isnull=True)
        count = 0
        for game_id in finished.values_list("pk", flat=True).iterator():
            review = review_make(game_id=game_id, seed=seed, budget=budget, again=again)
            if review is None:
                self.stdout.write(f"Game {game_id}: no review (its kind has no judge).")
                continue
            count += 1
            self.stdout.write(
                f"Game {game_id}: {len(review.decisions)} decisions judged "
                f"in {review.seconds:.1f} s of CPU."
            )
        self.stdout.write(f"{count} games reviewed.")
