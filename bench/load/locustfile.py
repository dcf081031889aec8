"""Players at the table, as browsers: the Locust side of `scripts/loadtest`.

Each user logs in as one load player (`manage.py make_players`), creates or
joins a public game of 2 or 3 human seats (bots mode: one human against a
bot, timing the bot's answer), and plays it to the end the way the page does:
it reads the table's HTML, picks one of the move forms offered (card pickers
included: it ticks cards to pay or discard), waits a think time and posts it
with the CSRF token and the version, as htmx does (the answer is the table
partial). It holds the
game's WebSocket open; on a version it has not shown it GETs the table
partial, and it asks the version endpoint as often as the page says
(data-poll), as the page does.

Logging in is the warm-up, outside the measured window: every user logs in
(or reuses the session it saved in an earlier run, as a browser does) and
waits; when all have, the statistics start from zero and everyone plays for
MDEAL_LOAD_MEASURE seconds. A login hashes the password for a second or more
of CPU: 400 of them would otherwise be most of what a run measures.

Environment (set by scripts/loadtest):
  MDEAL_LOAD_PREFIX, MDEAL_LOAD_PASSWORD   the players' names and password
  MDEAL_LOAD_MODE      humans (default) or bots
  MDEAL_LOAD_THINK     mean think time in seconds (default 1)
  MDEAL_LOAD_LONG      how many users play the long games (make_long_games)
  MDEAL_LOAD_THREE_SEATS  the share of games created with 3 seats (0.4)
  MDEAL_LOAD_REPORT    where the summary goes (test-artifacts/load/summary.txt)
  MDEAL_LOAD_USERS     how many users log in before the window starts
  MDEAL_LOAD_MEASURE   the measured window in seconds (0: until Locust stops)
  MDEAL_LOAD_WARM_UP   seconds the logins may take before the window starts
                       anyway (default 900)
  MDEAL_LOAD_SESSIONS  a JSON file of the players' session cookies, reused
  MDEAL_LOAD_CPU       name=pid,... of the site's processes whose CPU the report counts
  DATABASE_URL         PostgreSQL, to count the bots' moves (optional)
"""

import contextlib
import itertools
import json
import os
import random
import re
import time
from collections import defaultdict
from http.cookiejar import Cookie, DefaultCookiePolicy
from pathlib import Path
from urllib.parse import urlencode, urlparse

import gevent
import websocket
from gevent.event import Event
from gevent.lock import Semaphore
from locust import FastHttpUser, events, task
from locust.exception import StopUser

from bench.load import cpu
from bench.load.figures import (
    another_seats_move,
    bot_lines,
    bot_moves,
    fetch_due,
    latest,
    percentile,
    unseen,
)
from bench.load.table import Table

PREFIX = os.environ.get("MDEAL_LOAD_PREFIX", "load")
PASSWORD = os.environ.get("MDEAL_LOAD_PASSWORD", "load-test-password")
MODE = os.environ.get("MDEAL_LOAD_MODE", "humans")
THINK = float(os.environ.get("MDEAL_LOAD_THINK", "1"))
LONG_USERS = int(os.environ.get("MDEAL_LOAD_LONG", "0"))
REPORT = Path(os.environ.get("MDEAL_LOAD_REPORT", "test-artifacts/load/summary.txt"))
POLL_SECONDS = 30  # the page's poll beside the socket, unless the page says
START_AFTER = 15  # a host waiting this long starts with the seats taken
THREE_SEAT_SHARE = float(os.environ.get("MDEAL_LOAD_THREE_SEATS", "0.4"))
USERS = int(os.environ.get("MDEAL_LOAD_USERS", "1"))
MEASURE = float(os.environ.get("MDEAL_LOAD_MEASURE", "0"))
WARM_UP = float(os.environ.get("MDEAL_LOAD_WARM_UP", "900"))
SESSIONS = os.environ.get("MDEAL_LOAD_SESSIONS", "")
SHORT_GAME, LONG_GAME = 50, 1000  # events, for the flatness figure

GAME_LINK = re.compile(r'href="/games/(\d+)/"')

