"""Thousands of forged move, create and join requests against a game in play.

A seeded generator makes each request malformed in some way (deep or huge
JSON, NUL bytes, wrong types, bad versions, other seats, unknown move types,
random card ids, missing, duplicated or repeated fields, bytes that are not
UTF-8), posts it through Django's test client as a player or as an outsider,
and checks that the answer is one of the expected refusals, never a 5xx, and
that no game changed. Set FUZZ_SEED to replay another seed.
"""

import json
import logging
import os
import random
import string
from dataclasses import dataclass
from urllib.parse import quote, urlencode

import pytest

from django.http import QueryDict
from django.test import Client
from django.urls import reverse

from games import services
from games.engines import deal as engine
from games.engines.deal.moves import MOVE_TYPES
from games.errors import GameError
from games.forms import DECISION_TIME_CHOICES, MOVE_MAX_CHARS, MoveForm
from games.models import Game
from tests.games.factories import awaited_seat, make_game, seat_at, table_rows

pytestmark = pytest.mark.django_db

SEED = int(os.environ.get("FUZZ_SEED", "20261122"))
# Requests through the test client (each renders a page: tens of ms), then
# moves through the form and the service alone (about a millisecond each).
MOVES, CREATES, JOINS = 450, 120, 120
FORM_MOVES = 3000

MOVE_NAMES = [cls.__name__ for cls in MOVE_TYPES]
OTHER_NAMES = ["Move", "State", "Options", "CardsDrawn", "GameWon", "Teleport", ""]
MOVE_FIELDS = ["card", "colour", "set_index", "target", "doubles", "take", "give"]
COLOURS = [colour.value for colour in engine.Colour]
DECISION_SECONDS = {str(seconds) for seconds, _ in DECISION_TIME_CHOICES}


@dataclass
class Forged:
    """One request: what it is, who sends it, and the answers allowed."""

    what: str
    url: str
    data: dict | bytes
    expected: set[int]
    sender: str
    htmx: bool = False


