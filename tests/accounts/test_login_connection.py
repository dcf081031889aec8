"""Hashing a password holds no database connection: the request gives its
pooled connection back while PBKDF2 runs (mdeal_site.db.connection_release),
so logins do not starve the pool the other requests wait on."""

import threading
import time

import pytest

from django.contrib.auth.hashers import (
    MD5PasswordHasher,
    PBKDF2PasswordHasher,
    make_password,
)
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


class SlowHasher(MD5PasswordHasher):
    """Counts the hashes running at once, each taking a moment."""

    running = 0
    most = 0
    lock = threading.Lock()

    def encode(self, password, salt):
        with SlowHasher.lock:
            SlowHasher.running += 1
            SlowHasher.most = max(SlowHasher.most, SlowHasher.running)
        time.sleep(0.05)
        with SlowHasher.lock:
            SlowHasher.running -= 1
        return super().encode(password, salt)


def test_a_crowd_of_logins_hashes_two_at_a_time(settings, user_factory):
    user = user_factory("ada", password="a-good-password")
    settings.PASSWORD_HASHERS = [f"{__name__}.SlowHasher"]
    user.set_password("a-good-password")
    SlowHasher.most = 0
    results = []
    crowd = [
        threading.Thread(
            target=lambda: results.append(user.check_password("a-good-password"))
        )
        for _ in range(8)
    ]
    for thread in crowd:
        thread.start()
    for thread in crowd:
        thread.join()
    assert results == [True] * 8
    assert SlowHasher.most == 2


class QuickPBKDF2(PBKDF2PasswordHasher):
    iterations = 1000


def test_a_check_that_upgrades_the_hash_sets_it_within_its_turn(settings, user_factory):
    # An older hasher's hash is upgraded by check_password, which sets the
    # password again: the same thread must not wait for a second turn.
    user = user_factory("ada", password="a-good-password")
    settings.PASSWORD_HASHERS = [
        f"{__name__}.QuickPBKDF2",
        "django.contrib.auth.hashers.MD5PasswordHasher",
    ]
    user.password = make_password("a-good-password", hasher="md5")
    user.save()
    result = []
    thread = threading.Thread(
        target=lambda: result.append(user.check_password("a-good-password"))
    )
    thread.start()
    thread.join(10)
    assert result == [True]
    assert user.password.startswith("pbkdf2_sha256$1000$")
