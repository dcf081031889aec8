"""The table's WebSocket says only that the chat has something new, and only
to the room's readers: a spectator's socket hears nothing of the players'
messages while the game is played."""

import json

import pytest
from asgiref.sync import sync_to_async

from games.models import Game
from tests.chat.conftest import say
from tests.games.factories import make_game
from tests.games.test_consumers import socket_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def game(ada, bea, channel_layer):
    return make_game(creator=ada, players=[bea])


async def connected(game, user):
    socket = await socket_for(game.pk, user)
    assert (await socket.connect())[0]
    await socket.receive_from()  # the version
    return socket


async def test_players_hear_something_new_and_spectators_nothing(game, ada, bea, cy):
    player, spectator = await connected(game, bea), await connected(game, cy)

    await sync_to_async(say)(game, ada, "secret plan: collect rent")

    assert json.loads(await player.receive_from(timeout=5)) == {"chat": "new"}
    assert await spectator.receive_nothing(timeout=0.5)

    await sync_to_async(say)(game, cy, "go Bea", "spectators")
    assert json.loads(await spectator.receive_from(timeout=5)) == {"chat": "new"}
    assert await player.receive_nothing(timeout=0.5)
    for socket in (player, spectator):
        await socket.disconnect()


async def test_once_the_game_is_over_everyone_hears_of_both_rooms(game, ada, cy):
    await sync_to_async(Game.objects.filter(pk=game.pk).update)(
        status=Game.Status.FINISHED
    )
    spectator = await connected(game, cy)
    await sync_to_async(say)(game, ada, "good game")
    assert json.loads(await spectator.receive_from(timeout=5)) == {"chat": "new"}
    await spectator.disconnect()