# Shared by every user of this Locust process (one process, gevent).
numbers = itertools.count(1)
long_numbers = itertools.count(1)
addresses = itertools.count(1)
open_seats: list[int] = []  # one entry per free seat of a game waiting for players
finding = Semaphore()  # one user at a time looks for a seat, so games fill
moved_at: dict[tuple[int, int], float] = {}  # (game, version) -> mover's response
early: dict[tuple[int, int], list[float]] = defaultdict(list)  # message first
by_history: dict[str, list[float]] = defaultdict(list)  # move POST ms by length
# The move POST's time inside Django, as the site says it (Server-Timing).
site_times: list[float] = []
WALL = re.compile(r"wall;dur=([\d.]+)")
# Bots mode: ms from a human's move response to the bot's answer arriving, and
# each user's move still waiting for it: user -> (response time, version).
bot_answers: list[float] = []
bot_waits: dict[int, tuple[float, int]] = {}
finished_games: set[int] = set()
counters: dict[str, int] = defaultdict(int)
run = {"start": time.time(), "stop": None}
# The warm-up: users logged in (fresh or with a saved session) and refused.
warm_up = {"logged in": 0, "saved sessions": 0, "refused": 0}
all_in = Event()  # set when the measured window starts
saved_sessions: dict[str, dict[str, str]] = {}  # username -> cookies
# The site's processes' CPU over the window (MDEAL_LOAD_CPU, set by the harness).
meter = cpu.Meter(cpu.roots_from_environment())


def _cookie(name: str, value: str) -> Cookie:
    """A saved cookie for the site's host (any port), as the site set it."""
    return Cookie(
        version=0,
        name=name,
        value=value,
        port=None,
        port_specified=False,
        domain="127.0.0.1",
        domain_specified=False,
        domain_initial_dot=False,
        path="/",
        path_specified=True,
        secure=True,
        expires=None,
        discard=False,
        comment=None,
        comment_url=None,
        rest={},
    )


def record(name: str, started: float, *, kind: str = "WS", length: int = 0):
    events.request.fire(
        request_type=kind,
        name=name,
        response_time=max(0.0, (time.time() - started) * 1000),
        response_length=length,
        exception=None,
        context={},
    )


def mover_answered(game: int, version: int, at: float) -> None:
    moved_at[game, version] = at
    for arrived in early.pop((game, version), []):
        _push(at, arrived)


def message_arrived(game: int, version: int, arrived: float) -> None:
    """Another seat's socket brought `version`: time it from the move.

    The message is sent when the move commits, before the mover's response is
    rendered, so it often arrives first: that counts as 0 ms after the
    response (and is counted apart), and beside it the time from the mover's
    request is recorded, which includes the move's own work.
    """
    if (game, "request") in moved_at:
        _fire("push after the mover's request", arrived - moved_at[game, "request"])
    if (game, version) in moved_at:
        _push(moved_at[game, version], arrived)
    else:
        early[game, version].append(arrived)


def _push(answered: float, arrived: float) -> None:
    if arrived < answered:
        counters["pushes arriving before the mover's response"] += 1
    _fire("push after the mover's response", arrived - answered)


def _fire(name: str, seconds: float) -> None:
    events.request.fire(
        request_type="WS",
        name=name,
        response_time=max(0.0, seconds * 1000),
        response_length=0,
        exception=None,
        context={},
    )


