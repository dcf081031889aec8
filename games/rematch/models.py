"""Rematches: a finished game's invitation to play again with the same seats.

`games.rematch.services` is the only code that writes these. Re-exported by
`games.models`, so Django finds them in the games app.
"""

from datetime import datetime

from django.conf import settings
from django.db import models


class Rematch(models.Model):
    """One offer to play a finished game again; the new game starts when every
    human seated at it has accepted. One decline or the deadline ends it."""

    class Status(models.TextChoices):
        ASKED = "asked", "Waiting for answers"
        STARTED = "started", "Started"
        DECLINED = "declined", "Declined"
        EXPIRED = "expired", "Expired"

    # The `Notification.decision` of a player asked to answer one.
    DECISION = "rematch"

    game = models.ForeignKey(
        "games.Game",
        on_delete=models.CASCADE,
        related_name="rematches",
        help_text="The finished game to play again.",
    )
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    accepted = models.JSONField(
        default=list, help_text="User ids of the humans who accepted, in order."
    )
    unasked = models.JSONField(
        default=list,
        blank=True,
        help_text="User ids of the humans who had muted the proposer: the offer "
        "never reaches them (a mute is silent), so it waits for them unanswered.",
    )
    declined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.ASKED)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField(
        help_text="The game's time per decision after the offer."
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "-created_at", "-pk"]
        constraints = [
            # One offer at a time, and none once one started: a double click
            # or two players clicking at once cannot make two.
            models.UniqueConstraint(
                fields=["game"],
                condition=models.Q(status__in=["asked", "started"]),
                name="rematch_one_at_a_time",
            )
        ]
        indexes = [
            models.Index(
                fields=["expires_at"],
                condition=models.Q(status="asked"),
                name="rematch_asked_idx",
            )
        ]

    def __str__(self):
        return f"Rematch {self.pk} of game {self.game_id} ({self.status})"

    def is_open(self, now: datetime) -> bool:
        """Still waiting for answers: asked, and its time not up."""
        return self.status == self.Status.ASKED and self.expires_at > now

    def asks(self, user_id: int, now: datetime) -> bool:
        """Whether the human `user_id` still owes this offer an answer."""
        return (
            self.is_open(now)
            and user_id not in self.accepted
            and user_id not in self.unasked
        )
