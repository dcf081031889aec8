"""Games, their seats and their events.

The `GameEvent` rows are the truth; `Game.snapshot` is a cache of the engine
state they replay to. Only `games.services` writes any of these.
"""

import secrets
from datetime import datetime
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from games import kinds

if TYPE_CHECKING:
    from games.kinds import GameKind


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Bot(models.TextChoices):
    """Who plays a seat: a human, or one of the engine's bots (`bots.bot_move`)."""

    NONE = "", "Human"
    SENSIBLE = "sensible", "Sensible bot"
    RANDOM = "random", "Random bot"
    EXPERT = "expert", "Expert bot"


# The bots a table may choose, weakest first: for empty seats and for leavers.
BOT_STRENGTHS = [(b.value, b.label) for b in (Bot.RANDOM, Bot.SENSIBLE, Bot.EXPERT)]


class Game(models.Model):
    """One table, of any kind of game (`games.kinds`), from the lobby to the end."""

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "Being played"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    class TimeControl(models.IntegerChoices):
        ONE_HOUR = 60 * 60, "1 hour per decision"
        FOUR_HOURS = 4 * 60 * 60, "4 hours per decision"
        TWELVE_HOURS = 12 * 60 * 60, "12 hours per decision"
        ONE_DAY = 24 * 60 * 60, "1 day per decision"
        THREE_DAYS = 3 * 24 * 60 * 60, "3 days per decision"
        SEVEN_DAYS = 7 * 24 * 60 * 60, "7 days per decision"

    # The widest range over every kind; each kind has its own (games.kinds).
    MIN_SEATS = 2
    MAX_SEATS = 8

    kind = models.CharField(
        max_length=20,
        default=kinds.DEFAULT,
        help_text="The game played: a key of games.kinds (deal, classic).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    seat_count = models.PositiveSmallIntegerField(
        help_text="Seats at the table, in the kind's range (the number seated once "
        "started)."
    )
    # Choices are what the site offers; tests use shorter clocks.
    seconds_per_decision = models.PositiveIntegerField(
        choices=TimeControl, default=TimeControl.ONE_DAY
    )
    options = models.JSONField(default=dict, help_text="engine Options.to_json()")
    public = models.BooleanField(
        default=True, help_text="Listed in the lobby; otherwise by invitation only."
    )
    rated = models.BooleanField(
        default=True, help_text="Counts for ratings (games.ratings); else casual."
    )
    bot = models.CharField(
        max_length=10,
        choices=BOT_STRENGTHS,
        default=Bot.SENSIBLE,
        help_text="The strength of the bots that fill empty seats.",
    )
    leaver_bot = models.CharField(
        max_length=10,
        choices=BOT_STRENGTHS,
        default=Bot.SENSIBLE,
        help_text="The bot that plays on for a player who missed too many "
        "deadlines (house rule bot_replaces_leaver).",
    )
    invite_token = models.CharField(
        max_length=43, unique=True, default=new_invite_token, editable=False
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    version = models.PositiveIntegerField(
        default=0, help_text="The number of events; what a player's page shows."
    )
    seat_changes = models.PositiveIntegerField(
        default=0, help_text="Joins and leaves while open; part of `stamp`."
    )
    rematch_changes = models.PositiveIntegerField(
        default=0,
        help_text="Rematch offers and answers once finished; part of `stamp`.",
    )
    rematch_of = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematch",
        help_text="The finished game this one plays again (a rematch).",
    )
    snapshot = models.JSONField(
        null=True, blank=True, help_text="engine State.to_json(), a cache of replay."
    )
    deadline_at = models.DateTimeField(
        null=True, blank=True, db_index=True, help_text="The earliest deadline owed."
    )
    deadlines = models.JSONField(
        default=dict,
        blank=True,
        help_text='Per awaited seat: {"2": {"kind": "pay", "at": "<iso>"}}.',
    )
    winner = models.ForeignKey(
        "Seat", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "public"], name="game_lobby_idx")]

    def __str__(self):
        return f"Game {self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.pk])

    @property
    def game_kind(self) -> "GameKind":
        """What the site knows of this game's kind: its engine, bots, table."""
        return kinds.get(self.kind)

    @property
    def engine(self):
        """The rules this game is played by (games/engines/protocol.py)."""
        return self.game_kind.engine

    def state(self):
        """The engine state this game is at (None before it starts).

        Read from `snapshot` once, and again only if `snapshot` is replaced.
        """
        if self.snapshot is None:
            return None
        known = getattr(self, "_engine_state", None)
        if known is None or known[0] is not self.snapshot:
            known = (self.snapshot, self.engine.from_json(self.snapshot))
            self._engine_state = known
        return known[1]

    def state_known(self, state: object) -> None:
        """Take `state` as what `snapshot` (already set from it) holds."""
        self._engine_state = (self.snapshot, state)

    def seats_known(self, seats: list["Seat"]) -> None:
        """Take `seats` (users loaded) as this game's seats, as prefetch_related
        would: `game.seats.all()` then reads them with no query. The service
        that just wrote a move holds them, and the table it answers with needs
        them."""
        queryset = Seat.objects.filter(game=self)
        # What prefetch_related does with the rows it fetched.
        for seat in seats:
            seat.game = self
        queryset._result_cache = list(seats)
        queryset._prefetch_done = True
        self._prefetched_objects_cache = {"seats": queryset}

    def rule_options(self):
        """The house rules this game was created with (its engine's Options)."""
        return self.engine.Options.from_json(self.options or {})

    def seat_for(self, user) -> "Seat | None":
        """The seat `user` holds at this table, or None (anonymous users too).

        Uses prefetched seats when they are there.
        """
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        return next((s for s in self.seats.all() if s.user_id == user.pk), None)

    def seat_names(self) -> list[str]:
        """Seat names by position, for `engine.describe(event, seat, names)`."""
        return [seat.name for seat in sorted(self.seats.all(), key=_position)]

    def deadline_for(self, position: int) -> datetime | None:
        """When the decision that seat owes times out, if it owes one."""
        entry = (self.deadlines or {}).get(str(position))
        return datetime.fromisoformat(entry["at"]) if entry else None

    @property
    def stamp(self) -> int:
        """What a page compares to know it is out of date.

        The version once started; while open (version 0) a negative number
        that moves with every join and leave, so it never equals a version;
        once finished, the version plus the rematch offers and answers since.
        """
        return table_stamp(
            self.status, self.version, self.seat_changes, self.rematch_changes
        )

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABANDONED)


