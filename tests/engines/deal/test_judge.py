"""The Deal judge of the reviews: win chances per seat, the expert's move on a
fixed budget, and the worth of moves on the same guesses."""

import random

import pytest

from games.engines.deal import (
    BankCard,
    DealBreaker,
    GameWon,
    PlayerResigned,
    evolve,
    scenario,
)
from games.engines.deal.bots import judge
from games.engines.deal.bots.evaluate import WIN_SCORE, score

from .support import held

BREAKER = """
    0 hand: Deal Breaker, 1M
    1 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue]
    1 sets: dark blue[Boardwalk, Park Place]
"""


def test_chances_are_each_seats_share_and_sum_to_one():
    state = scenario(BREAKER)
    chances = judge.chances(state)
    assert len(chances) == 2
    assert abs(sum(chances) - 1) < 1e-9
    # Bea's two sets, one full, outweigh Ann's Deal Breaker.
    assert chances[1] > chances[0] > 0
    # The score the expert plays by is the same chance on its own scale.
    for seat in (0, 1):
        assert score(state, seat) == pytest.approx(WIN_SCORE * (2 * chances[seat] - 1))


def test_a_seat_that_resigned_has_no_chance_and_a_finished_game_is_certain():
    state = scenario("seats: 3\n0 hand: 1M")
    state = evolve(state, PlayerResigned(seat=2))
    chances = judge.chances(state)
    assert chances[2] == 0.0 and abs(sum(chances) - 1) < 1e-9
    over = evolve(evolve(state, PlayerResigned(seat=1)), GameWon(seat=0))
    assert judge.chances(over) == (1.0, 0.0, 0.0)


def test_the_expert_takes_the_full_set_and_the_same_seed_gives_the_same_move():
    state = scenario(BREAKER)
    move = judge.choose(state, 0, random.Random(5), 8)
    assert isinstance(move, DealBreaker) and move.target == 1
    assert judge.choose(state, 0, random.Random(5), 8) == move


def test_weigh_finds_banking_the_deal_breaker_worse_than_playing_it():
    state = scenario(BREAKER)
    card = held(state, 0, "Deal Breaker")
    bank = BankCard(seat=0, card=card)
    take = DealBreaker(seat=0, card=card, target=1, set_index=0)
    banked, taken = judge.weigh(state, 0, [bank, take], random.Random(2), 8)
    assert 0.0 <= banked < taken <= 1.0
    assert taken - banked > 0.2
    assert judge.weigh(state, 0, [bank, take], random.Random(2), 8) == (banked, taken)
