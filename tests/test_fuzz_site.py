"""Every URL the site answers, fed junk: never a 5xx.

The URL patterns are read from the site's resolver, so a new page or door
is fuzzed as soon as it exists. Each pattern's parts are filled with real
ids and with junk (NUL bytes, huge numbers, very long, not UTF-8, traversal,
quotes); each URL is asked for (GET, junk query strings) and posted to
(junk forms, forms nearly right with one odd field, junk JSON, JSON nested
100,000 deep, bytes that are not UTF-8),
by a visitor, a player and a staff member past the admin's second factor,
with htmx and without. Any 5xx, or an error logged, fails. Run it against
PostgreSQL (DATABASE_URL), which refuses what SQLite lets through (a NUL in
text, a number past bigint). Set FUZZ_SEED to try another seed.

Left out for the signed-in browsers, so that they stay signed in: the two
logouts and turning the second factor off (each is still asked by the
visitor, and by the others with GET). /healthz, an async view checking the
database on a connection of its own, cannot run inside the test's
transaction: it gets its junk in a test of its own.
"""

import json
import logging
import os
import random
import string
from urllib.parse import quote

import pytest

from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RegexPattern, RoutePattern

from games.chat import services as chat_services
from tests.games.factories import make_game
from tests.second_factor import staff_client

pytestmark = pytest.mark.django_db

SEED = int(os.environ.get("FUZZ_SEED", "20261127"))

# A concrete path for each pattern written as a regular expression (keyed by
# its name; the admin's catch-all has none). A new one fails the test until
# it is given samples here.
REGEX_SAMPLES = {
    "app_list": ["auth/", "games/"],
    None: ["%00", "nothing/here/", "x" * 2000],
    "account_confirm_email": ["abc:def/", "%00/", "x" * 500 + "/"],
    "account_reset_password_from_key": [
        "1-set-password/",
        "zz-%00/",
        "1-" + "k" * 900 + "/",
    ],
}

# Signed-in browsers do not post here (see the docstring).
SIGNS_OUT = {"logout", "account_logout", "mfa_deactivate_totp"}
APART = {"healthz"}

# Fields the views read by name, and a few more.
FIELDS = [
    "game", "user", "text", "room", "move", "version", "seen", "rematch",
    "answer", "reason", "until", "end", "start", "login", "password", "email",
    "next", "code", "seat_count", "seconds_per_decision", "kind", "cards",
    "pick", "action", "offer", "to", "give_cash", "get_cash", "give_deeds",
    "get_deeds", "bot", "once", "after", "accept_charges", "pay_suggested",
    "display_name", "time_zone", "notify", "password1", "password2",
    "oldpassword", "action_remove", "endpoint", "token", "seat", "step",
    "List-Unsubscribe", "csrfmiddlewaretoken", "_selected_action", "index",
]  # fmt: skip
QUERY_FIELDS = [
    "page", "kind", "list", "period", "result", "seats", "after", "since",
    "step", "seat", "next", "q", "o", "p", "e", "all",
]  # fmt: skip


