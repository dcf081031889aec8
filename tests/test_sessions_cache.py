"""Sessions are read from Redis; the cache keeps one Redis client per pool,
and one client per process."""

import logging
import threading

import pytest

from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext

from mdeal_site.cache import ResilientRedisCache
from tests.conftest import CACHED_SESSIONS
from tests.processes import configured

NOWHERE = "redis://127.0.0.1:1/0"  # nothing listens there


def test_sessions_go_through_the_cache_when_redis_is_set():
    assert configured("SESSION_ENGINE", REDIS_URL=NOWHERE) == CACHED_SESSIONS
    without = configured("SESSION_ENGINE", REDIS_URL=None)
    assert without == "django.contrib.sessions.backends.db"


@pytest.mark.django_db
def test_a_signed_in_page_reads_no_session_row(client_logged_in):
    client_logged_in.get("/games/mine/")
    with CaptureQueriesContext(connection) as queries:
        response = client_logged_in.get("/games/mine/")

    assert response.status_code == 200
    assert not [q for q in queries if "django_session" in q["sql"]]
    assert Session.objects.count() == 1  # written through to the database


@pytest.mark.django_db
def test_with_redis_down_sessions_come_from_the_database(client, user, settings):
    settings.CACHES = configured("CACHES", REDIS_URL=NOWHERE)
    client.force_login(user)

    with CaptureQueriesContext(connection) as queries:
        response = client.get("/games/mine/")

    assert response.status_code == 200
    assert response.wsgi_request.user == user
    assert [q for q in queries if "django_session" in q["sql"]]


def test_the_redis_cache_makes_one_client_per_pool_not_one_per_operation():
    cache = ResilientRedisCache(NOWHERE, {})
    client = cache._cache.get_client()

    assert cache._cache.get_client("key") is client
    assert cache._cache.get_client(write=True) is client


def test_cache_objects_of_one_configuration_share_one_client():
    """Django makes a cache object per thread, under ASGI per request: each
    made its own connection pool, and so a new connection to Redis for
    every request."""
    made_in_threads = []
    for _ in range(3):
        thread = threading.Thread(
            target=lambda: made_in_threads.append(ResilientRedisCache(NOWHERE, {}))
        )
        thread.start()
        thread.join()

    clients = {id(cache._cache) for cache in made_in_threads}
    pools = {id(cache._cache._get_connection_pool(False)) for cache in made_in_threads}
    assert len(clients) == len(pools) == 1
    assert ResilientRedisCache(
        NOWHERE, {"OPTIONS": {"socket_timeout": 1}}
    )._cache not in [cache._cache for cache in made_in_threads]


def test_an_outage_one_cache_object_met_spares_the_others(settings, caplog):
    settings.CACHES = configured("CACHES", REDIS_URL=NOWHERE)
    first, second = (
        ResilientRedisCache(NOWHERE, settings.CACHES["default"]) for _ in "ab"
    )

    with caplog.at_level(logging.WARNING, logger="mdeal_site.cache"):
        assert first.get("key", "missed") == "missed"
        assert second.get("key", "missed") == "missed"

    assert len([r for r in caplog.records if r.name == "mdeal_site.cache"]) == 1


def test_changed_cache_settings_start_from_a_new_client(settings):
    before = ResilientRedisCache(NOWHERE, {})._cache
    settings.CACHES = configured("CACHES", REDIS_URL=NOWHERE)

    assert ResilientRedisCache(NOWHERE, {})._cache is not before
