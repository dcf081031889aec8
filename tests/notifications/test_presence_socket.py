"""A player whose WebSocket connects to the table is at the table: no email."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from django.test import Client

from games.notifications.models import Notification, Outcome, Presence
from mdeal_site.asgi import application
from tests.games.factories import make_game
from tests.notifications.conftest import emails_to, owe, sweep

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def test_no_email_to_a_player_whose_socket_is_open(
    clock, user, other_user, channel_layer
):
    game = await sync_to_async(make_game)(creator=user, players=[other_user])
    await sync_to_async(owe)(game, user)
    clock.advance(30)
    headers = [
        (b"origin", b"http://localhost"),
        (b"cookie", await sync_to_async(session_cookie)(user)),
    ]
    socket = WebsocketCommunicator(
        application, f"/ws/games/{game.pk}/", headers=headers
    )
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_from()
    assert await Presence.objects.filter(user=user, game=game).aexists()

    clock.past_grace()
    await sync_to_async(sweep)()
    await socket.disconnect()

    assert emails_to(user) == []
    record = await Notification.objects.aget(user=user, game=game, kind="move")
    assert record.outcome == Outcome.SEEN
