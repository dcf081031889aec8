"""A classic trade offer, and how it ended, is told only to its two seats.

RULES-CLASSIC.md: "An open trade offer is seen only by its two parties; a
completed trade is public." The reason an offer was void names what it held
("The brown group has buildings; sell them first."), so a third seat must not
read it on the table, its partial, the history, the replay or the export.
"""

import pytest

from django.test import Client
from django.urls import reverse

from games.engines import classic
from tests.games.factories import fresh, make_game, move_submit_as

pytestmark = pytest.mark.django_db

VOID = "One side cannot pay its cash and mortgage costs."


def pages_of(user, game) -> dict[str, str]:
    client = Client()
    client.force_login(user)
    return {
        "page": client.get(game.get_absolute_url()).content.decode(),
        "partial": client.get(
            game.get_absolute_url(), HTTP_HX_REQUEST="true"
        ).content.decode(),
        "history": client.get(reverse("games:history", args=[game.pk])).text,
        "replay": client.get(reverse("games:replay", args=[game.pk])).text,
        "export": client.get(reverse("games:export", args=[game.pk])).text,
    }


def test_a_void_offers_reason_reaches_only_its_two_seats(
    user, other_user, user_factory
):
    game = make_game(
        creator=user, players=[other_user, user_factory("cy")], kind="classic"
    )
    seats = {s.user.username: s for s in game.seats.select_related("user")}
    ada, bea, cy = seats["ada"], seats["bea"], seats["cy"]
    # More cash than Bea has: the offer is made, and void when she accepts.
    move_submit_as(
        game,
        ada,
        classic.OfferTrade(
            seat=ada.position, to=bea.position, give_cash=1, get_cash=1600
        ),
    )
    offer = fresh(game).state().offers[0].id
    move_submit_as(game, bea, classic.AcceptOffer(seat=bea.position, offer=offer))
    game = fresh(game)
    assert not game.state().offers

    for party in (ada, bea):
        assert VOID in pages_of(party.user, game)["history"]
    for name, text in pages_of(cy.user, game).items():
        assert VOID not in text, name
        assert "cannot pay" not in text, name
