"""Debts, raising money, bankruptcy and winning (RULES-CLASSIC.md)."""

from games.engines.classic import (
    Bid,
    LiftMortgages,
    Mortgage,
    OfferTrade,
    PassBid,
    Resign,
    Roll,
    awaiting,
    net_worth,
    scenario,
)

from .support import apply, cash, refused


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
