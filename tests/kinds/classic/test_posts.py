"""moves_from_post and move_from_post: each move kind from its form, and
forged or malformed forms refused with a sentence a player can read."""

import pytest

from django.http import QueryDict

from games.engines.classic import (
    AcceptOffer,
    Bid,
    Build,
    Buy,
    ClaimRent,
    DeclineBuy,
    DeclineOffer,
    EndTurn,
    IllegalMove,
    LiftMortgages,
    Mortgage,
    OfferTrade,
    PassBid,
    PayJailFine,
    RaiseAndPay,
    Resign,
    Roll,
    SellBuildings,
    Unmortgage,
    UseJailCard,
    WithdrawOffer,
    view,
)
from games.kinds.classic import move_from_post, moves_from_post

from . import positions


def post(**fields) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        for v in value if isinstance(value, list) else [value]:
            data.appendlist(name, str(v))
    return data


@pytest.fixture
def roll_view():
    return view(positions.roll(), 0)


@pytest.mark.parametrize(
    ("action", "move"),
    [
        ("roll", Roll(seat=0)),
        ("pay_fine", PayJailFine(seat=0)),
        ("use_card", UseJailCard(seat=0)),
        ("buy", Buy(seat=0)),
        ("decline_buy", DeclineBuy(seat=0)),
        ("pass_bid", PassBid(seat=0)),
        ("raise_and_pay", RaiseAndPay(seat=0)),
        ("end_turn", EndTurn(seat=0)),
        ("resign", Resign(seat=0)),
    ],
)
def test_a_plain_action_is_its_move(roll_view, action, move):
    assert move_from_post(post(action=action), roll_view, 0) == move


@pytest.mark.parametrize(
    ("action", "kind"),
    [
        ("build", Build),
        ("mortgage", Mortgage),
        ("unmortgage", Unmortgage),
        ("claim", ClaimRent),
    ],
)
def test_an_action_on_a_space_names_the_space(roll_view, action, kind):
    assert move_from_post(post(action=action, space=39), roll_view, 0) == kind(
        seat=0, space=39
    )


def test_the_seat_comes_from_the_server_not_the_form(roll_view):
    assert move_from_post(post(action="roll", seat=3), roll_view, 0) == Roll(seat=0)


def test_a_sale_names_the_groups_new_levels(roll_view):
    data = post(action="sell", group="dark blue", levels="2,1")
    assert move_from_post(data, roll_view, 0) == SellBuildings(
        seat=0, group="dark blue", levels=(2, 1)
    )


def test_a_bid_has_one_amount_per_lot_blank_is_nothing():
    v = view(positions.auction(), 1)
    assert move_from_post(post(action="bid", **{"bid-21": "120"}), v, 1) == Bid(
        seat=1, amounts=(120,)
    )
    assert move_from_post(post(action="bid", **{"bid-21": ""}), v, 1) == Bid(
        seat=1, amounts=(0,)
    )


def test_lifting_received_mortgages_names_the_deeds():
    v = view(positions.mortgages(), 1)
    data = post(action="lift", lift=[3, 5])
    assert move_from_post(data, v, 1) == LiftMortgages(seat=1, spaces=(3, 5))
    assert move_from_post(post(action="lift"), v, 1) == LiftMortgages(seat=1)


def test_an_offer_carries_both_sides(roll_view):
    data = post(
        action="offer",
        to=1,
        give_cash="1,000",
        give_deeds=[5],
        give_cards=["ch_jail_free"],
        get_cash="",
        get_deeds=[16, 18],
        lift=[5, 39],
    )
    assert move_from_post(data, roll_view, 0) == OfferTrade(
        seat=0,
        to=1,
        give_cash=1000,
        give_deeds=(5,),
        give_cards=("ch_jail_free",),
        get_deeds=(16, 18),
        lift=(5,),  # a box beside a deed left out of the offer means nothing
    )


def test_answers_name_an_offer_the_seat_can_see():
    v = view(positions.offer(), 0)
    assert move_from_post(post(action="accept", offer=1), v, 0) == AcceptOffer(
        seat=0, offer=1
    )
    assert move_from_post(post(action="decline", offer=1), v, 0) == DeclineOffer(
        seat=0, offer=1
    )
    v1 = view(positions.offer(), 1)
    assert move_from_post(post(action="withdraw", offer=1), v1, 1) == WithdrawOffer(
        seat=1, offer=1
    )


