"""The Celery app as the web process uses it to queue tasks."""

import threading

from mdeal_site.celery import app


def test_every_thread_shares_one_result_backend():
    # A request under ASGI runs in a thread of its own: a backend per thread
    # was looked up (scanning the installed packages) on every queued task.
    seen = []
    thread = threading.Thread(target=lambda: seen.append(app.backend))
    thread.start()
    thread.join()
    assert seen == [app.backend]
    assert app.backend.as_uri() == "disabled://"  # no results are kept
