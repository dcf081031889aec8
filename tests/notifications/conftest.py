"""Fixtures for the notification tests: a stopped clock, the sweep, the outbox.

- ``clock``: time_machine stopped at ``START`` (a Tuesday, 12:00 UTC);
  ``clock.advance(seconds)`` moves it on.
- ``owe(game, user)``: the other seats play their timeout moves until ``user``
  owes a decision.
- ``sweep()``: what beat runs every minute (tasks run eagerly here).
- ``emails_to(user)``: the emails sent to that user so far.
- ``retries_run``: failing tasks retry as a worker's would, at once.
"""

from datetime import UTC, datetime, timedelta

import pytest

from django.core import mail

from games.notifications import tasks
from mdeal_site.celery import app as celery_app
from tests.games.factories import awaited_seats, default_move, move_submit_as

START = datetime(2026, 3, 3, 12, 0, tzinfo=UTC)
SITE = "https://mdeal.example"
GRACE = 120


@pytest.fixture(autouse=True)
def _notify_settings(settings):
    settings.SITE_URL = SITE
    settings.NOTIFY_GRACE_SECONDS = GRACE


@pytest.fixture
def retries_run():
    """Let eager tasks retry as a worker would (propagating stops at the first
    Retry), at once: countdowns are ignored eagerly."""
    # The Django-namespaced key is the one Celery reads here.
    celery_app.conf.CELERY_TASK_EAGER_PROPAGATES = False
    yield
    celery_app.conf.CELERY_TASK_EAGER_PROPAGATES = True


class Clock:
    def __init__(self, traveller):
        self.traveller = traveller

    def advance(self, seconds: float) -> None:
        self.traveller.shift(timedelta(seconds=seconds))

    def past_grace(self) -> None:
        self.advance(GRACE + 1)


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return Clock(time_machine)


def owe(game, user, *, limit: int = 50) -> None:
    for _ in range(limit):
        seats = awaited_seats(game)
        if any(seat.user_id == user.pk for seat in seats):
            return
        seat = seats[0]
        move_submit_as(game, seat, default_move(game, seat))
    raise AssertionError(f"{user} never owed a decision at game {game.pk}")


def sweep():
    return tasks.notifications_sweep()


def emails_to(user) -> list[mail.EmailMultiAlternatives]:
    return [message for message in mail.outbox if message.to == [user.email]]


def html_of(message) -> str:
    return next(a.content for a in message.alternatives if a.mimetype == "text/html")
