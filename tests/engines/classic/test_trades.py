"""The sensible bot's trading: it proposes the trades that complete its colour
groups on terms it would take itself, and answers offers by their worth."""

import random

from games.engines.classic import (
    AcceptOffer,
    DeclineOffer,
    OfferTrade,
    index_named,
    scenario,
)
from games.engines.classic.board import COLOUR_GROUPS, GROUPS
from games.engines.classic.bots import sensible_bot
from games.engines.classic.bots.trades import group_trades, offer_gains, worth_taking

from .support import apply


class Keen(random.Random):
    """An rng under which the bot always looks for a trade."""

    def random(self) -> float:
        return 0.0


def _at(name: str) -> int:
    return index_named(name)


def _whole_groups(state, seat) -> list[str]:
    return [g for g in COLOUR_GROUPS if all(state.owner[i] == seat for i in GROUPS[g])]


def test_two_players_a_deed_short_swap_and_both_groups_are_complete():
    s = scenario(
        "0 owns: Boardwalk, New York Avenue\n"
        "1 owns: Park Place, St. James Place, Tennessee Avenue"
    )
    offer = sensible_bot(s, 0, Keen(0))
    assert isinstance(offer, OfferTrade)
    assert offer.to == 1
    # A swap: each gives the other what completes a group (here seat 0 takes
    # the oranges for Boardwalk, the pair its worth rates best).
    assert offer.give_deeds and offer.get_deeds
    made = apply(s, offer)
    answer = sensible_bot(made, 1, random.Random(0))
    assert answer == AcceptOffer(seat=1, offer=1)
    done = apply(made, answer)
    assert _whole_groups(done, 0) and _whole_groups(done, 1)
    paid = offer.give_cash - offer.get_cash
    assert done.players[0].cash == 1500 - paid
    assert done.players[1].cash == 1500 + paid


def test_cash_for_the_last_deed_of_a_group_leaves_the_seller_just_ahead():
    s = scenario("0 owns: Boardwalk\n1 owns: Park Place")
    offer = sensible_bot(s, 0, Keen(0))
    assert offer == OfferTrade(
        seat=0, to=1, give_cash=offer.give_cash, get_deeds=(_at("Park Place"),)
    )
    made = apply(s, offer)
    (open_offer,) = made.offers
    seller, buyer = offer_gains(made, open_offer)
    assert buyer > 0 and seller > buyer
    assert sensible_bot(made, 1, random.Random(0)) == AcceptOffer(seat=1, offer=1)


def test_a_bad_offer_is_refused():
    s = scenario(
        "0 owns: New York Avenue, Mediterranean Avenue\n"
        "1 owns: St. James Place, Tennessee Avenue, Baltic Avenue"
    )
    # Mediterranean for New York: it completes seat 1's orange, and seat 0
    # gains only a brown it would have to pay for with the orange.
    made = apply(
        s,
        OfferTrade(
            seat=1,
            to=0,
            give_deeds=(_at("Baltic Avenue"),),
            get_deeds=(_at("New York Avenue"),),
        ),
    )
    assert not worth_taking(made, made.offers[0])
    assert sensible_bot(made, 0, random.Random(0)) == DeclineOffer(seat=0, offer=1)
    assert made.owner[_at("New York Avenue")] == 0


def test_only_a_group_trade_is_proposed_and_only_with_the_cash_for_it():
    built = scenario(
        "0 owns: Boardwalk\n"
        "1 owns: Park Place, Mediterranean Avenue +1, Baltic Avenue +1"
    )
    assert [o.get_deeds for _, o in group_trades(built, 0)] == [(_at("Park Place"),)]
    poor = scenario("0 cash: 300\n0 owns: Boardwalk\n1 owns: Park Place")
    assert group_trades(poor, 0) == []
    assert not isinstance(sensible_bot(poor, 0, Keen(0)), OfferTrade)
