"""Buying and sealed-bid auctions (RULES-CLASSIC.md "Buying and auctions")."""

from games.engines.classic import (
    AcceptOffer,
    Bid,
    Build,
    Buy,
    DeclineBuy,
    DeclineOffer,
    EndTurn,
    Mortgage,
    OfferTrade,
    PassBid,
    Roll,
    awaiting,
    scenario,
)

from .support import apply, cash, events_of, refused


def _offered(extra: str = ""):
    """Seat 0 reaches Boardwalk (39) from 36 with a 1+2."""
    s = scenario("seats: 3\n0 at: 36\n" + extra)
    return apply(s, Roll(seat=0), dice=(1, 2))


def test_an_unowned_property_is_offered_at_its_price():
    s = _offered()
    assert s.for_sale == 39
    s = apply(s, Buy(seat=0))
    assert s.owner[39] == 0 and cash(s)[0] == 1100
    assert [a.kind for a in awaiting(s)] == ["end"]


def test_a_player_who_is_short_must_raise_cash_or_decline():
    s = _offered("0 cash: 300\n0 owns: Reading Railroad")
    refused(s, Buy(seat=0), "raise cash first")
    refused(s, EndTurn(seat=0), "First buy or decline Boardwalk")
    s = apply(s, Mortgage(seat=0, space=5), Buy(seat=0))
    assert s.owner[39] == 0 and cash(s)[0] == 0


def test_declining_starts_a_sealed_bid_auction_among_everyone_still_in():
    s = apply(_offered("2 out"), DeclineBuy(seat=0))
    assert s.auction.lots == (39,) and s.auction.bidders == (0, 1)
    assert sorted(a.seat for a in awaiting(s) if a.kind == "bid") == [0, 1]


def test_the_highest_bid_wins_and_pays_the_bank():
    s = apply(_offered(), DeclineBuy(seat=0))
    s = apply(
        s,
        Bid(seat=1, amounts=(150,)),
        Bid(seat=2, amounts=(220,)),
        PassBid(seat=0),
    )
    assert s.owner[39] == 2 and cash(s) == [1500, 1500, 1280]
    assert s.auction is None and [a.kind for a in awaiting(s)] == ["end"]


def test_a_tie_goes_to_the_first_in_seat_order_from_the_player_who_declined():
    s = scenario("seats: 3\nactive: 1\n1 at: 36")
    s = apply(s, Roll(seat=1), DeclineBuy(seat=1), dice=(1, 2))
    s = apply(
        s, Bid(seat=0, amounts=(200,)), Bid(seat=2, amounts=(200,)), PassBid(seat=1)
    )
    assert s.owner[39] == 2  # seat order from 1: 1, 2, 0


def test_bids_are_whole_dollars_from_1_up_to_the_bidders_cash():
    s = apply(_offered("1 cash: 100"), DeclineBuy(seat=0))
    refused(s, Bid(seat=1, amounts=(101,)), "more than your cash")
    refused(s, Bid(seat=1, amounts=(0,)), "at least $1")
    refused(s, Bid(seat=1, amounts=(50, 50)), "one amount for each lot")


def test_a_bid_cannot_be_changed():
    s = apply(_offered(), DeclineBuy(seat=0), Bid(seat=1, amounts=(10,)))
    refused(s, Bid(seat=1, amounts=(20,)), "already bid")


def test_a_bid_above_the_bidders_cash_at_closing_is_void_and_the_next_counts():
    s = apply(_offered("1 cash: 300"), DeclineBuy(seat=0))
    s = apply(s, Bid(seat=1, amounts=(300,)), Bid(seat=2, amounts=(100,)))
    # A trade empties seat 1's cash before the auction closes.
    from games.engines.classic import AcceptOffer, OfferTrade

    s = apply(
        s,
        OfferTrade(seat=1, to=0, give_cash=250),
        AcceptOffer(seat=0, offer=1),
        PassBid(seat=0),
    )
    assert s.owner[39] == 2 and cash(s)[2] == 1400


def test_with_no_bids_the_property_stays_with_the_bank_for_the_next_lander():
    s = apply(_offered(), DeclineBuy(seat=0))
    s = apply(s, PassBid(seat=0), PassBid(seat=1), PassBid(seat=2))
    assert s.owner[39] is None and s.auction is None


def test_nothing_else_happens_while_an_auction_is_open():
    s = apply(_offered(), DeclineBuy(seat=0))
    refused(s, EndTurn(seat=0), "Wait until the auction closes.")


def test_sealed_bids_are_recorded_in_the_closing_event_for_everyone():
    s = apply(_offered(), DeclineBuy(seat=0), Bid(seat=1, amounts=(5,)))
    s = apply(s, PassBid(seat=2))
    (closed,) = [e for e in events_of(s, PassBid(seat=0)) if hasattr(e, "sales")]
    assert [(b.seat, b.amounts) for b in closed.bids] == [(1, (5,))]


def test_house_rule_no_auctions_leaves_a_declined_property_with_the_bank():
    s = apply(_offered("options: no_auctions"), DeclineBuy(seat=0))
    assert s.auction is None and s.owner[39] is None
    assert [a.kind for a in awaiting(s)] == ["end"]


def test_a_bidder_may_raise_cash_before_bidding_not_after():
    s = apply(
        _offered("1 cash: 0\n1 owns: Reading Railroad, Baltic Avenue"),
        DeclineBuy(seat=0),
    )
    s = apply(s, Mortgage(seat=1, space=5), Bid(seat=1, amounts=(100,)))
    refused(s, Mortgage(seat=1, space=3), "cannot sell or mortgage now")
    # Nobody else raises cash during an auction unless they are a bidder.
    refused(s, Mortgage(seat=0, space=5), "You do not own")


def test_trades_go_on_while_an_auction_is_open_but_building_waits():
    s = apply(
        _offered("0 owns: Oriental Avenue, Vermont Avenue\n1 owns: Connecticut Avenue"),
        DeclineBuy(seat=0),
    )
    s = apply(
        s,
        OfferTrade(seat=2, to=0, give_deeds=(), give_cash=10, get_cash=0),
        DeclineOffer(seat=0, offer=1),
        OfferTrade(seat=1, to=0, give_deeds=(9,), get_cash=150),
        AcceptOffer(seat=0, offer=2),
    )
    assert s.owner[9] == 0 and s.auction is not None
    refused(s, Build(seat=0, space=9), "own turn, between rolls")


def test_after_a_purchase_or_an_auction_the_turn_goes_on():
    s = scenario("seats: 3\n0 at: 33")
    s = apply(s, Roll(seat=0), Buy(seat=0), dice=(3, 3))  # doubles to 39
    assert [a.kind for a in awaiting(s)] == ["roll"]
    s = scenario("seats: 3\n0 at: 33")
    s = apply(s, Roll(seat=0), DeclineBuy(seat=0), dice=(3, 3))
    s = apply(s, PassBid(seat=0), PassBid(seat=1), PassBid(seat=2))
    assert s.owner[39] is None and [a.kind for a in awaiting(s)] == ["roll"]
