"""state.make builds the frozen records of a state as their __init__ does
(evolve uses it where the frozen dataclass's __init__ is slow)."""

import pytest

from games.engine import state
from games.engine.cards import Colour
from games.engine.state import Options, Pending, Player, PropertySet, Target

CASES = [
    (PropertySet, {"colour": Colour.red, "cards": (24, 25)}),
    (Target, {"seat": 2, "amount": 5}),
    (
        Pending,
        {
            "kind": "rent",
            "actor": 0,
            "card": 48,
            "targets": (Target(seat=1, amount=4),),
            "amount": 4,
            "base": 2,
            "doubles": (95,),
            "colour": Colour.red,
            "set_index": 0,
        },
    ),
    (Player, {"resigned": True}),
    (
        state.State,
        {"options": Options(), "players": (Player(), Player()), "draw": (1, 2)},
    ),
]


@pytest.mark.parametrize(("cls", "fields"), CASES)
def test_make_builds_the_record_its_init_builds(cls, fields):
    made = state.make(cls, **fields)
    built = cls(**fields)

    assert type(made) is cls
    assert made == built
    assert made.__dict__ == built.__dict__
