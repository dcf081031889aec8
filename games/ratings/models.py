"""Ratings: each player's current figure, and one change row per rated game.

`games.ratings` is the only code that writes these. Re-exported by
`games.models`, so Django finds them in the games app.
"""

from django.conf import settings
from django.db import models

from games.kinds import DEFAULT

# Games before a rating is shown as settled.
PROVISIONAL_GAMES = 10

# OpenSkill's default prior: mu 25, sigma 25/3 (so mu - 3 sigma starts at 0).
MU = 25.0
SIGMA = 25.0 / 3.0
# The shown rating of a player with no rated games (see games.ratings.shown).
START = 1000


class Rating(models.Model):
    """A player's (or a bot's) current rating at one game: one row per rated
    account and kind of game (Game.kind), each rated apart."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    kind = models.CharField(
        max_length=20, default=DEFAULT, help_text="The game rated (Game.kind)."
    )
    bot = models.CharField(
        max_length=10,
        blank=True,
        default="",
        help_text="The bot kind this account plays (Seat.Bot); empty for people.",
    )
    mu = models.FloatField(default=MU)
    sigma = models.FloatField(default=SIGMA)
    value = models.IntegerField(default=START, help_text="The shown rating.")
    games = models.PositiveIntegerField(default=0, help_text="Rated games played.")
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind"], name="rating_once_per_kind"
            )
        ]
        indexes = [
            # A kind's leaderboard: by shown rating, ties by account; then
            # filtered by activity and by provisional (games played).
            models.Index(
                fields=["kind", "-value", "user"], name="rating_kind_board_idx"
            ),
            models.Index(
                fields=["kind", "last_played_at"], name="rating_kind_active_idx"
            ),
        ]

    def __str__(self):
        return f"{self.user} {self.value} at {self.kind}"

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingChange(models.Model):
    """What one rated game did to one account's rating. Written once, never
    updated: unique per (game, user), so a retry cannot count a game twice.

    Ids grow in the order games were rated, which `ratings_rebuild` replays.
    """

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="rating_changes"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(
        max_length=20, default=DEFAULT, help_text="The game's kind (Game.kind)."
    )
    place = models.PositiveSmallIntegerField(help_text="1 = first; equal ties.")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    value_before = models.IntegerField()
    value_after = models.IntegerField()
    games_after = models.PositiveIntegerField(help_text="Rated games, this included.")
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"], name="rating_change_once_per_game"
            )
        ]
        indexes = [
            models.Index(fields=["user", "-id"], name="rating_change_history_idx"),
            models.Index(fields=["user", "kind", "-id"], name="rating_change_kind_idx"),
        ]

    def __str__(self):
        return f"{self.user} {self.value_before}→{self.value_after} in {self.game}"

    @property
    def delta(self) -> int:
        return self.value_after - self.value_before
