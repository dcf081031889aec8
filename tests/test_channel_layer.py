"""The channel layer on Redis (mdeal_site.settings.redis_channel_layer):
publish and subscribe, with names that keep one Redis database's site to
itself (pub/sub channels belong to the whole server)."""

import asyncio
from urllib.parse import urlparse, urlunparse

import pytest

from django.conf import settings
from django.utils.module_loading import import_string

from mdeal_site.settings import redis_channel_layer

pytestmark = pytest.mark.asyncio


@pytest.fixture
def on_database():
    if not settings.REDIS_URL:
        pytest.skip("the Redis channel layer needs a Redis server: set REDIS_URL")

    def layer(number: int):
        url = urlunparse(urlparse(settings.REDIS_URL)._replace(path=f"/{number}"))
        config = redis_channel_layer(url)
        return import_string(config["BACKEND"])(**config["CONFIG"])

    return layer


async def heard(layer, channel, within: float = 0.5):
    try:
        return await asyncio.wait_for(layer.receive(channel), within)
    except TimeoutError:
        return None


async def test_a_group_message_reaches_a_socket_in_another_process(on_database):
    web_one, web_two = on_database(13), on_database(13)
    channel = await web_one.new_channel()
    await web_one.group_add("game-7", channel)

    await web_two.group_send("game-7", {"type": "game.changed", "version": 4})

    assert await heard(web_one, channel) == {"type": "game.changed", "version": 4}
    await web_one.flush()


async def test_a_site_on_another_database_of_the_server_hears_nothing(on_database):
    ours, theirs = on_database(13), on_database(14)
    channel = await ours.new_channel()
    await ours.group_add("game-7", channel)

    await theirs.group_send("game-7", {"type": "game.changed", "version": 9})

    assert await heard(ours, channel) is None
    await ours.flush()
