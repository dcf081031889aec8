"""Fixtures for friends, blocks, challenges and the inbox.

- ``ada``, ``bea``, ``cy``: three players (Ada is ``user``, Bea ``other_user``).
- ``challenge_of(challenger, *players, **settings)``: a challenge made through
  the service with the create form's defaults (Monopoly Deal, seats for
  everyone named, 1 hour per decision, expiring in a day).
- ``client_for(user)``: a test client signed in as that user.
"""

import pytest

from django.test import Client

from games.social import services

DEFAULTS = {
    "kind": "deal",
    "seconds_per_decision": 60 * 60,
    "options": None,
    "public": True,
    "rated": True,
    "bot": "sensible",
    "leaver_bot": "sensible",
    "expires_in": services.DEFAULT_EXPIRY,
}


@pytest.fixture
def ada(user):
    return user


@pytest.fixture
def bea(other_user):
    return other_user


@pytest.fixture
def cy(user_factory):
    return user_factory("cy", display_name="Cy")


def make_challenge(challenger, *players, **settings):
    chosen = {**DEFAULTS, "seat_count": 1 + len(players), **settings}
    return services.challenge_create(
        challenger=challenger,
        usernames=[p.username if hasattr(p, "username") else p for p in players],
        **chosen,
    )


@pytest.fixture
def challenge_of(db):
    return make_challenge


@pytest.fixture
def client_for(db):
    def make(user):
        client = Client()
        client.force_login(user)
        return client

    return make
