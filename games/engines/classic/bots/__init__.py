"""The classic bots: each chooses among the engine's legal moves for a seat,
reading only what that seat may see.

- `sensible`: one-move rules (the timeouts' opponent, self-play, the
  rollouts' policy), pricing deeds by `worth` and trading by `trades`;
- `expert`: thinks about a second a decision over guesses of what it cannot
  see (`hidden`), scoring the rollouts' ends by `evaluate.chances`, a win
  chance per seat read off the table (also the game review's chart).
"""

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..moves import Move
from ..state import State
from .evaluate import chances
from .expert import expert_bot, think
from .sensible import Bot, random_bot, sensible_bot

# The one-move bots: quick enough for self-play tests and the benchmark's games.
BOTS: dict[str, Bot] = {"random": random_bot, "sensible": sensible_bot}
# Every bot a seat can have: those, and the expert, which thinks a second.
ALL_BOTS: dict[str, Bot] = {**BOTS, "expert": expert_bot}


def bot_move(
    state: State,
    seat: int,
    name: str = "sensible",
    rng: random.Random | None = None,
    *,
    seconds: float | None = None,
    clock: Callable[[], float] | None = None,
    history: Sequence[Mapping[str, Any]] | None = None,
) -> Move:
    """The move the named bot makes for `seat` now (the site's entry point).
    `seconds`: the expert's thinking budget (its default when None), measured
    by `clock` (the caller's: the engine has none)."""
    rng = rng if rng is not None else random.Random()
    if name == "expert":
        return expert_bot(state, seat, rng, seconds=seconds, clock=clock)
    return ALL_BOTS[name](state, seat, rng)


__all__ = [
    "ALL_BOTS",
    "BOTS",
    "Bot",
    "bot_move",
    "chances",
    "expert_bot",
    "random_bot",
    "sensible_bot",
    "think",
]
