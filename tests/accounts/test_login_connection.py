"""Hashing a password holds no database connection: the request gives its
pooled connection back while PBKDF2 runs (mdeal_site.db.connection_release),
so logins do not starve the pool the other requests wait on."""

import pytest

from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection, transaction
from django.urls import reverse

from mdeal_site.db import connection_release

pytestmark = pytest.mark.django_db(transaction=True)

LOGIN = reverse("account_login")
held_while_hashing: list[bool] = []


class SpyHasher(MD5PasswordHasher):
    """Notes whether the thread held a database connection while hashing."""

    def encode(self, password, salt):
        held_while_hashing.append(connection.connection is not None)
        return super().encode(password, salt)


@pytest.fixture(autouse=True)
def spy(settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.SpyHasher"]
    held_while_hashing.clear()


def test_a_login_hashes_without_holding_a_connection(client, user_factory):
    user = user_factory("ada", password="a-good-password")
    held_while_hashing.clear()

    response = client.post(LOGIN, {"login": "ada", "password": "a-good-password"})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)
    assert held_while_hashing == [False]


def test_a_failed_login_for_no_such_account_hashes_without_one_too(client):
    response = client.post(LOGIN, {"login": "nobody", "password": "whatever-it-is"})

    assert response.status_code == 200
    assert held_while_hashing and not any(held_while_hashing)


def test_inside_a_transaction_the_connection_stays(user_factory):
    user = user_factory("ada", password="a-good-password")
    with transaction.atomic():
        user.refresh_from_db()
        connection_release()
        assert connection.connection is not None
        assert user.check_password("a-good-password")
    assert held_while_hashing[-1] is True
