"""The Bot API: tokens (scopes, revoked, hashed at rest, shown once), every
endpoint's refusals, the same hidden-card rules as the table, the rate limit
in headers, and the NDJSON streams (resume from a version; no Redis needed)."""

import hashlib
import json
import random
import re

import pytest

from django.db import connection
from django.test import AsyncClient, Client
from django.urls import reverse

from games.api.models import ApiToken, Scope
from games.engines import deal as engine
from games.engines.deal.bots import sensible_bot
from games.models import Game
from tests.games.factories import awaited_seat, fresh, make_game
from tests.games.test_hidden import forbidden_for

pytestmark = pytest.mark.django_db


def token(user, scopes=(Scope.READ, Scope.PLAY)) -> str:
    _, secret = ApiToken.make(user=user, name="bot", scopes=list(scopes))
    return secret


def api(secret: str | None) -> Client:
    headers = {"Authorization": f"Bearer {secret}"} if secret else {}
    return Client(headers=headers)


def post_move(client, game, move, version=None):
    return client.post(
        reverse("api:move", args=[game.pk]),
        json.dumps(
            {"move": move, "version": game.version if version is None else version}
        ),
        content_type="application/json",
    )


def test_a_token_is_shown_once_and_kept_only_hashed(client_logged_in, user):
    page = client_logged_in.post(
        reverse("api:tokens"), {"name": "my bot", "scopes": ["read", "play"]}
    )
    secret = page.context["secret"]
    assert secret.startswith("mdeal_") and secret in page.content.decode()
    row = ApiToken.objects.get(user=user)
    assert row.key_hash == hashlib.sha256(secret.encode()).hexdigest()
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM api_apitoken")
        assert secret not in json.dumps(cursor.fetchall(), default=str)
    again = client_logged_in.get(reverse("api:tokens")).content.decode()
    assert secret not in again and row.shown in again
    assert api(secret).get(reverse("api:account")).json()["username"] == user.username


def test_no_token_an_unknown_one_and_a_revoked_one_are_refused(client_logged_in, user):
    assert api(None).get(reverse("api:account")).status_code == 401
    assert api("mdeal_nothing").get(reverse("api:account")).status_code == 401
    secret = token(user)
    row = ApiToken.objects.get(user=user)
    client_logged_in.post(reverse("api:revoke", args=[row.pk]))
    refused = api(secret).get(reverse("api:account"))
    assert refused.status_code == 401 and "revoked" in refused.json()["error"]


def test_a_token_without_the_scope_is_refused(user, other_user):
    game = make_game(creator=user, players=[other_user])
    secret = token(user, scopes=[Scope.READ])
    seat = awaited_seat(game)
    owner = api(token(seat.user, scopes=[Scope.READ]))
    move = engine.to_json(sensible_bot(game.state(), seat.position, random.Random(1)))
    refused = post_move(owner, game, move)
    assert refused.status_code == 403 and "play" in refused.json()["error"]
    assert fresh(game).version == game.version
    assert api(secret).get(reverse("api:game", args=[game.pk])).status_code == 200


def test_a_game_read_is_the_seats_view_and_shows_no_hidden_card(user, other_user):
    game = make_game(creator=user, players=[other_user])
    rng = random.Random(3)
    clients = {0: api(token(user)), 1: api(token(other_user))}
    for _ in range(40):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        state = game.state()
        for position, client in clients.items():
            answer = client.get(reverse("api:game", args=[game.pk])).json()
            assert answer["view"] == engine.view(state, position)
            hidden = forbidden_for(state, position)
            assert not hidden & _cards(answer), position
        seat = awaited_seat(game)
        move = sensible_bot(state, seat.position, rng)
        assert (
            post_move(clients[seat.position], game, engine.to_json(move)).status_code
            == 200
        )


def _cards(answer: dict) -> set[int]:
    """Every card id the answer names in a hand or a move."""
    found = set(answer["view"]["you"]["hand"]) if answer["view"].get("you") else set()
    for move in answer["legal_moves"]:
        for key in ("card", "take", "give"):
            if isinstance(move.get(key), int):
                found.add(move[key])
        found |= set(move.get("cards") or ())
    for player in answer["view"]["players"]:
        assert "hand" not in player
    return found


