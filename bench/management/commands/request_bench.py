"""The CPU time of the table's requests at fixed positions, in-process.

Django's test client sends each request through the whole stack (every
middleware, the session, the user, the view, the templates) in this thread,
and the figure is the CPU time of the thread (`time.thread_time`): what the
request costs the site, however busy the machine is with other work. Run it
as production runs (DEBUG=0, PostgreSQL, Redis) for figures to compare:

    DEBUG=0 SECRET_KEY=x SECURE_SSL_REDIRECT=0 DATABASE_URL=... REDIS_URL=... \\
        python manage.py request_bench --runs 40

The positions are made through the services with a seeded generator, so every
run (and every version of the code with the same engine) measures the same
tables: a Monopoly Deal game of two at about event 35 played by the sensible
bot, one past 1,000 events played with the deadline's moves (--long), and a
classic game at about event 60. A move is posted and rolled back, so each run
sees the same position; everything is rolled back at the end. Its after-commit
work (the WebSocket message, the tasks) is not run, nor measured. The
presence mark is kept for the whole run (a table read writes presence once).

--profile NAME prints where one request's CPU time goes (cProfile on the
thread's CPU time) instead: NAME is a request's name as the table prints it.
"""

import cProfile
import gc
import io
import itertools
import json
import os
import pstats
import random
import statistics
import time
from dataclasses import dataclass
from datetime import timedelta
from types import SimpleNamespace

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.test import Client, override_settings
from django.urls import reverse

from games import pushed, services
from games.kinds import get as kind_of
from games.models import Game
from games.notifications import presence
from games.services import randomness

SEED = 20261126


