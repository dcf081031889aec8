"""A worker reads the queue of bot moves a human waits for before the rest.

A real worker on a private Redis, as production runs it (no -Q: the queues the
settings declare), finds a backlog of bulk work and, queued after it, two
urgent tasks: it takes both urgent ones first. (Redis's default order would
turn the queues round after each task: urgent, bulk, urgent.)
"""

import re

import pytest

from django.conf import settings

from games.tasks import MOVES_QUEUE
from mdeal_site.celery import app
from tests import processes

BULK = settings.CELERY_TASK_DEFAULT_QUEUE


@pytest.mark.filterwarnings("ignore::celery.exceptions.AlwaysEagerIgnored")
def test_the_worker_empties_the_moves_queue_first(private_redis_url, tmp_path):
    assert [queue.name for queue in settings.CELERY_TASK_QUEUES] == [MOVES_QUEUE, BULK]
    queued = [("bulk-1", BULK), ("bulk-2", BULK), ("bulk-3", BULK)]
    queued += [("urgent-1", MOVES_QUEUE), ("urgent-2", MOVES_QUEUE)]
    with app.connection_for_write(private_redis_url) as connection:
        for task_id, queue in queued:
            # A task of Celery's own that needs no database: only the order counts.
            app.send_task(
                "celery.accumulate",
                (task_id,),
                task_id=task_id,
                queue=queue,
                connection=connection,
            )
    worker = processes.solo_worker(private_redis_url, tmp_path / "var")
    try:
        processes.wait_for(
            lambda: (
                worker.output().count("succeeded") >= len(queued) or not worker.alive
            ),
            timeout=60,
            what="the five tasks",
        )
        received = re.findall(r"celery\.accumulate\[(\S+)\] received", worker.output())
    finally:
        worker.stop()
    assert received == ["urgent-1", "urgent-2", "bulk-1", "bulk-2", "bulk-3"]
