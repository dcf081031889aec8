"""Classic Monopoly's live doors: the WebSocket tells every seat the new
version and nothing else, a sealed bid included, and the email text about a
game in an auction never names another seat's bid."""

import json

import pytest
from asgiref.sync import sync_to_async

from django.utils import timezone

from games.engines import classic
from games.notifications.emails import owed_brief
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.games.test_classic_site import SECRET_BID, in_auction, play_defaults_until
from tests.games.test_consumers import socket_for


def three_seats_in_an_auction(user_factory):
    players = [user_factory(name) for name in ("ann", "bea", "cy")]
    game = make_game(creator=players[0], players=players[1:], kind="classic")
    return play_defaults_until(game, in_auction)


def bid(game):
    """The first awaited bidder places the secret bid; (game, bidder)."""
    bidder = awaited_seat(game)
    lots = fresh(game).state().auction.lots
    amounts = (SECRET_BID,) + (0,) * (len(lots) - 1)
    move_submit_as(game, bidder, classic.Bid(seat=bidder.position, amounts=amounts))
    return fresh(game), bidder


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_sealed_bid_reaches_the_other_seats_as_a_version_only(
    user_factory, channel_layer
):
    game = await sync_to_async(three_seats_in_an_auction)(user_factory)
    seats = await sync_to_async(list)(game.seats.select_related("user"))
    sockets = [await socket_for(game.pk, seat.user) for seat in seats]
    for socket in sockets:
        assert (await socket.connect())[0]
        await socket.receive_from()
    game, _ = await sync_to_async(bid)(game)
    for socket in sockets:
        heard = await socket.receive_from(timeout=5)
        assert json.loads(heard) == {"version": game.version}
        assert str(SECRET_BID) not in heard
        await socket.disconnect()


@pytest.mark.django_db
def test_the_email_about_an_auction_never_names_another_seat_s_bid(user_factory):
    game = three_seats_in_an_auction(user_factory)
    game, bidder = bid(game)
    others = game.seats.exclude(pk=bidder.pk).select_related("user")
    for seat in others:
        brief = owed_brief(game, seat, timezone.now())
        text = " ".join([brief.owed, *brief.recent])
        assert "1,237" not in text and str(SECRET_BID) not in text
        assert "placed a sealed bid" in text
        if str(seat.position) in game.deadlines:
            assert "bid" in brief.owed.lower()
