"""The Deal judge: how the review of a finished game (games.reviews) weighs a
position and a decision, with the expert's own tools.

- `chances(state)`: every seat's win chance, the expert's fitted score
  (`evaluate.chances`). The score is already a chance per seat: a conditional
  logit, each seat's share of exp(strength) over the seats still playing, so
  the shares sum to 1 and need no other normalising.
- `choose(state, seat, rng, guesses)`: the expert's move, thinking over
  `guesses` guesses of the hidden cards rather than a second of the clock, so
  the same seed gives the same move.
- `weigh(state, seat, moves, rng, guesses)`: the seat's chance after each of
  `moves`, each played on the same `guesses` guesses of what the seat could
  not see and the same draws after it (the expert's `Race`), rolled out by
  the sensible bot for two rounds of turns and scored by the fitted chance.

Like the expert, it reads only what `seat` could know at the decision
(`guesses.knowledge`), so a move is judged on what its player could see.
"""

import random
from collections.abc import Sequence

from ..moves import Move
from ..state import State
from .evaluate import FITS, WIN_SCORE, chances
from .expert import STYLE, Race, think
from .guesses import guess, knowledge

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
    known = knowledge(state, seat)
    own = guess(known, random.Random(0))
    rounds = STYLE.rounds
    stop = own.turn + rounds * len(own.remaining()) if rounds is not None else None
    race = Race(known, seat, stop, FITS[STYLE.fit], STYLE, rng, None)
    tally = race.run(list(moves), [], iterations=guesses)
    return tuple(
        (total / played / WIN_SCORE + 1) / 2 if played else 0.0
        for total, played in zip(tally.totals, tally.played, strict=True)
    )
