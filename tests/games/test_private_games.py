"""A game by invitation only does not exist for outsiders: every door answers
them exactly as it answers for an id no game has, so ids tell nothing."""

import json
import re

import pytest
from asgiref.sync import sync_to_async

from django.urls import reverse

from games.engines import deal as engine
from games.models import Game
from tests.games.factories import awaited_seat, make_game, table_rows
from tests.games.test_consumers import socket_for
from tests.games.test_views import HTMX, client_for

pytestmark = pytest.mark.django_db

NO_SUCH_GAME = "There is no such game."


def doors(game: Game) -> list[tuple[str, str, dict]]:
    """(method, url, data) for every door that takes a game id."""
    move = {"move": json.dumps({"type": "EndTurn"}), "version": game.version}
    return [
        ("get", reverse("games:table", args=[game.pk]), {}),
        ("post", reverse("games:table", args=[game.pk]), {}),
        ("get", reverse("games:history", args=[game.pk]), {}),
        ("get", reverse("games:version", args=[game.pk]), {"since": 1}),
        ("post", reverse("games:move", args=[game.pk]), move),
        ("post", reverse("games:move", args=[game.pk]), {"move": "{"}),
        ("post", reverse("games:join_public", args=[game.pk]), {}),
        ("post", reverse("games:leave", args=[game.pk]), {}),
        ("post", reverse("games:start", args=[game.pk]), {}),
        ("post", reverse("games:add_bots", args=[game.pk]), {}),
        ("post", reverse("games:resign", args=[game.pk]), {}),
    ]


def answer(client, method: str, url: str, data: dict, headers: dict):
    response = getattr(client, method)(url, data, **headers)
    templates = [t.name for t in response.templates]
    # The CSRF token and the script nonce are new on every page.
    body = re.sub(r"[A-Za-z0-9]{32,}", "<token>", response.content.decode())
    body = re.sub(r'nonce="[^"]*"', 'nonce=""', body)
    return response.status_code, templates, body


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
@pytest.mark.parametrize("started", [False, True], ids=["open", "started"])
def test_every_door_answers_an_outsider_as_for_a_missing_game(
    user, other_user, user_factory, started, headers
):
    game = make_game(
        creator=user, players=[other_user], seat_count=3, public=False, start=started
    )
    before = table_rows(game)
    outsider = client_for(user_factory("cy"))
    private = [answer(outsider, *door, headers) for door in doors(game)]
    assert table_rows(game) == before

    Game.objects.filter(pk=game.pk).delete()
    missing = [answer(outsider, *door, headers) for door in doors(game)]

    assert private == missing
    for (status, _, body), (_, url, _) in zip(private, doors(game), strict=True):
        assert status == 404, url
        assert NO_SUCH_GAME in body, url


def test_the_players_of_a_private_game_still_see_it(user, other_user):
    game = make_game(creator=user, players=[other_user], public=False)
    for player in (user, other_user):
        client = client_for(player)
        assert client.get(game.get_absolute_url()).status_code == 200
        assert client.get(reverse("games:history", args=[game.pk])).status_code == 200
        version = client.get(reverse("games:version", args=[game.pk]))
        assert version.json() == {"version": game.version}


def test_an_invitee_hears_why_joining_failed(user, other_user, user_factory):
    game = make_game(creator=user, players=[other_user], public=False)
    url = reverse("games:join", args=[game.invite_token])
    response = client_for(user_factory("cy")).post(url)
    assert response.status_code == 409
    assert "This game has already started." in response.content.decode()


def test_a_seated_player_who_resigned_is_still_forbidden_to_move(
    user, other_user, user_factory
):
    game = make_game(
        creator=user, players=[other_user, user_factory("cy")], public=False
    )
    resigner = next(s for s in game.seats.all() if s != awaited_seat(game))
    client = client_for(resigner.user)
    assert client.post(reverse("games:resign", args=[game.pk])).status_code == 302
    game.refresh_from_db()
    move = engine.EndTurn(seat=resigner.position)
    response = client.post(
        reverse("games:move", args=[game.pk]),
        {"move": json.dumps(engine.to_json(move)), "version": game.version},
    )
    assert response.status_code == 403
    assert "You are not playing in this game." in response.content.decode()


def test_a_spectator_of_a_public_game_is_still_forbidden_to_move(
    two_player_game, user_factory
):
    response = client_for(user_factory("cy")).post(
        reverse("games:move", args=[two_player_game.pk]),
        {"move": json.dumps({"type": "EndTurn"}), "version": two_player_game.version},
    )
    assert response.status_code == 403


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_socket_closes_alike_for_a_private_and_a_missing_game(
    user, other_user, user_factory, channel_layer
):
    game = await sync_to_async(make_game)(
        creator=user, players=[other_user], public=False
    )
    outsider = await sync_to_async(user_factory)("cy")
    closes = []
    for game_id in (game.pk, game.pk + 1000, 10**30):
        socket = await socket_for(game_id, outsider)
        closes.append(await socket.connect())
    assert closes[0][0] is False
    assert closes[0] == closes[1] == closes[2]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_player_saying_anything_on_the_socket_is_ignored(
    user, other_user, channel_layer
):
    game = await sync_to_async(make_game)(creator=user, players=[other_user])
    socket = await socket_for(game.pk, user)
    assert (await socket.connect())[0]
    assert json.loads(await socket.receive_from()) == {"version": game.version}
    for text in ("[" * 5000, "\x00", "x" * 100_000, '{"type": "EndTurn"}'):
        await socket.send_to(text_data=text)
    await socket.send_to(bytes_data=b"\xff\xfe\x00")
    assert await socket.receive_nothing()
    await socket.disconnect()
