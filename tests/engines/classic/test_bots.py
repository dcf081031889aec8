"""The bots: moves the engine accepts, read from what their seat may see only,
and the sensible bot playing as the issue describes it."""

import random

import pytest

from bench.classic import play
from games.engines.classic import (
    AcceptOffer,
    Bid,
    Build,
    Buy,
    DeclineBuy,
    DeclineOffer,
    OfferTrade,
    Options,
    Roll,
    awaiting,
    decide,
    evolve,
    replay,
    scenario,
    setup,
)
from games.engines.classic.bots import BOTS, random_bot, sensible_bot
from games.engines.classic.state import replace

from .support import apply


def _hidden_changed(state, seat):
    """The same table with all that `seat` may not see changed: both decks'
    order, other seats' sealed bids, offers between other players."""
    auction = state.auction
    if auction is not None:
        bids = tuple(
            b if b.seat == seat else replace(b, amounts=tuple(a + 7 for a in b.amounts))
            for b in auction.bids
        )
        auction = replace(auction, bids=bids)
    return replace(
        state,
        chance=state.chance[::-1],
        chest=state.chest[::-1],
        auction=auction,
        offers=tuple(o for o in state.offers if seat in (o.seat, o.to)),
    )


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_plays_the_same_whatever_its_seat_may_not_see(name):
    bot = BOTS[name]
    for seed in range(3):
        rng = random.Random(seed)
        state = replay(setup(3, Options(turn_limit=12), rng))
        while not state.over:
            entry = rng.choice(awaiting(state))
            draw = rng.random()
            move = bot(state, entry.seat, random.Random(draw))
            hidden = _hidden_changed(state, entry.seat)
            assert bot(hidden, entry.seat, random.Random(draw)) == move
            for event in decide(state, move, rng):  # raises if not accepted
                state = evolve(state, event)


def test_the_sensible_bot_beats_random_bots():
    wins = 0
    for seed in range(8):
        seats = 2 + seed % 3
        bots = [sensible_bot] + [random_bot] * (seats - 1)
        game = play(bots, seed, Options(turn_limit=100))
        wins += 0 in game.state.winners
    assert wins >= 7


def _offered(extra: str):
    """Seat 0 reaches Boardwalk (price 400) from 36."""
    s = scenario(f"seats: 3\n0 at: 36\n{extra}")
    return apply(s, Roll(seat=0), dice=(1, 2))


def test_the_sensible_bot_buys_what_completes_or_blocks_a_group_despite_its_reserve():
    rng = random.Random(0)
    assert sensible_bot(_offered("0 cash: 450"), 0, rng) == DeclineBuy(seat=0)
    s = _offered("0 cash: 450\n0 owns: Park Place")
    assert sensible_bot(s, 0, rng) == Buy(seat=0)
    s = _offered("0 cash: 450\n1 owns: Park Place")
    assert sensible_bot(s, 0, rng) == Buy(seat=0)
    assert sensible_bot(_offered("0 cash: 1500"), 0, rng) == Buy(seat=0)


def test_the_sensible_bot_bids_up_to_a_value_keeping_a_reserve():
    s = apply(_offered("0 owns: Park Place"), DeclineBuy(seat=0))
    rng = random.Random(0)
    assert sensible_bot(s, 0, rng) == Bid(seat=0, amounts=(640,))  # 0.8 x 2 x 400
    assert sensible_bot(s, 1, rng) == Bid(seat=1, amounts=(480,))  # blocks seat 0
    s = apply(_offered("0 owns: Park Place\n2 cash: 200"), DeclineBuy(seat=0))
    assert sensible_bot(s, 2, rng) == Bid(seat=2, amounts=(50,))  # cash less 150


def test_the_sensible_bot_builds_only_with_a_reserve_left():
    s = scenario("0 owns: Boardwalk, Park Place")
    assert isinstance(sensible_bot(s, 0, random.Random(0)), Build)
    s = scenario("0 cash: 450\n0 owns: Boardwalk, Park Place")
    assert sensible_bot(s, 0, random.Random(0)) == Roll(seat=0)


def test_the_sensible_bot_accepts_trades_that_help_it_more_than_the_other():
    s = scenario(
        "seats: 3\n0 owns: Mediterranean Avenue, Boardwalk\n1 owns: Park Place"
    )
    fair = apply(s, OfferTrade(seat=1, to=0, give_cash=500, get_deeds=(1,)))
    assert sensible_bot(fair, 0, random.Random(0)) == AcceptOffer(seat=0, offer=1)
    # 450 for Boardwalk completes seat 1's dark blues: worth more to them.
    lopsided = apply(s, OfferTrade(seat=1, to=0, give_cash=450, get_deeds=(39,)))
    assert sensible_bot(lopsided, 0, random.Random(0)) == DeclineOffer(seat=0, offer=1)
