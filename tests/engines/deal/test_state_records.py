"""state.make builds the frozen records of a state as their __init__ does
(evolve uses it where the frozen dataclass's __init__ is slow), and
state.quick_init's __init__ of events, moves and Awaiting builds what the
dataclass's own __init__ builds."""

import dataclasses
import inspect
from dataclasses import MISSING

import pytest

from games.engines.deal import state
from games.engines.deal.cards import Colour
from games.engines.deal.events import EVENT_TYPES, RentCharged, TurnStarted
from games.engines.deal.moves import MOVE_TYPES
from games.engines.deal.rules import Awaiting
from games.engines.deal.state import Options, Pending, Player, PropertySet, Target

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


@pytest.mark.parametrize("cls", [cls for cls, _ in CASES])
def test_a_record_keeps_its_defaults_but_not_as_class_attributes(cls):
    fields = dataclasses.fields(cls)
    defaults = {f.name: f.default for f in fields if f.default is not MISSING}

    assert not {f.name for f in fields} & set(vars(cls))
    required = dict(CASES)[cls]
    built = cls(**{k: v for k, v in required.items() if k not in defaults})
    for name, default in defaults.items():
        assert getattr(built, name) == default


@pytest.mark.parametrize(("cls", "fields"), CASES)
def test_a_copy_reads_as_the_record_it_copies(cls, fields):
    record = cls(**fields)
    copied = state.replace(record)

    assert copied == record
    assert copied is not record
    for f in dataclasses.fields(cls):
        assert getattr(copied, f.name) == getattr(record, f.name)


QUICK = [*EVENT_TYPES, *MOVE_TYPES, Awaiting]


def _sample_values(cls) -> dict:
    """A value for every field of `cls` (its own index, so each differs)."""
    return {f.name: (i, f.name) for i, f in enumerate(dataclasses.fields(cls))}


@pytest.mark.parametrize("cls", QUICK, ids=lambda cls: cls.__name__)
def test_quick_init_builds_the_record_the_dataclass_init_builds(cls):
    dataclass_init = cls.__init__.__wrapped__
    values = _sample_values(cls)
    built = object.__new__(cls)
    dataclass_init(built, **values)

    quick = cls(**values)

    assert quick == built
    assert [getattr(quick, name) for name in values] == list(values.values())


@pytest.mark.parametrize("cls", QUICK, ids=lambda cls: cls.__name__)
def test_quick_init_takes_what_the_dataclass_init_takes(cls):
    quick = inspect.signature(cls.__init__, follow_wrapped=False)
    dataclass_init = inspect.signature(cls.__init__.__wrapped__)

    def taken(signature):
        return [(p.name, p.kind, p.default) for p in signature.parameters.values()]

    assert taken(quick) == taken(dataclass_init)


def test_quick_init_fills_defaults_and_refuses_what_the_dataclass_refuses():
    assert (
        RentCharged(
            seat=0,
            card=1,
            colour=Colour.red,
            set_index=0,
            targets=(1,),
            amount=3,
            base=3,
        ).doubles
        == ()
    )
    assert Awaiting(2, "pay", 4) == Awaiting(seat=2, kind="pay", amount=4, detail="")
    with pytest.raises(TypeError):
        TurnStarted(1)  # keyword fields
    with pytest.raises(TypeError):
        TurnStarted()
    with pytest.raises(dataclasses.FrozenInstanceError):
        TurnStarted(seat=1).seat = 2
