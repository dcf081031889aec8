"""Personal API tokens. The secret is shown once, when made; only its
SHA-256 is kept, with a short prefix to tell tokens apart on the profile."""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone


class Scope(models.TextChoices):
    READ = "read", "Read my games"
    PLAY = "play", "Play my moves"
    CHALLENGE = "challenge", "Make and answer challenges"


PREFIX = "mdeal_"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    # The secret's first characters, to recognise it; never enough to use it.
    shown = models.CharField(max_length=16)
    key_hash = models.CharField(max_length=64, unique=True)
    scopes = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.shown}…)"

    @classmethod
    def make(cls, *, user, name: str, scopes: list[str]) -> tuple["ApiToken", str]:
        """A new token and its secret (to show once)."""
        secret = PREFIX + secrets.token_urlsafe(32)
        token = cls.objects.create(
            user=user,
            name=name,
            shown=secret[: len(PREFIX) + 4],
            key_hash=digest(secret),
            scopes=sorted(set(scopes)),
        )
        return token, secret
