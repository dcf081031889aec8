"""Django's ASGI handler, with less of its cost in trips between threads.

Django's ASGIHandler starts two threads for every request (asgiref's
ThreadSensitiveContext: the request's own single-thread executor, and a
thread that joins it at the end), and builds its middleware chain
asynchronously, so that every middleware that is not async itself is a trip
between the event loop and that thread: each `MiddlewareMixin` crosses
twice (its request and its response halves), a sync-only one sends the rest
of the chain back to the loop, the view crosses again. This site's
middleware and views are synchronous (`/healthz` is the one async view), so
all of that was pure cost: 2 ms of CPU for a page that reads nothing, where
the WSGI handler spends 0.5.

`SyncChainASGIHandler` builds the chain as WSGI does and calls it, with
the request's start and (for a response that is not streamed) its end, in
one trip to the request's thread (an async view runs there through
`async_to_sync`, as under WSGI), and lends each request a thread kept from
earlier requests (`RequestThreads`). Everything Django does on that thread
stays as it was: the request's signals, its database connection (taken at
its first query, given back to the pool by `request_finished`), one thread
for all of a request's synchronous work.
"""

import contextlib
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext, sync_to_async

import django
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse
from django.urls import set_script_prefix


class RequestThreads:
    """Single-thread executors lent to one request at a time, and kept.

    A request's thread-sensitive work (all of its synchronous work) runs on
    the executor it borrowed, as on the fresh one asgiref would start. An
    executor is lent again only after its request ended; if that request
    was abandoned with its view still running, the next borrower waits for
    the view to finish, as it would for a thread of a WSGI server. At most
    `keep` idle executors are kept; the rest are shut down.
    """

    def __init__(self, keep: int = 32):
        self.keep = keep
        self.idle: list[ThreadPoolExecutor] = []

    def executor(self) -> ThreadPoolExecutor:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    @contextlib.asynccontextmanager
    async def lent(self):
        executor = self.idle.pop() if self.idle else self.executor()
        try:
            async with ThreadSensitiveContext(executor=executor):
                yield executor
        finally:
            if len(self.idle) < self.keep:
                self.idle.append(executor)
            else:
                executor.shutdown(wait=False)


class SyncChainASGIHandler(ASGIHandler):
    """ASGIHandler with the synchronous middleware chain, called in one trip
    to a thread lent by `threads`."""

    def __init__(self, threads: RequestThreads | None = None):
        super().__init__()
        self.threads = threads or RequestThreads()

    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django serves HTTP only, not {scope['type']}.")
        async with self.threads.lent():
            await self.handle(scope, receive, send)

    async def handle(self, scope, receive, send):
        """ASGIHandler.handle in one trip to the request's thread (two for a
        streamed response, closed once it is sent).

        Django's sends the request's start signal, gets the response and
        closes it (its end signal) in three trips, and listens for the
        client's disconnect in a task of its own to cancel the view's coroutine:
        a synchronous view runs to its end regardless, so that task bought
        nothing here.
        """
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        with contextlib.closing(body_file):
            respond = sync_to_async(self.respond, thread_sensitive=True)
            response = await respond(scope, body_file)
            await self.send_response(response, send)
            if response.streaming:
                await sync_to_async(response.close, thread_sensitive=True)()

    def respond(self, scope, body_file):
        """The response, on the request's thread; closed unless streamed.

        A response whose body is in hand is closed (its `request_finished`
        gives the database connection back to the pool) before it is sent.
        """
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
        if not response.streaming:
            response.close()
        return response


def get_asgi_application() -> SyncChainASGIHandler:
    """As django.core.asgi.get_asgi_application, with this handler."""
    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
