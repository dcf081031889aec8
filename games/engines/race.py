"""Candidate moves raced on shared guesses: the search both experts use
(games/engines/{deal,classic}/bots/expert.py), whatever the game.

Each round draws one guess of what the seat cannot see and one seed for the
dice or draws after it; every candidate still in the race is played on that
same guess and seed and scored, so two candidates differ only by the move.
The first candidate is the one the others are measured against (the sensible
bot's choice): a `Tally` keeps each one's scores and its gains over the first,
`pick` takes another only when its gain is clear, and against the clock a
candidate clearly behind the first is played no more (`behind`), a spare one
taking its place.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class Tally:
    """Each candidate against the first, on the same guesses and the same
    draws: the sums of its scores, of its gains over the first and of their
    squares, over the guesses it was played on (it stops when it is clearly
    worse); and the guesses done."""

    totals: list[float]
    gaps: list[float]
    squares: list[float]
    played: list[int]
    done: int = 0

    @classmethod
    def of(cls, count: int) -> "Tally":
        return cls([0.0] * count, [0.0] * count, [0.0] * count, [0] * count)

    def add(self, i: int, value: float, first: float) -> None:
        self.totals[i] += value
        gap = value - first
        self.gaps[i] += gap
        self.squares[i] += gap * gap
        self.played[i] += 1

    def grow(self) -> None:
        """Room for one more candidate."""
        for sums in (self.totals, self.gaps, self.squares, self.played):
            sums.append(0)


def gain(gap: float, square: float, n: int) -> tuple[float, float]:
    """A candidate's mean gain over the first, and its standard error."""
    mean = gap / n
    if n < 2:
        return mean, float("inf")
    variance = max(square - n * mean * mean, 0.0) / (n - 1)
    return mean, (variance / n) ** 0.5


def behind(
    i: int, gaps: list[float], squares: list[float], played: list[int], drop: float
) -> bool:
    """Whether candidate i is clearly worse than the first: even `drop`
    standard errors above its mean gain it does not gain."""
    mean, error = gain(gaps[i], squares[i], played[i])
    return mean + drop * error <= 0.0


def pick(
    gaps: list[float],
    squares: list[float],
    played: list[int],
    confidence: float,
    margin: float = 0.0,
) -> int:
    """The candidate that beats the first by a clear margin (`confidence`
    standard errors, and more than `margin`), the best of them; the first
    (the sensible bot's choice) when none does. Deviating only when the
    rollouts are sure keeps the expert at least as good as the policy it
    rolls out with, and noise cannot talk it out of a good move."""
    best, best_gain = 0, margin
    for i in range(1, len(gaps)):
        if played[i] < 2:
            continue
        mean, error = gain(gaps[i], squares[i], played[i])
        if mean > best_gain and mean > confidence * error:
            best, best_gain = i, mean
    return best


def run_race(
    options: list,
    spare: list,
    *,
    draw: Callable[[], Any],
    play: Callable[[Any, Any, random.Random], float],
    rng: random.Random,
    drop_after: int,
    drop: float,
    iterations: int | None = None,
    deadline: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Tally:
    """Play `options` (the first the one the others are measured against) on
    fresh guesses (`draw()`), each scored by `play(guess, move, roll)` with
    `roll` seeded the same for every candidate of a guess, `iterations`
    guesses or until `deadline` by `clock`. Against the clock, after
    `drop_after` guesses a candidate `behind` the first by `drop` standard
    errors is played no more, and moves of `spare` take their places (both
    lists are used up); with the first alone left, the race ends."""
    count = len(options)
    tally = Tally.of(count)
    alive = list(range(count))
    while True:
        world = draw()
        roll_seed = rng.getrandbits(64)
        values = []
        for i in alive:
            if deadline is not None and tally.done and clock() >= deadline:
                break  # Out of time: this guess is left unfinished and unused.
            values.append(play(world, options[i], random.Random(roll_seed)))
        if len(values) < len(alive):
            break
        for i, value in zip(alive, values, strict=True):
            tally.add(i, value, values[0])
        tally.done += 1
        if iterations is not None:
            if tally.done >= iterations:
                break
            continue
        if clock() >= deadline:
            break
        if tally.done >= drop_after:
            alive = [
                i
                for i in alive
                if i == 0
                or tally.played[i] < drop_after
                or not behind(i, tally.gaps, tally.squares, tally.played, drop)
            ]
            while spare and len(alive) < count:
                options.append(spare.pop(0))
                alive.append(len(options) - 1)
                tally.grow()
            if len(alive) == 1:
                break  # The first stands: answer now.
    return tally
