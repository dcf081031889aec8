"""`scripts/loadtest`: start the site as production runs it, load it, stop it.

Against PostgreSQL and Redis on 127.0.0.1 (a database of its own, made and
migrated if missing), with DEBUG=0 and collected static files, it starts
uvicorn with `--web` worker processes sharing its listening socket (the kernel
hands each connection to one of them: no balancer to install), a Celery worker
and beat;
makes the load players (and with --long, games past 1,000 events; with
--bots, games of bots only; with --bots or --vs-bots each user plays against
a bot); runs Locust headless for a bounded time with a
bounded number of users; prints the summary and stops everything.
Locust's CSV and HTML report and the summary go to test-artifacts/load/.
"""

import argparse
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from mdeal_site.server import UVICORN_OPTIONS

LOAD_PASSWORD = "load-test-password"  # make_players's
ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "test-artifacts" / "load"  # --out changes it
PYTHON = sys.executable
BIN = Path(PYTHON).parent


def arguments(argv=None):
    parser = argparse.ArgumentParser(prog="scripts/loadtest", description=__doc__)
    parser.add_argument("-u", "--users", type=int, default=40)
    parser.add_argument("-r", "--spawn-rate", type=float, default=5)
    parser.add_argument(
        "-t",
        "--time",
        default="90s",
        help="the measured window (90s, 3m, 1h), after every user has logged in",
    )
    parser.add_argument(
        "--warm-up",
        default="15m",
        help="the longest the logins may take before the window starts anyway",
    )
    parser.add_argument("--web", type=int, default=2, help="web server processes")
    parser.add_argument("--think", type=float, default=1.0, help="seconds, mean")
    parser.add_argument(
        "--long", type=int, default=0, help="games past 1,000 events to play too"
    )
    parser.add_argument(
        "--bots",
        type=int,
        default=0,
        help="N games of bots only, played by Celery beside the users, "
        "each of whom plays against a bot (as --vs-bots)",
    )
    parser.add_argument(
        "--vs-bots",
        action="store_true",
        help="each user plays against a bot: the report times the bot's answer",
    )
    parser.add_argument(
        "--host", help="load a site already running here (start nothing)"
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mdeal_load"
        ),
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/11"),
    )
    parser.add_argument(
        "--reviews",
        action="store_true",
        help="review each finished game by its expert, as the site does (off: "
        "a review is per game, not per move, and on two cores it slows the "
        "moves measured beside it)",
    )
    parser.add_argument("--prefix", default="load")
    parser.add_argument("--password", help="the players' (make_players's default)")
    parser.add_argument(
        "--three-seats", type=float, default=0.4, help="share of 3-seat games"
    )
    parser.add_argument("--out", type=Path, default=OUT, help="reports go here")
    parser.add_argument(
        "--sequential",
        type=int,
        metavar="MOVES",
        help="no Locust: one client plays MOVES moves one request at a time "
        "(and as many in a long game with --long), and the site counts queries",
    )
    return parser.parse_args(argv)


def seconds(text: str) -> int:
    """Locust's run-time format: 90, 90s, 3m, 1h30m."""
    if text.isdigit():
        return int(text)
    parts = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", text)
    if not parts or not text:
        raise SystemExit(f"not a duration: {text!r} (90s, 3m, 1h30m)")
    hours, minutes, secs = (int(p or 0) for p in parts.groups())
    return 3600 * hours + 60 * minutes + secs


def secret_key() -> str:
    """The load site's key, kept in OUT: the players' saved sessions need it."""
    path = OUT / "secret-key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(40))
    return path.read_text().strip()


def site_env(options) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.pop("MDEAL_TESTING", None)
    env.update(
        DEBUG="0",
        SECRET_KEY=env.get("SECRET_KEY") or secret_key(),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        TRUSTED_PROXY_COUNT="1",  # each player's address: locustfile.py
        DATABASE_URL=options.database_url,
        REDIS_URL=options.redis_url,
        EMAIL_URL="console:",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    # Each answer says its queries and its time inside Django (a few µs a
    # request): the report tells the site's own time from the client's.
    env["MDEAL_REQUEST_COST_HEADERS"] = "1"
    if not options.reviews:
        env["MDEAL_REVIEW_AFTER_GAME"] = "0"
    return env


def manage(env, *args: str) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True)


def create_database(url: str) -> None:
    import psycopg
    from psycopg import sql

    base, name = url.split("?")[0].rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        exists = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (name,)
        ).fetchone()
        if not exists:
            connection.execute(
                sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
            )


