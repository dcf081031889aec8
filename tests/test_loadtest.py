"""The load harness runs end to end: a few players log in, sit down at games
against a live site and play moves, and Locust's report says so with no
failure. The logins are the warm-up, outside the measured window. (The
figures themselves are not judged here: see README, "Load".)
"""

import csv

import pytest

from django.db import connection
from django.test import override_settings

from games.loadtest import run
from games.management.commands.make_players import player_names, players_make
from tests.processes import daphne, free_port, shared_database_url, site_env

pytestmark = pytest.mark.django_db(transaction=True)

USERS = 4


@pytest.fixture
def site():
    if connection.vendor != "postgresql":
        pytest.skip("the harness counts bot moves in PostgreSQL: set DATABASE_URL")
    port = free_port()
    server = daphne(port, site_env(LOG_LEVEL="WARNING"))
    yield f"http://127.0.0.1:{port}"
    server.stop()


def test_a_short_run_plays_moves_with_no_failure(site, tmp_path):
    # The site process hashes as production does, not with the tests' MD5.
    with override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    ):
        players_make(names=player_names("smoke", USERS), password="smoke-password")

    code = run.main(
        [
            *("--host", site, "--users", str(USERS), "--spawn-rate", str(USERS)),
            *("--time", "14s", "--think", "0.3", "--three-seats", "0"),
            *("--prefix", "smoke", "--password", "smoke-password"),
            *("--database-url", shared_database_url(), "--out", str(tmp_path)),
        ]
    )

    summary = (tmp_path / "summary.txt").read_text()
    with (tmp_path / "mdeal_stats.csv").open() as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    assert (tmp_path / "report.html").exists()
    assert int(rows["Aggregated"]["Failure Count"]) == 0, summary
    assert int(rows["move POST"]["Request Count"]) >= 1, summary
    assert int(rows["table GET"]["Request Count"]) >= 1, summary
    assert "failures 0, 5xx 0" in summary
    # Everyone logged in before the window, whose figures start after them.
    assert f"{USERS} of {USERS} users in" in summary
    for login in ("login", "login page"):
        assert int(rows.get(login, {}).get("Request Count", 0)) == 0, summary
    assert code == 0, summary
