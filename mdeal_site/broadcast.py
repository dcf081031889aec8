"""Telling a channel-layer group, from synchronous code, without waiting on
the event loop.

A move's request runs on a thread of its own (mdeal_site.handlers) and tells
the table's sockets when it commits. `async_to_sync(layer.group_send)` there
hands the send to the server's event loop and parks the request's thread
until the loop has done it: with 80 players the loop is busy with every
socket and request of its process, and the move's answer waited on it (a
third of a move POST's time inside Django, py-spy, docs/load.md). The
message is a nudge whose order the receivers do not depend on (a version
they compare, or "something changed: read it"), and nothing in the request
uses the send's outcome, so on a server's request thread the send is handed
to the loop and the request goes on. Elsewhere (a Celery task, a command, a
test's client) there is no loop to hand it to, and the send happens before
the call returns, as before.

A send that fails is logged, not raised, on either path: the browsers'
pages also poll, so a lost nudge is late news, not lost news, and the
caller's other work (the next user's inbox, the tasks queued on commit)
goes on.
"""

import asyncio
import logging
import os
import threading

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

# The sends handed to a loop and not yet done: a task the loop runs is held
# only weakly by asyncio.
in_flight: set = set()
in_flight_lock = threading.Lock()


def _serving_loop() -> asyncio.AbstractEventLoop | None:
    """The server's event loop this thread was lent by (asgiref's
    SyncToAsync sets it on its threads), if it still runs."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return loop
    return None  # This thread runs a loop of its own: not a lent thread.


def _done(group: str, future) -> None:
    with in_flight_lock:
        in_flight.discard(future)
    if future.cancelled():
        return
    error = future.exception()
    if error is not None:
        logger.warning("Could not tell group %s", group, exc_info=error)


def group_send(group: str, message: dict) -> None:
    """Send `message` to the channel layer's `group`: handed to the serving
    loop from a request's thread, sent before returning anywhere else; a
    failure is logged. No layer configured: nothing to do."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _serving_loop()
    if loop is None:
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception:
            logger.warning("Could not tell group %s", group, exc_info=True)
        return
    future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
    with in_flight_lock:
        in_flight.add(future)
    future.add_done_callback(lambda done: _done(group, done))
