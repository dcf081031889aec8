"""The inbox's WebSocket: a signed-in page hears that its user's inbox
changed, and nothing more; nobody else's page hears it."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.notifications import inbox
from games.notifications.models import InboxItem
from games.social import services
from games.social.models import LastSeen
from mdeal_site.asgi import application
from tests.games.test_consumers import ORIGIN, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def socket_for(user=None) -> WebsocketCommunicator:
    headers = [ORIGIN]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
    return WebsocketCommunicator(application, "/ws/inbox/", headers=headers)


async def test_a_page_hears_its_inbox_changed_and_nothing_more(
    ada, bea, cy, channel_layer
):
    mine = await socket_for(ada)
    theirs = await socket_for(cy)
    assert (await mine.connect())[0]
    assert (await theirs.connect())[0]
    assert await sync_to_async(LastSeen.objects.filter(user=ada).exists)()

    await sync_to_async(services.follow)(user=bea, username="ada")

    assert json.loads(await mine.receive_from(timeout=5)) == {"inbox": "changed"}
    assert await theirs.receive_nothing(timeout=0.3)
    await mine.disconnect()
    await theirs.disconnect()


async def test_reading_a_line_tells_the_readers_other_pages(ada, bea, channel_layer):
    await sync_to_async(services.follow)(user=bea, username="ada")
    socket = await socket_for(ada)
    assert (await socket.connect())[0]
    line = await sync_to_async(InboxItem.objects.get)(user=ada)
    await sync_to_async(inbox.items_read_all)(user=ada, now=line.updated_at)
    assert json.loads(await socket.receive_from(timeout=5)) == {"inbox": "changed"}
    await socket.disconnect()


async def test_a_signed_out_page_is_turned_away(channel_layer):
    socket = await socket_for()
    connected, code = await socket.connect()
    assert not connected
    assert code == 4403
