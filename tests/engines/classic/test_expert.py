"""The classic expert: legal moves at every decision, never reading what its
seat may not see, thinking within its budget, and choosing well where the
choice is plain."""

import itertools
import random

import pytest

from bench.classic import play
from games.engines.classic import (
    Buy,
    IllegalMove,
    OfferTrade,
    Options,
    PassBid,
    Roll,
    awaiting,
    decide,
    evolve,
    replay,
    scenario,
    setup,
)
from games.engines.classic.bots import ALL_BOTS, bot_move, sensible_bot
from games.engines.classic.bots.expert import Style, candidates, think
from games.engines.classic.bots.hidden import guess
from games.engines.classic.state import SealedBid, replace

from .support import apply

QUICK = 2  # guesses a decision: the tests check what the expert reads, not its play


def _hidden_changed(state, seat):
    """The same table with all that `seat` may not see changed: both decks'
    order, the other seats' sealed bids (and a pass for a bid), offers
    between other players."""
    auction = state.auction
    if auction is not None:
        bids = tuple(
            b if b.seat == seat else replace(b, amounts=tuple(a + 7 for a in b.amounts))
            for b in auction.bids[1:]
        )
        if auction.bids and auction.bids[0].seat == seat:
            bids = (auction.bids[0], *bids)
        auction = replace(auction, bids=bids)
    rng = random.Random(len(state.chance))
    chance, chest = list(state.chance), list(state.chest)
    rng.shuffle(chance)
    rng.shuffle(chest)
    return replace(
        state,
        chance=tuple(chance),
        chest=tuple(chest),
        auction=auction,
        offers=tuple(o for o in state.offers if seat in (o.seat, o.to)),
    )


@pytest.mark.parametrize("seed", range(3))
def test_the_expert_moves_the_same_whatever_its_seat_may_not_see(seed):
    rng = random.Random(seed)
    state = replay(setup(3, Options(turn_limit=8), rng))
    checked = bids = 0
    for decision in itertools.count():
        if state.over:
            break
        entry = rng.choice(awaiting(state))
        if entry.kind == "bid" or decision % 7 == 0:
            draw = rng.getrandbits(32)
            move = think(state, entry.seat, random.Random(draw), iterations=QUICK)[0]
            hidden = _hidden_changed(state, entry.seat)
            assert (
                think(hidden, entry.seat, random.Random(draw), iterations=QUICK)[0]
                == move
            )
            checked += 1
            bids += entry.kind == "bid"
        else:
            move = sensible_bot(state, entry.seat, rng)
        for event in decide(state, move, rng):  # raises if not accepted
            state = evolve(state, event)
    assert checked > 10
    assert bids, "no auction was checked"


def test_a_guess_keeps_the_public_table_and_the_seats_own_bid():
    s = scenario("seats: 3\n0 at: 36\n1 owns: Park Place")
    s = apply(s, Roll(seat=0), dice=(1, 2))
    from games.engines.classic import Bid, DeclineBuy

    s = apply(
        s, DeclineBuy(seat=0), Bid(seat=1, amounts=(300,)), Bid(seat=0, amounts=(420,))
    )
    world = guess(s, 0, random.Random(5))
    assert world.owner == s.owner and world.players == s.players
    assert sorted(world.chance) == sorted(s.chance)
    assert sorted(world.chest) == sorted(s.chest)
    mine = [b for b in world.auction.bids if b.seat == 0]
    assert mine == [SealedBid(seat=0, amounts=(420,))]
    # Seat 1's bid is the sensible bot's guess, not the 300 it made.
    theirs = [b for b in world.auction.bids if b.seat == 1]
    assert theirs and theirs[0].amounts != (300,)


def test_the_expert_plays_a_whole_game_of_legal_moves():
    expert = lambda state, seat, rng: think(state, seat, rng, iterations=QUICK)[0]  # noqa: E731
    game = play([expert, sensible_bot], 3, Options(turn_limit=10))
    assert game.state.over and not game.capped


def test_a_roll_with_nothing_to_manage_is_answered_at_once():
    s = scenario("seats: 2")
    move, info = think(s, 0, random.Random(0), iterations=50)
    assert move == Roll(seat=0) and info == {"iterations": 0, "trivial": True}


def test_it_thinks_for_the_seconds_its_clock_gives():
    ticks = itertools.count()
    clock = lambda: next(ticks) * 0.01  # noqa: E731  (each reading: 10 ms later)
    s = scenario("0 owns: Boardwalk, Park Place")  # build or roll
    _, info = think(s, 0, random.Random(0), seconds=0.5, clock=clock)
    assert 1 <= info["iterations"] < 50
    assert not info["trivial"]


def test_a_seat_that_owes_nothing_is_refused():
    with pytest.raises(IllegalMove):
        think(scenario("seats: 2"), 1, random.Random(0), iterations=QUICK)


def test_its_candidates_cover_every_kind_of_decision():
    bid = apply(scenario("seats: 3\n0 at: 36"), Roll(seat=0), dice=(1, 2))
    assert Buy(seat=0) in candidates(bid, 0, random.Random(0))
    from games.engines.classic import DeclineBuy

    auction = apply(bid, DeclineBuy(seat=0))
    options = candidates(auction, 1, random.Random(0))
    assert PassBid(seat=1) in options and len(options) >= 3
    trade = scenario("0 owns: Boardwalk\n1 owns: Park Place")
    assert any(
        isinstance(m, OfferTrade) for m in candidates(trade, 0, random.Random(0))
    )
    assert not any(
        isinstance(m, OfferTrade)
        for m in candidates(trade, 0, random.Random(0), Style(trades=0))
    )


def test_it_takes_the_deed_that_completes_its_group():
    s = apply(
        scenario("seats: 2\n0 at: 36\n0 owns: Park Place"), Roll(seat=0), dice=(1, 2)
    )
    assert think(s, 0, random.Random(1), iterations=24)[0] == Buy(seat=0)


def test_the_site_entry_point_names_the_expert():
    assert "expert" in ALL_BOTS
    s = scenario("0 owns: Boardwalk, Park Place")
    move = bot_move(s, 0, "expert", random.Random(0), seconds=0.0, clock=lambda: 0.0)
    assert move in candidates(s, 0, random.Random(0))


def test_the_judge_weighs_moves_on_the_same_guesses_and_chooses_as_the_expert():
    from games.engines.classic.bots import judge

    s = apply(
        scenario("seats: 2\n0 at: 36\n0 owns: Park Place"), Roll(seat=0), dice=(1, 2)
    )
    from games.engines.classic import DeclineBuy

    buy, decline = judge.weigh(
        s, 0, [Buy(seat=0), DeclineBuy(seat=0)], random.Random(3), 12
    )
    assert 0.0 <= decline < buy <= 1.0
    again = judge.weigh(s, 0, [Buy(seat=0), DeclineBuy(seat=0)], random.Random(3), 12)
    assert again == (buy, decline)
    assert judge.choose(s, 0, random.Random(1), 24) == Buy(seat=0)
    assert sum(judge.chances(s)) == pytest.approx(1.0)
