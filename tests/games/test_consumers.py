"""The table's WebSocket: seated players hear the new version, and only that."""

import asyncio
import json
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from django.test import Client

from games import consumers
from games.engines import deal as engine
from mdeal_site.asgi import application
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.processes import free_port

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = (b"origin", b"http://localhost")


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def socket_for(game_id: int, user=None) -> WebsocketCommunicator:
    headers = [ORIGIN]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
    return WebsocketCommunicator(application, f"/ws/games/{game_id}/", headers=headers)


def play_default_move(game):
    seat = awaited_seat(game)
    move_submit_as(game, seat, engine.default_move(fresh(game).state(), seat.position))
    return fresh(game).version


@pytest.fixture
def game(user, other_user, channel_layer):
    return make_game(creator=user, players=[other_user])


async def test_a_player_hears_the_new_version_after_a_move(game, user):
    socket = await socket_for(game.pk, user)
    connected, _ = await socket.connect()
    assert connected
    assert json.loads(await socket.receive_from()) == {"version": game.version}

    version = await sync_to_async(play_default_move)(game)

    message = json.loads(await socket.receive_from(timeout=5))
    assert message == {"version": version}
    await socket.disconnect()


async def test_messages_carry_the_version_and_nothing_else(game, user, other_user):
    sockets = [await socket_for(game.pk, u) for u in (user, other_user)]
    for socket in sockets:
        assert (await socket.connect())[0]
        await socket.receive_from()
    versions = [await sync_to_async(play_default_move)(game) for _ in range(6)]
    for socket in sockets:
        heard = [await socket.receive_from(timeout=5) for _ in versions]
        expected = [{"version": v} for v in versions]
        assert [json.loads(text) for text in heard] == expected
        assert all(set(json.loads(text)) == {"version"} for text in heard)
        assert await socket.receive_nothing()
        await socket.disconnect()


async def test_sockets_work_while_the_thread_sensitive_thread_is_busy(
    game, user, other_user, user_factory, channel_layer
):
    """Neither accepting a socket nor relaying a message waits for the one
    thread a process keeps for thread-sensitive work: under load its queue
    held every socket's calls behind everyone else's, pushes came seconds
    late, and daphne aborted the handshakes (5 s): connections reset."""
    stranger = await sync_to_async(user_factory)("cy")
    sockets = [await socket_for(game.pk, u) for u in (user, other_user, stranger)]
    release = threading.Event()
    busy = asyncio.ensure_future(sync_to_async(release.wait, thread_sensitive=True)())
    try:
        accepted = await asyncio.gather(*(s.connect(timeout=10) for s in sockets))
        heard = [json.loads(await s.receive_from()) for s in sockets]
        await channel_layer.group_send(
            consumers.group_name(game.pk), {"type": "game.changed", "version": 99}
        )
        heard += [json.loads(await s.receive_from(timeout=5)) for s in sockets]
    finally:
        release.set()
        await busy
    assert [connected for connected, _code in accepted] == [True, True, True]
    assert heard == [{"version": game.version}] * 3 + [{"version": 99}] * 3
    for socket in sockets:
        await socket.disconnect()


async def test_an_anonymous_visitor_is_turned_away(game):
    socket = await socket_for(game.pk)
    connected, code = await socket.connect()
    assert not connected
    assert code == 4403


async def test_a_spectator_of_a_public_game_hears_the_versions_only(game, user_factory):
    stranger = await sync_to_async(user_factory)("cy")
    socket = await socket_for(game.pk, stranger)
    connected, _ = await socket.connect()
    assert connected
    assert json.loads(await socket.receive_from()) == {"version": game.version}
    version = await sync_to_async(play_default_move)(game)
    assert json.loads(await socket.receive_from(timeout=5)) == {"version": version}
    await socket.disconnect()


async def test_a_stranger_is_turned_away_from_a_private_game(
    user, other_user, user_factory, channel_layer
):
    private = await sync_to_async(make_game)(
        creator=user, players=[other_user], public=False
    )
    stranger = await sync_to_async(user_factory)("cy")
    socket = await socket_for(private.pk, stranger)
    connected, code = await socket.connect()
    assert not connected
    assert code == 4403


async def test_an_unknown_game_turns_everyone_away(user):
    socket = await socket_for(99999, user)
    connected, code = await socket.connect()
    assert not connected
    assert code == 4403