def test_a_counter_is_a_decline_then_a_new_offer():
    v = view(positions.offer(), 0)
    data = post(action="counter", offer=1, to=1, give_deeds=[28], get_cash=300)
    assert moves_from_post(data, v, 0) == [
        DeclineOffer(seat=0, offer=1),
        OfferTrade(seat=0, to=1, give_deeds=(28,), get_cash=300),
    ]
    with pytest.raises(IllegalMove, match="Decline the offer first"):
        move_from_post(data, v, 0)


@pytest.mark.parametrize(
    ("fields", "sentence"),
    [
        ({}, "That move is not understood."),
        ({"action": "cheat"}, "That move is not understood."),
        ({"action": ["roll", "buy"]}, "That move is not understood."),
        ({"action": "roll" * 20}, "That move is not understood."),
        ({"action": "build", "space": "40"}, "There is no such property."),
        ({"action": "build", "space": "7"}, "There is no such property."),
        ({"action": "build", "space": "-1"}, "There is no such property."),
        ({"action": "build", "space": "Boardwalk"}, "There is no such property."),
        ({"action": "mortgage", "space": ""}, "There is no such property."),
        ({"action": "mortgage", "space": "\uff13\uff19"}, "There is no such property."),
        ({"action": "sell", "group": "railroad", "levels": "0"}, "no such colour"),
        ({"action": "sell", "group": "dark blue", "levels": "1"}, "each site"),
        ({"action": "sell", "group": "dark blue", "levels": "a,b"}, "whole number"),
        ({"action": "bid", "bid-21": "5"}, "No auction is open."),
        ({"action": "lift", "lift": "GO"}, "There is no such property."),
        ({"action": "offer", "to": "0", "give_cash": "5"}, "another player"),
        ({"action": "offer", "to": "9", "give_cash": "5"}, "another player"),
        ({"action": "offer", "to": "x"}, "another player"),
        ({"action": "offer", "to": "1", "give_cash": "-5"}, "cannot be negative"),
        ({"action": "offer", "to": "1", "get_cash": "1.5"}, "whole number"),
        ({"action": "offer", "to": "1", "get_cash": "9" * 12}, "more than anyone"),
        ({"action": "offer", "to": "1", "give_cards": "ch_go"}, "Jail Free cards"),
        ({"action": "offer", "to": "1", "get_deeds": "12x"}, "no such property"),
        ({"action": "accept", "offer": "1"}, "There is no such open offer."),
        ({"action": "withdraw", "offer": "one"}, "There is no such open offer."),
        ({"action": "build", "space": ["1"] * 40}, "That move is not understood."),
    ],
)
def test_forged_or_malformed_forms_are_refused_with_a_sentence(
    roll_view, fields, sentence
):
    with pytest.raises(IllegalMove) as refused:
        moves_from_post(post(**fields), roll_view, 0)
    assert sentence.lower() in refused.value.message.lower()


@pytest.mark.parametrize(
    ("amount", "sentence"),
    [("-10", "cannot be negative"), ("ten", "whole number"), ("1e3", "whole number")],
)
def test_a_bid_must_be_whole_dollars_not_negative(amount, sentence):
    v = view(positions.auction(), 1)
    with pytest.raises(IllegalMove, match=sentence):
        moves_from_post(post(action="bid", **{"bid-21": amount}), v, 1)


def test_another_seats_offer_cannot_be_answered_by_a_third():
    state = positions.offer()
    v = view(state, 2)  # Cy sees no offer between Ann and Bea
    with pytest.raises(IllegalMove, match="no such open offer"):
        moves_from_post(post(action="accept", offer=1), v, 2)


def test_a_plain_dict_posts_too(roll_view):
    data = {"action": "offer", "to": "1", "give_deeds": ["5"], "get_cash": "10"}
    assert move_from_post(data, roll_view, 0) == OfferTrade(
        seat=0, to=1, give_deeds=(5,), get_cash=10
    )
