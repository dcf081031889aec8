"""A change told over the WebSocket while the table is being fetched is not
lost (static/games/table.js): once the fetch is in, the page fetches again if
the table it brought is not the one told. It waited for the version poll
instead, up to 8 s, or for ever where the poll is cut off (the browser tests
of two players, which failed now and then under load). The site is stood in
for by the browser's routes: a page, its table partial and its socket."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
ORIGIN = "http://mdeal.test"
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Table</title><script src="/static/vendor/htmx.min.js"></script></head>
<body><div class="mdeal-game" data-version-url="/version/" data-ws="/ws/"
data-poll="600000">{table}</div>
<script src="/static/games/table.js"></script></body></html>
"""
# Counts the socket's messages as they reach the page.
COUNT_MESSAGES = """
window.__messages = 0;
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", () => { window.__messages += 1; });
  }
};
"""


def table(version: int) -> str:
    return f'<section id="table" data-version="{version}" data-url="/table/">' \
        f"Version {version}</section>"  # fmt: skip


@pytest.fixture
def site(browser):
    """The page at version 1; `held` keeps the table requests not yet answered
    (answer them with `answer(route, version)`), `sockets` the page's socket."""
    context = browser.new_context()
    page = context.new_page()
    held, sockets, fetched = [], [], []

    def serve(route):
        path = route.request.url.removeprefix(ORIGIN)
        if path.startswith("/static/"):
            route.fulfill(path=ROOT / path.lstrip("/"))
        elif path == "/game/":
            route.fulfill(content_type="text/html", body=PAGE.format(table=table(1)))
        elif path.startswith("/table/"):
            fetched.append(path)
            held.append(route)
        else:  # the version poll: cut off, so only the socket tells
            route.abort()

    page.route(re.compile(re.escape(ORIGIN) + ".*"), serve)
    page.route_web_socket(re.compile(".*/ws/"), lambda ws: sockets.append(ws))
    page.add_init_script(COUNT_MESSAGES)
    page.goto(f"{ORIGIN}/game/")
    page.wait_for_function("() => window.htmx")
    yield page, held, sockets, fetched
    context.close()


def until(page, done, what: str, seconds: float = 10) -> None:
    """Let the page run until `done()`; fail saying `what` did not come."""
    for _ in range(int(seconds * 50)):
        if done():
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"{what} never came")


def answer(route, version: int) -> None:
    route.fulfill(content_type="text/html", body=table(version))


def test_a_change_told_while_the_table_is_fetched_is_fetched_next(site):
    page, held, sockets, fetched = site
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    until(page, lambda: sockets, "the socket")
    socket = sockets[0]
    socket.send(json.dumps({"version": 2}))
    until(page, lambda: held, "the fetch of version 2")
    # Version 3 is told while the fetch for version 2 is under way.
    socket.send(json.dumps({"version": 3}))
    page.wait_for_function("() => window.__messages >= 2")
    answer(held.pop(), 2)
    expect(page.locator("#table")).to_have_attribute("data-version", "2")
    until(page, lambda: held, "a fetch of version 3")
    answer(held.pop(), 3)
    expect(page.locator("#table")).to_have_attribute("data-version", "3")
    assert len(fetched) == 2


def pushed_table(version: int) -> str:
    return (
        f'<section id="table" data-version="{version}" data-url="/table/">'
        f'Pushed {version}<label><input type="checkbox" name="cards" value="7">'
        "Seven</label></section>"
    )


def test_a_table_pushed_with_its_version_is_swapped_in_with_no_fetch(site):
    """The site sends each player's own table with the version (games.pushed):
    the page shows it as it shows a fetched one (ticked cards kept), and asks
    for nothing; an older table pushed late is not shown over a newer one."""
    page, held, sockets, fetched = site
    until(page, lambda: sockets, "the socket")
    socket = sockets[0]
    socket.send(json.dumps({"version": 2, "html": pushed_table(2)}))
    expect(page.locator("#table")).to_have_attribute("data-version", "2")
    expect(page.locator("#table")).to_contain_text("Pushed 2")
    page.locator("#table input[name=cards]").check()
    socket.send(json.dumps({"version": 3, "html": pushed_table(3)}))
    expect(page.locator("#table")).to_have_attribute("data-version", "3")
    expect(page.locator("#table input[name=cards]")).to_be_checked()
    socket.send(json.dumps({"version": 2, "html": pushed_table(2)}))
    page.wait_for_function("() => window.__messages >= 3")
    page.wait_for_timeout(200)
    expect(page.locator("#table")).to_have_attribute("data-version", "3")
    assert fetched == [] and held == []
    # The version alone (the player's own move, a waiting room): fetched.
    socket.send(json.dumps({"version": 4}))
    until(page, lambda: held, "the fetch of version 4")
    answer(held.pop(), 4)
    expect(page.locator("#table")).to_have_attribute("data-version", "4")


# The page's visibility, as a background tab or a locked phone sets it.
SHOWN = """(hidden) => {
  Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
  Object.defineProperty(document, "visibilityState", {
    value: hidden ? "hidden" : "visible", configurable: true,
  });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_a_hidden_page_says_so_fetches_nothing_and_catches_up_when_shown(site):
    """A background tab tells its socket it is hidden (the site then sends the
    version alone, sparing a render: games.consumers), asks for nothing while
    hidden, and fetches its table once when shown, for all it missed."""
    page, held, sockets, fetched = site
    until(page, lambda: sockets, "the socket")
    socket = sockets[0]
    said = []
    socket.on_message(lambda message: said.append(json.loads(message)))
    page.evaluate(SHOWN, True)
    until(page, lambda: said, "the page saying it is hidden")
    assert said == [{"hidden": True}]
    socket.send(json.dumps({"version": 2}))
    socket.send(json.dumps({"clocks": "moved"}))
    socket.send(json.dumps({"version": 3}))
    page.wait_for_function("() => window.__messages >= 3")
    page.wait_for_timeout(300)
    assert fetched == []
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    page.evaluate(SHOWN, False)
    until(page, lambda: len(said) == 2, "the page saying it is shown")
    assert said[1] == {"hidden": False}
    until(page, lambda: held, "the fetch once shown")
    answer(held.pop(), 3)
    expect(page.locator("#table")).to_have_attribute("data-version", "3")
    page.wait_for_timeout(300)
    assert len(fetched) == 1
