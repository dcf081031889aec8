"""The table pushed over the socket (games.pushed, games.consumers): each
socket gets its own user's view, the same as the GET's, never another's; its
forms carry a token its browser's CSRF cookie accepts; one render per user
and version however many sockets; the mover's sockets, a browser without a
CSRF cookie and a waiting room get the version alone."""

import asyncio
import json
import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse

from games import pushed
from games.engines import deal as engine
from games.notifications import presence
from games.notifications.models import Notification, Outcome
from mdeal_site.asgi import application
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.games.test_hidden import (
    assert_history_keeps_secrets,
    exposed_cards,
    forbidden_for,
)
from tests.notifications.conftest import emails_to, sweep

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = (b"origin", b"http://localhost")
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def no_renders_kept():
    pushed.renders.clear()
    yield
    pushed.renders.clear()


def browser(user) -> Client:
    """A signed-in browser that has loaded a page: it holds a CSRF cookie."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("games:lobby"))
    assert "csrftoken" in client.cookies
    return client


async def socket_of(game_id: int, client: Client | None, *, csrf=True):
    headers = [ORIGIN]
    if client is not None:
        cookies = [f"sessionid={client.cookies['sessionid'].value}"]
        if csrf:
            cookies.append(f"csrftoken={client.cookies['csrftoken'].value}")
        headers.append((b"cookie", "; ".join(cookies).encode()))
    socket = WebsocketCommunicator(
        application, f"/ws/games/{game_id}/", headers=headers
    )
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_from()  # the stamp on connecting
    return socket


def play_default_move(game):
    seat = awaited_seat(game)
    move_submit_as(game, seat, engine.default_move(fresh(game).state(), seat.position))
    return seat


def same_but_tokens(page: str) -> str:
    return TOKEN.sub('name="csrfmiddlewaretoken" value="-"', page)


@pytest.fixture
def game(user, other_user, channel_layer):
    return make_game(creator=user, players=[other_user])


@pytest.fixture
def renders(monkeypatch) -> list:
    """One entry for each table games.pushed draws."""
    drawn = []
    real = pushed.render_to_string
    monkeypatch.setattr(
        pushed, "render_to_string", lambda *a, **k: drawn.append(1) or real(*a, **k)
    )
    return drawn


async def test_each_socket_gets_its_own_view_as_the_get_shows_it(
    game, user, other_user, user_factory
):
    watcher = await sync_to_async(user_factory)("cy")
    users = {u.pk: u for u in (user, other_user, watcher)}
    clients = {pk: await sync_to_async(browser)(u) for pk, u in users.items()}
    sockets = {pk: await socket_of(game.pk, c) for pk, c in clients.items()}
    for _ in range(3):  # a few moves: each one's pushes are checked
        mover = await sync_to_async(play_default_move)(game)
        heard = {
            pk: json.loads(await s.receive_from(timeout=5)) for pk, s in sockets.items()
        }
        await sync_to_async(check_pushed)(game, heard, mover, users, clients)
    for socket in sockets.values():
        await socket.disconnect()


def check_pushed(game, heard, mover, users, clients):
    after = fresh(game)
    state = after.state()
    # The mover's own sockets: the version alone (the move's answer is their table).
    assert heard.pop(mover.user_id) == {"version": after.version}
    assert len(heard) == 2  # the other player and the spectator
    for pk, message in heard.items():
        assert set(message) == {"version", "html"}
        assert message["version"] == after.version
        page = message["html"]
        seat = after.seat_for(users[pk])
        viewer = seat.position if seat else None
        leaked = exposed_cards(page) & forbidden_for(state, viewer)
        assert not leaked, (viewer, sorted(leaked))
        assert_history_keeps_secrets(after, page, viewer)
        if viewer is not None:
            assert set(state.players[viewer].hand) <= exposed_cards(page)
        else:
            hands = set().union(*(p.hand for p in state.players))
            assert not exposed_cards(page) & hands
        # The same table the page's GET shows this user.
        response = clients[pk].get(after.get_absolute_url(), **HTMX)
        assert same_but_tokens(page) == same_but_tokens(response.content.decode())


async def test_the_pushed_forms_carry_a_token_the_browser_can_post_with(
    game, user, other_user
):
    clients = {u.pk: await sync_to_async(browser)(u) for u in (user, other_user)}
    sockets = {pk: await socket_of(game.pk, c) for pk, c in clients.items()}
    mover = await sync_to_async(play_default_move)(game)
    waiting = next(pk for pk in clients if pk != mover.user_id)
    message = json.loads(await sockets[waiting].receive_from(timeout=5))
    await sockets[mover.user_id].receive_from(timeout=5)
    after = await sync_to_async(fresh)(game)
    seat = await sync_to_async(awaited_seat)(after)
    assert seat.user_id == waiting, "a two-player deal game: the other seat plays next"
    # The first move form of the pushed table, posted as the page would.
    form = re.search(
        r'<form class="move"[^>]*action="([^"]+)"[^>]*>(.*?)</form>',
        message["html"],
        re.S,
    )
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2)))
    fields = {k: v.replace("&quot;", '"') for k, v in fields.items()}
    assert fields["csrfmiddlewaretoken"] != pushed.CSRF_MARK
    response = await sync_to_async(clients[waiting].post)(form.group(1), fields, **HTMX)
    assert response.status_code == 200
    assert (await sync_to_async(fresh)(game)).version > after.version
    # A token the cookie did not make is refused, the game unchanged.
    before = (await sync_to_async(fresh)(game)).version
    forged = {**fields, "csrfmiddlewaretoken": "x" * 64, "version": str(before)}
    response = await sync_to_async(clients[mover.user_id].post)(
        form.group(1), forged, **HTMX
    )
    assert response.status_code == 403
    assert (await sync_to_async(fresh)(game)).version == before
    for socket in sockets.values():
        await socket.disconnect()


async def test_sockets_of_one_user_share_one_render(game, user, other_user, renders):
    clients = [await sync_to_async(browser)(other_user) for _ in range(3)]
    sockets = [await socket_of(game.pk, c) for c in clients]
    mover = await sync_to_async(play_default_move)(game)
    if mover.user_id == other_user.pk:  # let the creator move: other_user watches
        for s in sockets:
            await s.receive_from(timeout=5)
        await sync_to_async(play_default_move)(game)
    heard = [json.loads(await s.receive_from(timeout=5)) for s in sockets]
    assert all("html" in m for m in heard)
    assert len(renders) == 1
    # Each browser's forms carry its own token; the table is the same.
    tokens = [TOKEN.search(m["html"]).group(1) for m in heard]
    assert len(set(tokens)) == 3
    assert len({same_but_tokens(m["html"]) for m in heard}) == 1
    for socket in sockets:
        await socket.disconnect()


async def test_without_a_csrf_cookie_the_socket_hears_the_version_alone(
    game, user, other_user
):
    clients = {u.pk: await sync_to_async(browser)(u) for u in (user, other_user)}
    sockets = {pk: await socket_of(game.pk, c, csrf=False) for pk, c in clients.items()}
    await sync_to_async(play_default_move)(game)
    version = (await sync_to_async(fresh)(game)).version
    for socket in sockets.values():
        assert json.loads(await socket.receive_from(timeout=5)) == {"version": version}
        await socket.disconnect()


async def test_a_malformed_csrf_cookie_makes_no_token():
    assert pushed.token_for(None) is None
    assert pushed.token_for("short") is None
    assert pushed.token_for("!" * 32) is None
    token = pushed.token_for("a" * 32)
    assert token is not None and len(token) == 64


async def test_a_waiting_room_is_not_pushed(user, other_user, channel_layer):
    waiting = await sync_to_async(make_game)(
        creator=user, players=[], seat_count=3, start=False
    )
    client = await sync_to_async(browser)(user)
    socket = await socket_of(waiting.pk, client)
    joiner = await sync_to_async(browser)(other_user)
    await sync_to_async(joiner.post)(
        reverse("games:join", args=[waiting.invite_token]),
        {"csrfmiddlewaretoken": joiner.cookies["csrftoken"].value},
    )
    message = json.loads(await socket.receive_from(timeout=5))
    assert set(message) == {"version"}
    await socket.disconnect()


async def test_a_player_watching_through_the_socket_gets_no_move_email(
    game, user, other_user, clock, settings, monkeypatch
):
    """The socket's hold covers its player (games.consumers, `hold`), past the
    first HOLD too: the push itself records no presence, and costs none."""
    settings.NOTIFY_GRACE_SECONDS = 120
    monkeypatch.setattr(presence, "RENEW", timedelta(milliseconds=50))
    clients = {u.pk: await sync_to_async(browser)(u) for u in (user, other_user)}
    await sync_to_async(cache.delete_many)(
        [presence_mark(game.pk, pk) for pk in clients]
    )
    sockets = {pk: await socket_of(game.pk, c) for pk, c in clients.items()}
    # The hold the sockets took on connecting has run out; their renewals hold.
    clock.advance(presence.HOLD.total_seconds() + 30)
    for pk in clients:
        await held_past(game.pk, pk, clock.now)

    mover = await sync_to_async(play_default_move)(game)
    waiting = next(pk for pk in clients if pk != mover.user_id)
    message = json.loads(await sockets[waiting].receive_from(timeout=5))
    assert "html" in message
    assert await sync_to_async(cache.get)(presence_mark(game.pk, waiting)) is None

    clock.advance(settings.NOTIFY_GRACE_SECONDS + 1)
    await sync_to_async(sweep)()
    for socket in sockets.values():
        await socket.disconnect()
    assert emails_to(users_by_pk(user, other_user)[waiting]) == []
    record = await Notification.objects.aget(
        user_id=waiting, game=game, kind=Notification.Kind.MOVE
    )
    assert record.outcome == Outcome.SEEN


def presence_mark(game_id: int, user_id: int) -> str:
    """The cache's mark that a page read recorded presence lately
    (presence.table_seen)."""
    return f"presence:{user_id}:{game_id}"


def users_by_pk(*users) -> dict:
    return {u.pk: u for u in users}


async def held_past(game_id: int, user_id: int, moment) -> None:
    """Wait (5 s at most) until the player's presence is held past `moment`."""
    for _ in range(100):
        seen = await sync_to_async(presence.seen_at)(game_id=game_id, user_id=user_id)
        if seen is not None and seen > moment:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"user {user_id}'s socket did not hold its presence")


