"""Real engine positions for the classic table's tests, one per decision kind,
built from scenario() and scripted dice, and a render of the table partial."""

import random
from html.parser import HTMLParser

from django.http import QueryDict
from django.template.loader import render_to_string

from games.engines.classic import (
    Bid,
    DeclineBuy,
    OfferTrade,
    Resign,
    Roll,
    awaiting,
    decide,
    evolve,
    new_game,
    scenario,
    view,
)
from games.engines.classic.bots import random_bot, sensible_bot
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


def auction_of_lots():
    """Ann went bankrupt to the bank: her two deeds are auctioned together."""
    s = scenario(
        "seats: 3\n0 cash: 0\n0 owns: Baltic Avenue (mortgaged), "
        "Reading Railroad (mortgaged)\n0 at: 1"
    )
    return apply(s, Roll(seat=0), dice=(1, 2))


def claim():
    """House rule: Bea landed on Ann's Boardwalk; Ann may claim the rent."""
    s = scenario(
        "options: rent_must_be_claimed\nactive: 1\n0 owns: Boardwalk\n1 at: 36"
    )
    return apply(s, Roll(seat=1), dice=(1, 2))


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
    "auction_of_lots": auction_of_lots,
    "claim": claim,
}


def played(seed: int, seats: int = 3, decisions: int = 400, options=None):
    """The states of a bot game, one after each decision (sensible bots, with a
    random one at seat 0 so that odd corners come up)."""
    rng = random.Random(seed)
    state = new_game(seats, seed, options)
    yield state
    for _ in range(decisions):
        owed = awaiting(state)
        if not owed:
            return
        entry = rng.choice(owed)
        bot = random_bot if entry.seat == 0 else sensible_bot
        move = bot(state, entry.seat, rng)
        for event in decide(state, move, rng):
            state = evolve(state, event)
        yield state


class Forms(HTMLParser):
    """Every form of a rendered page: its action and the fields it would post
    as they stand (hidden, text and number values, ticked boxes, the first
    option of a select)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._select = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action"), "fields": [], "boxes": []})
        elif tag == "input" and self.forms:
            kind = a.get("type", "text")
            if kind == "checkbox":
                self.forms[-1]["boxes"].append((a["name"], a["value"], "checked" in a))
            else:
                self.forms[-1]["fields"].append((a["name"], a.get("value", "")))
        elif tag == "select" and self.forms:
            self._select = a["name"]
        elif tag == "option" and self._select:
            self.forms[-1]["fields"].append((self._select, a["value"]))
            self._select = None
        elif tag == "button" and self.forms:
            self.forms[-1]["button"] = True


def posted(form: dict, **changes) -> QueryDict:
    """The form's data as a QueryDict, with fields replaced by `changes` and
    the boxes named in `tick` ticked."""
    data = QueryDict(mutable=True)
    tick = changes.pop("tick", ())
    for name, value in form["fields"]:
        data.appendlist(name, str(changes.pop(name, value)))
    for name, value, checked in form["boxes"]:
        if checked or (name, value) in tick:
            data.appendlist(name, value)
    for name, value in changes.items():
        data.appendlist(name, str(value))
    return data
