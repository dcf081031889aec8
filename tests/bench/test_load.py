"""The load harness runs end to end: a few players log in, sit down at games
against a live site and play moves, and Locust's report says so with no
failure. The logins are the warm-up, outside the measured window. Against
bots, the report times their answers and counts their moves. (The figures
themselves are not judged here: see docs/load.md.)
"""

import csv
import re
import time

import pytest

from django.db import connection
from django.test import override_settings

from bench.load import run
from bench.load.figures import bot_moves
from bench.management.commands.make_bot_games import bot_game_make
from bench.management.commands.make_players import player_names, players_make
from games import services, tasks
from games.engines import deal as engine
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.processes import (
    Process,
    free_port,
    python,
    shared_database_url,
    site_env,
    uvicorn,
    wait_for,
)

pytestmark = pytest.mark.django_db(transaction=True)

USERS = 4


@pytest.fixture
def postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("the harness counts bot moves in PostgreSQL: set DATABASE_URL")


@pytest.fixture
def site(postgresql, tmp_path):
    port = free_port()
    # As the harness starts it: each answer says its time inside Django.
    server = uvicorn(
        port, site_env(LOG_LEVEL="WARNING", MDEAL_REQUEST_COST_HEADERS="1")
    )
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def site_with_worker(postgresql, tmp_path):
    """uvicorn and a Celery worker sharing a broker (Redis, or a folder)."""
    env = site_env(LOG_LEVEL="WARNING", MDEAL_VAR_DIR=str(tmp_path / "var"))
    worker = Process(
        "worker",
        python(
            *("-m", "celery", "--app", "mdeal_site", "worker"),
            *("--loglevel", "INFO", "--pool", "threads"),
        ),
        env,
    )
    try:
        port = free_port()
        server = uvicorn(port, env)
        try:
            wait_for(
                lambda: " ready." in worker.output() or not worker.alive,
                timeout=60,
                what="the worker",
            )
            yield f"http://127.0.0.1:{port}"
        finally:
            server.stop()
    finally:
        worker.stop()


def players(prefix: str) -> None:
    # The site process hashes as production does, not with the tests' MD5.
    with override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    ):
        players_make(names=player_names(prefix, USERS), password="smoke-password")


def harness(site: str, out, *options: str) -> tuple[int, str, dict]:
    """A run of 14 s measured; its exit code, summary and Locust's rows."""
    code = run.main(
        [
            *("--host", site, "--users", str(USERS), "--spawn-rate", str(USERS)),
            *("--time", "14s", "--think", "0.3", "--three-seats", "0"),
            *("--password", "smoke-password", *options),
            *("--database-url", shared_database_url(), "--out", str(out)),
        ]
    )
    summary = (out / "summary.txt").read_text()
    with (out / "mdeal_stats.csv").open() as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    return code, summary, rows


def test_a_short_run_plays_moves_with_no_failure(site, tmp_path):
    players("smoke")

    code, summary, rows = harness(site, tmp_path, "--prefix", "smoke")

    assert (tmp_path / "report.html").exists()
    assert int(rows["Aggregated"]["Failure Count"]) == 0, summary
    assert int(rows["move POST"]["Request Count"]) >= 1, summary
    # The waiting players' tables come over their sockets (games.pushed),
    # not by a GET each move.
    pushed = re.search(r"tables pushed with the version: (\d+)", summary)
    assert pushed is not None and int(pushed[1]) >= 1, summary
    assert "failures 0, 5xx 0" in summary
    # Everyone logged in before the window, whose figures start after them.
    assert f"{USERS} of {USERS} users in" in summary
    assert summary.startswith(f"mdeal load run: {USERS} users (humans)")
    # The site's own time beside the client's, from the answers' Server-Timing.
    inside = re.search(
        r"move POST inside Django .*: p50 (\d+) ms, p95 (\d+) ms", summary
    )
    assert inside is not None, summary
    assert int(inside[1]) <= int(inside[2])
    for login in ("login", "login page"):
        assert int(rows.get(login, {}).get("Request Count", 0)) == 0, summary
    assert code == 0, summary


def test_a_run_against_bots_times_their_answers(site_with_worker, tmp_path):
    players("versus")

    code, summary, rows = harness(
        site_with_worker, tmp_path, "--prefix", "versus", "--vs-bots"
    )

    assert int(rows["Aggregated"]["Failure Count"]) == 0, summary
    answers = rows["bot answer after the mover's response"]
    assert int(answers["Request Count"]) >= 1, summary
    assert "bot answers after the human's move response: " in summary
    assert "bot moves through Celery against humans: " in summary
    assert "in games of bots only" not in summary  # none was made
    assert code == 0, summary


def test_bot_moves_are_counted_one_a_transaction_by_table(
    user, monkeypatch, postgresql
):
    monkeypatch.setattr(tasks, "bots_play_queue", lambda *args, **kwargs: None)
    monkeypatch.setattr(services.bots, "BOT_MOVES_PER_CALL", 4)
    monkeypatch.setattr(services.bots, "BOT_SLICE_SECONDS", 60)
    played = {True: 0, False: 0}
    play_bot = services.bots.bot_play

    def counting(table, seat):
        played[table.humans_play()] += 1
        play_bot(table, seat)

    monkeypatch.setattr(services.bots, "bot_play", counting)
    since = time.time()
    bots_only = bot_game_make(creator=user, seats=3)
    human = make_game(creator=user, bots=2)
    seat = awaited_seat(human)
    if not seat.bot:
        move_submit_as(human, seat, engine.EndTurn(seat=seat.position))
    for game in (bots_only, bots_only, human):
        game = fresh(game)
        services.bots_play(game_id=game.pk, version=game.version)
    monkeypatch.setenv("DATABASE_URL", shared_database_url())

    counted = bot_moves(since, time.time() + 1)

    assert played[False] == 8 and played[True] >= 1
    assert {humans: count for humans, (count, _rate) in counted.items()} == played