def table_stamp(
    status: str, version: int, seat_changes: int, rematch_changes: int = 0
) -> int:
    """`Game.stamp` from the row's values (for reads that skip the model)."""
    if status == Game.Status.OPEN:
        return -1 - seat_changes
    return version + rematch_changes


def _position(seat: "Seat") -> int:
    return seat.position


class Seat(models.Model):
    """A place at a table, held by a user or played by a bot."""

    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        RESIGNED = "resigned", "Resigned"
        # Missed too many deadlines: a bot plays the seat on (house rule).
        LEFT = "left", "Left, a bot plays on"
        # Missed too many deadlines and left the game as if resigned.
        TIMED_OUT = "timed_out", "Timed out"

    Bot = Bot

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="0 to 7; the engine's seat.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )
    bot = models.CharField(max_length=10, choices=Bot, default=Bot.NONE, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.PLAYING)
    missed_deadlines = models.PositiveSmallIntegerField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)
    # Standing answers for this game only (games.services.standing); None: the
    # profile's.
    accept_charges = models.BooleanField(null=True, blank=True)
    pay_suggested = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "position"], name="seat_unique_position"
            ),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="seat_unique_user",
            ),
            models.CheckConstraint(
                condition=models.Q(position__lte=7), name="seat_position_0_to_7"
            ),
        ]

    def __str__(self):
        return f"{self.name} at game {self.game_id}"

    @property
    def name(self) -> str:
        """What the table calls this seat: the player's name, or "Bot 2 (sensible)"."""
        if self.user_id is not None:
            return self.user.name
        return f"Bot {self.position + 1} ({self.bot})"

    @property
    def is_bot(self) -> bool:
        """A bot plays this seat now (an empty seat filled, or a leaver replaced)."""
        return bool(self.bot)

    @property
    def is_active_player(self) -> bool:
        """A human who may still move here."""
        return self.status == self.Status.PLAYING and not self.bot


class GameEventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError("Game events are never updated.")

    def delete(self):
        raise TypeError("Game events are never deleted.")


class GameEvent(models.Model):
    """One engine event, in order. Append-only: never updated or deleted.

    `data` holds secrets (the cards drawn): it stays in the database and goes
    out only through `engine.describe(event, seat, names)`.
    """

    class Cause(models.TextChoices):
        SETUP = "setup", "The deal"
        PLAYER = "player", "The player's move"
        TIMEOUT = "timeout", "The deadline passed: the game moved for them"
        BOT = "bot", "A bot's move"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField(help_text="1-based; event N makes version N.")
    type = models.CharField(max_length=40)
    data = models.JSONField(help_text="engine to_json(event)")
    schema_version = models.PositiveSmallIntegerField(default=1)
    seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The seat whose move caused it; null: setup."
    )
    cause = models.CharField(max_length=10, choices=Cause, default=Cause.PLAYER)
    # The time of the change that made it (the move, the timeout, the deal),
    # as the service that wrote it says: every event of one change has the same.
    created_at = models.DateTimeField(
        default=timezone.now, help_text="When the change that made it happened."
    )

    objects = GameEventQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq")
        ]

    def __str__(self):
        return f"{self.type} #{self.seq} of game {self.game_id}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise TypeError("Game events are never updated.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("Game events are never deleted.")

    def event(self, engine=None):
        """The engine event (old schema versions upgraded by from_json).

        Pass the game's `engine` when reading many rows: without it, it is
        read from the row's game (a query, unless the game is cached).
        """
        return (engine or self.game.engine).from_json(self.data)


class GameCheckpoint(models.Model):
    """The engine state of a game right after event `seq`, a multiple of EVERY.

    A cache like `Game.snapshot`, for replay: the state after any event N is
    this row's state at the nearest multiple of EVERY at or below N, evolved
    by at most EVERY - 1 events. Written with the moves that cross a multiple
    (`services.table.Table`), and filled in lazily for games older than this table.
    """

    # Replay costs about 4 µs an event (bench.engine), so replaying at
    # most 49 events costs under 0.2 ms, well below reading and rendering the
    # step; and a checkpoint (a few kB of JSON) is stored once per 50 events,
    # on one move in about fifteen. Smaller K buys nothing visible and more rows.
    EVERY = 50

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="checkpoints")
    seq = models.PositiveIntegerField(help_text="The state after event `seq`.")
    state = models.JSONField(help_text="engine State.to_json()")

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seq"], name="checkpoint_unique_seq"
            )
        ]

    def __str__(self):
        return f"Checkpoint {self.seq} of game {self.game_id}"


# Ratings live in a module of their own; imported here so Django finds them.
from games.ratings.models import Rating, RatingChange  # noqa: E402, F401
from games.rematch.models import Rematch  # noqa: E402, F401
from games.reviews.models import GameReview  # noqa: E402, F401
