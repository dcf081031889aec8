import json

import pytest

from django.db import OperationalError
from django.urls import reverse

from mdeal_site import health

# Transactional: the health check closes its connection when unusable, which a
# test wrapped in a transaction would look like.
pytestmark = pytest.mark.django_db(transaction=True)

TOKEN = "monitor-7f3a9c"


@pytest.fixture(autouse=True)
def healthz_token(settings):
    settings.HEALTHZ_TOKEN = TOKEN


def get_health(client, **headers):
    response = client.get(reverse("healthz"), headers=headers)
    assert response["Cache-Control"] == "no-store"
    return response.status_code, json.loads(response.content)


def as_operator(client):
    return get_health(client, Authorization=f"Bearer {TOKEN}")


def test_healthz_is_200_when_every_part_answers(client):
    assert get_health(client) == (200, {"status": "ok"})
    assert as_operator(client) == (
        200,
        {
            "status": "ok",
            "checks": {"database": "ok", "broker": "ok", "channel_layer": "ok"},
        },
    )


def test_healthz_is_503_and_names_the_database_for_operators(client, monkeypatch):
    def broken():
        raise OperationalError('connection to "db.internal" port 5432 refused')

    monkeypatch.setattr(health, "check_database", broken)

    assert get_health(client) == (503, {"status": "failed"})
    status, body = as_operator(client)
    assert status == 503
    assert body["checks"] == {
        "database": "failed: OperationalError",
        "broker": "ok",
        "channel_layer": "ok",
    }
    assert "db.internal" not in json.dumps(body)


def test_a_wrong_token_or_a_player_gets_the_bare_status(client, user, monkeypatch):
    async def broken():
        raise ConnectionError("Error 111 connecting to redis.internal:6379")

    monkeypatch.setattr(health, "check_channel_layer", broken)

    assert get_health(client, Authorization="Bearer guess") == (
        503,
        {"status": "failed"},
    )
    client.force_login(user)
    assert get_health(client) == (503, {"status": "failed"})


def test_staff_see_which_part_failed(client, user, monkeypatch):
    async def broken():
        raise ConnectionError("Error 111 connecting to redis.internal:6379")

    monkeypatch.setattr(health, "check_channel_layer", broken)
    user.is_staff = True
    user.save()
    client.force_login(user)

    status, body = get_health(client)
    assert status == 503
    assert body["checks"]["channel_layer"] == "failed: ConnectionError"
    assert "redis.internal" not in json.dumps(body)


def test_without_a_token_set_no_bearer_is_an_operator(client, settings):
    settings.HEALTHZ_TOKEN = ""
    assert get_health(client, Authorization="Bearer ") == (200, {"status": "ok"})


def test_healthz_is_503_when_the_broker_is_unreachable(client, settings, tmp_path):
    if settings.REDIS_URL:
        settings.REDIS_URL = "redis://127.0.0.1:1/0"
    else:
        missing = tmp_path / "gone"
        settings.CELERY_BROKER_TRANSPORT_OPTIONS = {
            "data_folder_in": str(missing),
            "data_folder_out": str(missing),
            "processed_folder": str(missing),
        }

    status, body = as_operator(client)

    assert status == 503
    assert body["checks"]["broker"].startswith("failed: ")
    assert body["checks"]["database"] == "ok"
    assert "127.0.0.1" not in json.dumps(body)


@pytest.mark.asyncio
async def test_the_channel_layer_check_leaves_no_channel_subscribed(settings):
    if not settings.REDIS_URL:
        pytest.skip("the pub/sub layer's subscriptions live in Redis: set REDIS_URL")
    import redis

    for _ in range(3):
        await health.check_channel_layer()
    # Asked while this loop's layer still holds its connection.
    server = redis.Redis.from_url(settings.REDIS_URL)
    try:
        assert server.pubsub_channels("*healthz.*") == []
    finally:
        server.close()
