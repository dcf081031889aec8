"""Fixtures for the games tests; users come from tests/conftest.py."""

import pytest

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
