"""The load harness's sequential run reads what each request cost."""

import re

import pytest

from django.conf import settings
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

COST = "mdeal_site.middleware.RequestCostMiddleware"


def test_a_request_says_its_queries_cpu_and_wall_time_when_asked(client_logged_in):
    with override_settings(MIDDLEWARE=[COST, *settings.MIDDLEWARE]):
        response = client_logged_in.get("/games/mine/")

    assert int(response["X-Queries"]) >= 1  # the user at least
    timing = re.fullmatch(
        r"cpu;dur=(\d+\.\d\d), wall;dur=(\d+\.\d\d)", response["Server-Timing"]
    )
    assert timing is not None, response["Server-Timing"]
    cpu, wall = (float(t) for t in timing.groups())
    assert 0 < cpu <= wall + 0.01  # a thread's CPU fits in the time it took


def test_it_is_off_by_default():
    assert COST not in settings.MIDDLEWARE
    assert "X-Queries" not in Client().get("/").headers
