import threading
import zoneinfo
from contextlib import contextmanager
from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models

from mdeal_site.db import connection_release
from mdeal_site.prepared import Prepared

# Passwords hashed at once by one process. A hash is a second or more of CPU
# (PBKDF2); a crowd of logins each hashing in a thread of its own shares the
# CPU so thinly that every one of them outlasts its client's patience (the
# load test saw 400 logins time out together). Past this many they wait,
# holding no database connection, and are served in turn.
HASHING_AT_ONCE = threading.BoundedSemaphore(2)
_hashing = threading.local()


@contextmanager
def hashing_turn():
    """Wait for a turn to hash (a thread already holding one keeps it: a
    check that upgrades the hash sets the password inside its turn)."""
    if getattr(_hashing, "held", False):
        yield
        return
    connection_release()
    with HASHING_AT_ONCE:
        _hashing.held = True
        try:
            yield
        finally:
            _hashing.held = False


# A new account's time zone, until the player or their browser says otherwise.
DEFAULT_ZONE = "UTC"


def time_zone_choices() -> list[tuple[str, str]]:
    return [
        (name, name.replace("_", " "))
        for name in sorted(zoneinfo.available_timezones())
    ]


class PlayerManager(UserManager):
    """Django's manager of users; `get(pk=...)` runs SQL compiled once.

    The session's user is read that way on every signed-in request
    (`ModelBackend.get_user`, allauth's backend too), and Django compiling
    the query cost more CPU than the rest of a trivial request (docs/load.md,
    "What the profile showed, and what changed"). The same user, or
    User.DoesNotExist (also for a value that is no id), as the queryset would
    give.
    """

    def get(self, *args, **kwargs):
        if args or self._db is not None or kwargs.keys() != {"pk"}:
            return super().get(*args, **kwargs)
        user = _user_by_id.by_id(kwargs["pk"])
        if user is None:
            raise self.model.DoesNotExist(
                f"{self.model._meta.object_name} matching query does not exist."
            )
        return user


class User(AbstractUser):
    """A player. Email is unique; login works by username or email."""

    class Notify(models.TextChoices):
        EACH_MOVE = "each_move", "Email me when it is my move"
        DAILY_DIGEST = "daily_digest", "One daily digest instead"
        NONE = "none", "No emails about my games"

    email = models.EmailField("email address", unique=True)
    display_name = models.CharField(max_length=40, blank=True)
    time_zone = models.CharField(max_length=64, default=DEFAULT_ZONE)
    notify = models.CharField(max_length=20, choices=Notify, default=Notify.EACH_MOVE)
    reminders = models.BooleanField(
        default=True, help_text="Remind me before time runs out on a decision."
    )
    chat_emails = models.BooleanField(
        default=False,
        help_text="Email me the players' chat messages of my games (batched).",
    )
    challenge_emails = models.BooleanField(
        default=True, help_text="Email me when a player challenges me."
    )
    tournament_emails = models.BooleanField(
        default=True,
        help_text="Email me about my tournaments: my games ready, a cancellation, "
        "my place at the end.",
    )
    # Standing answers (games.services.standing): decisions made in advance, the same
    # whatever the hand holds, so they tell the other players nothing.
    accept_charges = models.BooleanField(
        default=False,
        help_text="Accept rent, debts and birthdays charged to me without waiting "
        "(never plays a Just Say No).",
    )
    pay_suggested = models.BooleanField(
        default=False,
        help_text="Pay with the suggested cards (the least, from the bank first) "
        "when I owe a payment.",
    )
    # Copied from the vacation under way, so a table shows it with the seats'
    # users and no further query. In the past once that vacation has run out.
    away_until = models.DateTimeField(null=True, blank=True)
    # A bot account (docs/bot-api.md): it plays through the API only, is
    # marked BOT wherever its name shows, and is listed on its own
    # leaderboard tab. Irreversible (accounts.services.bot_account_make).
    is_bot = models.BooleanField(
        default=False, help_text="A program playing through the Bot API."
    )

    objects = PlayerManager()

    def __str__(self):
        return self.display_name or self.username

    # Hashing a password takes a second or more of CPU and no database: the
    # request's pooled connection goes back to the pool meanwhile, and the
    # hash waits for one of the process's HASHING_AT_ONCE turns.
    def check_password(self, raw_password):
        with hashing_turn():
            return super().check_password(raw_password)

    def set_password(self, raw_password):
        with hashing_turn():
            super().set_password(raw_password)

    @property
    def name(self) -> str:
        return self.display_name or self.username

    def away_at(self, now: datetime) -> datetime | None:
        """When the vacation the user is on at `now` ends; None if not away."""
        if self.away_until is not None and self.away_until > now:
            return self.away_until
        return None


_user_by_id = Prepared(lambda pk: User._base_manager.filter(pk=pk))


class Vacation(models.Model):
    """A player away: their deadlines wait for them, and no reminders go out."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    started_at = models.DateTimeField()
    until = models.DateTimeField(help_text="The planned end.")
    ended_at = models.DateTimeField(
        null=True, blank=True, help_text="When the player came back early."
    )

    class Meta:
        ordering = ["-started_at"]

    def __str__(self):
        return f"{self.user} away {self.started_at:%Y-%m-%d} to {self.end:%Y-%m-%d}"

    @property
    def end(self) -> datetime:
        """When the vacation ends: the planned end unless they came back early."""
        return self.ended_at or self.until


def user_display(user) -> str:
    """How allauth names a user in its messages and emails."""
    return user.name