async def say(socket, text: str) -> None:
    """What a page says over its socket, given time to be heard before the
    next move (the move's message comes by the channel layer, not this queue)."""
    await socket.send_to(text_data=text)
    await asyncio.sleep(0.2)


async def test_a_hidden_page_hears_the_version_alone_until_it_is_shown(
    game, user, other_user, renders
):
    clients = {u.pk: await sync_to_async(browser)(u) for u in (user, other_user)}
    sockets = {pk: await socket_of(game.pk, c) for pk, c in clients.items()}
    for socket in sockets.values():
        await say(socket, json.dumps({"hidden": True}))
    for _ in range(2):
        await sync_to_async(play_default_move)(game)
        version = (await sync_to_async(fresh)(game)).version
        for socket in sockets.values():
            heard = json.loads(await socket.receive_from(timeout=5))
            assert heard == {"version": version}
    assert renders == []  # no table drawn for a page no one looks at
    # Shown again: the other seat's table comes with the version once more.
    for socket in sockets.values():
        await say(socket, json.dumps({"hidden": False}))
    mover = await sync_to_async(play_default_move)(game)
    after = await sync_to_async(fresh)(game)
    for pk, socket in sockets.items():
        heard = json.loads(await socket.receive_from(timeout=5))
        assert heard["version"] == after.version
        assert ("html" in heard) == (pk != mover.user_id)
    for socket in sockets.values():
        await socket.disconnect()


