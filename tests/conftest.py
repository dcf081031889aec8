"""Fixtures shared by every test tier that touches Django.

- ``user_factory(**fields)``: make a user with a verified primary email
  (allauth ``EmailAddress``); ``password`` defaults to ``DEFAULT_PASSWORD`` and
  ``verified=False`` leaves the address unverified. The plain password is kept
  on ``user.raw_password``.
- ``user``: one such user; ``other_user``: a second one.
- ``client_logged_in``: Django's test client logged in as ``user``.
- ``admin_client``: pytest-django's, past the admin's second factor
  (``tests/second_factor.py`` makes such clients for other staff).
- ``channel_layer``: the configured channel layer, flushed before and after.
- ``group_ear(group)``: a socket's ear on a channel-layer group for the whole
  test (``.heard()``: the next message it hears).
- ``private_redis_url``: a Redis server of the test's own (skipped, saying
  so, without ``redis-server``).
- ``game_factory``, ``two_player_game``, ``clock``, ``presence_kept``: tables
  and time for the site's tests (tests/games, tests/kinds, tests/bench).

Every test gets fast password hashing, eager Celery tasks, the locmem
mailer (pytest-django), sessions read through the cache as with Redis, and an
empty cache (allauth's rate limits live there).
With ``REDIS_URL`` set, each xdist worker uses its own Redis database.
"""

import asyncio
import contextlib
import itertools
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from django.core.cache import cache
from django.db import connections
from django.utils import timezone

from games.notifications import presence
from mdeal_site.celery import app as celery_app
from tests.games.factories import make_game
from tests.second_factor import staff_client

DEFAULT_PASSWORD = "plum-orchard-42"
CACHED_SESSIONS = "django.contrib.sessions.backends.cached_db"
E2E_DIR = Path(__file__).parent / "e2e"
_serial = itertools.count(1)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """On PostgreSQL, tests need no durable commit: the server answers each
    commit without waiting for its write to disk (`synchronous_commit=off`,
    for the tests' connections only). The suite's many commits (transactional
    tests, their flushes) no longer each wait for the disk."""
    database = connections["default"].settings_dict
    if database["ENGINE"] == "django.db.backends.postgresql":
        options = database.setdefault("OPTIONS", {})
        options["options"] = "-c synchronous_commit=off"


@pytest.fixture(scope="session", autouse=True)
def _close_database_pools(request):
    """Close PostgreSQL connection pools before the test database is dropped.

    A pool keeps idle connections open, and PostgreSQL refuses to drop a
    database that has sessions. Nothing to do on SQLite (no pool).
    """
    pooled = [c for c in connections.all() if c.settings_dict["OPTIONS"].get("pool")]
    if not pooled:
        yield
        return
    request.getfixturevalue("django_db_setup")
    yield
    for connection in pooled:
        connection.close_pool()


def pytest_collection_modifyitems(items):
    """Mark browser tests ``e2e`` and run them last (see tests/e2e/conftest.py)."""
    browser_tests = []
    for item in items:
        if E2E_DIR in item.path.parents:
            item.add_marker(pytest.mark.e2e)
            browser_tests.append(item)
    if browser_tests:
        others = [item for item in items if E2E_DIR not in item.path.parents]
        items[:] = others + browser_tests


@pytest.fixture(autouse=True)
def _test_settings(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.CELERY_TASK_ALWAYS_EAGER = True
    # The engine the site runs with Redis, whatever cache this run has: query
    # counts are the same with and without REDIS_URL.
    settings.SESSION_ENGINE = CACHED_SESSIONS
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def user_factory(db, django_user_model):
    def make(
        username: str | None = None,
        *,
        email: str | None = None,
        password: str = DEFAULT_PASSWORD,
        verified: bool = True,
        **fields,
    ):
        n = next(_serial)
        username = username or f"player{n}"
        email = email or f"{username}@example.com"
        user = django_user_model.objects.create_user(
            username=username, email=email, password=password, **fields
        )
        EmailAddress.objects.create(
            user=user, email=email, primary=True, verified=verified
        )
        user.raw_password = password
        return user

    return make


@pytest.fixture
def user(user_factory):
    return user_factory("ada", display_name="Ada")


@pytest.fixture
def other_user(user_factory):
    return user_factory("bea", display_name="Bea")


@pytest.fixture
def client_logged_in(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def admin_client(admin_user):
    """pytest-django's admin client, signed in past the admin's second factor
    (accounts.admin)."""
    return staff_client(admin_user)


@pytest.fixture
def channel_layer():
    layer = get_channel_layer()
    async_to_sync(layer.flush)()
    yield layer
    async_to_sync(layer.flush)()


class GroupEar:
    """A socket's ear on a channel-layer group, on an event loop of its own
    that lives as long as the test. The pub/sub layer subscribes per event
    loop, and `async_to_sync` runs each call on a new one: a channel made in
    one call was gone by the next, with the message sent between them."""

    def __init__(self, layer, group: str):
        self.layer = layer
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.channel = self.run(layer.new_channel())
        self.run(layer.group_add(group, self.channel))

    def run(self, coroutine, timeout: float = 10.0):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def heard(self, within: float = 5.0) -> dict:
        """The next message the group brings (TimeoutError if none comes)."""
        return self.run(asyncio.wait_for(self.layer.receive(self.channel), within))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.run(self.layer.flush())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture
def group_ear(channel_layer):
    ears = []

    def listen(group: str) -> GroupEar:
        ears.append(GroupEar(channel_layer, group))
        return ears[-1]

    yield listen
    for ear in ears:
        ear.close()


@pytest.fixture
def private_redis_url(tmp_path):
    """A Redis server of the test's own (a worker's queues start empty)."""
    from tests import processes

    if processes.redis_binary() is None:
        pytest.skip("needs redis-server on PATH to start a private Redis")
    port = processes.free_port()
    server = processes.redis_server(port, tmp_path)
    yield f"redis://127.0.0.1:{port}/0"
    server.stop()


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
