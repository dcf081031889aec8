"""Benchmark: seeded bot games of classic Monopoly, timed.

    python -m bench.classic [--games N] [--duel N] [--seed S]
                                          [--rounds R]

Prints, for 2 to 6 seats: games and decisions per second, game length in turns
(mean and median), how many games ended by bankruptcy and by the turn limit,
replay time per event; then the sensible bot's win rate against random bots,
beside what an even chance would give. Times are the process's CPU time, not
the wall clock: on a machine shared with other work, time spent waiting for a
core is not the engine's (the load average is printed with the figures).
Asserts nothing about time.
"""

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engines.classic import Options, awaiting, decide, evolve, replay, setup
from games.engines.classic.bots import BOTS, Bot

MAX_DECISIONS = 50_000


@dataclass
class Game:
    seats: int
    events: list = field(default_factory=list)
    state: object = None
    decisions: int = 0
    capped: bool = False


def play(bots: Sequence[Bot], seed: int, options: Options) -> Game:
    """One game, one bot per seat; every random choice comes from `seed`."""
    rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 1_000 + i + 1) for i in range(len(bots))]
    game = Game(seats=len(bots))
    game.events = setup(len(bots), options, rng)
    state = replay(game.events)
    while not state.over:
        if game.decisions >= MAX_DECISIONS:
            game.capped = True
            break
        entries = awaiting(state)
        entry = entries[0] if len(entries) == 1 else rng.choice(entries)
        move = bots[entry.seat](state, entry.seat, bot_rngs[entry.seat])
        events = decide(state, move, rng)
        for event in events:
            state = evolve(state, event)
        game.events.extend(events)
        game.decisions += 1
    game.state = state
    return game


def run(games: int, duel: int, seed: int, rounds: int, out=sys.stdout) -> dict:
    options = Options(turn_limit=rounds)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"classic Monopoly engine benchmark: {games} games per seat count, bots "
        f"drawn at random (sensible or random), turn limit {rounds} rounds, "
        f"seed {seed}; CPU time; load average {load}",
        file=out,
    )
    head = (
        f"{'seats':>5} {'games/s':>8} {'decisions/s':>11} {'turns/game':>10} "
        f"{'median':>6} {'bankrupt':>8} {'turn limit':>10} {'capped':>6} "
        f"{'replay us/event':>15}"
    )
    print(head, file=out)
    rng = random.Random(seed)
    figures = {}
    for seats in range(2, 7):
        lineups = [
            [BOTS[rng.choice(("random", "sensible"))] for _ in range(seats)]
            for _ in range(games)
        ]
        started = time.process_time()
        played = [play(b, rng.randrange(1 << 30), options) for b in lineups]
        elapsed = time.process_time() - started
        started = time.process_time()
        for g in played:
            replay(g.events)
        replay_time = time.process_time() - started
        events = sum(len(g.events) for g in played)
        row = {
            "games/s": games / elapsed,
            "decisions/s": sum(g.decisions for g in played) / elapsed,
            "turns/game": sum(g.state.turn for g in played) / games,
            "median turns": statistics.median(g.state.turn for g in played),
            "bankrupt": sum(g.state.end_reason == "last player" for g in played),
            "turn limit": sum(g.state.end_reason == "turn limit" for g in played),
            "capped": sum(g.capped for g in played),
            "replay us/event": replay_time / max(events, 1) * 1e6,
        }
        figures[seats] = row
        print(
            f"{seats:>5} {row['games/s']:>8.1f} {row['decisions/s']:>11.0f} "
            f"{row['turns/game']:>10.0f} {row['median turns']:>6.0f} "
            f"{row['bankrupt']:>8} "
            f"{row['turn limit']:>10} {row['capped']:>6} "
            f"{row['replay us/event']:>15.1f}",
            file=out,
        )
    wins = total = chance = 0
    for _ in range(duel):
        seats = rng.randrange(2, 7)
        sensible = rng.randrange(seats)
        bots = [BOTS["sensible" if i == sensible else "random"] for i in range(seats)]
        g = play(bots, rng.randrange(1 << 30), options)
        total += 1
        chance += 1 / seats
        if sensible in g.state.winners:
            wins += 1 / len(g.state.winners)
    rate = wins / max(total, 1)
    print(
        f"sensible bot against random bots (2-6 seats, one sensible): won "
        f"{wins:.0f} of {total} games ({rate:.0%}; an even chance would win "
        f"{chance / max(total, 1):.0%})",
        file=out,
    )
    figures["sensible_win_rate"] = rate
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--duel", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=150)
    args = parser.parse_args(argv)
    run(args.games, args.duel, args.seed, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
