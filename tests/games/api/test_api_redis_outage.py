"""The Bot API's game stream while Redis is away and after it comes back.

The site runs as in production (uvicorn) on a private Redis (database 11)
started for this test, as tests/games/test_redis_outage.py does. Two programs
play a game through the API over HTTP while one of them streams it; Redis is
killed mid-game and started again. The stream must keep going through the
outage and after, telling each version played (none missed, none told
twice, in order), and a stream reopened from a version seen before the
outage resumes right after it.
"""

import json
import signal
import urllib.request

import pytest

from django.conf import settings

from games.api.models import ApiToken, Scope
from games.engines import deal as engine
from tests.games.factories import awaited_seat, fresh, make_game
from tests.processes import free_port, redis_binary, redis_server, site_env, uvicorn

pytestmark = pytest.mark.django_db(transaction=True)

# Each phase plays this many moves (a move changes the version by one or more).
MOVES = 3
WAIT = 30  # seconds for the stream to tell a version (it polls once a second)


class Api:
    """The live site's Bot API, as a program calls it."""

    def __init__(self, url: str, secrets: dict[int, str]):
        self.url, self.secrets = url, secrets

    def request(self, user_id: int, path: str, body=None):
        request = urllib.request.Request(
            self.url + path,
            data=None if body is None else json.dumps(body).encode(),
            headers={
                "Authorization": f"Bearer {self.secrets[user_id]}",
                "Content-Type": "application/json",
            },
        )
        return urllib.request.urlopen(request, timeout=WAIT)

    def play_one(self, game) -> int:
        """The awaited seat's default move, posted; the version after it."""
        game = fresh(game)
        seat = awaited_seat(game)
        move = engine.to_json(engine.default_move(game.state(), seat.position))
        with self.request(
            seat.user_id,
            f"/api/v1/games/{game.pk}/move",
            {"move": move, "version": game.version},
        ) as answer:
            assert answer.status == 200
            return json.loads(answer.read())["version"]


class Stream:
    """A game stream, read a line at a time (each read waits at most WAIT
    seconds: the socket's timeout)."""

    def __init__(self, api: Api, user_id: int, game_id: int, since=None):
        path = f"/api/v1/games/{game_id}/stream"
        if since is not None:
            path += f"?version={since}"
        self.response = api.request(user_id, path)

    def next(self) -> dict:
        return json.loads(self.response.readline())

    def close(self):
        self.response.close()


@pytest.fixture
def live(tmp_path):
    if redis_binary() is None:
        pytest.skip("needs redis-server on PATH to start a private Redis")
    redis_port = free_port()
    redis = redis_server(redis_port, tmp_path)
    web_port = free_port()
    web = uvicorn(
        web_port,
        site_env(
            REDIS_URL=f"redis://127.0.0.1:{redis_port}/11",
            MDEAL_VAR_DIR=str(tmp_path / "var"),
            SECRET_KEY=settings.SECRET_KEY,
        ),
    )
    site = {"url": f"http://127.0.0.1:{web_port}", "redis": redis}

    def restart():
        site["redis"].stop()
        site["redis"] = redis_server(redis_port, tmp_path)

    site["restart"] = restart
    yield site
    web.stop()
    site["redis"].stop()


def test_the_game_stream_goes_on_through_a_redis_outage(live, user, other_user):
    game = make_game(creator=user, players=[other_user])
    secrets = {
        u.pk: ApiToken.make(user=u, name="bot", scopes=[Scope.READ, Scope.PLAY])[1]
        for u in (user, other_user)
    }
    api = Api(live["url"], secrets)
    stream = Stream(api, user.pk, game.pk)
    told = [stream.next()["version"]]
    assert told == [game.version]

    def play_and_see(moves: int):
        for _ in range(moves):
            version = api.play_one(game)
            while told[-1] < version:
                told.append(stream.next()["version"])
            assert told[-1] == version

    play_and_see(MOVES)
    before_outage = told[-1]

    live["redis"].kill(signal.SIGKILL)  # Redis away mid-stream
    play_and_see(MOVES)
    during = told[-1]
    assert during > before_outage

    # A client that lost its connection in the outage resumes from a version.
    resumed = Stream(api, other_user.pk, game.pk, since=before_outage)
    assert resumed.next()["version"] == during
    resumed.close()

    live["restart"]()
    try:
        play_and_see(MOVES)
    except Exception:
        print("TEST fresh", fresh(game).version, "told", told)
        with api.request(user.pk, f"/api/v1/games/{game.pk}") as again:
            print("TEST get", json.loads(again.read())["version"])
        print(live["web"].output()[-20000:])
        raise
    stream.close()

    # In order, each once, and the last is the game's version now.
    assert told == sorted(set(told))
    assert told[-1] == fresh(game).version
