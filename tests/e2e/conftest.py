"""Real-browser fixtures: Debian's Chromium driven by Playwright's sync API
against the ASGI site (HTTP and WebSockets) served by uvicorn in a thread.

Fixtures:

- ``asgi_live_server``: the site, served on ``http://127.0.0.1:<free port>``
  with ``.url`` and ``.ws_url``. It shares this process, so it shares the test
  database (the test requests ``transactional_db`` for you: data you create
  is committed and visible to the server), the settings fixture, the channel
  layer, eager Celery and ``django.core.mail.outbox``.
- ``browser``: one headless Chromium per test module. Without a Chromium the
  browser tests are skipped with the reason (``-ra`` prints it). Set
  ``CHROMIUM_PATH`` to use another binary.
- ``new_context(**options)``: a fresh browser context (its own cookies, so its
  own user) whose relative URLs resolve against the live server; call it
  twice for two players. Closed at teardown; on failure every open page is
  screenshotted into ``test-artifacts/``. Any Content Security Policy or
  Permissions-Policy violation in its pages (``tests/e2e/policies.py``) fails
  the test at teardown.
- ``page``: a page in a fresh context, logged out.
- ``login(user, context=None) -> Page``: a page logged in as ``user`` (from
  ``user_factory``) through a session cookie, no form needed.
- ``screenshot(page, name)``: save ``test-artifacts/<test>-<name>.png``;
  ``shot(page, name)`` the same from the top of the page (where a full-page
  screenshot draws the sticky header).
- ``email_link(to, contains)``: the first link in the last email sent to
  ``to`` whose URL contains ``contains`` (fails clearly when there is none).

Tests under tests/e2e/ are marked ``e2e`` (skip them with ``-m "not e2e"``)
and run after all others: while a browser is open, Playwright's sync API keeps
an event loop running in the main thread, so ``DJANGO_ALLOW_ASYNC_UNSAFE`` is
set for that module to let test code use the ORM.

Example, two players::

    def test_both_see_the_table(login, user_factory, asgi_live_server):
        ada, bea = user_factory("ada"), user_factory("bea")
        page_a, page_b = login(ada), login(bea)
        page_a.goto("/games/")
"""

import contextlib
import os
import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from django.conf import settings
from django.core import mail
from django.db import connections

from tests.e2e.policies import watch_policies

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
]


SHELL = "/usr/bin/chromium-headless-shell"


def find_chromium(*, shell: bool = True) -> str | None:
    """CHROMIUM_PATH, else Debian's Chromium: its headless shell first (the
    package chromium-headless-shell, the same engine without a browser
    window's own pages: a new page costs half the time), else the browser.
    `shell=False` skips the shell, for what it lacks (it denies every site the
    permission to notify)."""
    candidates = [
        os.environ.get("CHROMIUM_PATH"),
        SHELL if shell else None,
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
        shutil.which("google-chrome"),
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    ]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


