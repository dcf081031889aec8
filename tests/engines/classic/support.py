"""Helpers for the classic engine's scenario tests: scripted dice, apply, refused."""

import random

import pytest

from games.engines.classic import IllegalMove, State, decide, evolve


class Dice(random.Random):
    """An rng whose dice come up as scripted: Dice(3, 4, 6, 6) rolls 3+4 then 6+6."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if not self.faces:
            raise AssertionError("the test rolled more dice than it scripted")
        return self.faces.pop(0)


def apply(state: State, *moves, dice=()) -> State:
    """Play the moves one after another with scripted dice; each must be legal."""
    rng = Dice(*dice)
    for move in moves:
        for event in decide(state, move, rng):
            state = evolve(state, event)
    assert not rng.faces, f"dice left unrolled: {rng.faces}"
    return state


def events_of(state: State, move, dice=()) -> list:
    return decide(state, move, Dice(*dice))


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def refused(state: State, move, message: str) -> None:
    """The move is refused with that sentence (or one containing it)."""
    before = state
    with pytest.raises(IllegalMove) as err:
        decide(state, move, Dice(1, 2, 3, 4))
    assert message in err.value.message, err.value.message
    assert state == before


def cash(state: State) -> list[int]:
    return [p.cash for p in state.players]


def where(state: State, seat: int) -> int:
    return state.players[seat].position