class Site:
    """The site's processes, each in its own session, their output in OUT."""

    def __init__(self, env):
        self.env = env
        self.processes: list[subprocess.Popen] = []
        self.names: list[str] = []

    def start(self, name: str, args: list[str], **kwargs) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        log = (OUT / f"{name}.log").open("wb")
        self.names.append(name)
        self.processes.append(
            subprocess.Popen(
                args,
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                **kwargs,
            )
        )

    def web(self, count: int) -> int:
        """uvicorn with `count` worker processes on a free port; returns it.

        uvicorn's own workers share the socket it listens on. (Handed a socket
        with --fd, uvicorn takes it for a Unix one and leaves Nagle's algorithm
        on: a response written in two parts waited 40 ms for the client's
        delayed acknowledgement.)
        """
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.start(
            "web",
            [
                str(BIN / "uvicorn"),
                *UVICORN_OPTIONS,
                *("--host", "127.0.0.1", "--port", str(port)),
                *("--workers", str(count), "--backlog", "1024"),
                *("--log-level", "warning"),
                "mdeal_site.asgi:application",
            ],
        )
        return port

    def roots(self) -> dict[str, int]:
        """The processes whose CPU the report counts: name -> pid."""
        return {log: p.pid for log, p in zip(self.names, self.processes, strict=True)}

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def wait_healthy(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"the site at {url} did not become healthy: see {OUT}/*.log")


def locust_run(options, host: str, cpu_roots: dict[str, int]) -> int:
    env = {
        **site_env(options),
        "MDEAL_LOAD_PREFIX": options.prefix,
        "MDEAL_LOAD_PASSWORD": options.password or LOAD_PASSWORD,
        "MDEAL_LOAD_MODE": "bots" if options.bots or options.vs_bots else "humans",
        "MDEAL_LOAD_THINK": str(options.think),
        "MDEAL_LOAD_LONG": str(2 * options.long),
        "MDEAL_LOAD_REPORT": str(OUT / "summary.txt"),
        "MDEAL_LOAD_THREE_SEATS": str(options.three_seats),
        "MDEAL_LOAD_USERS": str(options.users + 2 * options.long),
        "MDEAL_LOAD_MEASURE": str(seconds(options.time)),
        "MDEAL_LOAD_WARM_UP": str(seconds(options.warm_up)),
        "MDEAL_LOAD_SESSIONS": str(OUT / "sessions.json"),
        "PYTHONPATH": str(ROOT),
        "MDEAL_LOAD_CPU": ",".join(f"{n}={pid}" for n, pid in cpu_roots.items()),
    }
    # Locust's own limit, in case the window never ends: warm-up and window.
    limit = seconds(options.warm_up) + seconds(options.time) + 30
    return subprocess.run(
        [
            str(BIN / "locust"),
            "-f",
            str(Path(__file__).with_name("locustfile.py")),
            "--headless",
            "--users",
            str(options.users + 2 * options.long),
            "--spawn-rate",
            str(options.spawn_rate),
            "--run-time",
            f"{limit}s",
            "--stop-timeout",
            "5",
            "--host",
            host,
            "--csv",
            str(OUT / "mdeal"),
            "--html",
            str(OUT / "report.html"),
            "--only-summary",
            "--loglevel",
            "WARNING",
        ],
        cwd=ROOT,
        env=env,
    ).returncode


def sequential(options, host: str, cpu_roots: dict[str, int]) -> int:
    from bench.load import sequential

    return sequential.main(
        host,
        moves=options.sequential,
        long=options.long,
        prefix=options.prefix,
        password=options.password or LOAD_PASSWORD,
        report=OUT / "sequential.txt",
        cpu_roots=cpu_roots,
    )


def main(argv=None) -> int:
    global OUT
    options = arguments(argv)
    OUT = options.out
    OUT.mkdir(parents=True, exist_ok=True)
    env = site_env(options)
    measure = sequential if options.sequential else locust_run
    if options.host:
        return measure(options, options.host, {})
    create_database(options.database_url)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    # Earlier runs' games, their clocks and their emails, out of this window.
    manage(env, "end_load_games", "--prefix", options.prefix, "--force")
    manage(
        env,
        *("make_players", str(max(2, options.users)), "--prefix", options.prefix),
        "--force",
        *(("--password", options.password) if options.password else ()),
    )
    if options.long:
        manage(
            env,
            "make_long_games",
            str(options.long),
            "--prefix",
            options.prefix,
            "--force",
        )
    subprocess.run(
        ["redis-cli", "-u", options.redis_url, "flushdb"],
        check=True,
        capture_output=True,
    )
    site = Site(env)
    try:
        port = site.web(options.web)
        site.start(
            "worker",
            [
                str(BIN / "celery"),
                "--app",
                "mdeal_site",
                "worker",
                "--loglevel",
                "WARNING",
                "--pool",
                "threads",
                "--concurrency",
                "2",
            ],
        )
        site.start(
            "beat",
            [
                str(BIN / "celery"),
                "--app",
                "mdeal_site",
                "beat",
                "--loglevel",
                "WARNING",
                "--schedule",
                str(OUT / "celerybeat-schedule"),
            ],
        )
        host = f"http://127.0.0.1:{port}"
        wait_healthy(host)
        if options.bots:
            manage(
                env,
                "make_bot_games",
                str(options.bots),
                "--prefix",
                options.prefix,
                "--force",
            )
        print(
            f"site up at {host}: uvicorn with {options.web} workers, a worker and beat"
            + ("" if options.reviews else " (finished games not reviewed: --reviews)"),
            flush=True,
        )
        return measure(options, host, site.roots())
    finally:
        site.stop()


if __name__ == "__main__":
    sys.exit(main())