class Player(FastHttpUser):
    """A load player: one game at a time, from the lobby to the last move."""

    weight = 1
    connection_timeout = 30.0
    network_timeout = 60.0

    def __init__(self, *args, **kwargs):
        # Players come from many addresses, through the proxy the site trusts
        # (run.py sets TRUSTED_PROXY_COUNT=1): allauth's per-address login
        # limit (30 a minute) is for one address, not for a whole city.
        number = next(addresses)
        address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
        self.default_headers = {"X-Forwarded-For": address}
        super().__init__(*args, **kwargs)
        # DEBUG=0 marks the cookies Secure; a browser sends them to
        # http://127.0.0.1 too (a secure context), and so does this jar.
        self.client.cookiejar.set_policy(
            DefaultCookiePolicy(secure_protocols=("https", "wss", "http"))
        )
        self.socket = None
        self.reader = None
        self.changed = Event()
        self.pushed: int | None = None  # the game's last stamp told
        self.pushed_table: Table | None = None  # the last table the socket sent
        self.own_version = None
        self.moving = False  # this player's move POST is on its way

    def on_start(self):
        self.username = self.account()
        try:
            self.sign_in()
        except StopUser:
            warm_up["refused"] += 1
            self.warmed_up()
            raise
        warm_up["logged in"] += 1
        saved_sessions[self.username] = {c.name: c.value for c in self.client.cookiejar}
        self.warmed_up()
        all_in.wait()

    def warmed_up(self):
        if warm_up["logged in"] + warm_up["refused"] >= USERS:
            measure_start(self.environment)

    def sign_in(self):
        """Log in, or reuse this player's session from an earlier run."""
        saved = saved_sessions.get(self.username)
        if saved:
            for name, value in saved.items():
                self.client.cookiejar.set_cookie(_cookie(name, value))
            response = self.client.get(
                "/games/mine/", name="session check", allow_redirects=False
            )
            if response.status_code == 200:
                warm_up["saved sessions"] += 1
                return
            self.client.cookiejar.clear()
        self.login()

    def account(self) -> str:
        return f"{PREFIX}{next(numbers):04d}"

    def on_stop(self):
        self.close_socket()

    # -- HTTP, as the browser sends it -------------------------------------

    def login(self):
        self.client.get("/accounts/login/", name="login page")
        response = self.client.post(
            "/accounts/login/",
            data=urlencode(
                {
                    "login": self.username,
                    "password": PASSWORD,
                    "csrfmiddlewaretoken": self.cookie("csrftoken"),
                }
            ),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
            name="login",
            allow_redirects=False,
        )
        if response.status_code != 302:
            raise StopUser(f"{self.username} could not log in ({response.status_code})")

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.client.cookiejar if c.name == name), "")

    def post(self, path, fields, *, name: str, htmx: bool = True, catch=False):
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": self.cookie("csrftoken"),
        }
        if htmx:
            headers["HX-Request"] = "true"
        return self.client.post(
            path,
            data=urlencode(fields, doseq=True),
            headers=headers,
            name=name,
            allow_redirects=False,
            catch_response=catch,
        )

    def table(self, game: int, *, partial: bool = True) -> Table:
        headers = {"HX-Request": "true"} if partial else {}
        name = "table GET" if partial else "table GET (full page)"
        response = self.client.get(f"/games/{game}/", headers=headers, name=name)
        return Table(response.text or "")

    # -- The socket ---------------------------------------------------------

    def open_socket(self, game: int):
        self.close_socket()
        host = urlparse(self.host)
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.client.cookiejar)
        started = time.time()
        try:
            self.socket = websocket.create_connection(
                f"ws://{host.netloc}/ws/games/{game}/",
                cookie=cookies,
                origin=f"{host.scheme}://{host.netloc}",
                timeout=None,
            )
        except Exception as error:
            events.request.fire(
                request_type="WS",
                name="connect",
                response_time=(time.time() - started) * 1000,
                response_length=0,
                exception=error,
                context={},
            )
            self.socket = None
            return
        record("connect", started)
        self.reader = gevent.spawn(self.read_socket, self.socket, game)

    def read_socket(self, socket, game: int):
        while True:
            try:
                text = socket.recv()
            except Exception:  # closed
                return
            if not text:
                return
            arrived = time.time()
            message = json.loads(text)
            version = int(message["version"])
            if "html" in message:  # the table itself: the page swaps it in
                self.pushed_table = Table(message["html"])
            self.pushed = latest(self.pushed, version)
            if MODE == "humans" and another_seats_move(
                version, self.own_version, moving=self.moving
            ):
                message_arrived(game, version, arrived)
            self.bot_answered(version, arrived, by="push")
            self.changed.set()

    def bot_answered(self, version: int, arrived: float, *, by: str) -> None:
        """A version past this seat's last move: the bot has answered it."""
        waiting = bot_waits.get(id(self))
        if waiting is None or version <= waiting[1]:
            return
        del bot_waits[id(self)]
        bot_answers.append((arrived - waiting[0]) * 1000)
        counters[f"bot answers by {by}"] += 1
        _fire("bot answer after the mover's response", arrived - waiting[0])

    def close_socket(self):
        if self.reader is not None:
            self.reader.kill(block=False)
            self.reader = None
        if self.socket is not None:
            with contextlib.suppress(Exception):
                self.socket.close()
            self.socket = None

    # -- Playing -------------------------------------------------------------

    @task
    def play_a_game(self):
        with finding:
            game = self.find_game()
        if game is None:
            return
        self.play(game)

    def find_game(self) -> int | None:
        if MODE == "humans":
            while open_seats:
                game = open_seats.pop(0)
                response = self.post(
                    f"/games/{game}/join/", {}, name="join", htmx=False, catch=True
                )
                with response:
                    if response.status_code == 302:
                        return game
                    response.success()  # filled meanwhile: try the next
        seats = 3 if MODE == "humans" and random.random() < THREE_SEAT_SHARE else 2
        response = self.post(
            "/games/new/",
            {
                "seat_count": seats,
                "seconds_per_decision": 3600,
                "public": "on",
                "rated": "on",
            },
            name="create",
            htmx=False,
            catch=True,
        )
        with response:
            location = response.headers.get("Location", "")
            found = re.search(r"/games/(\d+)/", location)
            if response.status_code != 302 or not found:
                response.failure(f"create answered {response.status_code}")
                return None
        game = int(found.group(1))
        if MODE == "bots":
            self.post(f"/games/{game}/bots/", {"bot": "sensible"}, name="add bots")
        else:
            open_seats.extend([game] * (seats - 1))
        return game

    def play(self, game: int):
        self.own_version = None
        self.pushed = None  # a new game: its socket tells its stamps
        self.pushed_table = None
        self.open_socket(game)
        table = self.table(game, partial=False)
        poll = table.poll or POLL_SECONDS
        fetched_for = None  # the stamp told that the last fetch was for
        waiting_since = time.time()
        last_poll = time.time()
        while not table.over:
            if (
                table.waiting
                and table.can_start
                and table.seats_taken < 2
                and time.time() - waiting_since > 2 * START_AFTER
            ):  # nobody came: cancel the table and look again
                while game in open_seats:
                    open_seats.remove(game)
                self.post(f"/games/{game}/leave/", {}, name="leave", htmx=False)
                self.close_socket()
                return
            if table.mine:
                gevent.sleep(random.uniform(0.5 * THINK, 1.5 * THINK))
                table = self.move(game, table)
                continue
            if (
                table.waiting
                and table.can_start
                and table.seats_taken >= 2
                and time.time() - waiting_since > START_AFTER
            ):
                while game in open_seats:
                    open_seats.remove(game)
                self.start_game(game)
            self.changed.clear()
            fresh, self.pushed_table = self.pushed_table, None
            if fresh is not None and unseen(fresh.version, table.version):
                counters["tables pushed with the version"] += 1
                table = fresh
                continue
            if fetch_due(self.pushed, table.version, fetched_for):
                fetched_for = self.pushed
                table = self.table(game)
                continue
            self.changed.wait(max(0.1, poll - (time.time() - last_poll)))
            if (
                not fetch_due(self.pushed, table.version, fetched_for)
                and time.time() - last_poll >= poll
            ):
                last_poll = time.time()
                response = self.client.get(
                    f"/games/{game}/version/?since={table.version}",
                    name="version poll",
                )
                if response.status_code == 200:
                    version = int(response.json()["version"])
                    self.bot_answered(version, time.time(), by="poll")
                    self.pushed = latest(self.pushed, version)
                # The floor: a view that reads no database, in the same run.
                self.client.get("/sw.js", name="trivial view (/sw.js)")
        if game not in finished_games:
            finished_games.add(game)
            counters["games finished"] += 1
        self.close_socket()

    def start_game(self, game: int) -> None:
        with self.post(f"/games/{game}/start/", {}, name="start", catch=True) as answer:
            if answer.status_code == 409:
                # The last seat was taken as the host asked: the game started
                # by itself, as a player would see it. Not a failure.
                counters["starts refused: the game had started (409)"] += 1
                answer.success()

    def move(self, game: int, table: Table) -> Table:
        kind, action, fields = table.choose()
        name = "move POST"
        started = time.time()
        moved_at[game, "request"] = started
        self.moving = True
        try:
            response = self.post(action, fields, name=name, catch=True)
        finally:
            self.moving = False
        answered = time.time()
        with response:
            if response.status_code == 409:
                # Another seat moved first (two payers at once): the answer is
                # the fresh table, as the page shows it. Not a failure.
                counters["moves refused as stale (409)"] += 1
                response.success()
            elif response.status_code != 200:
                counters[f"moves answered {response.status_code}"] += 1
                response.failure(f"{kind}: {response.status_code}")
                return self.table(game)
        fresh = Table(response.text or "")
        if response.status_code == 200:
            counters["moves played"] += 1
            inside = WALL.search(response.headers.get("Server-Timing") or "")
            if inside:
                site_times.append(float(inside[1]))
            self.own_version = fresh.version
            mover_answered(game, fresh.version, answered)
            length = (
                "under 50 events"
                if table.version < SHORT_GAME
                else "over 1000 events"
                if table.version > LONG_GAME
                else None
            )
            if length:
                by_history[length].append((answered - started) * 1000)
            if MODE == "bots" and not fresh.mine and not fresh.over:
                bot_waits[id(self)] = (answered, fresh.version)
                # The bot may have answered before this response was read.
                if self.pushed is not None:
                    self.bot_answered(self.pushed, answered, by="push")
        return fresh