def _counted(queries: list):
    """An execute wrapper that notes each statement (as the harness counts)."""

    def wrapper(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    return wrapper


@dataclass
class Position:
    name: str
    game: Game
    mover: Client  # the awaited seat's browser
    watcher: Client  # the other seat's
    move: dict  # the mover's move, engine JSON
    watcher_user: object = None  # the other seat's player


class Command(BaseCommand):
    help = "Print the CPU time of table GETs and move POSTs at fixed positions."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=40, help="Runs a request.")
        parser.add_argument(
            "--long", action="store_true", help="Also a game past 1,000 events."
        )
        parser.add_argument("--profile", default="", help="Profile this request.")
        parser.add_argument("--top", type=int, default=35, help="Profile lines.")
        parser.add_argument(
            "--gc",
            action="store_true",
            help="Every request with gc.freeze() and without, alternated.",
        )

    def handle(self, *args, runs, long, profile, top, gc, **options):
        self.compare_gc = gc
        counter = itertools.count()
        original_rng, original_refresh = randomness.rng, presence.REFRESH
        randomness.rng = lambda: random.Random(SEED + next(counter))
        presence.REFRESH = timedelta(days=1)
        try:
            with (
                override_settings(ALLOWED_HOSTS=["testserver"]),
                transaction.atomic(),
            ):
                self._bench(runs=runs, long=long, profile=profile, top=top)
                transaction.set_rollback(True)
        finally:
            randomness.rng, presence.REFRESH = original_rng, original_refresh

    def _bench(self, *, runs, long, profile, top):
        started = time.perf_counter()
        positions = [
            self._position("deal, event 35", "deal", until=35, sensible=True),
            self._position("classic, event 60", "classic", until=60, sensible=True),
        ]
        if long:
            positions.append(
                self._position("deal, event 1000", "deal", until=1000, sensible=False)
            )
        load = os.getloadavg()[0]
        self.stdout.write(
            f"DEBUG={settings.DEBUG}, {connection.vendor}, cache "
            f"{settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}; positions "
            f"made in {time.perf_counter() - started:.1f} s; load average {load:.1f}; "
            f"CPU ms of the thread, median and p90 of {runs} runs"
        )
        requests = [("/sw.js (floor)", lambda: positions[0].mover.get("/sw.js"))]
        for position in positions:
            requests += self._requests(position)
        if profile:
            self._profile(dict(requests)[profile], runs, top)
            return
        for _, request in requests:  # warm the caches
            request()
        if self.compare_gc:  # each request frozen and not, alternated
            requests = [
                (f"{name} [{mode}]", request)
                for name, request in requests
                for mode in ("gc", "gc.freeze()")
            ]
        cpu = {name: [] for name, _ in requests}
        facts = {}
        for _ in range(runs):
            for name, request in requests:
                if self.compare_gc:
                    (gc.freeze if name.endswith("gc.freeze()]") else gc.unfreeze)()
                queries = []
                with connection.execute_wrapper(_counted(queries)):
                    before = time.thread_time()
                    response = request()
                    cpu[name].append((time.thread_time() - before) * 1000)
                facts[name] = (
                    response.status_code,
                    len(queries),
                    len(response.content),
                )
        self.stdout.write(
            f"{'request':<44} {'cpu p50':>8} {'cpu p90':>8} {'queries':>8} {'bytes':>7}"
        )
        for name, times in cpu.items():
            status, queries, size = facts[name]
            p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
            flag = "" if status == 200 else f"  (status {status})"
            self.stdout.write(
                f"{name:<44} {statistics.median(times):>8.2f} {p90:>8.2f} "
                f"{queries:>8} {size:>7}{flag}"
            )
        self.stdout.write(f"load average at the end {os.getloadavg()[0]:.1f}")

    def _position(self, name, kind, *, until, sensible) -> Position:
        User = get_user_model()
        users = [
            User.objects.create_user(
                username=f"bench-{kind}-{until}-{i}",
                email=f"bench-{kind}-{until}-{i}@example.invalid",
                display_name=("Ann", "Bea")[i],
            )
            for i in range(2)
        ]
        game = services.game_create(
            creator=users[0], seat_count=2, seconds_per_decision=3600, kind=kind
        )
        services.game_join(game_id=game.pk, user=users[1])
        engine = kind_of(kind).engine
        rng = random.Random(SEED)
        while True:
            game = Game.objects.get(pk=game.pk)
            state = game.state()
            seat = engine.awaiting(state)[0].seat
            if sensible:
                move = kind_of(kind).bot_move(
                    state, seat, "sensible", rng, seconds=None, clock=None
                )
            else:
                move = engine.default_move(state, seat)
            if game.version >= until:
                break
            services.move_submit(
                game_id=game.pk, user=users[seat], move=move, version=game.version
            )
        clients = []
        for user in users:
            client = Client(enforce_csrf_checks=True)
            client.force_login(user)
            client.get(game.get_absolute_url())  # the CSRF cookie
            clients.append(client)
        return Position(
            name=f"{name} (v{game.version})",
            game=game,
            mover=clients[seat],
            watcher=clients[1 - seat],
            move=engine.to_json(move),
            watcher_user=users[1 - seat],
        )

    def _requests(self, position: Position) -> list:
        game = position.game
        table = game.get_absolute_url()
        move_url = reverse("games:move", args=[game.pk])
        fields = {"move": json.dumps(position.move), "version": game.version}

        def partial(client):
            return lambda: client.get(table, headers={"HX-Request": "true"})

        def move():
            token = position.mover.cookies[settings.CSRF_COOKIE_NAME].value
            with transaction.atomic():
                response = position.mover.post(
                    move_url,
                    fields,
                    headers={"HX-Request": "true", "X-CSRFToken": token},
                )
                transaction.set_rollback(True)
            return response

        def push():
            """What the watcher's socket costs for a new version (games.pushed):
            its table read and rendered, none kept."""
            pushed.renders.clear()
            _stamp, html = pushed.table_for(
                game_id=game.pk, stamp=game.stamp, user=position.watcher_user
            )
            return SimpleNamespace(status_code=200, content=html.encode())

        return [
            (f"{position.name} table GET, mover", partial(position.mover)),
            (f"{position.name} table GET, watcher", partial(position.watcher)),
            (f"{position.name} table pushed, watcher", push),
            (f"{position.name} table page", lambda: position.mover.get(table)),
            (f"{position.name} move POST", move),
        ]

    def _profile(self, request, runs: int, top: int) -> None:
        for _ in range(3):
            request()
        profiler = cProfile.Profile(time.thread_time)
        profiler.enable()
        for _ in range(runs):
            request()
        profiler.disable()
        for order in ("tottime", "cumulative"):
            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats(order).print_stats(top)
            self.stdout.write(out.getvalue())
