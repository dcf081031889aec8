"""The live server names no software, and the browser enforces the site's
policies: htmx runs without eval or inline styles, and a refused inline style
or script is caught by the policy watch every browser test runs under."""

import socket
import urllib.error
import urllib.request

from django.urls import reverse

from games.notifications import unsubscribe
from tests.e2e.policies import watch_policies
from tests.games.factories import make_game


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_the_live_server_sends_no_server_header(asgi_live_server):
    for path, status in [
        ("/", 200),
        ("/static/css/site.css", 200),
        ("/games/", 302),
        ("/no-such-page/", 404),
    ]:
        opener = urllib.request.build_opener(NoRedirect)
        try:
            response = opener.open(asgi_live_server.url + path, timeout=10)
            got, headers = response.status, response.headers
        except urllib.error.HTTPError as error:
            got, headers = error.code, error.headers
        assert got == status, path
        assert "Server" not in headers, (path, headers["Server"])


def test_the_websocket_handshake_sends_no_server_header(asgi_live_server):
    host = f"{asgi_live_server.host}:{asgi_live_server.port}"
    handshake = (
        "GET /ws/games/1/ HTTP/1.1\r\n"
        f"Host: {host}\r\n"
        f"Origin: {asgi_live_server.url}\r\n"
        "Upgrade: websocket\r\n"
        "Connection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    )
    with socket.create_connection(
        (asgi_live_server.host, asgi_live_server.port), timeout=10
    ) as sock:
        sock.sendall(handshake.encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    head = answer.split(b"\r\n\r\n")[0].decode("latin-1")
    status_line, *header_lines = head.split("\r\n")
    assert status_line.startswith("HTTP/1.1 "), head
    names = {line.split(":", 1)[0].lower() for line in header_lines}
    assert "server" not in names, head


def test_every_page_shows_without_a_refusal(page, login, user_factory, screenshot):
    ada, bea = user_factory("ada"), user_factory("bea")
    game = make_game(creator=ada, players=[bea])
    token = unsubscribe.token_make(ada, unsubscribe.Kind.MOVE)
    for path in [
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        reverse("notifications:unsubscribe", args=[token]),
    ]:
        page.goto(path)
    player = login(ada)
    for path in [
        "/games/",
        "/games/mine/",
        f"/games/{game.pk}/history/",
        "/profile/",
        "/accounts/email/",
        f"/games/{game.pk + 1000}/",
    ]:
        player.goto(path)
        screenshot(player, path.strip("/").replace("/", "-"))
    with player.expect_websocket() as opening:
        player.goto(f"/games/{game.pk}/")
    socket = opening.value
    player.wait_for_timeout(500)
    assert not socket.is_closed()
    screenshot(player, "table")
    # The policy watch fails this test at teardown on any refusal.


def test_htmx_runs_without_eval_or_inline_styles(page):
    page.goto("/")
    page.wait_for_function("window.htmx !== undefined")
    assert page.evaluate("htmx.config.allowEval") is False
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    assert page.evaluate("document.querySelectorAll('style').length") == 0


def test_the_policy_watch_catches_a_refused_inline_style_and_script(
    browser, asgi_live_server
):
    context = browser.new_context(base_url=asgi_live_server.url)
    try:
        violations = watch_policies(context)
        page = context.new_page()
        page.goto("/")
        page.evaluate(
            """() => {
                document.body.setAttribute("style", "color: red");
                const script = document.createElement("script");
                script.textContent = "window.ran = true";
                document.head.append(script);
            }"""
        )
        expected = ["style-src-attr blocked inline", "script-src-elem blocked inline"]
        for _ in range(50):
            text = "\n".join(violations)
            if all(line in text for line in expected):
                break
            page.wait_for_timeout(100)
        assert page.evaluate("window.ran") is None
        assert all(line in text for line in expected), text
    finally:
        context.close()
