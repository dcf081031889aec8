"""Fit the expert's score to who won games of sensible bots.

    python -m bench.score_fit --seats 2 --games 3000
    python -m bench.score_fit --seats 3 --games 3000 --seed 2000000

Plays seeded games with the sensible bot in every seat and keeps each position
at the start of a turn (where the expert's rollouts stop and score), with the
seat that went on to win. A player's strength is a weighted sum of its
`evaluate.features`, and the chance that a seat wins is its share of
exp(strength) (a conditional logit); the weights that make the winners most
likely are found by Newton's method, with a little ridge so that a feature
that never varies stays at nought. Prints the weights (to paste into
evaluate.WEIGHTS) and the mean log-likelihood of a held-out fifth of the
positions, beside that of the weights evaluate.WEIGHTS holds now and of knowing
nothing (log of 1/seats).
"""

import argparse
import math
import random
import sys
from collections.abc import Sequence

from games.engines.deal.bots import sensible_bot
from games.engines.deal.bots.evaluate import FEATURES, WEIGHTS, features
from games.engines.deal.rules import awaiting, new_game, step
from games.engines.deal.state import PLAY

# A position: each seat's features, and the seat that won.
Sample = tuple[list[list[float]], int]


def positions(seats: int, seed: int) -> list[Sample]:
    """The turn starts of one game of sensible bots (none with a seat
    resigned), with its winner (none from a drawn game)."""
    state = new_game(seats, seed)
    rng = random.Random(seed)
    rows = []
    last_turn = -1
    while not state.over:
        if (
            state.turn != last_turn
            and state.plays == 0
            and state.phase == PLAY
            and state.pending is None
        ):
            last_turn = state.turn
            if any(p.resigned for p in state.players):
                continue
            players = state.players
            rows.append(
                [
                    features(p, i == state.active, players[:i] + players[i + 1 :])
                    for i, p in enumerate(players)
                ]
            )
        seat = awaiting(state)[0].seat
        _, state = step(state, sensible_bot(state, seat, rng), rng)
    if state.winner is None:
        return []
    return [(row, state.winner) for row in rows]


def _shares(weights: Sequence[float], row: list[list[float]]) -> list[float]:
    strengths = [sum(w * x for w, x in zip(weights, xs, strict=True)) for xs in row]
    top = max(strengths)
    odds = [math.exp(s - top) for s in strengths]
    total = sum(odds)
    return [o / total for o in odds]


def log_likelihood(weights: Sequence[float], samples: list[Sample]) -> float:
    """The mean log of the chance the weights gave each winner."""
    return sum(math.log(_shares(weights, row)[won]) for row, won in samples) / len(
        samples
    )


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector (Gauss-Jordan, partial pivoting)."""
    n = len(vector)
    rows = [[*r, vector[i]] for i, r in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                for k in range(col, n + 1):
                    rows[r][k] -= factor * rows[col][k]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit(samples: list[Sample], ridge: float = 1e-3, steps: int = 12) -> list[float]:
    """The weights that make the winners most likely (Newton's method)."""
    n = len(FEATURES)
    weights = [0.0] * n
    for _ in range(steps):
        gradient = [-ridge * w for w in weights]
        hessian = [[ridge if a == b else 0.0 for b in range(n)] for a in range(n)]
        for row, won in samples:
            shares = _shares(weights, row)
            mean = [
                sum(p * xs[k] for p, xs in zip(shares, row, strict=True))
                for k in range(n)
            ]
            for k in range(n):
                gradient[k] += row[won][k] - mean[k]
            for p, xs in zip(shares, row, strict=True):
                for a in range(n):
                    if pa := p * xs[a]:
                        line = hessian[a]
                        for b in range(n):
                            line[b] += pa * xs[b]
            for a in range(n):
                line = hessian[a]
                for b in range(n):
                    line[b] -= mean[a] * mean[b]
        change = _solve(hessian, gradient)
        weights = [w + c for w, c in zip(weights, change, strict=True)]
        if max(abs(c) for c in change) < 1e-4:
            break
    return weights


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument(
        "--samples", type=int, default=30_000, help="positions to fit on, at most"
    )
    args = parser.parse_args(argv)
    samples = [
        sample
        for seed in range(args.seed, args.seed + args.games)
        for sample in positions(args.seats, seed)
    ]
    random.Random(0).shuffle(samples)
    cut = len(samples) * 4 // 5
    train, test = samples[:cut][: args.samples], samples[cut:]
    weights = fit(train)
    print(f"{len(train)} positions from {args.games} {args.seats}-seat games")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {w:8.4f}  {name}")
    print(f"({', '.join(f'{w:.4f}' for w in weights)})")
    now = WEIGHTS[min(args.seats, 3)]
    print(
        f"held-out log-likelihood a position: {log_likelihood(weights, test):.4f} "
        f"(evaluate.WEIGHTS now: {log_likelihood(now, test):.4f}; knowing nothing: "
        f"{math.log(1 / args.seats):.4f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