def test_bad_moves_are_refused_with_a_sentence_and_change_nothing(
    user, other_user, user_factory
):
    game = make_game(creator=user, players=[other_user], public=False)
    seat = awaited_seat(game)
    idle = user if seat.user != user else other_user
    mover, waiting = api(token(seat.user)), api(token(idle))
    move = engine.to_json(sensible_bot(game.state(), seat.position, random.Random(1)))
    del move["seat"]  # the seat is always the caller's own
    cases = [
        (waiting, move, None, 400),  # not their turn: the engine's sentence
        (mover, move, game.version - 1, 409),  # a stale version
        (mover, {"type": "BankCard", "card": 10**6}, None, 400),  # not a card held
        (api(token(user_factory("cy"))), move, None, 404),  # not a player
    ]
    for client, sent, version, status in cases:
        answer = post_move(client, game, sent, version)
        assert answer.status_code == status, (sent, answer.content)
        assert answer.json()["error"]
    for body in (b"[" * 100_000, b"not json", b'{"move": 3}', b"{}"):
        answer = mover.post(
            reverse("api:move", args=[game.pk]), body, content_type="application/json"
        )
        assert answer.status_code == 400 and answer.json()["error"]
    assert mover.get(reverse("api:game", args=[10**9])).status_code == 404
    assert fresh(game).version == game.version


def test_the_rate_limit_is_in_the_headers_and_refuses_past_it(user, settings):
    settings.API_RATE_PER_MINUTE = 3
    client = api(token(user))
    answers = [client.get(reverse("api:account")) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[0]["X-RateLimit-Limit"] == "3"
    assert answers[2]["X-RateLimit-Remaining"] == "0"
    assert int(answers[3]["Retry-After"]) >= 1
    assert "wait" in answers[3].json()["error"]


def test_the_schema_describes_every_endpoint(client):
    schema = client.get(reverse("api:openapi")).json()
    assert schema["openapi"].startswith("3.")
    paths = set(schema["paths"])
    assert {"/api/v1/games/{game_id}/move", "/api/v1/games/{game_id}/stream"} <= paths
    # Every endpoint of the API is described.
    from games.api.urls import urlpatterns

    routes = {
        "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(p.pattern))
        for p in urlpatterns
        if str(p.pattern).startswith("api/v1/") and p.name != "openapi"
    }
    assert routes <= paths, routes - paths


async def _lines(response, count: int) -> list[dict]:
    out = []
    buffer = b""
    async for chunk in response.streaming_content:
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            out.append(json.loads(line))
            if len(out) == count:
                return out
    return out


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_game_stream_resumes_after_a_version_and_tells_each_new_one(
    user, other_user, settings
):
    from asgiref.sync import sync_to_async

    settings.API_STREAM_POLL = 0.05
    settings.API_STREAM_SECONDS = 5
    game = await sync_to_async(make_game)(creator=user, players=[other_user])
    secret = await sync_to_async(token)(user)
    client, auth = AsyncClient(), {"Authorization": f"Bearer {secret}"}
    url = reverse("api:game_stream", args=[game.pk])
    first = await _lines(await client.get(url, headers=auth), 1)
    assert first[0]["version"] == game.version and first[0]["seat"] == 0

    async def move_later():
        import asyncio

        await asyncio.sleep(0.3)
        await sync_to_async(_play_one)(game)

    import asyncio

    resumed = await client.get(url + f"?version={game.version}", headers=auth)
    mover = asyncio.ensure_future(move_later())
    lines = await _lines(resumed, 1)
    await mover
    assert lines[0]["version"] > game.version  # nothing told before the move


def _play_one(game):
    game = fresh(game)
    seat = awaited_seat(game)
    move = sensible_bot(game.state(), seat.position, random.Random(2))
    from games import services

    services.move_submit(
        game_id=game.pk, user=seat.user, move=move, version=game.version
    )


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_event_stream_tells_a_move_due(user, other_user, settings):
    from asgiref.sync import sync_to_async

    settings.API_STREAM_POLL = 0.05
    settings.API_STREAM_SECONDS = 2
    game = await sync_to_async(make_game)(creator=user, players=[other_user])
    seat = await sync_to_async(awaited_seat)(game)
    secret = await sync_to_async(token)(await sync_to_async(lambda: seat.user)())
    auth = {"Authorization": f"Bearer {secret}"}
    lines = await _lines(
        await AsyncClient().get(reverse("api:event_stream"), headers=auth), 1
    )
    assert lines == [{"type": "move_due", "game": game.pk, "version": game.version}]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_game_stream_shows_what_a_read_shows_and_no_hidden_card(
    user, other_user, settings
):
    from asgiref.sync import sync_to_async

    settings.API_STREAM_SECONDS = 0  # the first line, then the stream ends
    game = await sync_to_async(make_game)(creator=user, players=[other_user])
    state = await sync_to_async(game.state)()
    for position, player in enumerate((user, other_user)):
        secret = await sync_to_async(token)(player)
        auth = {"Authorization": f"Bearer {secret}"}
        client = AsyncClient()
        streamed = await _lines(
            await client.get(reverse("api:game_stream", args=[game.pk]), headers=auth),
            2,
        )
        read = await client.get(reverse("api:game", args=[game.pk]), headers=auth)
        assert streamed == [read.json()]
        assert not forbidden_for(state, position) & _cards(streamed[0])
