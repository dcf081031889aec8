"""Writes to a player's account that reach beyond it: vacations, and the
upgrade to a bot account.

A vacation lasts at most `VACATION_LONGEST`, and a player has
`VACATION_PER_YEAR` of them in any `VACATION_WINDOW`. Time counts as it is
used, in hours (each vacation to the nearest hour: ten seconds away cost
nothing): a vacation under way counts until its planned end, and coming back
early gives the unused time back. Refusals raise `VacationRefused` with a sentence
for the player; nothing is written then.
"""

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import dateformat, timezone

from accounts.models import DEFAULT_ZONE, User, Vacation
from games.errors import GameError
from games.models import Game, Seat
from games.notifications.emails import user_zone
from games.services.vacations import deadlines_shift

VACATION_LONGEST = timedelta(days=14)
VACATION_PER_YEAR = timedelta(days=30)
VACATION_WINDOW = timedelta(days=365)
HOUR = timedelta(hours=1)


class VacationRefused(Exception):
    """A vacation that cannot start or end; `message` says why."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def vacation_time_left(*, user: User, now: datetime) -> timedelta:
    """Vacation the player may still take: the yearly allowance, less the time
    away in the `VACATION_WINDOW` up to `now` (a vacation under way counts
    until its planned end)."""
    since = now - VACATION_WINDOW
    vacations = Vacation.objects.filter(user=user).filter(
        Q(ended_at__gt=since) | Q(ended_at=None, until__gt=since)
    )
    used = sum(
        (
            _in_hours(vacation.end - max(vacation.started_at, since))
            for vacation in vacations
        ),
        timedelta(),
    )
    return max(VACATION_PER_YEAR - used, timedelta())


def _in_hours(away: timedelta) -> timedelta:
    """Time away counted in whole hours, to the nearest one."""
    return timedelta(hours=round(away / HOUR))


def vacation_left_sentence(left: timedelta) -> str:
    """ "You have 29 days and 23 hours of vacation left this year." """
    days, hours = left.days, left.seconds // 3600
    parts = [
        f"{n} {unit}{'s' * (n != 1)}"
        for n, unit in ((days, "day"), (hours, "hour"))
        if n
    ]
    if not parts:
        return "You have no vacation left this year."
    return f"You have {' and '.join(parts)} of vacation left this year."


def vacation_start(*, user: User, until: datetime) -> Vacation:
    """Go away from now until `until`: every deadline of the player's waits.

    Refused if `until` is not in the future, if they are away already, if it
    is longer than `VACATION_LONGEST` or more than they have left this year.
    """
    now = timezone.now()
    with transaction.atomic():
        player = User.objects.select_for_update().get(pk=user.pk)
        if until <= now:
            raise VacationRefused("Choose a day after today.")
        away_until = player.away_at(now)
        if away_until is not None:
            raise VacationRefused(
                f"You are already away until {day_name(away_until, player)}."
            )
        if until - now > VACATION_LONGEST:
            raise VacationRefused(
                f"A vacation lasts at most {VACATION_LONGEST.days} days."
            )
        left = vacation_time_left(user=player, now=now)
        if _in_hours(until - now) > left:
            raise VacationRefused(vacation_left_sentence(left))
        vacation = Vacation.objects.create(user=player, started_at=now, until=until)
        player.away_until = until
        player.save(update_fields=["away_until"])
        deadlines_shift(user=player, by=until - now, now=now)
    user.away_until = until
    return vacation


def vacation_end(*, user: User) -> Vacation:
    """Come back now: deadlines come forward by the time not used."""
    now = timezone.now()
    with transaction.atomic():
        player = User.objects.select_for_update().get(pk=user.pk)
        vacation = (
            Vacation.objects.filter(
                user=player, ended_at=None, started_at__lte=now, until__gt=now
            )
            .order_by("-started_at")
            .first()
        )
        if vacation is None:
            raise VacationRefused("You are not away.")
        vacation.ended_at = now
        vacation.save(update_fields=["ended_at"])
        player.away_until = None
        player.save(update_fields=["away_until"])
        deadlines_shift(user=player, by=now - vacation.until, now=now)
    user.away_until = None
    return vacation


def time_zone_default(*, user: User, name: str) -> bool:
    """Take the browser's time zone `name` (a checked IANA name, or "") as the
    player's while theirs is still the default, UTC; True when it changed."""
    if not name or name == DEFAULT_ZONE or user.time_zone != DEFAULT_ZONE:
        return False
    user.time_zone = name
    return bool(
        User.objects.filter(pk=user.pk, time_zone=DEFAULT_ZONE).update(time_zone=name)
    )


def day_name(moment: datetime, user: User) -> str:
    """ "3 December": the day of `moment` in `user`'s time zone."""
    return dateformat.format(moment.astimezone(user_zone(user)), "j F")


# -- bot accounts --------------------------------------------------------------


class BotAccountRefused(GameError):
    """An account that may not become a bot account (docs/bot-api.md)."""

    status = 409
    default_message = "This account cannot become a bot account."


def bot_account_make(*, user: User) -> User:
    """Make `user` a bot account, for good: from now on it plays through the
    Bot API only, and is marked BOT wherever its name shows.

    As on lichess, only an account that has played no rated game (one that
    started) may: a human's rating is not carried over to a program. Twice
    is once.
    """
    with transaction.atomic():
        player = User.objects.select_for_update().get(pk=user.pk)
        if player.is_bot:
            user.is_bot = True
            return player
        rated = Seat.objects.filter(user=player, game__rated=True).exclude(
            game__status=Game.Status.OPEN
        )
        if rated.exists():
            raise BotAccountRefused(
                "This account has played rated games: only an account with no "
                "rated game can become a bot account. Make a new account for "
                "your bot."
            )
        player.is_bot = True
        player.save(update_fields=["is_bot"])
    user.is_bot = True
    return player