class LiveASGIServer:
    """uvicorn serving the project's ASGI application from a daemon thread."""

    host = "127.0.0.1"

    def __init__(self):
        self.port = _free_port()
        self.url = f"http://{self.host}:{self.port}"
        self.ws_url = f"ws://{self.host}:{self.port}"

    def start(self):
        import uvicorn

        from mdeal_site.asgi import application

        self.server = uvicorn.Server(
            uvicorn.Config(
                application,
                host=self.host,
                port=self.port,
                # As the Procfile (mdeal_site.server.UVICORN_OPTIONS).
                server_header=False,
                lifespan="off",
                ws="websockets-sansio",
                log_config=None,  # the test run's logging stays as it is
                access_log=False,
            )
        )
        self.thread = threading.Thread(
            target=self.server.run, name="uvicorn-live", daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                socket.create_connection((self.host, self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"uvicorn did not start on {self.url}")

    def stop(self):
        self.server.should_exit = True
        self.thread.join(5)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def _asgi_server(django_db_setup):
    server = LiveASGIServer().start()
    yield server
    server.stop()


@pytest.fixture
def asgi_live_server(_asgi_server, transactional_db):
    """The server, with a fresh PostgreSQL pool: it shares the test process's,
    and the tests before the browser ones can leave connections checked out
    by threads that outlive them (a CI run's browser tests all failed on
    "couldn't get a connection" once eight were gone). The sockets' threads
    no longer do (`mdeal_site.db.off_loop`, tests/games/test_pushed.py); the
    tests' own `sync_to_async` calls still keep one on the thread-sensitive
    thread. Nothing to do on SQLite."""
    connection = connections["default"]
    if connection.settings_dict["OPTIONS"].get("pool"):
        connection.close()
        connection.close_pool()
    return _asgi_server


@pytest.fixture(scope="module")
def browser(request):
    """One browser a module; a module that sets `FULL_BROWSER = True` gets
    Chromium itself rather than its headless shell."""
    executable = find_chromium(shell=not getattr(request.module, "FULL_BROWSER", False))
    if not executable:
        pytest.skip(
            "no Chromium found (looked for CHROMIUM_PATH, "
            "/usr/bin/chromium-headless-shell, /usr/bin/chromium, chromium on "
            "PATH): install Debian's chromium-headless-shell (or chromium) to "
            "run browser tests"
        )
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread, which
    # makes Django refuse ORM calls from test code; allow them only while the
    # browser is open (a module at a time, e2e tests run last).
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=executable, args=CHROMIUM_ARGS, headless=True
            )
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def _artifact_path(request, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    test = re.sub(r"[^\w.-]+", "_", request.node.name)
    return ARTIFACTS / f"{test}-{re.sub(r'[^\w.-]+', '_', name)}.png"


@pytest.fixture
def screenshot(request):
    def save(page, name: str, *, full_page: bool = True) -> Path:
        path = _artifact_path(request, name)
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save


@pytest.fixture
def shot(screenshot):
    """A full-page screenshot from the top, so the sticky header sits on top."""

    def take(page, name: str):
        page.evaluate("window.scrollTo(0, 0)")
        return screenshot(page, name)

    return take


@pytest.fixture
def new_context(browser, asgi_live_server, request):
    contexts = []
    violations = []

    def make(**options):
        options.setdefault("base_url", asgi_live_server.url)
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        context.set_default_timeout(10_000)
        violations.append(watch_policies(context))
        contexts.append(context)
        return context

    yield make
    failed = getattr(request.node, "report_call", None)
    for n, context in enumerate(contexts):
        for open_page in context.pages:
            # A round trip delivers the reports the page has already sent.
            with contextlib.suppress(Exception):
                open_page.evaluate("0")
        if failed is not None and failed.failed:
            for m, open_page in enumerate(context.pages):
                # Best effort: a crashed page must not hide the real failure.
                with contextlib.suppress(Exception):
                    open_page.screenshot(
                        path=str(_artifact_path(request, f"failed-{n}-{m}")),
                        full_page=True,
                    )
        context.close()
    seen = [line for lines in violations for line in lines]
    if seen:
        pytest.fail("the browser refused something:\n" + "\n".join(seen))


@pytest.fixture
def page(new_context):
    return new_context().new_page()


@pytest.fixture
def login(new_context, asgi_live_server):
    from django.test import Client

    def log_in(user, context=None):
        client = Client()
        client.force_login(user)
        context = context or new_context()
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": asgi_live_server.url,
                }
            ]
        )
        return context.new_page()

    return log_in


@pytest.fixture
def email_link():
    def find(to: str, contains: str) -> str:
        for message in reversed(mail.outbox):
            if to in message.to:
                for url in re.findall(r"https?://[^\s<>\"']+", message.body):
                    if contains in url:
                        return url
                raise AssertionError(
                    f"no link containing {contains!r} in the email to {to}:\n"
                    f"{message.body}"
                )
        sent = [message.to for message in mail.outbox]
        raise AssertionError(f"no email sent to {to}; sent to {sent}")

    return find
