"""Periodic tasks expire after their own period: a sweep that waited in the
queue longer than that is dropped, as the next one is already on its way.

A worker back from an hour down would otherwise run sixty notification
sweeps in a row, each queuing every due email again; a worker running more
than a period behind its queue would be sent the same records by each sweep.
"""

import re
import time

import pytest

from django.conf import settings

from mdeal_site.celery import app
from tests import processes


def test_every_periodic_task_expires_after_its_period():
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        assert entry["options"]["expires"] == entry["schedule"] > 0, name


@pytest.mark.filterwarnings("ignore::celery.exceptions.AlwaysEagerIgnored")
def test_the_worker_drops_a_task_that_waited_past_its_expiry(
    private_redis_url, tmp_path
):
    with app.connection_for_write(private_redis_url) as connection:
        # A task of Celery's own that needs no database, as beat sends a sweep.
        app.send_task(
            "celery.accumulate",
            ("late",),
            task_id="late",
            expires=1,
            connection=connection,
        )
        time.sleep(1.5)  # the worker was down
        app.send_task(
            "celery.accumulate",
            ("fresh",),
            task_id="fresh",
            expires=60,
            connection=connection,
        )
    worker = processes.solo_worker(private_redis_url, tmp_path / "var")
    try:
        processes.wait_for(
            lambda: "succeeded" in worker.output() or not worker.alive,
            timeout=60,
            what="the fresh task",
        )
        output = worker.output()
    finally:
        worker.stop()
    assert re.search(r"celery\.accumulate\[fresh\] succeeded", output)
    assert "Discarding revoked task: celery.accumulate[late]" in output
    assert "celery.accumulate[late] succeeded" not in output
