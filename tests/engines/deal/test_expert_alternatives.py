"""The expert's other payments and discards (Style.alternatives): each keeps
one card the sensible bot would give up, so the rollouts can say whether
giving up another is better."""

import random

from games.engines.deal import (
    DECK,
    Accept,
    CollectDebt,
    Discard,
    Pay,
    legal_moves,
    scenario,
)
from games.engines.deal.bots import sensible_bot
from games.engines.deal.bots.expert import Style, candidates, think

from .support import apply, held, on_table

OWING = """
    0 hand: Debt Collector
    1 bank: 1M
    1 sets: green[Pacific Avenue], railroad[Reading Railroad, B. & O. Railroad]
"""


def owing():
    state = scenario(OWING)
    debt = held(state, 0, "Debt Collector")
    return apply(state, CollectDebt(seat=0, card=debt, target=1), Accept(seat=1))


def test_other_payments_each_keep_a_property_the_sensible_payment_gives():
    state = owing()
    sensible = sensible_bot(state, 1, random.Random(0))
    properties = [c for c in sensible.cards if DECK[c].kind.value != "money"]
    narrow = candidates(state, 1, random.Random(0))
    wide = candidates(state, 1, random.Random(0), alternatives=3)
    others = [m for m in wide if m not in narrow]
    assert wide[: len(narrow)] == narrow
    assert len(others) == len(properties)
    for move, kept in zip(others, properties, strict=False):
        assert isinstance(move, Pay)
        assert kept not in move.cards
        assert sum(DECK[c].value for c in move.cards) >= 5


def test_a_payment_that_cannot_keep_a_card_is_not_offered():
    state = scenario("""
        0 hand: Debt Collector
        1 sets: green[Pacific Avenue], railroad[Reading Railroad]
    """)
    debt = held(state, 0, "Debt Collector")
    state = apply(state, CollectDebt(seat=0, card=debt, target=1), Accept(seat=1))
    pacific = on_table(state, 1, "Pacific Avenue")
    wide = candidates(state, 1, random.Random(0), alternatives=3)
    assert all(pacific in m.cards for m in wide)


HAND_OF_NINE = "0 hand: 1M, 2M, 3M, 4M, 5M, Pass Go, Birthday, Sly Deal, Just Say No"


def test_other_discards_keep_a_card_the_sensible_discard_gives_up():
    state = scenario(HAND_OF_NINE)
    one, two = held(state, 0, "1M"), held(state, 0, "2M")
    pass_go = held(state, 0, "Pass Go")
    narrow = candidates(state, 0, random.Random(0))
    assert Discard(seat=0, cards=(one, two)) in narrow
    wide = candidates(state, 0, random.Random(0), alternatives=2)
    others = [m for m in wide if m not in narrow]
    assert others == [
        Discard(seat=0, cards=(one, pass_go)),
        Discard(seat=0, cards=(two, pass_go)),
    ]
    assert all(m in legal_moves(state, 0) or isinstance(m, Discard) for m in wide)


def test_the_expert_thinks_over_the_alternatives_it_is_given():
    state = owing()
    info = think(
        state, 1, random.Random(2), iterations=3, style=Style(rounds=0, alternatives=2)
    )[1]
    narrow = think(state, 1, random.Random(2), iterations=3, style=Style(rounds=0))[1]
    # Alone, the sensible payment is the default one: nothing to think about.
    assert narrow["trivial"]
    assert not info["trivial"] and len(info["played"]) >= 2