class LongGamePlayer(Player):
    """Plays on in a game made by make_long_games (past 1,000 events)."""

    fixed_count = LONG_USERS
    weight = 0

    def account(self) -> str:
        number = next(long_numbers)
        return f"{PREFIX}long{(number + 1) // 2:02d}{'ab'[(number + 1) % 2]}"

    @task
    def play_a_game(self):
        mine = self.client.get("/games/mine/", name="my games").text or ""
        games = [int(g) for g in GAME_LINK.findall(mine)]
        if not games:
            gevent.sleep(5)
            return
        self.play(games[0])
        gevent.sleep(3600)  # one long game each


# -- The report --------------------------------------------------------------


@events.test_start.add_listener
def started(environment, **_kwargs):
    run["start"] = time.time()
    if SESSIONS and Path(SESSIONS).exists():
        saved_sessions.update(json.loads(Path(SESSIONS).read_text()))
    # Should some users never finish logging in, measure without them.
    gevent.spawn_later(WARM_UP, measure_start, environment)


def measure_start(environment):
    """The warm-up is over: count from zero, play, stop after MEASURE seconds."""
    if all_in.is_set():
        return
    run["measured"] = time.time()
    environment.runner.stats.reset_all()
    counters.clear()
    by_history.clear()
    site_times.clear()
    bot_answers.clear()
    meter.start()
    if SESSIONS:
        Path(SESSIONS).parent.mkdir(parents=True, exist_ok=True)
        Path(SESSIONS).write_text(json.dumps(saved_sessions))
    all_in.set()
    if MEASURE:
        gevent.spawn_later(MEASURE, environment.runner.quit)


