"""What a deadline does for a silent seat (RULES-CLASSIC.md "Waiting for
players who do not answer"): the simplest answer to each decision owed."""

from games.engines.classic import (
    DeclineBuy,
    DeclineOffer,
    EndTurn,
    LiftMortgages,
    OfferTrade,
    PassBid,
    RaiseAndPay,
    Roll,
    awaiting,
    default_move,
    scenario,
)

from .support import apply, cash, where


def _by_default(s, dice=()):
    """Play the default move of the first seat owed a decision."""
    seat = awaiting(s)[0].seat
    return apply(s, default_move(s, seat), dice=dice)


def test_a_roll_owed_defaults_to_rolling_with_no_managing():
    s = scenario("")
    assert default_move(s, 0) == Roll(seat=0) and default_move(s, 1) is None
    s = _by_default(s, dice=(5, 5))  # doubles to Just Visiting: roll again
    assert default_move(s, 0) == Roll(seat=0)


def test_in_jail_the_default_rolls_for_doubles_using_no_card_and_paying_no_fine():
    s = scenario("0 jail: 0\n0 cards: ch_jail_free")
    assert default_move(s, 0) == Roll(seat=0)
    s = _by_default(s, dice=(1, 2))
    assert s.players[0].in_jail and s.players[0].jail_cards == ("ch_jail_free",)
    assert cash(s)[0] == 1500


def test_in_jail_on_the_third_try_the_default_roll_pays_the_fine_and_moves():
    s = _by_default(scenario("0 jail: 2"), dice=(1, 2))
    assert not s.players[0].in_jail and where(s, 0) == 13 and cash(s)[0] == 1450


def test_a_buy_decision_defaults_to_declining_and_the_auction_passes():
    s = apply(scenario("seats: 3\n0 at: 36"), Roll(seat=0), dice=(1, 2))
    assert default_move(s, 0) == DeclineBuy(seat=0)
    s = _by_default(s)
    assert s.auction.lots == (39,)
    assert [default_move(s, seat) for seat in range(3)] == [
        PassBid(seat=0),
        PassBid(seat=1),
        PassBid(seat=2),
    ]
    for _ in range(3):
        s = _by_default(s)
    assert s.auction is None and s.owner[39] is None


def test_a_debt_defaults_to_raising_money_in_the_set_order_then_paying():
    s = scenario("0 cash: 100\n0 owns: Reading Railroad, Baltic Avenue\n0 at: 1")
    s = apply(s, Roll(seat=0), dice=(1, 2))  # Income Tax
    assert default_move(s, 0) == RaiseAndPay(seat=0)
    s = _by_default(s)
    # Baltic (30) first, then Reading (100): 230 covers 200.
    assert s.debts == () and s.mortgaged[3] and s.mortgaged[5] and cash(s)[0] == 30


def test_a_trade_offer_defaults_to_declining():
    s = apply(scenario("seats: 3"), OfferTrade(seat=1, to=2, give_cash=10))
    assert default_move(s, 2) == DeclineOffer(seat=2, offer=1)
    assert default_move(s, 1) is None


def test_received_mortgages_default_to_keeping_them_paying_ten_percent():
    s = scenario(
        "seats: 3\n0 cash: 0\n0 owns: Reading Railroad (mortgaged)\n0 at: 36\n"
        "1 owns: Boardwalk"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # rent 50: bankrupt to seat 1
    assert default_move(s, 1) == LiftMortgages(seat=1, spaces=())
    s = _by_default(s)
    assert s.mortgaged[5] and s.owner[5] == 1 and cash(s)[1] == 1500 - 10


def test_an_end_of_turn_owed_defaults_to_ending_it():
    s = scenario("stage: end")
    assert default_move(s, 0) == EndTurn(seat=0)
    assert _by_default(s).active == 1


def test_the_game_over_owes_no_decision():
    from games.engines.classic import Resign

    s = apply(scenario(""), Resign(seat=1))
    assert default_move(s, 0) is None and default_move(s, 1) is None
