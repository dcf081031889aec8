"""Debts, raising money, bankruptcy and winning (RULES-CLASSIC.md)."""

from games.engines.classic import (
    Bid,
    LiftMortgages,
    Mortgage,
    OfferTrade,
    PassBid,
    RaiseAndPay,
    Resign,
    Roll,
    awaiting,
    legal_moves,
    net_worth,
    scenario,
    to_json,
    view,
)
from games.engines.classic.debts import raise_plan

from .support import apply, cash, events_of, kinds, refused


def test_a_payment_the_cash_does_not_cover_is_a_debt_that_pays_itself_once_raised():
    s = scenario("0 cash: 10\n0 owns: Reading Railroad\n1 owns: Boardwalk\n0 at: 36")
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert [(a.seat, a.kind, a.amount) for a in awaiting(s)] == [(0, "pay", 50)]
    refused(s, OfferTrade(seat=0, to=1, give_cash=5), "while you owe a debt")
    s = apply(s, Mortgage(seat=0, space=5))
    assert cash(s) == [60, 1550] and s.debts == ()


def test_a_debt_beyond_cash_and_everything_raisable_is_bankruptcy_at_once():
    s = scenario(
        "seats: 3\n0 cash: 10\n0 owns: Baltic Avenue (mortgaged), Reading Railroad"
        "\n0 cards: ch_jail_free\n1 owns: Boardwalk +1, Park Place +1\n0 at: 36"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # owes 200, could raise 110
    assert s.players[0].out and s.debts == ()
    assert cash(s)[1] == 1510 and s.owner[5] == 1 and s.owner[3] == 1
    assert s.players[1].jail_cards == ("ch_jail_free",)
    # The creditor decides each received mortgaged deed: lift or keep (10%).
    assert [(a.seat, a.kind) for a in awaiting(s)] == [(1, "mortgages")]
    s = apply(s, LiftMortgages(seat=1, spaces=()))
    assert s.mortgaged[3] and cash(s)[1] == 1510 - 3 and s.active == 1


def test_bankruptcy_to_a_player_sells_the_buildings_to_the_bank_first():
    s = scenario(
        "seats: 3\n0 cash: 0\n0 owns: Baltic Avenue +1, Mediterranean Avenue +1"
        "\n1 owns: Boardwalk +hotel, Park Place +hotel\n0 at: 36"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert s.players[0].out and s.levels[1] == s.levels[3] == 0
    assert cash(s)[1] == 1500 + 50  # the 2 houses sold at half the house cost
    assert s.owner[1] == s.owner[3] == 1


def test_bankruptcy_to_the_bank_auctions_every_deed_in_one_sealed_round():
    s = scenario(
        "seats: 3\n0 cash: 0\n0 owns: Baltic Avenue (mortgaged), "
        "Reading Railroad (mortgaged)\n0 at: 1\n0 cards: cc_jail_free"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # Income Tax
    assert s.players[0].out and s.auction.lots == (3, 5)
    assert not s.mortgaged[3] and s.chest[-1] == "cc_jail_free"
    s = apply(
        s,
        Bid(seat=2, amounts=(50, 150)),
        Bid(seat=1, amounts=(50, 140)),
    )
    # Ties go in seat order from the seat after the bankrupt's: 1 first.
    assert s.owner[3] == 1 and s.owner[5] == 2 and s.active == 1


def test_chairman_bankruptcy_shares_the_cash_equally_the_rest_to_the_bank():
    s = scenario(
        "seats: 4\n0 cash: 101\n0 owns: Baltic Avenue\n0 at: 4\nchance: ch_chairman"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # owes 150, has 101 + 30
    assert s.players[0].out and cash(s) == [0, 1533, 1533, 1533]
    assert s.auction.lots == (3,)


def test_birthday_debtors_pay_one_at_a_time_in_seat_order():
    s = scenario(
        "seats: 3\n0 at: 39\nchest: cc_birthday\n1 cash: 5\n1 owns: Baltic Avenue"
        "\n2 cash: 0\n2 owns: Oriental Avenue"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert [a.seat for a in awaiting(s) if a.kind == "pay"] == [1]
    s = apply(s, Mortgage(seat=1, space=3))
    assert [a.seat for a in awaiting(s) if a.kind == "pay"] == [2]
    s = apply(s, Mortgage(seat=2, space=6))
    assert cash(s) == [1720, 25, 40] and s.debts == ()


def test_resigning_in_debt_is_bankruptcy_to_the_creditor_and_the_game_goes_on():
    s = scenario(
        "seats: 3\n0 cash: 10\n0 owns: Reading Railroad\n1 owns: Boardwalk\n0 at: 36"
    )
    s = apply(
        s,
        Roll(seat=0),
        dice=(1, 2),
    )
    s = apply(s, Resign(seat=0))
    assert s.players[0].out and s.owner[5] == 1 and not s.over and s.active == 1


def test_the_last_player_not_bankrupt_wins():
    s = apply(scenario(""), Resign(seat=1))
    assert s.over and s.winners == (0,) and s.end_reason == "last player"


def test_net_worth_counts_cash_deeds_half_if_mortgaged_and_buildings():
    s = scenario(
        "0 cash: 100\n"
        "0 owns: Boardwalk +hotel, Park Place +4, Reading Railroad (mortgaged)"
    )
    assert net_worth(s, 0) == 100 + 400 + 1000 + 350 + 800 + 100
    # A Get Out of Jail Free card counts $0.
    with_card = scenario(
        "0 cash: 100\n0 cards: ch_jail_free\n"
        "0 owns: Boardwalk +hotel, Park Place +4, Reading Railroad (mortgaged)"
    )
    assert net_worth(with_card, 0) == net_worth(s, 0)


def test_the_turn_limit_ends_the_game_and_the_highest_net_worth_wins():
    s = scenario(
        "options: turn_limit=3\nround: 3\nstage: end\nactive: 1\n0 owns: Boardwalk"
    )
    from games.engines.classic import EndTurn

    s = apply(s, EndTurn(seat=1))
    assert s.over and s.winners == (0,) and s.end_reason == "turn limit"


def test_a_tie_in_net_worth_goes_to_more_cash_else_the_win_is_shared():
    from games.engines.classic import EndTurn

    s = scenario("options: turn_limit=1\nstage: end\nactive: 1")
    s = apply(s, EndTurn(seat=1))
    assert s.winners == (0, 1)
    s = scenario(
        "options: turn_limit=1\nstage: end\nactive: 1\n0 cash: 1300\n"
        "0 owns: Reading Railroad"
    )
    assert apply(s, EndTurn(seat=1)).winners == (1,)


def test_house_rule_short_game_ends_at_the_first_bankruptcy():
    s = scenario("seats: 3\noptions: short_game\n1 cash: 2000")
    s = apply(s, Resign(seat=0))
    assert s.over and s.winners == (1,) and s.end_reason == "short game"


def test_an_auction_bidder_passing_after_a_resignation_closes_it():
    s = scenario("seats: 3\n0 at: 36")
    from games.engines.classic import DeclineBuy

    s = apply(s, Roll(seat=0), DeclineBuy(seat=0), dice=(1, 2))
    s = apply(s, PassBid(seat=0), Bid(seat=1, amounts=(10,)), Resign(seat=2))
    assert s.auction is None and s.owner[39] == 1


# Bankruptcy while an auction is open (only a resignation can cause one: no debt
# is open during an auction, and resigning with none is bankruptcy to the bank).


def _auction_of_boardwalk(extra: str = ""):
    """Seat 0 reaches Boardwalk (39) from 36 and declines it: an auction opens."""
    from games.engines.classic import DeclineBuy

    s = scenario("seats: 3\n0 at: 36\n" + extra)
    return apply(s, Roll(seat=0), DeclineBuy(seat=0), dice=(1, 2))


def test_a_bidder_who_resigns_after_bidding_has_the_bid_voided_and_deeds_go_unsold():
    s = _auction_of_boardwalk("2 owns: Reading Railroad (mortgaged)")
    s = apply(s, Bid(seat=1, amounts=(300,)), Bid(seat=2, amounts=(350,)))
    s = apply(s, Resign(seat=2))
    # The resigner's deed goes back to the bank, mortgage cancelled, with no
    # second auction; their sealed bid is gone with them.
    assert s.players[2].out and s.owner[5] is None and not s.mortgaged[5]
    assert s.auction.lots == (39,) and [b.seat for b in s.auction.bids] == [1]
    s = apply(s, PassBid(seat=0))
    assert s.auction is None and s.owner[39] == 1 and cash(s)[1] == 1200
    # The deed returned to the bank is offered again to the next lander.
    from games.engines.classic import EndTurn

    s = apply(s, EndTurn(seat=0), Roll(seat=1), dice=(2, 3))
    assert s.for_sale == 5


def test_the_player_who_declined_resigning_leaves_the_auction_to_the_others():
    s = _auction_of_boardwalk("0 owns: Baltic Avenue")
    s = apply(s, Resign(seat=0))
    assert s.owner[3] is None and s.auction.bidders == (1, 2)
    s = apply(s, Bid(seat=2, amounts=(100,)), Bid(seat=1, amounts=(100,)))
    # The tie still goes in seat order from the player who declined (seat 0),
    # and once the auction closes the next seat's turn starts.
    assert s.owner[39] == 1 and s.owner[3] is None
    assert s.active == 1 and [(a.seat, a.kind) for a in awaiting(s)] == [(1, "roll")]


def test_a_resignation_leaving_one_player_ends_the_game_during_an_auction():
    from games.engines.classic import DeclineBuy

    s = scenario("0 at: 36")
    s = apply(s, Roll(seat=0), DeclineBuy(seat=0), dice=(1, 2))
    s = apply(s, Resign(seat=1))
    assert s.over and s.winners == (0,) and s.owner[39] is None
    assert awaiting(s) == ()
    refused(s, PassBid(seat=0), "The game is over.")


def test_resigning_while_owing_nothing_is_bankruptcy_to_the_bank():
    s = scenario("seats: 3\n1 cash: 700\n1 owns: Boardwalk, Reading Railroad")
    s = apply(s, Resign(seat=1))
    assert s.players[1].out and cash(s) == [1500, 0, 1500]
    assert s.auction.lots == (5, 39) and s.auction.first == 2


def test_a_bankruptcy_auction_skips_a_bid_its_bidder_can_no_longer_pay():
    s = scenario(
        "seats: 3\n0 cash: 0\n0 owns: Baltic Avenue (mortgaged), "
        "Reading Railroad (mortgaged)\n0 at: 1\n1 cash: 100"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # Income Tax: bankrupt to the bank
    s = apply(s, Bid(seat=1, amounts=(60, 100)), Bid(seat=2, amounts=(0, 50)))
    # Seat 1 wins Baltic for 60 and can no longer pay 100 for Reading.
    assert s.owner[3] == 1 and s.owner[5] == 2 and cash(s)[1:] == [40, 1450]


def test_interest_the_creditor_cannot_pay_on_received_mortgages_is_a_debt():
    s = scenario(
        "seats: 3\n0 cash: 0\n0 owns: Baltic Avenue (mortgaged), Mediterranean "
        "Avenue (mortgaged)\n0 at: 36\n1 cash: 0\n1 owns: Boardwalk"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # rent 50: bankrupt to seat 1
    s = apply(s, LiftMortgages(seat=1, spaces=()))  # keep both: 3 + 3 interest
    assert [(a.seat, a.kind, a.amount, a.to) for a in awaiting(s)] == [
        (1, "pay", 6, ())
    ]
    s = apply(s, Mortgage(seat=1, space=39))
    assert s.debts == () and cash(s)[1] == 200 - 6 and s.mortgaged[1]


BROWNS_BUILT = "0 cash: 0\n0 owns: Baltic Avenue +1, Mediterranean Avenue +1"


def test_bankruptcy_to_the_bank_returns_buildings_to_the_stock_unpaid():
    s = scenario(f"seats: 3\n{BROWNS_BUILT}\n0 at: 1")
    events = events_of(s, Roll(seat=0), dice=(1, 2))  # Income Tax 200 > 110
    assert "BuildingsReturned" in kinds(events) and "BuildingsSold" not in kinds(events)
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert s.players[0].out and s.houses == 32 and s.levels[1] == s.levels[3] == 0
    assert cash(s) == [0, 1500, 1500] and s.auction.lots == (1, 3)


def test_bankruptcy_to_several_players_sells_the_buildings_then_shares_the_cash():
    s = scenario(f"seats: 4\n{BROWNS_BUILT}\n0 at: 4\nchance: ch_chairman")
    s = apply(s, Roll(seat=0), dice=(1, 2))  # owes 150, could raise 110
    # The 2 houses sell for 50: 16 each, the odd 2 dollars to the bank.
    assert s.players[0].out and cash(s) == [0, 1516, 1516, 1516]
    assert s.houses == 32 and s.auction.lots == (1, 3)


def test_a_later_debtor_may_raise_money_before_their_debt_is_settled():
    s = scenario(
        "seats: 3\n0 at: 39\nchest: cc_birthday\n1 cash: 5\n1 owns: Baltic Avenue"
        "\n2 cash: 0\n2 owns: Oriental Avenue"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert RaiseAndPay(seat=2) in legal_moves(s, 2)
    s = apply(s, RaiseAndPay(seat=2))
    # Seat 2 raised its money, and pays only after seat 1, in seat order.
    assert s.mortgaged[6] and [d.seat for d in s.debts] == [1, 2]
    s = apply(s, RaiseAndPay(seat=1))
    assert s.debts == () and cash(s) == [1720, 25, 40]


def _turns_until_the_end(s, resign_at_turn: int | None = None):
    """Play default moves (dice always 1 + 2) to the end; the seats whose turn
    started, in order. The seat starting turn `resign_at_turn` resigns at once."""
    from games.engines.classic import TurnStarted, decide, default_move, evolve

    from .support import Dice

    started = [s.active]
    while not s.over:
        if resign_at_turn == len(started):
            move, resign_at_turn = Resign(seat=s.active), None
        else:
            move = default_move(s, awaiting(s)[0].seat)
        for e in decide(s, move, Dice(*(1, 2) * 4)):
            s = evolve(s, e)
            if isinstance(e, TurnStarted):
                started.append(e.seat)
    return started, s


def test_a_round_is_one_turn_for_every_player_still_in_from_the_first_seat():
    table = "seats: 3\noptions: turn_limit=2, no_auctions\nactive: 1\nfirst: 1"
    started, s = _turns_until_the_end(scenario(table))
    assert started == [1, 2, 0, 1, 2, 0] and s.end_reason == "turn limit"
    # A player going out does not shorten the round in which they left.
    started, s = _turns_until_the_end(scenario(table), resign_at_turn=2)
    assert started == [1, 2, 0, 1, 0] and s.end_reason == "turn limit"


def test_unsold_bankruptcy_lots_stay_with_the_bank():
    s = apply(scenario("seats: 3\n1 owns: Boardwalk, Baltic Avenue"), Resign(seat=1))
    s = apply(s, Bid(seat=0, amounts=(0, 300)), PassBid(seat=2))
    assert s.auction is None and s.owner[3] is None and s.owner[39] == 0


def test_the_raise_plan_is_what_raise_and_pay_sells_and_mortgages_in_order():
    s = scenario(
        "0 cash: 10\n0 owns: Boardwalk +2, Park Place +2, Water Works\n"
        "1 owns: Reading Railroad\n0 at: 2"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # $25 rent
    plan = raise_plan(s, 0)
    assert kinds(plan) == ["PropertyMortgaged"] and plan[0].space == 28
    assert events_of(s, RaiseAndPay(seat=0))[: len(plan)] == plan
    assert raise_plan(s, 1) == []
    assert view(s, 0)["raise_plan"] == [to_json(plan[0])]
    assert view(s, 1)["raise_plan"] == []
