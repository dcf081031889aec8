"""bench/load/servers.py measures the web server's CPU a request: it starts a
server as the Procfile does, signs a player in and reads the server's CPU
around the requests. (The figures themselves are in docs/load.md.)"""

import pytest

from django.test import override_settings

from bench.load import servers
from bench.load.run import LOAD_PASSWORD
from bench.management.commands.make_players import players_make
from mdeal_site.server import UVICORN_OPTIONS
from tests.processes import site_env

pytestmark = pytest.mark.django_db(transaction=True)


def test_uvicorn_runs_as_the_procfile_and_gunicorn_with_its_worker_class():
    uvicorn = servers.command("uvicorn", 8001)
    assert uvicorn[1 : 1 + len(UVICORN_OPTIONS)] == list(UVICORN_OPTIONS)
    assert uvicorn[-1] == "mdeal_site.asgi:application"
    gunicorn = servers.command("gthread:4", 8001)
    assert gunicorn[gunicorn.index("--worker-class") + 1] == "gthread"
    assert gunicorn[gunicorn.index("--threads") + 1] == "4"
    assert gunicorn[-1] == "mdeal_site.wsgi:application"


def test_it_reads_the_servers_cpu_over_signed_in_requests():
    # The site process hashes as production does, not with the tests' MD5.
    with override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    ):
        players_make(names=[f"{servers.PREFIX}0001"], password=LOAD_PASSWORD)
    spent = servers.measure(
        site_env(LOG_LEVEL="WARNING"), "uvicorn", {"/sw.js": False}, 300
    )
    # 300 requests of a few ms each: well past /proc's 10 ms tick.
    assert spent["/sw.js"] > 0
