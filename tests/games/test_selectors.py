"""The reads behind the pages: lobby, my games, history and one seat's table."""

import json
import random

import pytest

from games import selectors, services
from games.engines import deal as engine
from games.models import Game
from tests.games.factories import fresh, make_game
from tests.games.test_views import rig

pytestmark = pytest.mark.django_db


def context_for(game: Game, user):
    game, seat = selectors.game_for_viewer(game_id=game.pk, user=user)
    return selectors.table_context(game=game, seat=seat)


def test_the_lobby_lists_open_public_games(user, other_user):
    listed = make_game(creator=user, seat_count=3, start=False)
    make_game(creator=user, seat_count=3, start=False, public=False)
    make_game(creator=user, players=[other_user])
    assert selectors.lobby_games() == [listed]


def test_version_for_player_answers_only_seated_players(two_player_game, user_factory):
    stranger = user_factory("cy")
    seated = selectors.version_for_player(
        game_id=two_player_game.pk, user=two_player_game.created_by
    )
    assert seated == two_player_game.version
    outside = selectors.version_for_player(game_id=two_player_game.pk, user=stranger)
    assert outside is None


def test_history_is_newest_first_and_bounded(two_player_game, user):
    seat = two_player_game.seat_for(user)
    lines = selectors.history_lines(game=two_player_game, viewer=seat.position, limit=3)
    assert 1 <= len(lines) <= 3
    seqs = [line["seq"] for line in lines]
    assert seqs == sorted(seqs, reverse=True)
    assert seqs[0] == two_player_game.version


def test_a_spectator_gets_no_hand_and_no_moves(two_player_game, user_factory):
    context = context_for(two_player_game, user_factory("cy"))
    assert context["me"] is None
    assert context["hand"] == []
    assert context["prompt"] is None
    assert len(context["opponents"]) == 2


def test_identical_cards_offer_the_same_moves(user, other_user):
    game = rig(
        make_game(creator=user, players=[other_user]),
        "seats: 2\nturn: 0\n0 hand: Pass Go, Pass Go, 1M",
    )
    context = context_for(game, user)
    state = fresh(game).state()
    go = [e for e in context["hand"] if engine.DECK[e["id"]].name == "Pass Go"]
    assert len(go) == 2
    for entry in go:
        assert entry["choices"], "each copy can be played"
        for choice in entry["choices"]:
            move = json.loads(choice.move)
            assert move["card"] == entry["id"]
            engine.decide(state, engine.from_json(move), random.Random(0))


def test_moves_are_described_in_the_games_words(user, other_user):
    game = rig(
        make_game(creator=user, players=[other_user]),
        """
        seats: 2
        turn: 0
        0 hand: Red/Yellow Rent, Double the Rent, Sly Deal, Red/Yellow Wild
        0 sets: red[Kentucky Avenue, Indiana Avenue]
        1 sets: dark blue[Park Place]
        """,
    )
    context = context_for(game, user)
    labels = {c.label for entry in context["hand"] for c in entry["choices"]}
    assert "Charge 3M Red rent to everyone" in labels
    assert "Charge 6M Red rent to everyone, doubled" in labels
    assert "Take Park Place from Bea" in labels
    assert "Lay it on your Red set (2/3)" in labels
    assert "Lay it as Yellow" in labels
    assert "Bank it as 1M" in labels


def test_the_pay_prompt_lists_what_can_pay(user, other_user):
    game = rig(
        make_game(creator=user, players=[other_user]),
        """
        seats: 2
        turn: 0
        0 hand: Debt Collector
        1 bank: 1M, 3M
        1 sets: green[Pacific Avenue]
        1 loose: Multicolour Wild
        """,
    )
    state = game.state()
    debt = next(c for c in state.players[0].hand)
    services.move_submit(
        game_id=game.pk,
        user=user,
        move=engine.CollectDebt(seat=0, card=debt, target=1),
        version=game.version,
    )
    services.move_submit(
        game_id=game.pk,
        user=other_user,
        move=engine.Accept(seat=1),
        version=fresh(game).version,
    )
    prompt = context_for(fresh(game), other_user)["prompt"]
    assert prompt["kind"] == "pay"
    assert prompt["amount"] == 5
    payable = {engine.DECK[c].name for c in prompt["pay"]["cards"]}
    assert payable == {"1M", "3M", "Pacific Avenue"}
