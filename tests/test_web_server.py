"""The web server as the Procfile and the load harness start it (uvicorn
with mdeal_site.server.UVICORN_OPTIONS)."""

import asyncio
import time
import urllib.request
from pathlib import Path

import pytest
import websockets

from mdeal_site.server import UVICORN_OPTIONS
from tests.processes import Process, free_port, port_open, python, wait_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def slow_accept_server():
    port = free_port()
    server = Process(
        "web",
        python(
            "-m",
            "uvicorn",
            *UVICORN_OPTIONS,
            *("--host", "127.0.0.1", "--port", str(port)),
            "tests.slow_accept:application",
        ),
        {"PATH": "/usr/bin:/bin"},
    )
    wait_for(lambda: port_open(port) or not server.alive, timeout=30, what="uvicorn")
    assert server.alive, server.output()
    yield f"127.0.0.1:{port}"
    server.stop()


def test_the_procfile_starts_the_web_server_as_the_load_harness_does():
    commands = dict(
        line.split(": ", 1) for line in (ROOT / "Procfile").read_text().splitlines()
    )
    assert commands["web"].startswith("scripts/keep-running uvicorn ")
    assert " ".join(UVICORN_OPTIONS) in commands["web"]


def test_a_handshake_of_eleven_seconds_is_still_accepted(slow_accept_server):
    """daphne reset a handshake after 5 s (its default) when the consumer's
    reads waited on a busy server: docs/load.md, "WebSocket connects reset under
    load". uvicorn's sans-I/O WebSockets wait for the accept (its older
    protocol on the websockets library gives up after 10 s)."""

    async def connect():
        started = time.monotonic()
        url = f"ws://{slow_accept_server}/11"
        async with websockets.connect(url, open_timeout=30) as socket:
            return await socket.recv(), time.monotonic() - started

    message, waited = asyncio.run(connect())

    assert message == "accepted"
    assert waited >= 11


def test_no_server_header_names_the_software(slow_accept_server):
    with urllib.request.urlopen(f"http://{slow_accept_server}/", timeout=10) as r:
        assert r.read() == b"ok"
        assert "Server" not in r.headers


def test_an_idle_connection_is_kept_past_uvicorns_five_seconds(slow_accept_server):
    """A browser that sends on a kept connection as the server closes it gets
    no answer (status 0 in the load harness): the server keeps it 75 s."""
    import http.client

    host, port = slow_accept_server.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", "/")
    assert connection.getresponse().read() == b"ok"
    local = connection.sock.getsockname()
    time.sleep(6)  # past uvicorn's default keep-alive
    connection.request("GET", "/")
    assert connection.getresponse().read() == b"ok"
    assert connection.sock.getsockname() == local  # the same connection
    connection.close()
