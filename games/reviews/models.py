"""A finished game's review by its kind's expert: one row per game.

Written only by `games.reviews.services`; re-exported by `games.models`, so
Django finds it in the games app.
"""

from django.db import models


class GameReview(models.Model):
    """What the expert made of a finished game: every seat's win chance after
    each event, and each human decision beside the move the expert chose."""

    class Status(models.TextChoices):
        PENDING = "pending", "Being prepared"
        DONE = "done", "Done"

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="review"
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    seed = models.BigIntegerField(help_text="The judge's random seed.")
    guesses = models.PositiveIntegerField(
        default=0, help_text="The judge's budget: guesses a decision."
    )
    version = models.PositiveIntegerField(
        default=0, help_text="The events reviewed (the game's version then)."
    )
    chances = models.JSONField(
        default=list, help_text="Per event: each seat's win chance after it."
    )
    decisions = models.JSONField(
        default=list, help_text="Each human decision judged (games.reviews.judging)."
    )
    turning = models.JSONField(default=list, help_text="The turning points' events.")
    skipped = models.PositiveIntegerField(
        default=0, help_text="Human decisions past the budget's cap, not judged."
    )
    seconds = models.FloatField(null=True, blank=True, help_text="CPU time it took.")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"Review of game {self.game_id} ({self.status})"
