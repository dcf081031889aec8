"""The deadline's payment is valid and as small as the rules' reading asks."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.deal import DECK, Kind
from games.engines.deal.rules import default_payment
from games.engines.deal.state import Player, PropertySet

MONEY = [c.id for c in DECK if c.kind is Kind.money]
BROWN = [0, 1]
PINK = [4, 5, 6]
GREEN = [18, 19, 20]


@st.composite
def payers(draw):
    bank = tuple(draw(st.lists(st.sampled_from(MONEY), unique=True, max_size=6)))
    sets = []
    for cards in (BROWN, PINK, GREEN):
        n = draw(st.integers(0, len(cards)))
        if n:
            sets.append(PropertySet(DECK[cards[0]].colours[0], tuple(cards[:n])))
    return Player(bank=bank, sets=tuple(sets)), draw(st.integers(1, 12))


def _value(cards):
    return sum(DECK[c].value for c in cards)


@settings(max_examples=300, deadline=None)
@given(payers())
def test_default_payment_is_valid_and_takes_least_from_the_table(case):
    player, amount = case
    paid = default_payment(player, amount)
    payable = player.payable()
    assert set(paid) <= set(payable)
    if _value(payable) <= amount:
        assert set(paid) == set(payable)
        return
    assert _value(paid) >= amount
    bank = set(player.bank)

    def cost(cards):
        return (sum(DECK[c].value for c in cards if c not in bank), _value(cards))

    best = min(
        cost(combo)
        for n in range(1, len(payable) + 1)
        for combo in combinations(payable, n)
        if _value(combo) >= amount
    )
    assert cost(paid) == best
