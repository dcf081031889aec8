"""The classic judge: how the review of a finished game weighs a position and
a decision, with the expert's own tools (the protocol is `Judge` of
games/engines/protocol.py, the Deal judge its model).

- `chances(state)`: every seat's win chance (`evaluate.chances`), read off
  the table without playing on.
- `choose(state, seat, rng, guesses)`: the expert's move, thinking over
  `guesses` guesses rather than seconds, so the same seed gives the same move.
- `weigh(state, seat, moves, rng, guesses)`: the seat's chance after each of
  `moves`, all played on the same guesses of what the seat could not see and
  the same dice after them, rolled out by the sensible bot and scored by
  `chances`.

Like the expert it reads only what `seat` could see (`hidden.guess`), so a
move is judged on what its player knew.
"""

import random
from collections.abc import Sequence

from ..moves import Move
from ..state import State
from .evaluate import chances
from .expert import STYLE, race, think
from .hidden import guess

__all__ = ["chances", "choose", "weigh"]


def choose(state: State, seat: int, rng: random.Random, guesses: int) -> Move:
    """The expert's move for `seat`, thinking over `guesses` guesses."""
    return think(state, seat, rng, seconds=None, iterations=guesses)[0]


def weigh(
    state: State,
    seat: int,
    moves: Sequence[Move],
    rng: random.Random,
    guesses: int,
) -> tuple[float, ...]:
    """`seat`'s chance of winning after each of `moves`, on the same guesses."""
    own = guess(state, seat, random.Random(0))
    tally = race(own, seat, list(moves), rng, STYLE, max(guesses, 1))
    return tuple(
        total / played if played else 0.0
        for total, played in zip(tally.totals, tally.played, strict=True)
    )
