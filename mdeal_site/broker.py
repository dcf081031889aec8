"""The embedded Celery broker (no REDIS_URL): kombu's filesystem transport,
except that a worker told to stop stops polling at once.

A worker on this transport waits for work in a loop that polls the queue
folder for two seconds at a time, and only looks at the shutdown flag between
two such waits, with one more wait after it: a warm shutdown (Ctrl-C under
``./scripts/run``, which honcho turns into SIGTERM) took four to five seconds
with nothing to do, and honcho kills whatever still runs after five. Here
the wait ends within a tenth of a second of the signal.

And a message appears in the queue folder whole: kombu writes it in place, so
a worker listing the folder between the file's creation and its write read
an empty file, failed on it (its JSON) and lost the message (it is removed
before it is parsed). Here it is written under a name no reader takes and
renamed into place, which is atomic within a folder.
"""

import os
import uuid
from queue import Empty
from time import monotonic, sleep

from celery.worker import state as worker_state
from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


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


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        """Put `payload` on `queue`: written under a name that does not end
        in ``.msg`` (readers take only those), then renamed to kombu's name
        for it, so no reader ever sees it half written."""
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = f"{final}.part"
        try:
            with open(partial, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel

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