class Junk:
    """Values from one seeded random.Random."""

    def __init__(self, rng: random.Random, ids: list[int]):
        self.rng = rng
        self.ids = ids

    def text(self) -> str:
        rng = self.rng
        kind = rng.randrange(12)
        if kind == 0:
            return rng.choice(["", " ", "0", "-1", "1.5", "NaN", "true", "null"])
        if kind == 1:
            return rng.choice([str(10**30), str(2**63), str(-(2**63) - 1), "9" * 400])
        if kind == 2:
            return str(rng.choice(self.ids))
        if kind == 3:
            return rng.choice(["\x00", "a\x00b", "\ufeff", "\u202e", "\U0001f0cf"])
        if kind == 4:
            return "x" * rng.choice([256, 5001, 70_000])
        if kind == 5:
            return rng.choice(["../../etc/passwd", "' OR 1=1 --", "<script>", "%s%n"])
        if kind == 6:
            return "[" * rng.choice([50, 5000])
        if kind == 7:
            return json.dumps({"type": "EndTurn", "seat": rng.randint(-1, 9)})
        if kind == 8:
            return rng.choice(["ada", "bea", "ADA", "ada ", "bea@example.com"])
        if kind == 9:
            return rng.choice(["accept", "decline", "counter", "players", "public"])
        alphabet = string.printable + "\u00e9\u2028\ufffd"
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 20)))

    def json_value(self, depth: int = 0):
        rng = self.rng
        kind = rng.randrange(8 if depth < 3 else 5)
        if kind == 0:
            return self.text()
        if kind == 1:
            return rng.choice([10**30, -1, 0, 1.5, float("inf"), True, None])
        if kind == 2:
            return rng.choice(["https://fcm.googleapis.com/x\x00", "\x00", "ada"])
        if kind == 3:
            return rng.choice([[], {}])
        if kind == 4:
            return rng.randint(-3, 200)
        if kind in (5, 6):
            return {
                rng.choice([*FIELDS, "keys", "p256dh", "auth"]): self.json_value(
                    depth + 1
                )
                for _ in range(rng.randint(1, 4))
            }
        return [self.json_value(depth + 1) for _ in range(rng.randint(1, 4))]

    def plausible(self) -> dict:
        """A form of the right fields with values nearly right: real ids,
        known words, with an odd one among them."""
        rng = self.rng
        ids = [str(i) for i in self.ids]
        choices = {
            "user": ids,
            "game": [*ids, "-1", "0", str(10**30)],
            "room": ["players", "public", "x"],
            "text": ["hello", "", " " * 3],
            "answer": ["accept", "decline", ""],
            "version": ["0", "1", "2", "-1"],
            "seen": ["", *ids],
            "rematch": ids,
            "reason": ["abuse", "spam", ""],
            "until": ["2030-01-01", "1999-12-31", "tomorrow"],
            "action": ["counter", "accept", "decline", "withdraw"],
            "seat": ["0", "1", "9"],
        }
        form = {
            name: rng.choice(values)
            for name, values in rng.sample(sorted(choices.items()), rng.randint(2, 6))
        }
        form[rng.choice([*FIELDS, *form])] = self.text()
        return form

    def form(self) -> dict:
        rng = self.rng
        if rng.random() < 0.4:
            return self.plausible()
        return {
            name: (
                [self.text() for _ in range(rng.randint(1, 3))]
                if rng.random() < 0.15
                else self.text()
            )
            for name in rng.sample(FIELDS, rng.randint(0, 8))
        }

    def query(self) -> str:
        rng = self.rng
        pairs = [
            (rng.choice(QUERY_FIELDS), self.text()[:300])
            for _ in range(rng.randint(1, 4))
        ]
        return "&".join(f"{quote(k)}={quote(v, safe='')}" for k, v in pairs)

    def body(self) -> tuple[bytes | str | dict, str | None]:
        """A POST body and its content type (None: a form)."""
        rng = self.rng
        kind = rng.randrange(6)
        if kind <= 2:
            return self.form(), None
        if kind == 3:
            raw = "&".join(
                f"{quote(k)}={quote(v[:200], safe='')}"
                for k, v in self.form().items()
                if isinstance(v, str)
            ).encode()
            tail = rng.choice([b"&move=%FF%FE", b"&text=\xc3", b"&&=&", b"%"])
            return raw + tail, "application/x-www-form-urlencoded"
        if kind == 4:
            return "[" * rng.choice([1000, 100_000]), "application/json"
        return json.dumps(self.json_value()), "application/json"


def url_samples(junk: Junk) -> list[tuple[str, str | None]]:
    """(path, pattern name) for every URL pattern, each part filled a few ways."""
    samples = []
    for parts, pattern in _walk(get_resolver().url_patterns):
        paths = [""]
        for part in parts:
            paths = [path + piece for path in paths for piece in _pieces(part, junk)]
        if pattern.name not in APART:
            samples += [("/" + path, pattern.name) for path in paths]
    return samples


def _walk(patterns, parts=()):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, (*parts, entry.pattern))
        else:
            assert isinstance(entry, URLPattern)
            yield (*parts, entry.pattern), entry


