"""The inbox, notification records, digests, who is at a table, and addresses
that fail.

An `InboxItem` is the one record of an event for a user (your move, a
challenge, a result...): the inbox shows it, and each `Notification` row is a
delivery of it by email or Web Push. Every record that is sent is claimed
first with a conditional UPDATE (`claimed_at`, `claim`), and finished with
`done_at` and an `outcome`, so two workers, a retried task and the sweep never
send it twice.
"""

from django.conf import settings
from django.db import models


class Outcome(models.TextChoices):
    SENT = "sent", "Sent"
    MOVED = "moved", "The decision was made or changed before it went out"
    SEEN = "seen", "The player was at the table"
    OPTED_OUT = "opted_out", "The player does not want this kind of email"
    NO_ADDRESS = "no_address", "No verified address that accepts mail"
    NO_DEVICE = "no_device", "No device subscribed to Web Push"
    EMPTY = "empty", "Nothing to say"
    FAILED = "failed", "Sending failed for good"


class InboxItem(models.Model):
    """One line of a player's inbox: what happened, folded on its `key`.

    Events of one kind about one thing fold into one line (every "your move"
    of a game is the game's one line), moved to the top and unread again by
    each. `text` is written once, from what the reader may see: never a card.
    Kept `KEPT_DAYS` after its last event.
    """

    KEPT_DAYS = 90

    class Kind(models.TextChoices):
        MOVE = "move", "Your move"
        REMINDER = "reminder", "Time is running out"
        CHALLENGE = "challenge", "Challenge"
        REMATCH = "rematch", "Rematch offer"
        MENTION = "mention", "Mentioned in chat"
        CHAT = "chat", "Chat messages"
        RESULT = "result", "Game over"
        RATING = "rating", "Rating"
        FRIEND = "friend", "Friends"
        TOURNAMENT = "tournament", "Tournaments"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(max_length=10, choices=Kind)
    key = models.CharField(
        max_length=40, help_text='What it folds on: "game:12", "challenge:5"...'
    )
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=200, help_text="The place, a path on the site.")
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField(help_text="The latest event folded in.")
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "key"], name="inbox_item_folds"
            )
        ]
        indexes = [
            models.Index(fields=["user", "-updated_at"], name="inbox_item_list_idx"),
            models.Index(
                fields=["user"],
                condition=models.Q(read_at__isnull=True),
                name="inbox_item_unread_idx",
            ),
            models.Index(fields=["updated_at"], name="inbox_item_age_idx"),
        ]

    def __str__(self):
        return f"{self.kind} {self.key} for user {self.user_id}"


class Notification(models.Model):
    """Telling one player about one decision they owe, on one channel: a
    delivery of an inbox item."""

    class Kind(models.TextChoices):
        MOVE = "move", "Your move"
        REMINDER = "reminder", "Time is running out"
        # Opt-in (User.chat_emails): one row per batch of players' chat
        # messages in a game; `decision` is "chat", `deadline_at` the first
        # message's time.
        CHAT = "chat", "Chat messages"
        # A challenge to answer (games.social): no game yet, `challenge` set,
        # `deadline_at` the challenge's expiry.
        CHALLENGE = "challenge", "Challenge"
        # A tournament's news for one player (games.tournaments): `tournament`
        # set; `decision` names the event ("r2g1": round 2's game 1 is ready,
        # "cancel", "finish"); `game` the game that is ready, if any.
        TOURNAMENT = "tournament", "Tournament"

    class Channel(models.TextChoices):
        EMAIL = "email", "Email"
        PUSH = "push", "Web Push"
        # Told in the next daily digest (a tournament's news to a player who
        # chose the digest): `digests.digest_send` claims and sends them.
        DIGEST = "digest", "Daily digest"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    game = models.ForeignKey(
        "games.Game",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="notifications",
    )
    challenge = models.ForeignKey(
        "social.Challenge",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    item = models.ForeignKey(
        InboxItem,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="deliveries",
        help_text="What it delivers: read on the site in time, it is not sent.",
    )
    position = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The user's seat (none for a challenge)."
    )
    kind = models.CharField(max_length=10, choices=Kind)
    channel = models.CharField(max_length=10, choices=Channel, default=Channel.EMAIL)
    # The decision: the seat's entry in Game.deadlines when it became due.
    decision = models.CharField(max_length=10, help_text="play, pay, respond...")
    deadline_at = models.DateTimeField()
    due_at = models.DateTimeField(help_text="When it may go out.")
    created_at = models.DateTimeField(help_text="When the decision became theirs.")
    claimed_at = models.DateTimeField(null=True, blank=True)
    claim = models.UUIDField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=Outcome, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "kind", "channel", "decision", "deadline_at"],
                name="notification_once_per_decision",
            ),
            models.UniqueConstraint(
                fields=["user", "challenge", "channel"],
                condition=models.Q(challenge__isnull=False),
                name="notification_once_per_challenge",
            ),
            models.UniqueConstraint(
                fields=["user", "tournament", "channel", "decision"],
                condition=models.Q(tournament__isnull=False),
                name="notification_once_per_tournament_event",
            ),
        ]
        indexes = [
            models.Index(
                fields=["due_at"],
                condition=models.Q(done_at__isnull=True),
                name="notification_pending_idx",
            )
        ]

    def __str__(self):
        return f"{self.kind} {self.channel} to user {self.user_id}, game {self.game_id}"


class Digest(models.Model):
    """The daily digest of one user for one day of their own calendar."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    day = models.DateField(help_text="The user's local date.")
    created_at = models.DateTimeField()
    claimed_at = models.DateTimeField(null=True, blank=True)
    claim = models.UUIDField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=Outcome, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "day"], name="digest_once_a_day")
        ]

    def __str__(self):
        return f"Digest of user {self.user_id} for {self.day}"


class Presence(models.Model):
    """When a user last had a table open (page, poll or WebSocket)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="presence_unique")
        ]

    def __str__(self):
        return f"User {self.user_id} at game {self.game_id}, {self.seen_at}"


class FailingAddress(models.Model):
    """An address the mail server refused; at the limit it gets no more mail.

    Cleared when the address is confirmed again (allauth's email_confirmed).
    """

    email = models.EmailField(unique=True, help_text="Lower case.")
    failures = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    last_failed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.email} ({self.failures} failures)"


class PushSubscription(models.Model):
    """One browser on one device that asked for Web Push ("Notify me on this
    device"): the push service's endpoint and the keys to encrypt for it.

    One row per endpoint: subscribing the same browser again updates it.
    Deleted when the player turns it off, or when the push service answers
    404 or 410 (the browser dropped it).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(
        max_length=100, help_text="The browser's P-256 public key, base64url."
    )
    auth = models.CharField(max_length=50, help_text="Its auth secret, base64url.")
    user_agent = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_success_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"Push to user {self.user_id} at {self.endpoint[:40]}"