async def test_with_redis_down_the_socket_is_refused_cleanly(
    game, user, settings, caplog
):
    """The page then keeps polling: tests/games/test_poll_interval.py."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{free_port()}/0"]},
        }
    }
    socket = await socket_for(game.pk, user)
    connected, code = await socket.connect(timeout=5)
    assert not connected
    assert code == consumers.UNAVAILABLE
    assert "channel layer unavailable" in caplog.text


@pytest.mark.parametrize("path", ["/ws/games/99999/", "/ws/inbox/"])
async def test_a_browser_gone_is_not_taken_for_the_channel_layer_failing(path, caplog):
    """The server's OSError from `send` (ASGI's word that the client has
    disconnected) ends the socket quietly: no warning of the channel layer,
    and no second close sent to a socket that is gone."""
    sent = []

    async def to_a_gone_browser(message):
        sent.append(message)
        raise OSError("the client has disconnected")

    waiting = [{"type": "websocket.connect"}]

    async def receive():
        if waiting:
            return waiting.pop()
        await asyncio.Event().wait()

    scope = {
        "type": "websocket",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [ORIGIN],
        "subprotocols": [],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
        "asgi": {"version": "3.0"},
    }
    await asyncio.wait_for(application(scope, receive, to_a_gone_browser), 5)
    assert [message["type"] for message in sent] == ["websocket.close"]
    assert "channel layer unavailable" not in caplog.text


# -- presence held while the socket is open (issue 27, finding 7) -----------------


def _owe_and_send(game, user) -> int:
    """Play the others' default moves until `user` owes a decision, then run
    the "your move" sender at once (a grace time of 0): emails sent."""
    from games.notifications.delivery import moves_send
    from tests.notifications.conftest import owe

    owe(game, user)
    return moves_send(user_id=user.pk)


async def test_an_open_socket_keeps_the_player_present_so_no_your_move_email(
    game, user, other_user, settings
):
    from django.core import mail

    from games.notifications.models import Notification, Outcome

    settings.NOTIFY_GRACE_SECONDS = 0
    settings.CELERY_TASK_ALWAYS_EAGER = False  # the test runs the sender itself
    first = (await sync_to_async(awaited_seat)(game)).user_id
    # The player who does not owe the first decision: theirs comes later.
    for player in [p for p in (user, other_user) if p.pk != first]:
        socket = await socket_for(game.pk, player)
        assert (await socket.connect())[0]
        await socket.receive_from()
        # The decision becomes theirs after the socket opened (and after any
        # throttled page refresh): still no email while it stays open.
        sent = await sync_to_async(_owe_and_send)(game, player)
        assert sent == 0
        assert not [m for m in mail.outbox if m.to == [player.email]]
        outcomes = await sync_to_async(list)(
            Notification.objects.filter(
                user=player, kind="move", channel="email"
            ).values_list("outcome", flat=True)
        )
        assert outcomes and set(outcomes) == {Outcome.SEEN}
        await socket.disconnect()


async def test_the_hold_is_renewed_while_open_and_ends_when_the_socket_closes(
    game, user, monkeypatch
):
    from datetime import timedelta

    from django.utils import timezone

    from games.notifications import presence

    monkeypatch.setattr(presence, "RENEW", timedelta(seconds=0.05))
    seen = sync_to_async(presence.seen_at)
    socket = await socket_for(game.pk, user)
    assert (await socket.connect())[0]
    await socket.receive_from()
    first = await seen(game_id=game.pk, user_id=user.pk)
    assert first > timezone.now() + presence.HOLD - timedelta(seconds=10)
    for _ in range(100):
        await asyncio.sleep(0.05)
        if await seen(game_id=game.pk, user_id=user.pk) > first:
            break
    else:
        raise AssertionError("the hold was never renewed")
    await socket.disconnect()
    assert await seen(game_id=game.pk, user_id=user.pk) <= timezone.now()


async def test_a_player_hears_that_the_clocks_moved(game, user, channel_layer):
    socket = await socket_for(game.pk, user)
    assert (await socket.connect())[0]
    await socket.receive_from()
    await channel_layer.group_send(
        consumers.group_name(game.pk), {"type": "game.clocks"}
    )
    assert json.loads(await socket.receive_from(timeout=5)) == {"clocks": "moved"}
    await socket.disconnect()
