"""The Deal bots: each chooses among the engine's legal moves for a seat,
reading only what that seat may see.

- `sensible`: a one-move heuristic (the timeouts' default, self-play, the
  rollouts' policy);
- `expert`: thinks about a second a decision over guesses of the hidden cards
  (`guesses`), scoring the rollouts' ends by a fitted win chance (`evaluate`),
  optionally reading what the seat's public history says the other hands lack
  (`infer`).
"""

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..moves import Move
from ..state import State
from .expert import expert_bot
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
    by `clock` (the caller's: the engine has none); `history`: the game's
    events as `view.redact` gives them to `seat`, which the expert reads for
    what the other hands lack (`expert.Style.infer`)."""
    rng = rng if rng is not None else random.Random()
    if name == "expert":
        if seconds is None:
            return expert_bot(state, seat, rng, clock=clock, history=history)
        return expert_bot(
            state, seat, rng, seconds=seconds, clock=clock, history=history
        )
    return ALL_BOTS[name](state, seat, rng)


__all__ = [
    "ALL_BOTS",
    "BOTS",
    "Bot",
    "bot_move",
    "expert_bot",
    "random_bot",
    "sensible_bot",
]