def _pieces(part, junk: Junk) -> list[str]:
    if isinstance(part, RegexPattern):
        route = str(part)
        if not any(c in route for c in "(["):
            return [route.strip("^$")]
        name = part.name
        assert name in REGEX_SAMPLES, f"give samples for the URL pattern {route!r}"
        return REGEX_SAMPLES[name]
    assert isinstance(part, RoutePattern)
    route = str(part)
    if not part.converters:
        return [route]
    pieces = [route]
    for name, converter in part.converters.items():
        kind = type(converter).__name__
        if kind == "IntConverter":
            values = [str(junk.rng.choice(junk.ids)), "0", str(10**30)]
        else:
            values = ["%00", quote(junk.text()[:400], safe=""), "ada", "..%2F..%2F"]
        pieces = [
            piece.replace(f"<{_converter_name(converter)}:{name}>", value)
            for piece in pieces
            for value in values
        ]
    return pieces


def _converter_name(converter) -> str:
    return {
        "IntConverter": "int",
        "StringConverter": "str",
        "SlugConverter": "slug",
        "PathConverter": "path",
        "UUIDConverter": "uuid",
    }[type(converter).__name__]


@pytest.fixture
def world(user, other_user, user_factory):
    """Ada and Bea at a game in play with a chat message, a finished classic
    game, Cy outside, and a staff member; the ids of what exists."""
    game = make_game(creator=user, players=[other_user])
    message = chat_services.message_post(
        game_id=game.pk, user=other_user, room="players", text="hello"
    )
    classic = make_game(creator=user, players=[other_user], kind="classic")
    staff = user_factory("boss", is_staff=True, is_superuser=True)
    return {
        "ids": [game.pk, classic.pk, message.pk, user.pk, other_user.pk, staff.pk],
        "browsers": {
            "visitor": Client(raise_request_exception=False),
            "player": _signed_in(user),
            "staff": staff_client(staff),
        },
    }


def _signed_in(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def test_no_url_answers_a_server_error_whatever_it_is_sent(world, caplog):
    junk = Junk(random.Random(SEED), world["ids"])
    browsers = world["browsers"]
    browsers["staff"].raise_request_exception = False
    samples = url_samples(junk)
    names = {name for _, name in samples}
    assert {"player", "push_subscribe", "mute", "move", "unsubscribe"} <= names
    failures = []
    asked = 0
    with caplog.at_level(logging.ERROR):
        for path, name in samples:
            for role, client in browsers.items():
                if path.startswith("/admin/") and role == "player":
                    continue  # the admin turns players away at its door
                headers = {"HTTP_HX_REQUEST": "true"} if junk.rng.random() < 0.3 else {}
                query = junk.query() if junk.rng.random() < 0.5 else ""
                requests = [("GET", f"{path}?{query}" if query else path, None, None)]
                if role == "visitor" or name not in SIGNS_OUT:
                    for _ in range(2 if path.startswith("/admin/") else 8):
                        requests.append(("POST", path, *junk.body()))
                for method, url, body, content_type in requests:
                    if method == "GET":
                        response = client.get(url, **headers)
                    elif content_type is None:
                        response = client.post(url, body, **headers)
                    else:
                        response = client.post(
                            url, body, content_type=content_type, **headers
                        )
                    asked += 1
                    if response.status_code >= 500:
                        shown = repr(body)[:300]
                        failures.append(
                            f"{response.status_code} {method} {url[:200]} as {role}:"
                            f" {shown}"
                        )
                if len(failures) >= 10:
                    break
    errors = [
        r.getMessage()[:300] for r in caplog.records if r.levelno >= logging.ERROR
    ]
    assert not failures, f"seed {SEED}, {asked} requests:\n" + "\n".join(failures)
    assert errors == [], f"seed {SEED}"
    # The signed-in browsers stayed signed in, so their requests meant something.
    for role in ("player", "staff"):
        assert "_auth_user_id" in browsers[role].session, role
    assert asked > 1000


@pytest.mark.django_db(transaction=True)
def test_healthz_answers_whatever_it_is_sent(caplog):
    junk = Junk(random.Random(SEED), [1])
    client = Client(raise_request_exception=False)
    statuses = set()
    with caplog.at_level(logging.ERROR):
        for _ in range(30):
            token = junk.text()[:200].encode("ascii", "replace").decode()
            headers = {"authorization": f"Bearer {token}"}
            body, content_type = junk.body()
            statuses.add(
                client.get(f"/healthz?{junk.query()}", headers=headers).status_code
            )
            posted = client.post(
                "/healthz",
                body,
                content_type=content_type or "text/plain",
                headers=headers,
            )
            statuses.add(posted.status_code)
    assert max(statuses) < 500, statuses
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
