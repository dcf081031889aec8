"""A replay names what it shows in its game's own words: Monopoly Deal's open
view is every hand; classic Monopoly has no hands, and its open view is the
table as onlookers saw it, sealed bids hidden until their auction closed."""

import re

import pytest

from django.test import Client
from django.urls import reverse

from games import services
from games.engines import classic
from games.models import GameEvent
from tests.engines.classic.support import Dice
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def replay(client, game, **query) -> str:
    response = client.get(reverse("games:replay", args=[game.pk]), query)
    assert response.status_code == 200
    return response.content.decode()


def eyes(page: str) -> str:
    return re.search(r'<p class="replay__eyes">(.*?)</p>', page, re.S)[1]


def views(page: str) -> list[str]:
    return re.findall(r'<li><a href="[^"]*" hx-get="[^"]*"[^>]*>(.*?)</a></li>', page)


def step_text(page: str) -> str:
    return re.search(r'<span class="replay__text">(.*?)</span>', page, re.S)[1]


def resign(game):
    seat = awaited_seat(game)
    client_for(seat.user).post(reverse("games:resign", args=[game.pk]))
    return fresh(game)


def test_a_finished_classic_replay_speaks_of_the_table_not_of_hands(user, other_user):
    game = resign(make_game(creator=user, players=[other_user], kind="classic"))
    page = replay(client_for(user), game, step=2)
    assert eyes(page) == (
        "The whole table, as onlookers saw it: sealed bids show when their "
        "auction closes"
    )
    assert views(page)[0] == "The whole table"
    assert "hand" not in eyes(page) + " ".join(views(page))


def test_a_running_classic_replay_tells_a_spectator_what_stays_hidden(
    user, other_user, user_factory
):
    game = make_game(creator=user, players=[other_user], kind="classic")
    onlooker = user_factory("Onlooker")
    page = replay(client_for(onlooker), game)
    assert eyes(page).startswith(
        "As a spectator saw it: sealed bids show when their auction closes"
    )
    assert "no hand" not in page


def test_a_monopoly_deal_replay_still_opens_every_hand(user, other_user, user_factory):
    game = resign(make_game(creator=user, players=[other_user]))
    page = replay(client_for(user), game, step=2)
    assert eyes(page) == "Every hand open"
    assert views(page)[0] == "Every hand"
    running = make_game(creator=user, players=[other_user])
    page = replay(client_for(user_factory("Onlooker")), running)
    assert eyes(page).startswith("As a spectator saw it: no hand shown")


def test_a_classic_step_with_no_history_line_says_what_is_asked(
    monkeypatch, user, other_user
):
    game = make_game(creator=user, players=[other_user], kind="classic")
    roller = awaited_seat(game)
    monkeypatch.setattr(services, "_rng", lambda: Dice(1, 2))
    move_submit_as(game, roller, classic.Roll(seat=roller.position))
    offered = GameEvent.objects.get(game=game, type="PurchaseOffered").seq
    other = game.seats.exclude(pk=roller.pk).get()
    page = replay(client_for(other.user), game, step=offered)
    assert step_text(page) == (
        f"{roller.name} may buy the deed or put it up for auction."
    )
    page = replay(client_for(roller.user), game, step=offered)
    assert step_text(page) == "You may buy the deed or put it up for auction."
