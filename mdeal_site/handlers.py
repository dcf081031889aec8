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

`SyncChainASGIHandler` builds the chain as WSGI does and calls it in one
trip to the request's thread (an async view runs there through
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
from django.core.handlers.asgi import ASGIHandler


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

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


def get_asgi_application() -> SyncChainASGIHandler:
    """As django.core.asgi.get_asgi_application, with this handler."""
    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
