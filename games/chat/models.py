"""Chat messages, kept with their game, and the moderation around them.

A message is never edited; staff "delete" one by stamping `deleted_at`, so
the record (and its reports) stay for the moderators while nobody else sees
it any more.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone


def _staff_member() -> models.ForeignKey:
    """Who did something to a record (kept if their account goes)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )


class Room(models.TextChoices):
    PLAYERS = "players", "Players"
    SPECTATORS = "spectators", "Spectators"


class Message(models.Model):
    """One message in one room of one game, written by a person."""

    MAX_LENGTH = 500

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="chat_messages"
    )
    room = models.CharField(max_length=10, choices=Room)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    text = models.TextField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(default=timezone.now)
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = _staff_member()

    class Meta:
        ordering = ["game", "pk"]
        indexes = [
            models.Index(fields=["game", "room", "id"], name="chat_message_room_idx"),
            # The rate limit counts a user's messages of the last seconds.
            models.Index(
                fields=["author", "created_at"], name="chat_message_author_idx"
            ),
        ]

    def __str__(self):
        return f"Message {self.pk} in game {self.game_id} ({self.room})"


class Report(models.Model):
    """Someone who read a message asks the moderators to look at it."""

    class Reason(models.TextChoices):
        ABUSE = "abuse", "Abusive or hateful"
        SPAM = "spam", "Spam or advertising"
        COACHING = "coaching", "Coaching or cheating"
        OTHER = "other", "Something else"

    class Outcome(models.TextChoices):
        OPEN = "", "Not handled yet"
        DELETED = "deleted", "Message deleted"
        SUSPENDED = "suspended", "Author's chat suspended"
        DISMISSED = "dismissed", "Dismissed"

    message = models.ForeignKey(
        Message, on_delete=models.CASCADE, related_name="reports"
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.CharField(max_length=10, choices=Reason, default=Reason.ABUSE)
    created_at = models.DateTimeField(default=timezone.now)
    outcome = models.CharField(
        max_length=10, choices=Outcome, default=Outcome.OPEN, blank=True
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    handled_by = _staff_member()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["message", "reporter"], name="chat_report_once"
            )
        ]

    def __str__(self):
        return f"Report of message {self.message_id} by user {self.reporter_id}"


class Mute(models.Model):
    """`user` no longer sees `muted`'s messages, anywhere, nor their invitations."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mutes"
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_once"),
            models.CheckConstraint(
                condition=~models.Q(user=models.F("muted")), name="chat_mute_not_self"
            ),
        ]

    def __str__(self):
        return f"User {self.user_id} muted user {self.muted_id}"


class Suspension(models.Model):
    """Staff took away a user's right to chat, until a time or for good."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    until = models.DateTimeField(
        null=True, blank=True, help_text="Empty: until a moderator lifts it."
    )
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = _staff_member()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"Chat suspension of user {self.user_id}"
