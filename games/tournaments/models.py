"""A tournament is a state machine in the database: registration, running
(round N), finished or cancelled. `games.tournaments.services` is the only
code that writes these rows, each change under a lock of the tournament's row.
"""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        ELIMINATION = "elimination", "Single elimination"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Taking entries"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=20, help_text="The game played (Game.kind).")
    format = models.CharField(max_length=20, choices=Format)
    # Swiss: the rounds to play. Round robin and elimination: worked out at
    # the start from the number of players.
    rounds = models.PositiveSmallIntegerField(default=0)
    seats = models.PositiveSmallIntegerField(help_text="Seats at each table.")
    # Single elimination: games a match (1, or 3: the first to win two).
    best_of = models.PositiveSmallIntegerField(default=1)
    seconds_per_decision = models.PositiveIntegerField()
    # A round's hard end: games still running then are adjudicated.
    round_hours = models.PositiveIntegerField(default=7 * 24)
    options = models.JSONField(default=dict, blank=True)
    rated = models.BooleanField(default=True)
    starts_at = models.DateTimeField(db_index=True)
    min_players = models.PositiveSmallIntegerField(default=2)
    max_players = models.PositiveSmallIntegerField(default=64)
    by_invitation = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, default=new_invite_token)
    rating_min = models.PositiveIntegerField(null=True, blank=True)
    rating_max = models.PositiveIntegerField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(
        max_length=20, choices=Status, default=Status.REGISTRATION, db_index=True
    )
    round = models.PositiveSmallIntegerField(default=0)
    round_ends_at = models.DateTimeField(null=True, blank=True)
    # A round robin's rounds, fixed at the start: [[[entry ids of a table],
    # ...], ...] with a lone entry for a bye.
    schedule = models.JSONField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])


class Entry(models.Model):
    """A player in a tournament: a person, or a bot the creator invited."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tournament_entries",
    )
    bot = models.CharField(max_length=20, blank=True, default="")
    joined_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=models.Q(user__isnull=False),
                name="tournament_entry_once",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.tournament_id}"

    @property
    def name(self) -> str:
        if self.user_id:
            return self.user.display_name or self.user.username
        return f"Bot {self.pk} ({self.bot})"


class Pairing(models.Model):
    """One table of a round (a game) or one bye."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pairings"
    )
    round = models.PositiveSmallIntegerField()
    board = models.PositiveSmallIntegerField()
    # The game's number in its match (single elimination, best of three).
    game_number = models.PositiveSmallIntegerField(default=1)
    game = models.OneToOneField(
        "games.Game",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tournament_pairing",
    )
    # The entries at the table, by seat position (one entry for a bye).
    entries = models.JSONField(default=list)
    # The bye's entry, for a bye (no game).
    bye = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="byes"
    )
    # Each entry's place at the table once the game ended or was adjudicated:
    # {entry id: place}, 1 first, ties sharing a place.
    places = models.JSONField(null=True, blank=True)
    # What each entry was worth when the game ended or was adjudicated (the
    # kind's `worth`: net worth, banked value): {entry id: value}, a tie-break.
    worth = models.JSONField(null=True, blank=True)
    adjudicated = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "round", "board", "game_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "board", "game_number"],
                name="tournament_board_game_once",
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} round {self.round} board {self.board}"
