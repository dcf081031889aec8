"""What the web server costs a request: uvicorn with the site's ASGI handler
(the Procfile's) against gunicorn with Django's WSGI handler, the direction
issue 31 names ("HTTP through a WSGI server, only WebSockets on the ASGI
server").

Each server is started alone, with one worker process, against the load
database (as `scripts/loadtest`: PostgreSQL and Redis on 127.0.0.1, DEBUG=0);
one signed-in client sends the same requests one at a time on a kept-alive
connection, and the server's CPU (its processes', from /proc) is divided by
the requests. The views are the same code under both: what differs is the
server, its handler and the hand-off between them.

    .venv/bin/uv pip install --python .venv/bin/python gunicorn
    .venv/bin/python -m bench.load.servers --requests 1000 --rounds 2

gunicorn is not one of the site's dependencies: without it, only uvicorn is
measured (and the program says so).
"""

import argparse
import importlib.util
import socket
import sys
import time
from types import SimpleNamespace

from bench.load import cpu
from bench.load.run import (
    BIN,
    LOAD_PASSWORD,
    OUT,
    Site,
    create_database,
    manage,
    site_env,
    wait_healthy,
)
from bench.load.sequential import Client, Figures, new_game
from mdeal_site.server import KEEP_ALIVE_SECONDS, UVICORN_OPTIONS

PREFIX = "servers"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def command(server: str, port: int) -> list[str]:
    """The command line of `server` on `port`, one worker process."""
    if server == "uvicorn":
        return [
            str(BIN / "uvicorn"),
            *UVICORN_OPTIONS,
            *("--host", "127.0.0.1", "--port", str(port), "--workers", "1"),
            *("--log-level", "warning", "mdeal_site.asgi:application"),
        ]
    worker, _, threads = server.partition(":")  # "gthread:4"
    return [
        str(BIN / "gunicorn"),
        *("--workers", "1", "--worker-class", worker, "--threads", threads or "1"),
        *("--bind", f"127.0.0.1:{port}", "--keep-alive", str(KEEP_ALIVE_SECONDS)),
        *("--log-level", "warning", "mdeal_site.wsgi:application"),
    ]


def measure(env, server: str, paths: dict[str, bool], requests: int) -> dict:
    """CPU ms a request of `server` for each path (True: asked as htmx)."""
    site = Site(env)
    port = free_port()
    try:
        site.start(server.replace(":", "-"), command(server, port))
        host = f"http://127.0.0.1:{port}"
        wait_healthy(host)
        client = Client(host, "10.9.0.1", Figures())
        client.login(f"{PREFIX}0001", LOAD_PASSWORD)
        processes = cpu.tree(site.processes[0].pid)
        spent = {}
        for path, htmx in paths.items():
            for _ in range(50):  # warm: templates, kept fragments, the pool
                client.request("GET", path, htmx=htmx)
            before = cpu.seconds(processes)
            for _ in range(requests):
                status, _, _ = client.request("GET", path, htmx=htmx)
                if status != 200:
                    raise SystemExit(f"{server} answered {status} for {path}")
            spent[path] = (cpu.seconds(processes) - before) * 1000 / requests
        return spent
    finally:
        site.stop()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--database-url", default="postgres://postgres@127.0.0.1:5432/mdeal_load"
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/11")
    options = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    env = site_env(SimpleNamespace(**vars(options), reviews=False))
    create_database(options.database_url)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "make_players", "2", "--prefix", PREFIX, "--force")

    servers = ["uvicorn"]
    if importlib.util.find_spec("gunicorn") is None:
        print("gunicorn is not installed: uvicorn alone (see this file's doc)")
    else:
        servers += ["sync", "gthread:4"]

    site = Site(env)  # a game to read, made through the Procfile's server
    port = free_port()
    try:
        site.start("uvicorn", command("uvicorn", port))
        host = f"http://127.0.0.1:{port}"
        wait_healthy(host)
        players = [Client(host, f"10.9.0.{n}", Figures()) for n in (1, 2)]
        for n, player in enumerate(players, start=1):
            player.login(f"{PREFIX}{n:04d}", LOAD_PASSWORD)
        game = new_game(*players)
    finally:
        site.stop()

    paths = {"/sw.js": False, f"/games/{game}/": True}
    names = {"/sw.js": "/sw.js (floor)", f"/games/{game}/": "table GET (htmx)"}
    figures: dict[tuple[str, str], list[float]] = {}
    for _ in range(options.rounds):  # alternated: the machine drifts
        for server in servers:
            for path, ms in measure(env, server, paths, options.requests).items():
                figures.setdefault((server, path), []).append(ms)

    print(
        f"server CPU a request (ms), {options.requests} requests a path, "
        f"one at a time, {options.rounds} rounds alternated, "
        f"{time.strftime('%Y-%m-%d %H:%M')}"
    )
    print(f"{'server':26}" + "".join(f"{names[p]:>22}" for p in paths))
    labels = {
        "uvicorn": "uvicorn + ASGI (Procfile)",
        "sync": "gunicorn sync + WSGI",
        "gthread:4": "gunicorn gthread + WSGI",
    }
    for server in servers:
        row = f"{labels[server]:26}"
        for path in paths:
            runs = figures[(server, path)]
            row += f"{' '.join(f'{ms:.2f}' for ms in runs):>22}"
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
