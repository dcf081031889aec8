"""Real engine positions for the classic table's tests, one per decision kind,
built from scenario() and scripted dice, and a render of the table partial."""

from django.template.loader import render_to_string

from games.engines.classic import (
    Bid,
    DeclineBuy,
    OfferTrade,
    Resign,
    Roll,
    scenario,
    view,
)
from games.kinds.classic import TEMPLATE, table_context
from tests.engines.classic.support import apply

NAMES = ["Ann", "Bea", "Cy", "Dee"]
URLS = {"move": "/games/7/move/"}
VERSION = 41

BUSY = """
seats: 4
0 cash: 1230
0 owns: Boardwalk +2, Park Place +2, Reading Railroad (mortgaged), Water Works
0 cards: ch_jail_free
1 cash: 860
1 owns: St. James Place +hotel, Tennessee Avenue +4, New York Avenue +4
1 at: 22
2 cash: 45
2 owns: Mediterranean Avenue (mortgaged), Baltic Avenue, Short Line
2 jail: 1
3 owns: Illinois Avenue, Electric Company
3 at: 12
last roll: 3 4
"""


def roll():
    """Ann to roll, owning a built group, a mortgage and a card; four seats."""
    return scenario(BUSY)


def end():
    """Ann rolled (no doubles) to Free Parking and may build before ending."""
    return apply(scenario(BUSY + "0 at: 13\n"), Roll(seat=0), dice=(3, 4))


def jail():
    """Cy in jail (second try), short of the fine, holding no card."""
    return scenario(BUSY + "active: 2\n")


def jail_with_card():
    return scenario(
        BUSY.replace("2 cash: 45", "2 cash: 400") + "active: 2\n2 cards: cc_jail_free\n"
    )


def buy():
    """Ann landed on Kentucky Avenue, unowned."""
    return apply(scenario(BUSY + "0 at: 15\n"), Roll(seat=0), dice=(2, 4))


def buy_short():
    """Ann landed on Kentucky Avenue with $100."""
    text = BUSY.replace("0 cash: 1230", "0 cash: 100") + "0 at: 15\n"
    return apply(scenario(text), Roll(seat=0), dice=(2, 4))


def auction(bids=()):
    """Three seats bid for Kentucky Avenue; `bids` are played first."""
    s = scenario("seats: 3\n0 at: 15\n1 cash: 700\n2 cash: 300\n")
    s = apply(s, Roll(seat=0), dice=(2, 4))
    s = apply(s, DeclineBuy(seat=0))
    return apply(s, *bids) if bids else s


def pay():
    """Ann owes Bea $800 rent on New York Avenue (4 houses) with $300."""
    text = BUSY.replace("0 cash: 1230", "0 cash: 300") + "0 at: 14\n"
    return apply(scenario(text), Roll(seat=0), dice=(2, 3))


def mortgages():
    """Bea received Ann's mortgaged deeds in a bankruptcy and must decide."""
    s = scenario(
        "seats: 3\n0 cash: 10\n0 owns: Baltic Avenue (mortgaged), Reading Railroad"
        "\n0 cards: ch_jail_free\n1 owns: Boardwalk +1, Park Place +1\n0 at: 36"
    )
    return apply(s, Roll(seat=0), dice=(1, 2))


def offer():
    """Bea offered Ann $200 and a card for Water Works; Ann to roll."""
    s = scenario(BUSY + "1 cards: cc_jail_free\n")
    return apply(
        s,
        OfferTrade(
            seat=1,
            to=0,
            give_cash=200,
            give_cards=("cc_jail_free",),
            get_deeds=(28,),
        ),
    )


def over():
    s = scenario("seats: 2\n1 owns: Boardwalk\n")
    return apply(s, Resign(seat=0))


def bid_of(seat, *amounts):
    return Bid(seat=seat, amounts=amounts)


def render(state, seat, names=NAMES, error=""):
    names = names[: len(state.players)]
    context = table_context(view(state, seat), seat, names, urls=URLS)
    context |= {"game": {"version": VERSION}, "error": error}
    return render_to_string(TEMPLATE, context)


POSITIONS = {
    "roll": roll,
    "end": end,
    "jail": jail,
    "buy": buy,
    "buy_short": buy_short,
    "auction": auction,
    "pay": pay,
    "mortgages": mortgages,
    "offer": offer,
    "over": over,
}
