"""The site's ASGI handler: a request's synchronous work in one trip to a
thread kept from request to request (mdeal_site.handlers)."""

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.testing import ApplicationCommunicator
from channels.testing import HttpCommunicator

from django.core.signals import request_finished, request_started
from django.db import connections
from django.http import StreamingHttpResponse
from django.urls import path

from mdeal_site.handlers import RequestThreads, SyncChainASGIHandler

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

HOST = [(b"host", b"127.0.0.1")]


async def get(application, path: str) -> dict:
    communicator = HttpCommunicator(application, "GET", path, headers=HOST)
    response = await communicator.get_response(timeout=10)
    await communicator.wait(timeout=10)  # the request's end: its thread is back
    return response


class CountingThreads(RequestThreads):
    """RequestThreads that count the trips made to their threads."""

    def __init__(self, keep: int = 32):
        super().__init__(keep)
        self.trips = 0
        self.made = 0

    def executor(self) -> ThreadPoolExecutor:
        self.made += 1
        executor = super().executor()
        submit = executor.submit

        def counted(*args, **kwargs):
            self.trips += 1
            return submit(*args, **kwargs)

        executor.submit = counted
        return executor


@pytest.fixture
def signalled_threads():
    """The threads request_started and request_finished ran on, in order."""
    seen = []

    def record(**kwargs):
        seen.append(threading.current_thread())

    request_started.connect(record, weak=False)
    request_finished.connect(record, weak=False)
    yield seen
    request_started.disconnect(record)
    request_finished.disconnect(record)


async def test_requests_one_after_another_are_served_on_one_kept_thread(
    signalled_threads,
):
    threads = CountingThreads()
    application = SyncChainASGIHandler(threads)

    responses = [await get(application, "/sw.js") for _ in range(5)]

    assert [r["status"] for r in responses] == [200] * 5
    assert threads.made == 1
    assert len(set(signalled_threads)) == 1
    assert signalled_threads[0].name.startswith("request")


async def test_a_request_reaches_its_thread_in_one_trip(signalled_threads):
    """Its start, the whole middleware chain and view, its end. Django's own
    handler crossed over for each of those three, and for every middleware
    that is not async itself."""
    threads = CountingThreads()
    application = SyncChainASGIHandler(threads)
    await get(application, "/sw.js")
    threads.trips = 0
    signalled_threads.clear()

    response = await get(application, "/accounts/login/")

    assert response["status"] == 200
    assert threads.trips == 1
    assert len(signalled_threads) == 2  # started and finished, on that trip


def streamed(request):
    async def parts():
        yield b"first "
        yield b"second"

    return StreamingHttpResponse(parts())


urlpatterns = [path("streamed/", streamed)]


async def test_a_streamed_response_is_closed_after_it_is_sent(
    settings, signalled_threads
):
    """Its end signal waits for the last part: a second trip."""
    settings.ROOT_URLCONF = __name__
    threads = CountingThreads()
    application = SyncChainASGIHandler(threads)

    communicator = ApplicationCommunicator(
        application,
        {"type": "http", "method": "GET", "path": "/streamed/", "headers": HOST},
    )
    await communicator.send_input({"type": "http.request"})
    start = await communicator.receive_output(timeout=10)
    body = b""
    while (part := await communicator.receive_output(timeout=10)).get("more_body"):
        body += part["body"]
    await communicator.wait(timeout=10)

    assert start["status"] == 200
    assert body == b"first second"
    assert threads.trips == 2
    assert len(signalled_threads) == 2
    assert len(set(signalled_threads)) == 1


async def test_requests_at_once_each_have_a_thread_of_their_own():
    threads = RequestThreads()
    both_in = asyncio.Barrier(2)

    async def borrow():
        async with threads.lent() as executor:
            await both_in.wait()
            return executor

    first, second = await asyncio.gather(borrow(), borrow())
    async with threads.lent() as third:
        pass

    assert first is not second
    assert third in (first, second)


async def test_idle_threads_beyond_the_limit_are_let_go():
    threads = RequestThreads(keep=1)
    both_in = asyncio.Barrier(2)

    async def borrow():
        async with threads.lent():
            await both_in.wait()

    await asyncio.gather(borrow(), borrow())

    assert len(threads.idle) == 1


async def test_the_kept_thread_gives_its_database_connection_back(user):
    threads = RequestThreads()
    application = SyncChainASGIHandler(threads)

    response = await get(application, "/")

    assert response["status"] == 200
    [executor] = threads.idle
    held = executor.submit(lambda: connections["default"].connection).result()
    assert held is None


async def test_the_async_health_view_answers_through_it():
    response = await get(SyncChainASGIHandler(), "/healthz")

    assert response["status"] == 200
    assert json.loads(response["body"]) == {"status": "ok"}


async def test_the_site_serves_http_through_it():
    from mdeal_site import asgi

    http = asgi.application.application_mapping["http"]
    handler = getattr(http, "application", http)  # inside the static files one

    assert isinstance(handler, SyncChainASGIHandler)
    assert (await get(asgi.application, "/sw.js"))["status"] == 200
