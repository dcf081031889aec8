"""`scripts/loadtest --sequential N`: one client, one request at a time.

Two load players sit at a table of two and play it the way the page does
(the table partial, a move form, the partial the move answers with), one
request at a time, with no think time: the figures are what one request
costs the site when nothing else runs. With --long, two more play on in the
games past 1,000 events (the next when one ends), for the flat-in-history
figure. The site reports each request's SQL queries and its CPU time
(MDEAL_REQUEST_COST_HEADERS: `X-Queries`, `Server-Timing: cpu`), and the
summary gives them beside the times: on a machine busy with other work the
times grow, the CPU a request costs much less.

Each player holds the game's WebSocket, as the page does: after a move the
other seat reads its socket until the move's version comes, and takes the
table from the message when the site sends it ("table pushed", timed from the
move's answer), or GETs it when the message brings the version alone.
"""

import http.client
import json
import os
import random
import re
import statistics
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlencode, urlparse

import websocket

from bench.load import cpu
from bench.load.figures import percentile
from bench.load.table import Table

SHORT_GAME, LONG_GAME = 50, 1000  # events, as in the locustfile
WARM_UP_MOVES = 10  # not measured: the first requests fill the caches
GAME_LINK = re.compile(r'href="/games/(\d+)/"')
COOKIE = re.compile(r"^([^=;\s]+)=([^;]*)")
CPU = re.compile(r"cpu;dur=([\d.]+)")


