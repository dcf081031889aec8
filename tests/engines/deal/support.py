"""Helpers for the engine's scenario tests."""

import random

import pytest

from games.engines.deal import DECK, IllegalMove, State, decide, evolve


def apply(state: State, *moves, seed: int = 0) -> State:
    """Play the moves one after another; each must be legal."""
    rng = random.Random(seed)
    for move in moves:
        for event in decide(state, move, rng):
            state = evolve(state, event)
    return state


def events_of(state: State, move, seed: int = 0) -> list:
    return decide(state, move, random.Random(seed))


def refused(state: State, move, message: str) -> None:
    """The move is refused with that sentence (or one containing it)."""
    before = state
    with pytest.raises(IllegalMove) as err:
        decide(state, move, random.Random(0))
    assert message in err.value.message
    assert state == before


def held(state: State, seat: int, name: str, nth: int = 0) -> int:
    """The id of the nth card of that name in a seat's hand."""
    return [c for c in state.players[seat].hand if DECK[c].name == name][nth]


def on_table(state: State, seat: int, name: str, nth: int = 0) -> int:
    """The id of the nth card of that name in front of a seat."""
    return [c for c in state.players[seat].table_cards() if DECK[c].name == name][nth]


def names(cards) -> list[str]:
    return [DECK[c].name for c in cards]


def set_names(state: State, seat: int) -> list[tuple[str, list[str]]]:
    return [(s.colour.value, names(s.cards)) for s in state.players[seat].sets]


def bank_total(state: State, seat: int) -> int:
    return sum(DECK[c].value for c in state.players[seat].bank)


def all_cards(state: State) -> list[int]:
    out = list(state.draw) + list(state.discard)
    for p in state.players:
        out += p.hand
        out += p.table_cards()
    return sorted(out)