class Forger:
    """Makes malformed requests from one seeded random.Random."""

    def __init__(self, rng: random.Random, tables: dict):
        self.rng = rng
        self.tables = tables

    # -- values --------------------------------------------------------------

    def junk(self, depth: int = 0):
        """A JSON value of any type, sometimes nested, sometimes absurd."""
        rng = self.rng
        kind = rng.randrange(12 if depth < 3 else 9)
        if kind == 0:
            return rng.randint(-5, 200)
        if kind == 1:
            return rng.choice([10**20, 2**63, -(2**63), 10**1500, 1_000_001])
        if kind == 2:
            return rng.choice([1.5, -0.0, 1e308, float("nan"), float("inf")])
        if kind == 3:
            return rng.choice([True, False, None])
        if kind == 4:
            return self.text()
        if kind == 5:
            return rng.choice([*COLOURS, "RED", "plaid", "red\x00"])
        if kind == 6:
            return str(rng.randint(0, 105))
        if kind == 7:
            return []
        if kind == 8:
            return {}
        if kind in (9, 10):
            return [self.junk(depth + 1) for _ in range(rng.randint(1, 4))]
        return {self.text(): self.junk(depth + 1) for _ in range(rng.randint(1, 3))}

    def text(self) -> str:
        rng = self.rng
        alphabet = string.printable + "\x00\u2028\ufffd\U0001f0cf"
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))

    def card_ids(self) -> list:
        rng = self.rng
        return [rng.choice([rng.randint(-3, 120), self.junk()]) for _ in range(7)][
            : rng.randint(0, 7)
        ]

    # -- moves ---------------------------------------------------------------

    def move_dict(self, seat: int) -> dict:
        """A move with the right shape or nearly: the engine's type names."""
        rng = self.rng
        move = {"type": rng.choice(MOVE_NAMES * 4 + OTHER_NAMES)}
        for name in rng.sample(MOVE_FIELDS, rng.randint(0, 4)):
            move[name] = rng.randint(-2, 110) if rng.random() < 0.5 else self.junk()
        if rng.random() < 0.4:
            move["cards"] = self.card_ids()
        if rng.random() < 0.3:
            move["colour"] = rng.choice(COLOURS)
        roll = rng.random()
        if roll < 0.3:
            move["seat"] = seat
        elif roll < 0.5:
            move["seat"] = rng.choice([1 - seat, 7, -1, "0", None, [seat], 10**30])
        if rng.random() < 0.1:
            move["type"] = self.junk()
        return move

    def move_text(self, seat: int) -> str:
        """The `move` field: JSON of a near-move, or something that is not one."""
        rng = self.rng
        kind = rng.randrange(10)
        if kind <= 3:
            return json.dumps(self.move_dict(seat))
        if kind == 4:
            depth = rng.choice([5, 50, 999, 1001, 5000, rng.randint(5, 3000)])
            opener = rng.choice(["[", '{"a":', '{"type": "Pay", "cards": ['])
            return opener * depth + "]" * rng.randint(0, depth)
        if kind == 5:
            size = rng.choice([MOVE_MAX_CHARS, MOVE_MAX_CHARS + 1, 10_000, 60_000])
            padding = rng.choice(["x", "[", " ", "\x00", "\u00e9"]) * size
            return json.dumps({"type": "EndTurn", "pad": padding})[: size + 30]
        if kind == 6:
            text = json.dumps(self.move_dict(seat))
            cut = rng.randrange(len(text) + 1)
            return text[:cut] + rng.choice(["", "\x00", "\\", '"', "}"]) + text[cut:]
        if kind == 7:
            name = rng.choice(MOVE_NAMES)
            return f'{{"type": "{name}", "type": "{rng.choice(MOVE_NAMES)}"}}'
        if kind == 8:
            return rng.choice(["NaN", "Infinity", "-Infinity", "null", "[]", "1"])
        return self.text()

    def version(self, game: Game, *, stale: bool):
        rng = self.rng
        choices = [
            game.version - 1,
            game.version + 1,
            -1,
            10**30,
            "9" * 5000,
            "",
            f"{game.version + 1}.0",
            "NaN",
            "\x00",
            [str(game.version), "0"],
        ]
        if not stale:
            choices += [game.version] * 5 + [f" {game.version}.0 "]
        return rng.choice(choices)

    def move(self) -> Forged:
        rng = self.rng
        role = rng.choice(["idle", "idle", "idle", "awaited", "outsider", "stranger"])
        game = self.tables["private" if role == "stranger" else "public"]
        seat = self.tables[role]
        position = seat.position if seat is not None else 0
        data: dict = {}
        if rng.random() < 0.95:
            text = self.move_text(position)
            data["move"] = (
                [text, self.move_text(position)] if rng.random() < 0.05 else text
            )
        # A player's well-formed Resign at the current version is a real move;
        # so is any move of the awaited seat: keep their versions stale.
        stale = role == "awaited" or '"Resign"' in str(data.get("move"))
        if rng.random() < 0.95:
            data["version"] = self.version(game, stale=stale)
        elif stale:
            data["version"] = game.version + 1
        if rng.random() < 0.15:
            data["pick"] = rng.choice(["1", "", "\x00"])
            data["cards"] = [str(c) for c in self.card_ids()]
        expected = {
            "idle": {400, 409},
            "awaited": {400, 409},
            "outsider": {403},
            "stranger": {404},
        }[role]
        return Forged(
            what=f"move as {role}: {data!r:.300}",
            url=reverse("games:move", args=[game.pk]),
            data=self.maybe_raw(data),
            expected=expected,
            htmx=rng.random() < 0.3,
            sender=role,
        )

    def maybe_raw(self, data: dict) -> dict | bytes:
        """Sometimes the form as raw bytes, with repeats and bytes not UTF-8."""
        rng = self.rng
        if rng.random() > 0.15:
            return data
        pairs = [
            (key, value)
            for key, values in data.items()
            for value in (values if isinstance(values, list) else [values])
        ]
        rng.shuffle(pairs)
        if pairs and rng.random() < 0.5:
            pairs.append(rng.choice(pairs))
        body = urlencode([(k, str(v)) for k, v in pairs]).encode()
        return body + rng.choice([b"", b"&move=%FF%FE", b"&version=\xc3", b"&&=&"])

    # -- creating and joining -------------------------------------------------

    def create(self) -> Forged:
        rng = self.rng
        data = {
            "seat_count": rng.choice(["1", "6", "0", "-2", "2.0", "two", "", "\x00"])
            if rng.random() < 0.7
            else rng.choice(["2", "3", "5"]),
            "seconds_per_decision": rng.choice(["3600", "300", "86400"])
            if rng.random() < 0.5
            else self.text() or "59",
        }
        if rng.random() < 0.3:
            data["seat_count"] = [data["seat_count"], "3"]
        for name in rng.sample(list(engine.OPTION_LABELS), 2):
            data[f"option_{name}"] = self.text()
        if rng.random() < 0.2:
            data["options"] = json.dumps(self.junk())
        if rng.random() < 0.1:
            data["seat_count"] = "[" * 5000 + str(10**1000)
        if rng.random() < 0.1:
            del data[rng.choice(["seat_count", "seconds_per_decision"])]
        if self.valid_game(data):
            data["seat_count"] = rng.choice(["7", "x", "2\x00"])
        return Forged(
            what=f"create: {data!r:.300}",
            url=reverse("games:create"),
            data=self.maybe_raw(data),
            expected={400},
            sender=rng.choice(["idle", "outsider"]),
        )

    @staticmethod
    def valid_game(data: dict) -> bool:
        """Whether `data`, as the form reads it, opens a game (never wanted here)."""

        def last(value):
            return value[-1] if isinstance(value, list) else value

        return (
            last(data.get("seat_count")) in {"2", "3", "4", "5"}
            and str(last(data.get("seconds_per_decision", ""))).strip()
            in DECISION_SECONDS
        )

    def join(self) -> Forged:
        rng = self.rng
        public, private = self.tables["public"], self.tables["private"]
        kind = rng.randrange(4)
        sender = rng.choice(["idle", "outsider"])
        if kind == 0:
            url, expected = reverse("games:join_public", args=[public.pk]), {409}
        elif kind == 1:
            url, expected = reverse("games:join_public", args=[private.pk]), {404}
        elif kind == 2:
            url, expected = reverse("games:join", args=[private.invite_token]), {409}
        else:
            token = rng.choice(
                [
                    self.text(),
                    private.invite_token[:-1],
                    private.invite_token + "x",
                    "%00",
                    "x" * 5000,
                    str(10**30),
                ]
            )
            url, expected = f"/games/join/{quote(token, safe='')}/", {404}
        return Forged(
            what=f"join {url:.120} as {sender}",
            url=url,
            data=self.maybe_raw({"token": self.text(), "seat": str(self.junk())}),
            expected=expected,
            htmx=rng.random() < 0.3,
            sender=sender,
        )


