"""The embedded Celery broker (no REDIS_URL): kombu's filesystem transport,
except that a worker told to stop stops polling at once.

A worker on this transport waits for work in a loop that polls the queue
folder for two seconds at a time, and only looks at the shutdown flag between
two such waits, with one more wait after it: a warm shutdown (Ctrl-C under
``./scripts/run``, which honcho turns into SIGTERM) took four to five seconds
with nothing to do, and honcho kills whatever still runs after five. Here
the wait ends within a tenth of a second of the signal.
"""

from queue import Empty
from time import monotonic, sleep

from celery.worker import state as worker_state
from kombu.transport import filesystem


def worker_stopping() -> bool:
    """Whether this process is a worker in a warm or cold shutdown (the flag
    holds the exit code, 0 included, as ``worker_state.maybe_shutdown`` reads
    it)."""
    return any(
        flag is not None and flag is not False
        for flag in (worker_state.should_stop, worker_state.should_terminate)
    )


def nap(seconds: float) -> None:
    """Sleep this long, or until the worker is told to stop (checked every
    tenth of a second)."""
    until = monotonic() + seconds
    while not worker_stopping() and (left := until - monotonic()) > 0:
        sleep(min(left, 0.1))


class Transport(filesystem.Transport):
    def drain_events(self, connection, timeout=None):
        """Deliver one message, as kombu's virtual transport does (polling the
        folder every ``polling_interval`` seconds until ``timeout``), but give
        up, as on a timeout, as soon as the worker is stopping."""
        started = monotonic()
        interval = self.polling_interval
        if timeout is not None and interval is not None:
            interval = min(interval, timeout)
        while not worker_stopping():
            try:
                self.cycle.get(self._deliver, timeout=timeout)
            except Empty:
                if timeout is not None and monotonic() - started >= timeout:
                    break
                if interval:
                    nap(interval)
            else:
                return
        raise TimeoutError
