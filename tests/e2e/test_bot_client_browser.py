"""The example Bot API client (docs/examples/bot_client.py) plays a game
against a human in a real browser: the client follows its game's stream and
plays its turns through the API; Ada plays hers in the browser (ending her
turn), then resigns; the client sees the game end and exits."""

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.api.models import ApiToken, Scope
from games.models import Game, GameEvent
from tests.games.factories import fresh, make_game

pytestmark = pytest.mark.e2e

CLIENT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bot_client.py"


def test_the_example_client_plays_a_game_against_a_human_in_a_browser(
    login, asgi_live_server, user_factory, screenshot
):
    robot = user_factory("robot", display_name="Robot")
    ada = user_factory("ada", display_name="Ada")
    _, secret = ApiToken.make(user=robot, name="bot", scopes=[Scope.READ, Scope.PLAY])
    game = make_game(creator=robot, players=[ada])
    client = subprocess.Popen(
        [
            sys.executable,
            str(CLIENT),
            "--url",
            asgi_live_server.url,
            "--token",
            secret,
            "--game",
            str(game.pk),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        page = login(ada)
        page.goto(f"/games/{game.pk}/")
        robot_seat = game.seats.get(user=robot).position
        deadline = time.monotonic() + 180
        # Until the client has played a turn of its own: Ada ends each of hers,
        # and answers what the client's cards ask of her (a rent, a debt, a
        # discard down to seven) with the page's suggested answer.
        answers = re.compile(r"^(End turn|Accept|Pay |Discard the suggested)")
        while not GameEvent.objects.filter(
            game=game, seat=robot_seat, type="TurnEnded"
        ).exists():
            if time.monotonic() > deadline or client.poll() is not None:
                client.kill()
                raise AssertionError(
                    f"the client played no turn: {client.stdout.read()}"
                )
            answer = page.locator("#prompt").get_by_role("button", name=answers)
            if answer.count():
                answer.first.click()
            time.sleep(0.3)
        screenshot(page, "after-the-clients-turn")
        page.locator("summary", has_text="Resign…").click()
        page.get_by_role("button", name="Yes, resign").click()
        expect(page.locator("#table.is-over")).to_be_visible()
        output, _ = client.communicate(timeout=30)
    finally:
        if client.poll() is None:
            client.kill()
    assert client.returncode == 0, output
    assert f"game {game.pk} is over" in output
    assert fresh(game).status == Game.Status.FINISHED
    played = GameEvent.objects.filter(game=game, seat=robot_seat, cause="player")
    assert played.exists()
