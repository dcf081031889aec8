"""Fit the classic win-chance evaluation (games/engines/classic/bots/evaluate.py)
to games of sensible bots:

    python -m bench.classic_fit [--games N] [--seed S]

Plays N games (2 to 4 seats, no turn limit beyond 150 rounds) with the sensible
bot in every seat, samples positions every few turns, and prints the log loss
of `chances` on the games' winners over a grid of HORIZON and SHARPNESS,
best first, beside the loss of an even guess. Asserts nothing.
"""

import argparse
import math
import random
import sys
from collections.abc import Sequence

from bench.classic import play
from games.engines.classic import Options, evolve, replay
from games.engines.classic.bots import BOTS
from games.engines.classic.bots import evaluate as ev

EVERY = 3  # sample a position every EVERY turns


def positions(games: int, seed: int) -> list[tuple[object, tuple[int, ...]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        seats = rng.choice((2, 3, 4))
        game = play(
            [BOTS["sensible"]] * seats, rng.randrange(1 << 30), Options(turn_limit=150)
        )
        if len(game.state.winners) != 1:
            continue
        state = replay(game.events[:1])
        taken = set()
        for event in game.events[1:]:
            state = evolve(state, event)
            turn = state.turn
            if turn % EVERY == 0 and turn not in taken and not state.over:
                taken.add(turn)
                out.append((state, game.state.winners))
    return out


def loss(samples, horizon: float, sharpness: float) -> float:
    saved = ev.HORIZON
    ev.HORIZON = horizon
    try:
        total = 0.0
        for state, winners in samples:
            total -= math.log(max(ev.chances(state, sharpness)[winners[0]], 1e-9))
        return total / len(samples)
    finally:
        ev.HORIZON = saved


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    samples = positions(args.games, args.seed)
    even = sum(math.log(len(s.remaining())) for s, _ in samples) / len(samples)
    print(f"{len(samples)} positions from {args.games} games; even guess {even:.4f}")
    rows = []
    for horizon in (0, 12, 30, 45, 60, 90, 135):
        for sharpness in (2.0, 2.5, 3.0, 3.5, 4.0):
            rows.append((loss(samples, horizon, sharpness), horizon, sharpness))
    rows.sort()
    for value, horizon, sharpness in rows[:12]:
        print(f"HORIZON {horizon:>3} SHARPNESS {sharpness:>4}: log loss {value:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
