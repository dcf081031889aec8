"""A replay names what it shows in its game's own words: Monopoly Deal's open
view is every hand; classic Monopoly has no hands, and its open view is the
whole table with every sealed bid open, mid-auction too, once the game is over
(while it runs a sealed bid stays on its bidder's page alone)."""

import re

import pytest

from django.test import Client
from django.urls import reverse

from games import services
from games.engines import classic
from games.models import GameEvent
from tests.engines.classic.support import Dice
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.games.test_classic_site import (
    SECRET_BID,
    WRITTEN,
    in_auction,
    play_defaults_until,
)

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
    assert eyes(page) == "The whole table, every sealed bid open"
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
    monkeypatch.setattr(services.randomness, "rng", lambda: Dice(1, 2))
    move_submit_as(game, roller, classic.Roll(seat=roller.position))
    offered = GameEvent.objects.get(game=game, type="PurchaseOffered").seq
    other = game.seats.exclude(pk=roller.pk).get()
    page = replay(client_for(other.user), game, step=offered)
    assert step_text(page) == (
        f"{roller.name} may buy the deed or put it up for auction."
    )
    page = replay(client_for(roller.user), game, step=offered)
    assert step_text(page) == "You may buy the deed or put it up for auction."


def test_a_sealed_bid_shows_in_the_replay_once_the_game_is_over(
    user, other_user, user_factory
):
    game = make_game(
        creator=user, players=[other_user, user_factory("Cy")], kind="classic"
    )
    game = play_defaults_until(game, in_auction)
    bidder = awaited_seat(game)
    lots = game.state().auction.lots
    amounts = (SECRET_BID,) + (0,) * (len(lots) - 1)
    move_submit_as(game, bidder, classic.Bid(seat=bidder.position, amounts=amounts))
    step = fresh(game).version  # the auction still open: two seats to answer
    others = list(game.seats.exclude(pk=bidder.pk).select_related("user"))
    sealed = f"{bidder.name} bid ${SECRET_BID:,} on {classic.BOARD[lots[0]].name}"

    def shows_the_bid(page: str) -> bool:
        return any(w in page for w in WRITTEN)

    onlooker = client_for(user_factory("Onlooker"))
    for client in [client_for(s.user) for s in others] + [onlooker]:
        assert not shows_the_bid(replay(client, game, step=step))

    for seat in others:
        services.game_resign(game_id=game.pk, user=seat.user)
    game = fresh(game)
    assert game.is_over
    for client in [client_for(s.user) for s in others] + [onlooker]:
        page = replay(client, game, step=step)
        assert f"Sealed bids, open now the game is over: {sealed}." in page
        assert eyes(page) == "The whole table, every sealed bid open"
    # From another seat's eyes, the step is as that seat saw it: sealed.
    seat = others[0]
    assert not shows_the_bid(
        replay(client_for(seat.user), game, step=step, seat=seat.position)
    )
