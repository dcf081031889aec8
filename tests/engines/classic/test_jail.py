"""Jail: three ways out (RULES-CLASSIC.md "Jail")."""

from games.engines.classic import (
    AcceptOffer,
    Bid,
    Build,
    DeclineBuy,
    EndTurn,
    OfferTrade,
    PassBid,
    PayJailFine,
    Roll,
    UseJailCard,
    awaiting,
    legal_moves,
    scenario,
)

from .support import apply, cash, refused, where


def test_a_player_in_jail_decides_before_rolling():
    s = scenario("0 jail: 0\n0 cards: cc_jail_free")
    assert [a.kind for a in awaiting(s)] == ["jail"]
    assert {type(m).__name__ for m in legal_moves(s, 0)} >= {
        "Roll",
        "PayJailFine",
        "UseJailCard",
    }


def test_the_jail_decision_names_only_the_ways_out_the_player_has():
    def detail(text: str) -> str:
        return awaiting(scenario(text))[0].detail

    both = "0 jail: 0\n0 cards: cc_jail_free"
    assert detail(both) == "You are in jail: roll for doubles, pay $50 or use a card."
    assert detail("0 jail: 0") == "You are in jail: roll for doubles or pay $50."
    assert detail("0 jail: 0\n0 cash: 49") == "You are in jail: roll for doubles."


def test_using_a_card_returns_it_to_the_bottom_of_its_deck_and_the_turn_goes_on():
    s = apply(scenario("0 jail: 0\n0 cards: cc_jail_free"), UseJailCard(seat=0))
    assert not s.players[0].in_jail and s.chest[-1] == "cc_jail_free"
    s = apply(s, Roll(seat=0), dice=(5, 5))  # doubles roll again as usual
    assert where(s, 0) == 20 and [a.kind for a in awaiting(s)] == ["roll"]


def test_paying_50_leaves_jail_before_rolling():
    s = apply(scenario("0 jail: 1"), PayJailFine(seat=0))
    assert cash(s)[0] == 1450 and not s.players[0].in_jail
    refused(scenario("0 jail: 0\n0 cash: 40"), PayJailFine(seat=0), "raise cash")


def test_doubles_leave_jail_and_move_with_no_further_roll():
    s = apply(scenario("0 jail: 0"), Roll(seat=0), dice=(3, 3))
    assert not s.players[0].in_jail and where(s, 0) == 16
    assert s.for_sale == 16


def test_no_doubles_stays_in_jail_and_goes_to_the_end_of_the_turn():
    s = apply(scenario("0 jail: 0"), Roll(seat=0), dice=(1, 2))
    assert s.players[0].in_jail and s.players[0].jail_turns == 1
    assert [a.kind for a in awaiting(s)] == ["end"]
    s = apply(s, EndTurn(seat=0))
    assert s.active == 1


def test_a_third_failed_try_pays_50_and_moves_by_that_roll():
    s = apply(scenario("0 jail: 2"), Roll(seat=0), dice=(1, 2))
    assert not s.players[0].in_jail and where(s, 0) == 13 and cash(s)[0] == 1450


def test_a_third_failed_try_when_short_is_a_debt_then_the_move():
    s = scenario("0 jail: 2\n0 cash: 20\n0 owns: Reading Railroad")
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert [a.kind for a in awaiting(s)] == ["pay"] and where(s, 0) == 10
    from games.engines.classic import Mortgage

    s = apply(s, Mortgage(seat=0, space=5))
    assert where(s, 0) == 13 and cash(s)[0] == 70 and s.debts == ()


def test_a_player_in_jail_still_collects_rent_and_builds_on_their_turn():
    s = scenario("0 jail: 0\n0 owns: Boardwalk, Park Place")
    s = apply(s, Build(seat=0, space=39))
    assert s.levels[39] == 1


def test_going_to_jail_by_the_space_ends_the_turn_even_after_doubles():
    s = apply(scenario("0 at: 26"), Roll(seat=0), dice=(2, 2))
    assert s.players[0].in_jail and s.active == 1


def test_a_player_in_jail_still_collects_rent_bids_and_trades():
    s = scenario("seats: 3\n1 jail: 1\n1 owns: Boardwalk, Reading Railroad\n0 at: 36")
    s = apply(s, Roll(seat=0), dice=(1, 2))  # Boardwalk: rent 50 to seat 1 in jail
    assert cash(s)[:2] == [1450, 1550]
    s = scenario("seats: 3\n1 jail: 1\n0 at: 32")
    s = apply(s, Roll(seat=0), DeclineBuy(seat=0), dice=(1, 2))  # Short Line
    s = apply(s, PassBid(seat=0), Bid(seat=1, amounts=(120,)), PassBid(seat=2))
    assert s.owner[35] == 1 and s.players[1].in_jail
    s = apply(
        s,
        OfferTrade(seat=0, to=1, give_cash=150, get_deeds=(35,)),
        AcceptOffer(seat=1, offer=1),
    )
    assert s.owner[35] == 0 and cash(s)[:2] == [1350, 1530]
