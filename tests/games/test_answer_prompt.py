"""The answer prompt speaks of what the viewer can do, and only to the viewer."""

import json

import pytest

from tests.games.factories import fresh, make_game
from tests.games.test_views import (
    client_for,
    offered_moves,
    post_move,
    prompt_of,
    rig,
)

pytestmark = pytest.mark.django_db

TABLE = """
    seats: 2
    turn: 0
    0 hand: Red/Yellow Rent, 1M
    0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
    1 hand: {bea_hand}
    1 bank: 1M, 2M, 3M
"""
NO_JSN = "You have no Just Say No to play: accept."


def charged(user, other_user, bea_hand: str):
    game = rig(
        make_game(creator=user, players=[other_user]), TABLE.format(bea_hand=bea_hand)
    )
    ada = client_for(user)
    html = ada.get(game.get_absolute_url()).content.decode()
    rent = next(m for m in offered_moves(html) if m["type"] == "ChargeRent")
    assert post_move(ada, game, json.dumps(rent)).status_code == 302
    return fresh(game), ada, client_for(other_user)


def test_without_a_just_say_no_the_prompt_says_accept(user, other_user):
    game, ada, bea = charged(user, other_user, "2M, Pass Go")
    html = bea.get(game.get_absolute_url()).content.decode()
    prompt = prompt_of(html)
    assert NO_JSN in prompt
    assert "Say no or accept." not in html
    assert [m["type"] for m in offered_moves(prompt)] == ["Accept"]
    assert NO_JSN not in ada.get(game.get_absolute_url()).content.decode()


def test_with_a_just_say_no_the_prompt_offers_it(user, other_user):
    game, _ada, bea = charged(user, other_user, "Just Say No, 2M")
    prompt = prompt_of(bea.get(game.get_absolute_url()).content.decode())
    assert "Say no or accept." in prompt
    assert NO_JSN not in prompt
