"""Follows, blocks, challenges and their presets.

`games.social.services` is the only code that writes these. A friendship is
two follows, one each way; a block is stronger than a chat mute: the blocked
player cannot follow, challenge, join the blocker's tables or offer them a
rematch.
"""

from datetime import datetime

from django.conf import settings
from django.db import models
from django.urls import reverse

from games import kinds

HOUR = 60 * 60
# How long a challenge waits for its answers: the challenger's choice.
EXPIRY_CHOICES = [
    (HOUR, "1 hour"),
    (6 * HOUR, "6 hours"),
    (24 * HOUR, "1 day"),
    (3 * 24 * HOUR, "3 days"),
    (7 * 24 * HOUR, "7 days"),
]
DEFAULT_EXPIRY = 24 * HOUR


def _user(related_name: str) -> models.ForeignKey:
    return models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name=related_name
    )


class Follow(models.Model):
    """`follower` follows `followed`; both ways, they are friends."""

    follower = _user("following")
    followed = _user("followers")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["follower", "followed"], name="social_follow_once"
            ),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")),
                name="social_follow_not_self",
            ),
        ]
        indexes = [models.Index(fields=["followed"], name="social_followed_idx")]

    def __str__(self):
        return f"User {self.follower_id} follows user {self.followed_id}"


class Block(models.Model):
    """`user` blocked `blocked`, who is told only that things are not possible."""

    user = _user("blocks")
    blocked = _user("+")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "blocked"], name="social_block_once"
            ),
            models.CheckConstraint(
                condition=~models.Q(user=models.F("blocked")),
                name="social_block_not_self",
            ),
        ]
        indexes = [models.Index(fields=["blocked"], name="social_blocked_idx")]

    def __str__(self):
        return f"User {self.user_id} blocked user {self.blocked_id}"


class ChallengesFrom(models.TextChoices):
    """Who may challenge a player by name."""

    EVERYONE = "everyone", "Anyone"
    FRIENDS = "friends", "Friends only"
    NOBODY = "nobody", "Nobody"


class SocialSettings(models.Model):
    """A player's choices about other players; no row: the defaults."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="social_settings",
    )
    challenges_from = models.CharField(
        max_length=10, choices=ChallengesFrom, default=ChallengesFrom.EVERYONE
    )
    # Whether bot accounts (accounts.User.is_bot) may challenge the player, as
    # far as `challenges_from` lets anyone: yes unless they say no, as on
    # lichess (docs/bot-api.md).
    bot_challenges = models.BooleanField(
        default=True, help_text="Bot accounts may challenge me."
    )

    def __str__(self):
        return f"Social settings of user {self.user_id}"


class LastSeen(models.Model):
    """When a player last had a page of the site open (its inbox socket or
    bell), for "online now" on their friends' lists; tables keep their own
    (notifications.Presence)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="+",
    )
    seen_at = models.DateTimeField()

    def __str__(self):
        return f"User {self.user_id} seen {self.seen_at}"


class Challenge(models.Model):
    """A game offered to named players with the create form's settings; it
    starts when every one of them has accepted. One decline, the challenger
    withdrawing it, or its time running out ends it."""

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for answers"
        STARTED = "started", "Started"
        DECLINED = "declined", "Declined"
        WITHDRAWN = "withdrawn", "Withdrawn"
        EXPIRED = "expired", "Expired"

    # The `notifications.Notification.decision` of a player asked to answer one.
    DECISION = "challenge"

    challenger = _user("challenges_sent")
    # The game's settings, as the create form gives them (games.services.lobby).
    kind = models.CharField(max_length=20)
    seat_count = models.PositiveSmallIntegerField(
        help_text="The challenger, the players named, and bots in the other seats."
    )
    seconds_per_decision = models.PositiveIntegerField()
    options = models.JSONField(default=dict, help_text="engine Options.to_json()")
    public = models.BooleanField(default=True)
    rated = models.BooleanField(default=True)
    bot = models.CharField(max_length=10)
    leaver_bot = models.CharField(max_length=10)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField(
        "games.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="challenge",
        help_text="The game it started.",
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            # The flood limit counts a user's challenges of the last minutes.
            models.Index(
                fields=["challenger", "created_at"], name="social_challenger_idx"
            ),
            models.Index(
                fields=["expires_at"],
                condition=models.Q(status="open"),
                name="social_challenge_open_idx",
            ),
        ]

    def __str__(self):
        return f"Challenge {self.pk} by user {self.challenger_id} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("social:challenge", args=[self.pk])

    def is_open(self, now: datetime) -> bool:
        """Still waiting for answers: open, and its time not up."""
        return self.status == self.Status.OPEN and self.expires_at > now

    @property
    def kind_label(self) -> str:
        return kinds.label(self.kind)

    @property
    def bot_seats(self) -> int:
        """Seats the bots take: those not held by the challenger or the named."""
        return self.seat_count - 1 - len(self.invitees.all())


class Invitee(models.Model):
    """One player named in a challenge, and their answer."""

    class Answer(models.TextChoices):
        PENDING = "pending", "Not answered yet"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"

    class Reason(models.TextChoices):
        NONE = "", "No reason given"
        NOT_NOW = "not_now", "Not now"
        TOO_MANY = "too_many", "I have enough games going"
        SETTINGS = "settings", "Other settings, please"
        STRANGER = "stranger", "I play with people I know"

    challenge = models.ForeignKey(
        Challenge, on_delete=models.CASCADE, related_name="invitees"
    )
    user = _user("challenges_received")
    position = models.PositiveSmallIntegerField(help_text="1, 2...: as named.")
    answer = models.CharField(max_length=10, choices=Answer, default=Answer.PENDING)
    muted = models.BooleanField(
        default=False,
        help_text="They had muted the challenger: a mute is silent, so the "
        "challenge never reaches them, and waits for them unanswered.",
    )
    reason = models.CharField(max_length=10, choices=Reason, blank=True, default="")
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["challenge", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "user"], name="social_invitee_once"
            )
        ]
        indexes = [models.Index(fields=["user", "answer"], name="social_invitee_idx")]

    def __str__(self):
        return f"User {self.user_id} in challenge {self.challenge_id} ({self.answer})"


class Preset(models.Model):
    """Saved challenge settings ("my usual game"): the challenge form's data,
    checked by that form again each time it is used."""

    MAX_PER_USER = 10

    user = _user("challenge_presets")
    name = models.CharField(max_length=40)
    data = models.JSONField(help_text="The challenge form's fields, as posted.")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "name"], name="social_preset_name")
        ]

    def __str__(self):
        return f"Preset {self.name!r} of user {self.user_id}"