@events.request.add_listener
def count_server_errors(response=None, **_kwargs):
    if response is not None and getattr(response, "status_code", 0) >= 500:
        counters["5xx answers"] += 1


@events.quitting.add_listener
def report(environment, **_kwargs):
    run["stop"] = time.time()
    meter.stop()
    stats = environment.stats
    since = run.get("measured", run["start"])
    seconds = max(1e-9, run["stop"] - since)
    lines = [
        f"mdeal load run: {USERS} users ({MODE}), "
        f"{seconds:.0f}s measured, think time {THINK}s mean, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end, "
        f"{time.strftime('%Y-%m-%d %H:%M')}",
        f"warm-up (not measured): {warm_up['logged in']} of {USERS} users in "
        f"({warm_up['saved sessions']} with a saved session), "
        f"{warm_up['refused']} refused, in {since - run['start']:.0f}s",
        "",
        f"{'endpoint':<40} {'requests':>8} {'fails':>6}"
        f" {'p50':>6} {'p95':>6} {'p99':>6}",
    ]
    entries = [e for e in stats.entries.values() if e.num_requests]
    for entry in sorted(entries, key=lambda e: (e.method, e.name)):
        lines.append(
            f"{entry.method + ' ' + entry.name:<40} {entry.num_requests:>8} "
            f"{entry.num_failures:>6} "
            + " ".join(
                f"{entry.get_response_time_percentile(p):>6.0f}"
                for p in (0.5, 0.95, 0.99)
            )
        )
    total = stats.total
    moves = stats.entries.get(("move POST", "POST"))
    played = counters["moves played"]
    lines += [
        "",
        f"requests {total.num_requests}, failures {total.num_failures}, "
        f"5xx {counters['5xx answers']}",
        f"moves played {played} ({played / seconds:.1f}/s), "
        f"games finished {counters['games finished']}",
    ]
    lines += [
        f"{key}: {value}"
        for key, value in sorted(counters.items())
        if key not in ("moves played", "games finished", "5xx answers")
        and not key.startswith("bot answers by")
    ]
    lines += meter.lines(played)
    if moves is not None:
        lines.append(f"move POST p95 {moves.get_response_time_percentile(0.95):.0f} ms")
    if site_times:
        # The rest of the client's time is the server's queue and event loop,
        # the network, and the load generator's own lag on this machine.
        lines.append(
            f"move POST inside Django (the site's Server-Timing): "
            f"p50 {percentile(site_times, 0.50):.0f} ms, "
            f"p95 {percentile(site_times, 0.95):.0f} ms"
        )
    short, long = by_history["under 50 events"], by_history["over 1000 events"]
    if short and long:
        ratio = percentile(long, 0.95) / max(1e-9, percentile(short, 0.95))
        lines.append(
            f"move POST p95 by history: under {SHORT_GAME} events "
            f"{percentile(short, 0.95):.0f} ms ({len(short)}), over {LONG_GAME} "
            f"{percentile(long, 0.95):.0f} ms ({len(long)}): ratio {ratio:.2f}"
        )
    lines += bot_lines(
        bot_moves(since, run["stop"]),
        bot_answers,
        {by: counters[f"bot answers by {by}"] for by in ("push", "poll")},
        [run["stop"] - answered for answered, _version in bot_waits.values()],
    )
    text = "\n".join(lines) + "\n"
    print(text)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(text)
