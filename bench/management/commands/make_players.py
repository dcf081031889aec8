"""Make N players with one known password, for load tests and demos only.

Usernames are <prefix>0001, ... (email <username>@example.invalid, verified,
so they can log in at once). Players that already exist keep their games and
get the password again, unless they have it already: then their hash, and so
their sessions (which a password change ends), stay. One password hash serves
every row: making 1,000 players takes a second, not the 1,000 hashings a
sign-up would cost.
"""

from allauth.account.models import EmailAddress

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, make_password
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

LOAD_PASSWORD = "load-test-password"
BATCH = 1000


def player_names(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{i:04d}" for i in range(1, count + 1)]


def players_make(*, names: list[str], password: str) -> int:
    """Create the accounts in `names` that are missing, verified, with
    `password`; set `password` on those that exist. Returns how many were new."""
    User = get_user_model()
    hashed = make_password(password)
    with transaction.atomic():
        existing = dict(
            User.objects.filter(username__in=names).values_list("username", "password")
        )
        # One check per distinct hash (made in one batch, they share one).
        current = {h for h in set(existing.values()) if check_password(password, h)}
        User.objects.filter(
            username__in=[n for n, h in existing.items() if h not in current]
        ).update(password=hashed)
        User.objects.bulk_create(
            (
                User(
                    username=name,
                    email=f"{name}@example.invalid",
                    display_name=name.capitalize(),
                    password=hashed,
                )
                for name in names
                if name not in existing
            ),
            batch_size=BATCH,
        )
        users = User.objects.filter(username__in=names).values_list("pk", "email")
        verified = set(
            EmailAddress.objects.filter(
                user_id__in=[pk for pk, _ in users]
            ).values_list("user_id", flat=True)
        )
        EmailAddress.objects.bulk_create(
            (
                EmailAddress(user_id=pk, email=email, verified=True, primary=True)
                for pk, email in users
                if pk not in verified
            ),
            batch_size=BATCH,
        )
    return len(names) - len(existing)


class Command(BaseCommand):
    help = (
        "Make N players <prefix>0001... with a known password (for load tests and "
        "demos). Refuses unless DEBUG is on or --force is given."
    )

    def add_arguments(self, parser):
        parser.add_argument("count", type=int)
        parser.add_argument("--prefix", default="load")
        parser.add_argument("--password", default=LOAD_PASSWORD)
        parser.add_argument(
            "--force", action="store_true", help="Run even with DEBUG off."
        )

    def handle(self, *args, count, prefix, password, force, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "DEBUG is off: this makes accounts with a published password. "
                "Add --force if you mean it (a load-test database)."
            )
        if count < 1:
            raise CommandError("Make at least one player.")
        new = players_make(names=player_names(prefix, count), password=password)
        self.stdout.write(
            f"{count} players {prefix}0001..{prefix}{count:04d} ({new} new), "
            f"password {password!r}."
        )
