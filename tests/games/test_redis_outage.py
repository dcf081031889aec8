"""Redis goes away mid-game and comes back: nothing is lost and nothing stalls.

The site runs as in production, in processes of its own (uvicorn, a Celery
worker, beat) on a private Redis started for this test. A player plays against
a bot; Redis is killed; the player moves on; Redis is started again. The bot
must move by itself soon after, through the same worker, which must still be
alive, and the game's events must run without a gap or a repeat.
"""

import json
import signal
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from django.conf import settings
from django.core.management import call_command
from django.test import Client

from games.engines import deal as engine
from games.models import Game, GameEvent
from tests.games.factories import awaited_seat, fresh, make_game
from tests.processes import (
    Process,
    free_port,
    python,
    redis_binary,
    redis_server,
    site_env,
    uvicorn,
    wait_for,
)

pytestmark = pytest.mark.django_db(transaction=True)

SWEEP_SECONDS = 3


class Site:
    """The site's three processes on a private Redis."""

    def __init__(self, tmp_path):
        self.redis_port = free_port()
        self.tmp_path = tmp_path
        self.redis = redis_server(self.redis_port, tmp_path)
        self.web_port = free_port()
        env = site_env(
            REDIS_URL=f"redis://127.0.0.1:{self.redis_port}/0",
            MDEAL_SWEEP_SECONDS=str(SWEEP_SECONDS),
            MDEAL_VAR_DIR=str(tmp_path / "var"),
            SECRET_KEY=settings.SECRET_KEY,  # the sessions are signed with it
        )
        celery = ["-m", "celery", "--app", "mdeal_site"]
        log = ["--loglevel", "INFO"]
        self.worker = Process(
            "worker",
            python(*celery, "worker", *log, "--pool", "threads", "--concurrency", "2"),
            env,
        )
        self.beat = Process("beat", python(*celery, "beat", *log), env)
        self.web = uvicorn(self.web_port, env)
        # On a busy machine the worker may take a while to start.
        wait_for(
            lambda: " ready." in self.worker.output() or not self.worker.alive,
            timeout=60,
            what="the worker",
        )
        assert self.worker.alive, self.worker.output()
        self.url = f"http://127.0.0.1:{self.web_port}"

    def restart_redis(self):
        self.redis.stop()
        self.redis = redis_server(self.redis_port, self.tmp_path)

    def logs(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.output()[-4000:]}"
            for p in (self.worker, self.beat, self.web)
        )

    def stop(self):
        for process in (self.web, self.beat, self.worker, self.redis):
            process.stop()


@pytest.fixture
def site(tmp_path):
    if redis_binary() is None:
        pytest.skip("needs redis-server on PATH to start a private Redis")
    site = Site(tmp_path)
    yield site
    site.stop()


class Player:
    """A browser-less player: the table's move form, posted over HTTP."""

    def __init__(self, site, user, game):
        self.site, self.game = site, game
        self.client = Client()
        self.client.force_login(user)
        self.client.get(game.get_absolute_url())  # sets the CSRF cookie
        self.seat = fresh(game).seat_for(user)

    def move(self) -> None:
        """The move a timeout would make, posted as the page's htmx form."""
        game = fresh(self.game)
        move = engine.default_move(game.state(), self.seat.position)
        body = urllib.parse.urlencode(
            {"move": json.dumps(engine.to_json(move)), "version": game.version}
        )
        cookies = self.client.cookies
        request = urllib.request.Request(
            f"{self.site.url}/games/{game.pk}/move/",
            data=body.encode(),
            headers={
                "Cookie": "; ".join(f"{k}={v.value}" for k, v in cookies.items()),
                "X-CSRFToken": cookies["csrftoken"].value,
                "HX-Request": "true",
            },
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 200

    def get(self, path: str) -> int:
        cookie = f"sessionid={self.client.cookies['sessionid'].value}"
        request = urllib.request.Request(
            self.site.url + path, headers={"Cookie": cookie}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def owes(self) -> bool:
        game = fresh(self.game)
        return game.status == Game.Status.ACTIVE and (
            awaited_seat(game).position == self.seat.position
        )


def bot_owes(game) -> bool:
    game = fresh(game)
    return game.status == Game.Status.ACTIVE and bool(awaited_seat(game).bot)


def play_until_the_bot_owes(player) -> None:
    for _ in range(20):
        if not player.owes():
            return
        player.move()
    raise AssertionError("the player's turn did not end")


def test_the_game_goes_on_after_redis_comes_back(site, user):
    # Five minutes a decision: the human's deadlines are ETA tasks that the worker
    # holds unacknowledged when Redis goes (what killed Celery 5.7's worker).
    game = make_game(creator=user, bots=1, seconds_per_decision=300)
    player = Player(site, user, game)
    assert player.owes()

    # Redis up: the worker plays the bot's turn.
    play_until_the_bot_owes(player)
    wait_for(lambda: not bot_owes(game), timeout=60, what="the bot's move")

    # Redis down: the player's moves are saved; the bot's task cannot be queued.
    site.redis.kill(signal.SIGKILL)
    play_until_the_bot_owes(player)
    stalled = fresh(game).version
    assert bot_owes(game)
    assert player.get(game.get_absolute_url()) == 200  # pages still render
    assert player.get("/healthz") == 503
    time.sleep(2)
    assert fresh(game).version == stalled  # nothing can carry the bot's turn

    # Redis back: the sweep finds the bot's due time and the worker plays it.
    site.restart_redis()
    returned = time.monotonic()
    try:
        wait_for(lambda: fresh(game).version > stalled, timeout=60, every=0.5)
    except AssertionError as late:
        raise AssertionError(f"no bot move: {late}\n{site.logs()}") from None
    assert time.monotonic() - returned < 60
    assert site.worker.alive, site.worker.output()[-4000:]
    assert site.beat.alive, site.beat.output()[-4000:]

    game = fresh(game)
    seqs = list(
        GameEvent.objects.filter(game=game)
        .order_by("seq")
        .values_list("seq", flat=True)
    )
    assert seqs == list(range(1, game.version + 1))
    after = GameEvent.objects.filter(game=game, seq__gt=stalled).first()
    assert after.cause in ("bot", "timeout") and after.seat != player.seat.position
    call_command("replay_check", str(game.pk))  # raises if replay != snapshot
