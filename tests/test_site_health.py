import json

import pytest

from django.db import OperationalError
from django.urls import reverse

from mdeal_site import health


def get_health(client):
    response = client.get(reverse("healthz"))
    return response.status_code, json.loads(response.content)


@pytest.mark.django_db
def test_healthz_is_200_when_every_part_answers(client):
    status, body = get_health(client)

    assert status == 200
    assert body == {
        "status": "ok",
        "checks": {"database": "ok", "broker": "ok", "channel_layer": "ok"},
    }


@pytest.mark.django_db
def test_healthz_is_503_and_names_the_database_when_it_fails(client, monkeypatch):
    def broken():
        raise OperationalError("connection refused")

    monkeypatch.setattr(health, "check_database", broken)

    status, body = get_health(client)

    assert status == 503
    assert body["status"] == "failed"
    assert body["checks"]["database"].startswith("failed: OperationalError")
    assert body["checks"]["broker"] == "ok"
    assert body["checks"]["channel_layer"] == "ok"


@pytest.mark.django_db
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

    status, body = get_health(client)

    assert status == 503
    assert body["checks"]["broker"].startswith("failed:")
    assert body["checks"]["database"] == "ok"


@pytest.mark.django_db
def test_healthz_is_503_when_the_channel_layer_fails(client, monkeypatch):
    async def broken():
        raise ConnectionError("layer down")

    monkeypatch.setattr(health, "check_channel_layer", broken)

    status, body = get_health(client)

    assert status == 503
    assert body["checks"]["channel_layer"] == "failed: ConnectionError: layer down"