def send(clients: dict[str, Client], forged: Forged):
    client = clients[forged.sender]
    headers = {"HTTP_HX_REQUEST": "true"} if forged.htmx else {}
    if isinstance(forged.data, bytes):
        return client.post(
            forged.url,
            forged.data,
            content_type="application/x-www-form-urlencoded",
            **headers,
        )
    return client.post(forged.url, forged.data, **headers)


def logged_in(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.fixture
def tables(user, other_user, user_factory) -> dict:
    """A public game in play (its awaited and idle seats), a private one, and
    an outsider who sits at neither."""
    public = make_game(creator=user, players=[other_user])
    private = make_game(
        creator=user_factory("dee"), players=[user_factory("eve")], public=False
    )
    awaited = awaited_seat(public)
    idle = seat_at(public, 1 - awaited.position)
    outsider = user_factory("cy")
    return {
        "public": public,
        "private": private,
        "awaited": awaited,
        "idle": idle,
        "outsider": None,
        "stranger": None,
        "users": {
            "awaited": awaited.user,
            "idle": idle.user,
            "outsider": outsider,
            "stranger": outsider,
        },
    }


@pytest.fixture
def unchanged(tables, caplog):
    """Check, after the test, that no game changed and nothing logged an error."""
    games = (tables["public"], tables["private"])
    before = {game.pk: table_rows(game) for game in games}
    count = Game.objects.count()
    with caplog.at_level(logging.ERROR):
        yield
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
    assert {game.pk: table_rows(game) for game in games} == before
    assert Game.objects.count() == count


def test_forged_requests_get_the_expected_refusals(tables, unchanged):
    clients = {role: logged_in(u) for role, u in tables["users"].items()}
    forger = Forger(random.Random(SEED), tables)
    makers = [forger.move] * MOVES + [forger.create] * CREATES + [forger.join] * JOINS
    forger.rng.shuffle(makers)
    surprises = []
    for make in makers:
        forged = make()
        status = send(clients, forged).status_code
        if status not in forged.expected:
            surprises.append(f"{status}, not {forged.expected}: {forged.what}")
            if status >= 500 or len(surprises) >= 10:
                break
    assert not surprises, f"seed {SEED}:\n" + "\n".join(surprises)


def test_forged_moves_meet_only_refusals_in_the_form_and_the_service(tables, unchanged):
    """More forged moves, through the view's parsing path without the page.

    Every one is refused by MoveForm or raises a GameError in the service;
    anything else raised here fails the test.
    """
    forger = Forger(random.Random(SEED + 1), tables)
    for _ in range(FORM_MOVES):
        forged = forger.move()
        form = MoveForm(as_query(forged.data))
        if not form.is_valid():
            continue
        game = tables["private" if forged.sender == "stranger" else "public"]
        with pytest.raises(GameError):
            services.move_submit(
                game_id=game.pk,
                user=tables["users"][forged.sender],
                move=form.cleaned_data["move"],
                version=form.cleaned_data["version"],
            )


def as_query(data: dict | bytes) -> QueryDict:
    """The QueryDict Django would make of the posted form."""
    if isinstance(data, bytes):
        return QueryDict(data)
    query = QueryDict(mutable=True)
    for key, value in data.items():
        query.setlist(
            key, [str(v) for v in value] if isinstance(value, list) else [str(value)]
        )
    return query