@pytest.mark.parametrize(
    "said",
    [
        "not json",
        json.dumps({"hidden": "yes"}),
        json.dumps([{"hidden": True}]),
        json.dumps({"hidden": True, "pad": "x" * 100}),  # too long to read
        json.dumps({"move": {"type": "EndTurn"}}),
    ],
)
async def test_what_else_a_page_says_changes_nothing(game, user, other_user, said):
    clients = {u.pk: await sync_to_async(browser)(u) for u in (user, other_user)}
    sockets = {pk: await socket_of(game.pk, c) for pk, c in clients.items()}
    before = (await sync_to_async(fresh)(game)).version
    for socket in sockets.values():
        await say(socket, said)
    assert (await sync_to_async(fresh)(game)).version == before
    mover = await sync_to_async(play_default_move)(game)
    for pk, socket in sockets.items():
        heard = json.loads(await socket.receive_from(timeout=5))
        assert ("html" in heard) == (pk != mover.user_id)  # still shown, still open
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_player_whose_page_is_hidden_is_told_of_their_move(
    game, user, other_user, clock, settings
):
    """A background tab does not hold its player at the table: the "your move"
    email goes as if the page were closed. Shown again, the page holds them."""
    settings.NOTIFY_GRACE_SECONDS = 120
    clients = {u.pk: await sync_to_async(browser)(u) for u in (user, other_user)}
    sockets = {pk: await socket_of(game.pk, c) for pk, c in clients.items()}
    for socket in sockets.values():
        await say(socket, json.dumps({"hidden": True}))
    for pk in clients:
        seen = await sync_to_async(presence.seen_at)(game_id=game.pk, user_id=pk)
        assert seen is not None and seen <= clock.now  # the hold given back
    clock.advance(5)  # the player looks elsewhere

    mover = await sync_to_async(play_default_move)(game)
    waiting = next(pk for pk in clients if pk != mover.user_id)
    await sockets[waiting].receive_from(timeout=5)
    clock.advance(settings.NOTIFY_GRACE_SECONDS + 1)
    await sync_to_async(sweep)()
    assert len(emails_to(users_by_pk(user, other_user)[waiting])) == 1

    await say(sockets[waiting], json.dumps({"hidden": False}))
    await held_past(game.pk, waiting, clock.now)
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_spectators_hidden_page_hears_the_version_alone(game, user_factory):
    watcher = await sync_to_async(user_factory)("cy")
    socket = await socket_of(game.pk, await sync_to_async(browser)(watcher))
    await say(socket, json.dumps({"hidden": True}))
    await sync_to_async(play_default_move)(game)
    version = (await sync_to_async(fresh)(game)).version
    assert json.loads(await socket.receive_from(timeout=5)) == {"version": version}
    await say(socket, json.dumps({"hidden": False}))
    await sync_to_async(play_default_move)(game)
    assert "html" in json.loads(await socket.receive_from(timeout=5))
    await socket.disconnect()


def checked_out() -> int:
    """The pooled connections taken and not given back, all threads (this
    thread's own given back first, for a clean count)."""
    connection.close()
    stats = connection.pool.get_stats()
    return stats["pool_size"] - stats["pool_available"]


async def test_the_sockets_threads_give_their_connections_back(game, user, other_user):
    # Channels' test communicator turns database_sync_to_async's closes into
    # no-ops: the sockets' threads each kept a pooled connection for the rest
    # of the run, and a later browser test found the pool empty.
    if connection.vendor != "postgresql":
        pytest.skip("the connection pool is PostgreSQL's: set DATABASE_URL")
    before = await sync_to_async(checked_out)()
    clients = [await sync_to_async(browser)(u) for u in (user, other_user)]
    for _ in range(3):  # connects, pushes, holds let go: every thread used
        sockets = [await socket_of(game.pk, c) for c in clients]
        await sync_to_async(play_default_move)(game)
        for socket in sockets:
            await socket.receive_from(timeout=5)
            await socket.disconnect()
    assert await sync_to_async(checked_out)() == before
