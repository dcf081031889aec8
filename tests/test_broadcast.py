"""Telling a group from synchronous code (mdeal_site.broadcast): a request's
thread hands the send to the server's loop and goes on; anywhere else the
send is done when the call returns."""

import asyncio
import logging
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import InMemoryChannelLayer

from mdeal_site import broadcast


class HeldLayer(InMemoryChannelLayer):
    """A layer whose sends wait until the test lets them go."""

    def __init__(self):
        super().__init__()
        self.go = asyncio.Event()

    async def group_send(self, group, message):
        await self.go.wait()
        await super().group_send(group, message)


class BrokenLayer(InMemoryChannelLayer):
    async def group_send(self, group, message):
        raise ConnectionError("the layer's server is down")


async def sends_done() -> bool:
    """Whether the sends handed to this loop are all done (within a second)."""
    for _ in range(100):
        if not broadcast.in_flight:
            return True
        await asyncio.sleep(0.01)
    return False


@pytest.fixture
def layer_is(monkeypatch):
    def use(layer):
        monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
        return layer

    return use


@pytest.mark.asyncio
async def test_a_request_thread_does_not_wait_for_the_loop_to_send(layer_is):
    layer = layer_is(HeldLayer())
    channel = await layer.new_channel()
    await layer.group_add("game-7", channel)
    returned = threading.Event()

    def request():  # as a view's on-commit hook, on a thread the loop lent
        broadcast.group_send("game-7", {"type": "game.changed", "version": 3})
        returned.set()

    # Were the thread to wait for the send, it would wait for ever: the send
    # waits for `go`, which is set only once the thread has returned.
    await asyncio.wait_for(sync_to_async(request)(), timeout=5)
    assert returned.is_set()
    layer.go.set()
    message = await asyncio.wait_for(layer.receive(channel), timeout=5)
    assert message == {"type": "game.changed", "version": 3}
    assert await sends_done()


def test_without_a_serving_loop_the_send_is_done_on_return(layer_is):
    layer = layer_is(InMemoryChannelLayer())
    channel = asyncio.run(layer.new_channel())
    asyncio.run(layer.group_add("inbox-4", channel))

    broadcast.group_send("inbox-4", {"type": "inbox.changed"})

    assert asyncio.run(layer.receive(channel)) == {"type": "inbox.changed"}


@pytest.mark.asyncio
async def test_a_send_that_fails_on_the_loop_is_logged(layer_is, caplog):
    layer_is(BrokenLayer())
    with caplog.at_level(logging.WARNING, logger="mdeal_site.broadcast"):
        await sync_to_async(broadcast.group_send)("game-9", {"type": "game.clocks"})
        assert await sends_done()
    assert "Could not tell group game-9" in caplog.text
    assert "the layer's server is down" in caplog.text


def test_no_layer_no_send(layer_is):
    layer_is(None)
    broadcast.group_send("game-1", {"type": "game.clocks"})  # nothing raised


def test_without_a_serving_loop_a_failed_send_is_logged_not_raised(layer_is, caplog):
    layer_is(BrokenLayer())
    with caplog.at_level(logging.WARNING, logger="mdeal_site.broadcast"):
        broadcast.group_send("inbox-4", {"type": "inbox.changed"})
    assert "Could not tell group inbox-4" in caplog.text
    assert "the layer's server is down" in caplog.text
