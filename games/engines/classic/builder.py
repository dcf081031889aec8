"""The Builder: a move's events emitted one by one, with the state they lead to."""

import random

from . import events as ev
from .evolve import evolve
from .state import State


class Builder:
    """Emit events one by one, keeping the state they lead to."""

    __slots__ = ("events", "rng", "state")

    def __init__(self, state: State | None, rng: random.Random | None) -> None:
        self.state = state
        self.rng = rng
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
