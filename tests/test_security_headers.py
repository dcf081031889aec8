"""Every page carries the site's Content Security Policy and Permissions-Policy,
and its markup needs nothing that policy refuses: no inline script or style
without the response's nonce, no style or event-handler attributes, nothing
htmx would have to eval."""

from html.parser import HTMLParser

import pytest

from django.test import Client
from django.urls import reverse

from games.notifications import unsubscribe
from tests.games.factories import make_game

# Script elements the browser never runs (allauth's email page passes its
# strings to account.js this way), so CSP does not govern them.
DATA_BLOCK_TYPES = {"application/json"}


def csp_directives(response) -> dict[str, list[str]]:
    header = response.headers["Content-Security-Policy"]
    directives = {}
    for part in header.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def csp_nonce(response) -> str:
    [nonce] = [
        value.removeprefix("'nonce-").removesuffix("'")
        for value in csp_directives(response)["script-src"]
        if value.startswith("'nonce-")
    ]
    return nonce


class InlineCode(HTMLParser):
    """What in a page the CSP would refuse without a nonce, or at all."""

    def __init__(self, nonce: str):
        super().__init__()
        self.nonce = nonce
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        where = f"<{tag} {' '.join(f'{k}={v!r}' for k, v in attrs.items())}>"
        src = attrs.get("src")
        runs_inline = src is None and attrs.get("type") not in DATA_BLOCK_TYPES
        if tag == "script" and src is not None and not src.startswith("/static/"):
            self.problems.append(f"script from elsewhere: {where}")
        if tag == "script" and runs_inline and attrs.get("nonce") != self.nonce:
            self.problems.append(f"inline script without the nonce: {where}")
        if tag == "style" and attrs.get("nonce") != self.nonce:
            self.problems.append(f"inline style without the nonce: {where}")
        for name, value in attrs.items():
            value = (value or "").strip().lower()
            if name == "style":
                self.problems.append(f"style attribute: {where}")
            elif name.startswith("on"):
                self.problems.append(f"event handler attribute: {where}")
            elif name.removeprefix("data-").startswith(("hx-on", "hx-vars")):
                self.problems.append(f"htmx attribute that needs eval: {where}")
            elif value.startswith(("js:", "javascript:")):
                self.problems.append(f"script in an attribute: {where}")


@pytest.fixture
def pages(user, other_user, client_logged_in):
    """(name, client, URL) for a page of every kind the site serves."""
    client = Client()
    game = make_game(creator=user, players=[other_user])
    open_game = make_game(creator=other_user, seat_count=3, start=False)
    return [
        ("home", client, reverse("home")),
        ("login", client, reverse("account_login")),
        ("signup", client, reverse("account_signup")),
        ("home, signed in", client_logged_in, reverse("home")),
        ("lobby", client_logged_in, reverse("games:lobby")),
        ("my games", client_logged_in, reverse("games:mine")),
        ("table", client_logged_in, game.get_absolute_url()),
        ("history", client_logged_in, reverse("games:history", args=[game.pk])),
        (
            "invitation",
            client_logged_in,
            reverse("games:join", args=[open_game.invite_token]),
        ),
        ("profile", client_logged_in, reverse("profile")),
        ("email addresses", client_logged_in, reverse("account_email")),
        ("error", client_logged_in, reverse("games:table", args=[game.pk + 1000])),
        (
            "unsubscribe",
            client,
            reverse(
                "notifications:unsubscribe",
                args=[unsubscribe.token_make(user, unsubscribe.Kind.MOVE)],
            ),
        ),
    ]


def test_every_page_has_a_nonce_policy_without_unsafe_inline_or_eval(pages):
    for name, client, url in pages:
        response = client.get(url)
        assert response.status_code in {200, 404}, (name, response.status_code)
        directives = csp_directives(response)
        assert csp_nonce(response), name
        for directive in ("default-src", "script-src", "style-src"):
            assert "'unsafe-inline'" not in directives[directive], (name, directive)
            assert "'unsafe-eval'" not in directives[directive], (name, directive)


def test_every_page_needs_no_inline_code_without_its_nonce(pages):
    for name, client, url in pages:
        response = client.get(url)
        parser = InlineCode(csp_nonce(response))
        parser.feed(response.content.decode())
        assert parser.problems == [], name


def test_the_error_page_is_the_games_error_page(pages):
    [(_, client, url)] = [page for page in pages if page[0] == "error"]
    response = client.get(url)
    assert response.status_code == 404
    assert "There is no such game." in response.content.decode()


def test_every_page_switches_off_unused_browser_features(pages):
    for name, client, url in pages:
        policy = client.get(url).headers["Permissions-Policy"]
        for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
            assert f"{feature}=()" in policy, (name, feature)
        assert "notifications" not in policy and "push" not in policy, name


def test_the_policy_lets_in_this_site_alone(client, settings):
    directives = csp_directives(client.get(reverse("home")))
    nonce = f"'nonce-{csp_nonce(client.get(reverse('home')))}'"
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"][0] == "'self'"
    assert directives["style-src"][0] == "'self'"
    assert "'nonce-" in " ".join(directives["style-src"])
    assert nonce not in directives["script-src"], "a fresh nonce every response"
    assert directives["connect-src"] == ["'self'", settings.SITE_WEBSOCKET_ORIGIN]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["base-uri"] == ["'self'"]
    assert directives["form-action"] == ["'self'"]
    assert "img-src" not in directives, "images fall back to default-src 'self'"


def test_a_json_answer_carries_the_headers_too(client_logged_in, user, other_user):
    game = make_game(creator=user, players=[other_user])
    response = client_logged_in.get(reverse("games:version", args=[game.pk]))
    assert response.status_code == 200
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert "camera=()" in response.headers["Permissions-Policy"]
