"""The home-made parts against Django's own, in-process (issue 31).

`mdeal_site.handlers.SyncChainASGIHandler` against Django's `ASGIHandler`:
the process's CPU time per request (`time.process_time`: the handlers use
threads) for `/sw.js` and a table partial, signed in, through the ASGI
application called in this process. `mdeal_site.prepared` against the ORM:
the thread's CPU time of the reads of every table request (a game by id, its
seats with their users). Alternated, median of --runs; run as production
runs (DEBUG=0, PostgreSQL, Redis):

    DEBUG=0 SECRET_KEY=x SECURE_SSL_REDIRECT=0 DATABASE_URL=... REDIS_URL=... \\
        python manage.py internals_bench --runs 200
"""

import asyncio
import os
import statistics
import time

from asgiref.testing import ApplicationCommunicator

from django.core.handlers.asgi import ASGIHandler
from django.core.management.base import BaseCommand, CommandError
from django.test import Client, override_settings

from games.models import Game, Seat
from games.selectors import viewers
from mdeal_site.handlers import SyncChainASGIHandler


def scope(path: str, cookie: str, htmx: bool) -> dict:
    headers = [(b"host", b"testserver"), (b"cookie", cookie.encode())]
    if htmx:
        headers.append((b"hx-request", b"true"))
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": headers,
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 80),
    }


async def call(application, request_scope) -> int:
    communicator = ApplicationCommunicator(application, request_scope)
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(10)
    while True:
        body = await communicator.receive_output(10)
        if not body.get("more_body"):
            break
    await communicator.wait(10)
    return start["status"]


class Command(BaseCommand):
    help = "Time the site's ASGI handler and prepared reads against Django's."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=200)

    def handle(self, *args, runs, **options):
        game = (
            Game.objects.filter(status=Game.Status.ACTIVE, public=True)
            .order_by("-pk")
            .first()
        )
        if game is None:
            raise CommandError("no game in play: run scripts/loadtest first")
        seat = Seat.objects.filter(game=game, user__isnull=False).first()
        client = Client()
        client.force_login(seat.user)
        cookie = f"sessionid={client.cookies['sessionid'].value}"
        self.stdout.write(
            f"game {game.pk} (v{game.version}); load average "
            f"{os.getloadavg()[0]:.1f}; ms, median of {runs}, alternated"
        )
        with override_settings(ALLOWED_HOSTS=["testserver"]):
            self.handlers(game, cookie, runs)
        self.reads(game, runs)
        self.stdout.write(f"load average at the end {os.getloadavg()[0]:.1f}")

    def handlers(self, game, cookie, runs):
        handlers = {
            "Django's ASGIHandler": ASGIHandler(),
            "SyncChainASGIHandler": SyncChainASGIHandler(),
        }
        paths = {"/sw.js": (False,), f"table partial {game.pk}": (True,)}
        loop = asyncio.new_event_loop()
        times = {(p, h): [] for p in paths for h in handlers}
        for run in range(runs + 5):
            for path, (htmx,) in paths.items():
                url = "/sw.js" if path == "/sw.js" else game.get_absolute_url()
                for name, handler in handlers.items():
                    before = time.process_time()
                    status = loop.run_until_complete(
                        call(handler, scope(url, cookie, htmx))
                    )
                    spent = (time.process_time() - before) * 1000
                    if status != 200:
                        raise CommandError(f"{name} {url}: {status}")
                    if run >= 5:  # the first ones warm the caches
                        times[path, name].append(spent)
        loop.close()
        self.stdout.write("process CPU per request (ms)")
        for (path, name), spent in times.items():
            self.stdout.write(
                f"  {path:<24} {name:<22} {statistics.median(spent):6.2f}"
            )

    def reads(self, game, runs):
        def orm():
            found = Game.objects.get(pk=game.pk)
            list(Seat.objects.filter(game_id=found.pk).select_related("user"))

        def prepared():
            viewers.game_for_viewer(game_id=game.pk, user=None)

        ways = {"the ORM": orm, "Prepared": prepared}
        times = {name: [] for name in ways}
        for run in range(runs + 5):
            for name, way in ways.items():
                before = time.thread_time()
                way()
                if run >= 5:
                    times[name].append((time.thread_time() - before) * 1000)
        self.stdout.write("a game by id and its seats with their users (thread CPU ms)")
        for name, spent in times.items():
            self.stdout.write(f"  {name:<22} {statistics.median(spent):6.2f}")
