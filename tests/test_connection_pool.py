"""A web process holds a fixed, small number of database connections, whatever
the load: a few hundred concurrent requests at a live uvicorn on PostgreSQL get
no 5xx, and PostgreSQL never sees more connections from it than its pool allows.
"""

import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest

from django.conf import settings
from django.db import connection
from django.test import Client

from tests.games.factories import fresh, make_game
from tests.processes import free_port, shared_database_url, site_env, uvicorn

pytestmark = pytest.mark.django_db(transaction=True)

POOL_SIZE = 4
REQUESTS = 300
CONCURRENCY = 60
APP_NAME = "mdeal-pool-test"


class ConnectionCounter(threading.Thread):
    """Samples how many connections the web process holds, until stopped."""

    def __init__(self, database: str):
        super().__init__(daemon=True)
        self.database = database
        self.samples = []
        self.stopped = threading.Event()

    def run(self):
        settings = connection.settings_dict
        with psycopg.connect(
            host=settings["HOST"] or "127.0.0.1",
            port=settings["PORT"] or 5432,
            user=settings["USER"],
            password=settings["PASSWORD"] or None,
            dbname="postgres",
            autocommit=True,
        ) as monitor:
            while not self.stopped.is_set():
                (count,) = monitor.execute(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = %s AND application_name = %s",
                    (self.database, APP_NAME),
                ).fetchone()
                self.samples.append(count)
                self.stopped.wait(0.01)


def fetch(request: urllib.request.Request) -> int:
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def fetch_text(request: urllib.request.Request) -> str:
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read().decode()


@pytest.fixture
def web_server():
    if connection.vendor != "postgresql":
        pytest.skip("the connection pool is PostgreSQL's: set DATABASE_URL to run")
    port = free_port()
    server = uvicorn(
        port,
        site_env(
            DATABASE_URL=shared_database_url(application_name=APP_NAME),
            DATABASE_POOL_SIZE=str(POOL_SIZE),
            DEBUG="0",
            SECRET_KEY=settings.SECRET_KEY,  # the sessions are signed with it
            ALLOWED_HOSTS="127.0.0.1",
            SECURE_SSL_REDIRECT="0",
            LOG_LEVEL="WARNING",
        ),
    )
    server.url = f"http://127.0.0.1:{port}"
    yield server
    server.stop()


def test_hundreds_of_concurrent_requests_stay_within_the_pool(
    web_server, user, other_user
):
    game = fresh(make_game(creator=user, players=[other_user]))
    client = Client()
    client.force_login(user)
    session = client.cookies["sessionid"].value
    assert client.get(game.get_absolute_url()).status_code == 200
    csrf = client.cookies["csrftoken"].value
    cookie = f"sessionid={session}; csrftoken={csrf}"
    base = web_server.url
    paths = [
        game.get_absolute_url(),
        f"/games/{game.pk}/version/?since=0",
        "/games/",
        "/healthz",
    ]

    def request(number: int) -> urllib.request.Request:
        """Pages, polls and the health check; every fifth a refused move."""
        if number % 5 == 4:  # a move at a version long gone: refused, 409
            return urllib.request.Request(
                f"{base}/games/{game.pk}/move/",
                data=b'move={"type":"EndTurn"}&version=999999',
                headers={
                    "Cookie": cookie,
                    "X-CSRFToken": csrf,
                    "Referer": base + "/",
                    "Content-Type": "application/x-www-form-urlencoded",
                },
            )
        return urllib.request.Request(
            base + paths[number % len(paths)], headers={"Cookie": cookie}
        )

    counter = ConnectionCounter(connection.settings_dict["NAME"])
    counter.start()
    try:
        with ThreadPoolExecutor(CONCURRENCY) as pool:
            statuses = list(pool.map(fetch, map(request, range(REQUESTS))))
    finally:
        counter.stopped.set()
        counter.join()

    assert not [s for s in statuses if s >= 500], web_server.output()[-3000:]
    assert statuses[0] == 200 and "Sign in" not in fetch_text(request(0))
    assert set(statuses) <= {200, 204, 409}, [
        (s, statuses.count(s)) for s in set(statuses)
    ]
    moves = statuses[4::5]
    assert moves == [409] * (REQUESTS // 5), moves[:10]
    assert max(counter.samples) >= 1  # the counter saw the web process work
    assert max(counter.samples) <= POOL_SIZE
    assert fresh(game).version == game.version
