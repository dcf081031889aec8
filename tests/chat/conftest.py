"""Fixtures for the chat tests: a public game of Ada and Bea, Cy watching."""

import pytest

from django.test import Client

from games.chat import services
from tests.games.factories import make_game


@pytest.fixture
def ada(user_factory):
    return user_factory("ada", display_name="Ada")


@pytest.fixture
def bea(user_factory):
    return user_factory("bea", display_name="Bea")


@pytest.fixture
def cy(user_factory):
    return user_factory("cy", display_name="Cy")


@pytest.fixture
def game(ada, bea):
    """Started, public: Ada and Bea play."""
    return make_game(creator=ada, players=[bea])


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def say(game, user, text, room="players"):
    return services.message_post(game_id=game.pk, user=user, room=room, text=text)
