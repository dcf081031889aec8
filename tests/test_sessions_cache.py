"""Sessions are read from Redis; the cache keeps one Redis client per pool."""

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
