import zoneinfo

from django.contrib.auth.models import AbstractUser
from django.db import models


def time_zone_choices() -> list[tuple[str, str]]:
    return [
        (name, name.replace("_", " "))
        for name in sorted(zoneinfo.available_timezones())
    ]


class User(AbstractUser):
    """A player. Email is unique; login works by username or email."""

    class Notify(models.TextChoices):
        EACH_MOVE = "each_move", "Email me when it is my move"
        DAILY_DIGEST = "daily_digest", "One daily digest instead"
        NONE = "none", "No emails about my games"

    email = models.EmailField("email address", unique=True)
    display_name = models.CharField(max_length=40, blank=True)
    time_zone = models.CharField(max_length=64, default="UTC")
    notify = models.CharField(max_length=20, choices=Notify, default=Notify.EACH_MOVE)
    reminders = models.BooleanField(
        default=True, help_text="Remind me before time runs out on a decision."
    )

    def __str__(self):
        return self.display_name or self.username

    @property
    def name(self) -> str:
        return self.display_name or self.username


def user_display(user) -> str:
    """How allauth names a user in its messages and emails."""
    return user.name
