"""Fixtures for the games tests; users come from tests/conftest.py."""

from datetime import timedelta

import pytest

from django.utils import timezone

from games.notifications import presence
from tests.games.factories import make_game


@pytest.fixture
def game_factory(user_factory):
    """make_game(...) with a fresh creator unless one is given."""

    def make(*, creator=None, **kwargs):
        return make_game(creator=creator or user_factory(), **kwargs)

    return make


@pytest.fixture
def two_player_game(user, other_user):
    """Ada (seat 0) and Bea (seat 1), started, one hour per decision."""
    return make_game(creator=user, players=[other_user])


class Clock:
    """A stopped clock for `django.utils.timezone.now`; `advance` moves it."""

    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch):
    """Freeze timezone.now (services, tasks, auto_now fields) and move it by hand."""
    frozen = Clock(timezone.now())
    monkeypatch.setattr(timezone, "now", frozen)
    return frozen


@pytest.fixture
def presence_kept(monkeypatch):
    """A table read marks presence once for the whole test, not every
    presence.REFRESH: a query count taken after a slow setup must not meet
    the write (the mark expires by the clock, in Redis by Redis's own)."""
    monkeypatch.setattr(presence, "REFRESH", timedelta(days=1))