class Client:
    """One browser: a kept-alive connection and its cookies."""

    def __init__(self, host: str, address: str, figures: "Figures"):
        url = urlparse(host)
        self.connection = http.client.HTTPConnection(url.hostname, url.port)
        self.host = host
        self.socket = None
        self.cookies: dict[str, str] = {}
        self.address = address
        self.figures = figures

    def request(self, method, path, fields=None, *, name="", htmx=False):
        headers = {"X-Forwarded-For": self.address, "Host": "127.0.0.1"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if htmx:
            headers["HX-Request"] = "true"
        body = None
        if fields is not None:
            body = urlencode(fields, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        started = time.perf_counter()
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        elapsed = (time.perf_counter() - started) * 1000
        for header in response.headers.get_all("Set-Cookie") or []:
            found = COOKIE.match(header)
            if found:
                self.cookies[found.group(1)] = found.group(2)
        if name:
            cpu = CPU.search(response.headers.get("Server-Timing", ""))
            self.figures.add(
                name,
                elapsed,
                response.headers.get("X-Queries"),
                float(cpu.group(1)) if cpu else None,
            )
        return response.status, response.headers, text

    def login(self, username: str, password: str) -> None:
        self.request("GET", "/accounts/login/")
        status, _, _ = self.request(
            "POST",
            "/accounts/login/",
            {
                "login": username,
                "password": password,
                "csrfmiddlewaretoken": self.cookies.get("csrftoken", ""),
            },
        )
        if status != 302:
            raise SystemExit(f"{username} could not log in ({status})")

    def open_socket(self, game: int) -> None:
        self.close_socket()
        url = urlparse(self.host)
        self.socket = websocket.create_connection(
            f"ws://{url.netloc}/ws/games/{game}/",
            cookie="; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            origin=f"http://{url.netloc}",
            header=[f"X-Forwarded-For: {self.address}"],
            timeout=30,
        )

    def close_socket(self) -> None:
        if getattr(self, "socket", None) is not None:
            self.socket.close()
            self.socket = None

    def told(self, version: int) -> Table | None:
        """Read the socket up to `version`: the table it brought, if any."""
        while True:
            message = json.loads(self.socket.recv())
            if "version" in message and int(message["version"]) >= version:
                return Table(message["html"]) if "html" in message else None

    def table(self, game: int, name: str = "table GET") -> Table:
        _, _, text = self.request("GET", f"/games/{game}/", name=name, htmx=True)
        return Table(text)

    def move(self, game: int, table: Table, name: str) -> tuple[int, Table]:
        _kind, action, fields = table.choose()
        status, _, text = self.request("POST", action, fields, name=name, htmx=True)
        return status, Table(text)


class Figures:
    """Times (ms) and query counts per request name; nothing while warming."""

    def __init__(self):
        self.times: dict[str, list[float]] = defaultdict(list)
        self.queries: dict[str, list[int]] = defaultdict(list)
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.on = False

    def add(self, name: str, ms: float, queries: str | None, cpu: float | None):
        if not self.on:
            return
        self.times[name].append(ms)
        if queries is not None:
            self.queries[name].append(int(queries))
        if cpu is not None:
            self.cpu[name].append(cpu)

    def lines(self) -> list[str]:
        lines = [
            f"{'request (ms)':<34} {'count':>6} {'p50':>6} {'p95':>6} {'p99':>6}"
            f" {'queries':>8} {'cpu p50':>8} {'cpu p95':>8}"
        ]
        for name in sorted(self.times):
            times = self.times[name]
            queries = self.queries.get(name) or []
            spread = (
                f"{min(queries)}-{max(queries)}"
                if queries and min(queries) != max(queries)
                else str(queries[0])
                if queries
                else "?"
            )
            cpu = self.cpu.get(name) or []
            lines.append(
                f"{name:<34} {len(times):>6} "
                + " ".join(f"{percentile(times, p):>6.1f}" for p in (0.5, 0.95, 0.99))
                + f" {spread:>8}"
                + "".join(f" {percentile(cpu, p):>8.1f}" for p in (0.5, 0.95))
            )
        return lines


def history_name(version: int) -> str:
    if version < SHORT_GAME:
        return f"move POST (under {SHORT_GAME} events)"
    if version > LONG_GAME:
        return f"move POST (over {LONG_GAME} events)"
    return "move POST (50 to 1000 events)"


def play(players: list[Client], game: int, moves: int, figures: Figures) -> int:
    """Play up to `moves` moves at `game`, one request at a time; how many."""
    tables = [player.table(game) for player in players]
    for player in players:
        player.open_socket(game)
        player.told(tables[0].version)  # the stamp on connecting
    played = 0
    while played < moves and not tables[0].over:
        movers = [i for i, table in enumerate(tables) if table.mine]
        if not movers:
            return played  # a bot or a deadline owes: not this client's game
        mover = movers[0]
        status, fresh = players[mover].move(
            game, tables[mover], history_name(tables[mover].version)
        )
        if status != 200:
            raise SystemExit(f"a move answered {status} at game {game}")
        tables[mover] = fresh
        played += 1
        answered = time.perf_counter()
        for other, player in enumerate(players):
            if other == mover:
                player.told(fresh.version)  # the version alone: read past it
                continue
            pushed = player.told(fresh.version)
            if pushed is not None:  # the socket brought the table itself
                waited = (time.perf_counter() - answered) * 1000
                figures.add("table pushed (after the answer)", waited, None, None)
                tables[other] = pushed
            else:  # the socket told the version: it asks for the table
                tables[other] = player.table(game)
        if played % 8 == 0:  # the page's poll, and the floor beside it
            player = players[(mover + 1) % len(players)]
            player.request(
                "GET",
                f"/games/{game}/version/?since={tables[0].version}",
                name="version poll",
            )
            player.request("GET", "/sw.js", name="trivial view (/sw.js)")
        if played == WARM_UP_MOVES:
            figures.on = True
    return played


def new_game(creator: Client, joiner: Client) -> int:
    _, headers, _ = creator.request(
        "POST",
        "/games/new/",
        {"seat_count": 2, "seconds_per_decision": 3600, "public": "on", "rated": "on"},
    )
    game = int(re.search(r"/games/(\d+)/", headers["Location"]).group(1))
    joiner.request("GET", f"/games/{game}/")
    status, _, _ = joiner.request("POST", f"/games/{game}/join/", {})
    if status != 302:
        raise SystemExit(f"joining game {game} answered {status}")
    status, _, _ = creator.request("POST", f"/games/{game}/start/", {})
    return game


def main(
    host: str,
    *,
    moves: int,
    long: int,
    prefix: str,
    password: str,
    report,
    cpu_roots: dict[str, int] | None = None,
):
    random.seed(13)
    meters = {}  # the site's CPU per move, short games and long ones
    figures = Figures()
    load_before = os.getloadavg()
    players = [Client(host, f"10.250.0.{n}", figures) for n in (1, 2)]
    for number, player in enumerate(players, 1):
        player.login(f"{prefix}{number:04d}", password)
    played = 0
    meters["short"] = cpu.Meter(cpu_roots or {})
    meters["short"].start()
    while played < moves:
        game = new_game(*players)
        played += play(players, game, moves - played, figures)
    meters["short"].stop()
    counted = {"short": played}
    played = 0
    meters["long"] = cpu.Meter(cpu_roots or {})
    meters["long"].start()
    for number in range(1, long + 1):  # the next long game when one ends
        figures.on = False
        veterans = [Client(host, f"10.250.1.{n}", figures) for n in (1, 2)]
        for player, seat in zip(veterans, "ab", strict=True):
            player.login(f"{prefix}long{number:02d}{seat}", password)
        _, _, mine = veterans[0].request("GET", "/games/mine/")
        found = GAME_LINK.search(mine)
        if found and played < moves:
            played += play(veterans, int(found.group(1)), moves - played, figures)
    meters["long"].stop()
    counted["long"] = played
    short = figures.times.get(history_name(0), [])
    long_moves = figures.times.get(history_name(LONG_GAME + 1), [])
    every_move = [
        ms
        for name, times in figures.times.items()
        if name.startswith("move")
        for ms in times
    ]
    lines = [
        f"mdeal sequential run: {moves} moves"
        + (" and as many in games past 1,000 events" if long else "")
        + f", one request at a time, {time.strftime('%Y-%m-%d %H:%M')}, "
        f"load average {' '.join(f'{x:.2f}' for x in load_before)} before, "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} after",
        "",
        *figures.lines(),
        "",
        f"move POST, every game: p50 {percentile(every_move, 0.5):.1f} ms, "
        f"p95 {percentile(every_move, 0.95):.1f} ms, mean "
        f"{statistics.fmean(every_move) if every_move else 0:.1f} ms",
    ]
    for name, meter in meters.items():
        if counted[name]:
            lines.append(f"{name} games (every request and push the moves caused):")
            lines += ["  " + line for line in meter.lines(counted[name])]
    if short and long_moves:
        ratio = percentile(long_moves, 0.95) / percentile(short, 0.95)
        lines.append(
            f"move POST p95 over {LONG_GAME} events / under {SHORT_GAME}: {ratio:.2f}"
        )
    text = "\n".join(lines) + "\n"
    print(text)
    Path(report).parent.mkdir(parents=True, exist_ok=True)
    Path(report).write_text(text)
    return 0
