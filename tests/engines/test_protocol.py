"""Both engines satisfy the written protocol (games/engines/protocol.py)."""

import inspect

import pytest

import games.engine
import games.engines.classic
from games.engines.protocol import SIGNATURES, Engine

ENGINES = [games.engine, games.engines.classic]


@pytest.mark.parametrize("engine", ENGINES, ids=lambda m: m.__name__)
def test_engine_module_satisfies_the_protocol(engine):
    assert isinstance(engine, Engine)
    for name, params in SIGNATURES.items():
        got = tuple(inspect.signature(getattr(engine, name)).parameters)
        assert got[: len(params)] == params, f"{engine.__name__}.{name}{got}"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda m: m.__name__)
def test_every_engine_replays_a_new_game_and_round_trips_it(engine):
    state = engine.new_game(2, 7)
    assert engine.from_json(engine.to_json(state)) == state
    (first,) = engine.awaiting(state)
    move = engine.default_move(state, first.seat)
    assert move in engine.legal_moves(state, first.seat)
    assert isinstance(engine.view(state, first.seat), dict)
    with pytest.raises(ValueError):
        engine.from_json({"type": "NoSuchThing"})
