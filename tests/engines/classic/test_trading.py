"""Trading (RULES-CLASSIC.md "Trading")."""

from games.engines.classic import (
    AcceptOffer,
    DeclineOffer,
    OfferTrade,
    Roll,
    WithdrawOffer,
    awaiting,
    default_move,
    scenario,
)

from .support import apply, cash, events_of, kinds, refused


def test_an_offer_may_be_made_on_anyones_turn_and_the_receiver_owes_an_answer():
    s = scenario("seats: 3\n2 owns: Boardwalk\nactive: 0")
    s = apply(s, OfferTrade(seat=1, to=2, give_cash=500, get_deeds=(39,)))
    assert [(a.seat, a.kind) for a in awaiting(s)] == [(0, "roll"), (2, "answer")]
    assert default_move(s, 2) == DeclineOffer(seat=2, offer=1)


def test_an_accepted_trade_moves_cash_deeds_and_cards_at_once():
    s = scenario("0 owns: Boardwalk\n1 cards: ch_jail_free")
    s = apply(
        s,
        OfferTrade(
            seat=0, to=1, give_deeds=(39,), get_cash=300, get_cards=("ch_jail_free",)
        ),
        AcceptOffer(seat=1, offer=1),
    )
    assert s.owner[39] == 1 and cash(s) == [1800, 1200]
    assert s.players[0].jail_cards == ("ch_jail_free",) and s.offers == ()


def test_declining_and_withdrawing_close_the_offer():
    s = apply(scenario("0 owns: Boardwalk"), OfferTrade(seat=0, to=1, give_deeds=(39,)))
    assert apply(s, DeclineOffer(seat=1, offer=1)).offers == ()
    assert apply(s, WithdrawOffer(seat=0, offer=1)).offers == ()
    refused(s, WithdrawOffer(seat=1, offer=1), "not yours")
    refused(s, AcceptOffer(seat=0, offer=1), "not addressed to you")


def test_one_open_offer_to_each_other_player():
    s = apply(scenario("0 owns: Boardwalk"), OfferTrade(seat=0, to=1, give_cash=1))
    refused(s, OfferTrade(seat=0, to=1, give_cash=2), "already have an open offer")


def test_a_deed_whose_group_has_buildings_cannot_be_traded():
    s = scenario("0 owns: Boardwalk +1, Park Place +1")
    refused(s, OfferTrade(seat=0, to=1, give_deeds=(37,)), "has buildings")


def test_only_cash_deeds_and_jail_cards_are_tradable():
    refused(scenario(""), OfferTrade(seat=0, to=1), "give or ask for something")
    s = scenario("0 cards: ch_jail_free")
    refused(s, OfferTrade(seat=0, to=1, give_cards=("ch_go",)), "Only Get Out")


def test_a_check_failing_at_acceptance_voids_the_offer():
    s = apply(
        scenario("0 owns: Boardwalk"),
        OfferTrade(seat=0, to=1, give_deeds=(39,), get_cash=1000),
    )
    s = apply(s, OfferTrade(seat=1, to=0, give_cash=600), AcceptOffer(seat=0, offer=2))
    events = events_of(s, AcceptOffer(seat=1, offer=1))
    assert kinds(events) == ["OfferVoided"]  # seat 1 has only 900 left
    assert apply(s, AcceptOffer(seat=1, offer=1)).owner[39] == 0


def test_no_trade_with_a_player_in_debt_the_offer_stays_open():
    s = scenario("0 cash: 10\n0 owns: Reading Railroad\n1 owns: Boardwalk\n0 at: 36")
    s = apply(s, OfferTrade(seat=1, to=0, give_cash=100))
    s = apply(s, Roll(seat=0), dice=(1, 2))
    refused(s, AcceptOffer(seat=0, offer=1), "the offer stays open")
    assert len(s.offers) == 1


def test_a_mortgaged_deed_received_is_lifted_or_kept_paying_ten_percent():
    table = "0 owns: Boardwalk (mortgaged), Park Place (mortgaged)"
    s = apply(
        scenario(table),
        OfferTrade(seat=0, to=1, give_deeds=(37, 39), lift=(39,)),
        AcceptOffer(seat=1, offer=1),
    )
    assert s.owner[39] == 1 and not s.mortgaged[39] and s.mortgaged[37]
    assert cash(s)[1] == 1500 - 220 - 18


def test_each_side_must_afford_its_cash_and_mortgage_costs():
    s = scenario("0 owns: Boardwalk (mortgaged)\n1 cash: 219")
    s = apply(s, OfferTrade(seat=0, to=1, give_deeds=(39,), lift=(39,)))
    assert kinds(events_of(s, AcceptOffer(seat=1, offer=1))) == ["OfferVoided"]


def test_a_counter_offer_is_a_decline_plus_a_new_offer():
    s = scenario("0 owns: Boardwalk\n1 owns: Park Place")
    s = apply(
        s,
        OfferTrade(seat=0, to=1, give_cash=100, get_deeds=(37,)),
        DeclineOffer(seat=1, offer=1),
        OfferTrade(seat=1, to=0, give_deeds=(37,), get_cash=300),
    )
    assert [(o.id, o.seat, o.to) for o in s.offers] == [(2, 1, 0)]
    s = apply(s, AcceptOffer(seat=0, offer=2))
    assert s.owner[37] == 0 and cash(s) == [1200, 1800]
